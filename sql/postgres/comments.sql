-- comments(relation, column_name, description): the schema $1 holds
-- queens' table or view `relation` (one of the names $2), and, where
-- column_name is not null, its column column_name; `description` is the
-- comment on it (`\d+` shows it), null where it has none. queens describes
-- its relations and columns with comments and writes one only where the
-- comment there is none or its own: a comment the user wrote stays.
with own as (
    select c.oid, c.relname
    from pg_class as c
    join pg_namespace as n on n.oid = c.relnamespace
    where n.nspname = $1 and c.relname = any($2) and c.relkind in ('r', 'p', 'v')
)
select o.relname::text, null::text, obj_description(o.oid, 'pg_class')
from own as o
union all
select o.relname::text, a.attname::text, col_description(o.oid, a.attnum)
from own as o
join pg_attribute as a on a.attrelid = o.oid and a.attnum > 0 and not a.attisdropped;
