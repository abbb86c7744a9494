-- copy_dependents(node, asked, found): on `node` (`node host:port`, or
-- the coordinator), a copy of one of queens' tables $2 in the schema $1
-- (a shard of a distributed table, a placement of a reference table) has
-- an enabled trigger that neither PostgreSQL nor Citus made for itself,
-- a rule or a policy, or a table inheriting from it, or a foreign key to
-- it from a table that is not one of the copies (Citus links the copies
-- of queens' tables with their keys): `found` names it in words with the
-- copy (and a trigger's function's owner). Such an object is made on the node past
-- Citus (citus.enable_manual_changes_to_shards, which any role may set;
-- a trigger by a role that may add triggers to the table, since Citus
-- gives a copy the table's grants and takes them back, not the trigger),
-- and the coordinator's catalog of its tables does not hold it; a write
-- through Citus to the table fires it there, with the writing role's
-- privileges. A node that could not be asked is a row too (asked false,
-- `found` the error). Only the first.
with copy_name as (
    select c.relname::text || '_' || s.shardid::text as name
    from pg_dist_shard as s
    join pg_class as c on c.oid = s.logicalrelid
    join pg_namespace as n on n.oid = c.relnamespace
    where n.nspname = $1 and c.relname = any($2)
),
-- The question each node is asked, the coordinator too, on a connection
-- of Citus's: every name qualified and every operator pg_catalog's,
-- whatever the search path there; each copy looked up by name with
-- to_regclass, which Citus does not hide copies from (it hides them from
-- pg_class in an ordinary session) and which finds none of the copies
-- another node holds.
probe (command) as (
    select replace(replace($probe$
        with copy (name, oid) as (
            select k.name, pg_catalog.to_regclass(SCHEMA_DOT operator(pg_catalog.||)
                                                  pg_catalog.quote_ident(k.name))
            from pg_catalog.unnest(COPIES::pg_catalog.text[]) as k (name)
        )
        select coalesce(pg_catalog.min(f.found), '')
        from copy as c
        cross join lateral (select c.name) as k (name)
        cross join lateral (
            select 'trigger ' operator(pg_catalog.||) t.tgname operator(pg_catalog.||)
                   ' on the copy ' operator(pg_catalog.||) k.name operator(pg_catalog.||)
                   ', whose function role ' operator(pg_catalog.||)
                   pg_catalog.pg_get_userbyid(p.proowner) operator(pg_catalog.||) ' owns'
            from pg_catalog.pg_trigger as t
            join pg_catalog.pg_proc as p on p.oid operator(pg_catalog.=) t.tgfoid
            where t.tgrelid operator(pg_catalog.=) c.oid and not t.tgisinternal
              and t.tgenabled operator(pg_catalog.<>) 'D'
            union all
            select 'rule ' operator(pg_catalog.||) r.rulename operator(pg_catalog.||)
                   ' on the copy ' operator(pg_catalog.||) k.name
            from pg_catalog.pg_rewrite as r
            where r.ev_class operator(pg_catalog.=) c.oid
              and r.rulename operator(pg_catalog.<>) '_RETURN'
            union all
            select 'policy ' operator(pg_catalog.||) o.polname operator(pg_catalog.||)
                   ' on the copy ' operator(pg_catalog.||) k.name
            from pg_catalog.pg_policy as o
            where o.polrelid operator(pg_catalog.=) c.oid
            union all
            select 'table ' operator(pg_catalog.||) i.inhrelid::pg_catalog.regclass::pg_catalog.text
                   operator(pg_catalog.||) ', which inherits from the copy '
                   operator(pg_catalog.||) k.name
            from pg_catalog.pg_inherits as i
            where i.inhparent operator(pg_catalog.=) c.oid
            union all
            select 'foreign key ' operator(pg_catalog.||) n.conname operator(pg_catalog.||)
                   ' of table ' operator(pg_catalog.||)
                   n.conrelid::pg_catalog.regclass::pg_catalog.text operator(pg_catalog.||)
                   ' to the copy ' operator(pg_catalog.||) k.name
            from pg_catalog.pg_constraint as n
            where n.confrelid operator(pg_catalog.=) c.oid
              and n.conrelid operator(pg_catalog.<>) all (
                  select o.oid from copy as o where o.oid is not null)
        ) as f (found)
    $probe$, 'COPIES', quote_literal(coalesce(array_agg(name), '{}')::text)),
    'SCHEMA_DOT', quote_literal(quote_ident($1) || '.'))
    from copy_name
)
select case when d.groupid is null or d.groupid = 0 then 'the coordinator'
            else 'node ' || d.nodename || ':' || d.nodeport::text end as node,
       w.success as asked,
       w.result as found
from probe
cross join lateral run_command_on_all_nodes(probe.command) as w
left join pg_dist_node as d on d.nodeid = w.nodeid
where not w.success or w.result <> ''
limit 1;
