-- shard_triggers(node, asked, found): on node `node` (a worker, or the
-- coordinator itself), a copy of one of queens' tables $2 in the schema
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
-- every operator pg_catalog's, whatever the search path there.
probe (command) as (
    select format(
        'select coalesce(pg_catalog.min(%L operator(pg_catalog.||) t.tgname'
        ' operator(pg_catalog.||) %L operator(pg_catalog.||) c.relname'
        ' operator(pg_catalog.||) %L'
        ' operator(pg_catalog.||) pg_catalog.pg_get_userbyid(f.proowner)'
        ' operator(pg_catalog.||) %L), %L)'
        ' from pg_catalog.pg_trigger as t'
        ' join pg_catalog.pg_class as c on c.oid operator(pg_catalog.=) t.tgrelid'
        ' join pg_catalog.pg_namespace as n on n.oid operator(pg_catalog.=) c.relnamespace'
        ' join pg_catalog.pg_proc as f on f.oid operator(pg_catalog.=) t.tgfoid'
        ' where not t.tgisinternal and n.nspname operator(pg_catalog.=) %L'
        ' and c.relname operator(pg_catalog.=) any (%L::pg_catalog.text[])',
        'trigger ', ' on the copy ', ', whose function role ', ' owns', '', $1,
        coalesce(array_agg(name), '{}'))
    from copy_name
)
select w.nodename || ':' || w.nodeport::text as node,
       w.success as asked,
       w.result as found
from probe cross join lateral run_command_on_workers(probe.command) as w
where not w.success or w.result <> ''
union all
select 'the coordinator', true,
       'trigger ' || t.tgname::text || ' on the copy ' || c.relname::text
       || ', whose function role ' || pg_get_userbyid(f.proowner)::text || ' owns'
from pg_trigger as t
join pg_class as c on c.oid = t.tgrelid
join pg_namespace as n on n.oid = c.relnamespace
join pg_proc as f on f.oid = t.tgfoid
where not t.tgisinternal and n.nspname = $1
  and c.relname = any (select name from copy_name)
limit 1;
