-- extension_objects(extension): the extension `extension` made the schema
-- $1, or keeps one of its functions, relations or types in it (Citus's
-- `citus` and `columnar`, PostGIS's `topology`, …). Queens builds its
-- board in a schema of its own, never among an extension's objects.
select e.extname::text as extension
from pg_namespace as n
join pg_depend as d on d.deptype = 'e'
    and d.refclassid = 'pg_extension'::regclass
join pg_extension as e on e.oid = d.refobjid
where n.nspname = $1
  and ((d.classid = 'pg_namespace'::regclass and d.objid = n.oid)
       or (d.classid = 'pg_proc'::regclass
           and d.objid in (select oid from pg_proc where pronamespace = n.oid))
       or (d.classid = 'pg_class'::regclass
           and d.objid in (select oid from pg_class where relnamespace = n.oid))
       or (d.classid = 'pg_type'::regclass
           and d.objid in (select oid from pg_type where typnamespace = n.oid)))
limit 1;
