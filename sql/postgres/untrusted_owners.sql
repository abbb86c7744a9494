-- untrusted_owners(role, what, relation): role `role` owns `what` in the
-- schema $1 (the schema itself, a relation, a function, a type, an operator, an
-- operator class or family, a collation, a conversion, a text search
-- configuration or dictionary, a statistics object), or may create
-- objects in it, or may add triggers to one of its relations, and is
-- neither a superuser, nor a role that has the connecting role's
-- privileges, nor one of the roles $2 the user trusts (`--trust-owner`:
-- their SQL may run with the user's privileges). Reading the schema runs
-- the SQL of its objects' owners (a view's body, a function a view calls,
-- a function that out-matches a built-in on the search path) with the
-- reader's privileges, and a trigger runs its function with the
-- privileges of whoever writes the relation (a rebuild, a count that
-- keeps its parts' counts), so such a role could borrow those powers.
-- Or every role may add triggers to `relation`, through PUBLIC (`role`
-- is then PUBLIC, and `relation` is null otherwise).
-- The functions an earlier queens made for its role queens_reader are
-- left out here: readers refuse them and init removes them (legacy_reader.sql).
with s as (select oid, nspowner from pg_namespace where nspname = $1),
-- The relations whose owner granted TRIGGER to a role (the owner's own
-- is the owner's, checked below), each looked at once.
trigger_granted as materialized (
    select c.oid, c.relname,
           exists (select 1 from aclexplode(c.relacl) as a
                   where a.privilege_type = 'TRIGGER' and a.grantee = 0) as to_public
    from pg_class as c
    where c.relnamespace = (select oid from s)
      and c.relkind in ('r', 'p', 'v', 'f')
      and exists (select 1 from aclexplode(c.relacl) as a
                  where a.privilege_type = 'TRIGGER' and a.grantee <> c.relowner)
),
owner (role, what) as (
    select nspowner, 'the schema itself' from s
    union all
    select c.relowner, c.relname::text from pg_class as c join s on c.relnamespace = s.oid
    union all
    select p.proowner, p.proname::text || '()' from pg_proc as p join s on p.pronamespace = s.oid
    where not (p.proname in ('queens_open', 'queens_fetch', 'queens_query')
               and pg_get_userbyid(p.proowner) = 'queens_reader')
    union all
    select t.typowner, t.typname::text from pg_type as t join s on t.typnamespace = s.oid
    union all
    select o.oprowner, o.oprname::text from pg_operator as o join s on o.oprnamespace = s.oid
    union all
    select f.opfowner, f.opfname::text from pg_opfamily as f join s on f.opfnamespace = s.oid
    union all
    select c.opcowner, c.opcname::text from pg_opclass as c join s on c.opcnamespace = s.oid
    union all
    select c.collowner, c.collname::text from pg_collation as c join s on c.collnamespace = s.oid
    union all
    select c.conowner, c.conname::text from pg_conversion as c join s on c.connamespace = s.oid
    union all
    select c.cfgowner, c.cfgname::text from pg_ts_config as c join s on c.cfgnamespace = s.oid
    union all
    select d.dictowner, d.dictname::text from pg_ts_dict as d join s on d.dictnamespace = s.oid
    union all
    select x.stxowner, x.stxname::text from pg_statistic_ext as x join s on x.stxnamespace = s.oid
    union all
    select r.oid, 'the right to create objects in it'
    from pg_roles as r cross join s
    where has_schema_privilege(r.oid, s.oid, 'CREATE')
    union all
    -- every role that may add triggers there, as the server decides
    -- (members of the grantee, PUBLIC)
    select r.oid, 'the right to add triggers to ' || g.relname::text
    from trigger_granted as g cross join pg_roles as r
    where has_table_privilege(r.oid, g.oid, 'TRIGGER')
)
-- TRIGGER granted to PUBLIC is named as such (everyone), not as the
-- first of every role that it reaches.
select 'PUBLIC' as role, 'the right to add triggers to ' || g.relname::text as what,
       g.relname::text as relation
from trigger_granted as g
where g.to_public
union all
select r.rolname::text, o.what, null
from owner as o join pg_roles as r on r.oid = o.role
where not r.rolsuper and not pg_has_role(r.oid, current_user, 'USAGE')
  and not r.rolname::text = any($2::text[])
order by relation nulls last
limit 1;
