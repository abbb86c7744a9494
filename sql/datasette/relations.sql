-- relation_column(name, type, sql, column_name): the SQLite file holds the
-- table or view `name` (`type`), made by the statement `sql`, and
-- column_name is one of its columns, in their order. Datasette serves
-- SQLite files only, so this question is asked of SQLite only.
select m.name, m.type, m.sql, c.name
from sqlite_schema as m, pragma_table_info(m.name) as c
where m.type in ('table', 'view')
  and m.name not like 'sqlite%'
order by m.type, m.name, c.cid
