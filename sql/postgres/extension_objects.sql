-- extension_objects(extension): the extension `extension` made the schema
-- $1, or keeps one of its functions, relations or types in it (Citus's
-- `citus` and `columnar`, PostGIS's `topology`, …). Queens builds its
-- board in a schema of its own, never among an extension's objects.
-- Each kind of object is looked up in pg_depend by its key: an `or` across
-- the kinds made the server scan pg_depend whole (a fifth of a second on a
-- Citus coordinator, once per session).
with target as (select oid from pg_namespace where nspname = $1),
objects (classid, objid) as (
    select 'pg_namespace'::regclass, oid from target
    union all
    select 'pg_proc'::regclass, p.oid from pg_proc as p join target as t on p.pronamespace = t.oid
    union all
    select 'pg_class'::regclass, c.oid from pg_class as c join target as t on c.relnamespace = t.oid
    union all
    select 'pg_type'::regclass, y.oid from pg_type as y join target as t on y.typnamespace = t.oid
)
select e.extname::text as extension
from objects as o
join pg_depend as d on d.classid = o.classid and d.objid = o.objid
    and d.deptype = 'e' and d.refclassid = 'pg_extension'::regclass
join pg_extension as e on e.oid = d.refobjid
order by 1
limit 1;
