-- relations(name): the schema $1 holds a table (or partitioned table)
-- named `name`, whoever may read it (information_schema would show only
-- those the connecting role may). Tables only: queens' schema is told by
-- its table queens_version, and a relation of another kind named like one
-- of queens' (a view, a sequence, an index, …) is refused before a build
-- by sql/postgres/taken_relations.sql, which names its kind.
select c.relname::text as name
from pg_class as c
join pg_namespace as n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'p');
