-- relation_definitions(name, kind, definition): the relations the page
-- reads its numbers from, each with the SQL the database holds for it:
-- on SQLite the statement that made it, as sqlite_schema keeps it
-- (comments and all); on PostgreSQL a view's query as pg_get_viewdef
-- gives it back (PostgreSQL keeps no comments inside), and for a table of
-- facts its kind alone (PostgreSQL keeps no `create table` text).
--@ if SQLITE
select name, type, sql
from sqlite_schema
where name in ('square_line', 'solution', 'solution_class', 'search_space',
               'search_funnel', 'search_tree', 'search_tree_tally')
order by name
--@ else
select c.relname::text,
       case when c.relkind = 'v' then 'view' else 'table' end,
       case when c.relkind = 'v'
            then 'create view ' || c.relname || ' as' || chr(10) || pg_get_viewdef(c.oid, true)
       end
from pg_class as c
where c.relnamespace = current_schema()::regnamespace
  and c.relname in ('square_line', 'solution', 'solution_class', 'search_space',
                    'search_funnel', 'search_tree', 'search_tree_tally')
order by c.relname
--@ endif
