-- relation(name, type, sql): the SQLite file holds the table or view
-- `name` (`type`), made by the statement `sql`. SQLite's own tables, whose
-- names begin with sqlite_ in any case, are not listed. Datasette serves
-- SQLite files only, so this question is asked of SQLite only.
select name, type, sql
from sqlite_schema
where type in ('table', 'view')
  and name not like 'sqlite\_%' escape '\'
order by type, name
