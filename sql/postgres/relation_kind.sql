-- relation_kind(kind): the relation named $2 in the schema $1 is of kind
-- `kind` (r a table, v a view, m a materialized view, f a foreign table,
-- p a partitioned table); no row where there is none.
select c.relkind::text
from pg_catalog.pg_class as c
join pg_catalog.pg_namespace as n on n.oid operator(pg_catalog.=) c.relnamespace
where n.nspname operator(pg_catalog.=) $1 and c.relname operator(pg_catalog.=) $2;
