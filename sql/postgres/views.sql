-- views(name): the schema $1 holds a view (or materialized view) named
-- `name`, whoever may read it: doctor checks that each of queens' is there.
select c.relname::text as name
from pg_catalog.pg_class as c
join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('v', 'm');
