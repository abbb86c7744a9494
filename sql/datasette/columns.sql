-- relation_column(name): `name` is a column of the relation :relation, in
-- the order of its columns. Asked of each relation on its own: a view of
-- the user's that no longer compiles, or a virtual table whose module is
-- not loaded, then loses its columns' descriptions and nothing else.
select name
from pragma_table_info({{ param("relation") }})
order by cid
