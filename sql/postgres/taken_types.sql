-- taken_types(name): the schema $1 holds a type of the user's named
-- `name`, one of the names $2 of queens' tables: a table's row type takes
-- the table's name, so the table could not be made there.
select t.typname::text as name
from pg_type as t
join pg_namespace as n on n.oid = t.typnamespace
left join pg_class as c on c.oid = t.typrelid
where n.nspname = $1 and t.typname = any($2)
  and (c.oid is null or c.relkind = 'c')
limit 1;
