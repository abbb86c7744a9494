-- names_free(): the schema in use, and the session's temporary objects
-- (which an unqualified name finds first), hold no table or view under a
-- name the script gives a table or a view (RELATIONS), no index under a
-- name it gives an index (INDEXES; DuckDB keeps indexes' names apart),
-- and no macro named like one of DuckDB's own functions (a macro takes
-- the place of the built-in it is named like, in the script's views as
-- anywhere); else this first statement of the DuckDB script stops it,
-- naming what is there, before it has made anything. Every function it
-- calls is named with its catalog (`system.main.`), so that no macro of
-- the database's can take its place.
select system.main.error(
           case when database_name = 'temp'
                then 'this session already holds the temporary '
                else 'the schema in use already holds the ' end
           || kind || ' ' || name
           || case when kind like '%macro'
                   then ', which takes the place of DuckDB''s own ' || name
                        || '() in what this script makes'
                   else ', a name this script makes' end
           || '; nothing was made (drop or rename it, or run the script in another database)')
-- (the first in name order, picked before error() runs, which raises
-- the error on whichever row it meets first)
from (
    select database_name, kind, name
    from (
        select database_name, schema_name, 'table' as kind, table_name as name
        from system.main.duckdb_tables()
        union all
        select database_name, schema_name, 'view', view_name
        from system.main.duckdb_views()
        where not internal
        union all
        select database_name, schema_name, 'index', index_name
        from system.main.duckdb_indexes()
        union all
        select database_name, schema_name, replace(function_type, '_', ' '), function_name
        from system.main.duckdb_functions()
        where not internal and function_type in ('macro', 'table_macro')
          and function_name in (select function_name from system.main.duckdb_functions()
                                where internal)
    ) as held
    where ((database_name = system.main.current_database()
            and schema_name = system.main.current_schema())
           or database_name = 'temp')
      and ((kind in ('table', 'view')
            and system.main.lower(name) in ({% for name in RELATIONS %}'{{ name }}'{{ ", " if not loop.last else "" }}{% endfor %}))
           or (kind = 'index'
               and system.main.lower(name) in ({% for name in INDEXES %}'{{ name }}'{{ ", " if not loop.last else "" }}{% endfor %}))
           or kind like '%macro')
    order by name
    limit 1
) as first_held;
