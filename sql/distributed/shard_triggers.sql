-- shard_triggers(node, asked, found): on `node` (a worker, `node
-- host:port`, or the coordinator itself), a copy of one of queens' tables $2 in the schema
-- $1 (a shard of a distributed table, a placement of a reference table)
-- has a trigger that neither PostgreSQL nor Citus made for itself, which
-- `found` names in words with the copy and the owner of the function it
-- runs. Such a trigger is made on the node past Citus (the setting
-- citus.enable_manual_changes_to_shards, which any role may set, by a
-- role that may add triggers to the table: Citus gives a copy the
-- table's grants, and takes them back, not the triggers), so the
-- coordinator's catalog does not hold it; a write through Citus to the
-- table fires it there, with the writing role's privileges. A node that
-- could not be asked is a row too (asked false, `found` the error). Only
-- the first.
with copy_name as (
    select c.relname::text || '_' || s.shardid::text as name
    from pg_dist_shard as s
    join pg_class as c on c.oid = s.logicalrelid
    join pg_namespace as n on n.oid = c.relnamespace
    where n.nspname = $1 and c.relname = any($2)
),
-- The same question, as each worker is asked it: every name qualified,
-- every operator pg_catalog's, whatever the search path there; each copy
-- looked up by name with to_regclass, which Citus does not hide copies
-- from (citus.override_table_visibility hides them from pg_class), and
-- which finds none of the copies another node holds.
probe (command) as (
    select format(
        'select coalesce(pg_catalog.min(%L operator(pg_catalog.||) t.tgname'
        ' operator(pg_catalog.||) %L operator(pg_catalog.||) k.name'
        ' operator(pg_catalog.||) %L'
        ' operator(pg_catalog.||) pg_catalog.pg_get_userbyid(f.proowner)'
        ' operator(pg_catalog.||) %L), %L)'
        ' from pg_catalog.unnest(%L::pg_catalog.text[]) as k (name)'
        ' join pg_catalog.pg_trigger as t on t.tgrelid operator(pg_catalog.=)'
        ' pg_catalog.to_regclass(pg_catalog.quote_ident(%L) operator(pg_catalog.||) %L'
        ' operator(pg_catalog.||) pg_catalog.quote_ident(k.name))'
        ' join pg_catalog.pg_proc as f on f.oid operator(pg_catalog.=) t.tgfoid'
        ' where not t.tgisinternal',
        'trigger ', ' on the copy ', ', whose function role ', ' owns', '',
        coalesce(array_agg(name), '{}'), $1, '.')
    from copy_name
)
select 'node ' || w.nodename || ':' || w.nodeport::text as node,
       w.success as asked,
       w.result as found
from probe cross join lateral run_command_on_workers(probe.command) as w
where not w.success or w.result <> ''
union all
-- The coordinator's own copies: Citus hides them from pg_class in a
-- session like this one (citus.override_table_visibility), not from
-- to_regclass, which looks a name up without reading pg_class.
select 'the coordinator', true,
       'trigger ' || t.tgname::text || ' on the copy ' || k.name
       || ', whose function role ' || pg_get_userbyid(f.proowner)::text || ' owns'
from copy_name as k
join pg_trigger as t on t.tgrelid = to_regclass(quote_ident($1) || '.' || quote_ident(k.name))
join pg_proc as f on f.oid = t.tgfoid
where not t.tgisinternal
limit 1;
