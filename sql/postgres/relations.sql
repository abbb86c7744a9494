-- relations(name): the schema $1 holds a table, view, materialized view,
-- partitioned table or foreign table named `name`, whoever may read it
-- (information_schema would show only those the connecting role may).
select c.relname::text as name
from pg_class as c
join pg_namespace as n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f');
