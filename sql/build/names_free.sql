-- names_free(): the schema in use, and the session's temporary objects
-- (which an unqualified name finds first), hold no table or view under a
-- name the script gives a table or a view (RELATIONS), and no index under
-- a name it gives an index (INDEXES; DuckDB keeps indexes' names apart);
-- else this first statement of the DuckDB script stops it, naming what
-- is there, before it has made anything.
select error(case when database_name = 'temp'
                  then 'this session already holds the temporary '
                  else 'the schema in use already holds the ' end
             || kind || ' ' || name || ', a name this script makes; nothing was made (drop '
             || 'or rename it, or run the script in another database)')
from (
    select database_name, schema_name, 'table' as kind, table_name as name
    from duckdb_tables()
    union all
    select database_name, schema_name, 'view', view_name
    from duckdb_views()
    where not internal
    union all
    select database_name, schema_name, 'index', index_name
    from duckdb_indexes()
) as held
where ((database_name = current_database() and schema_name = current_schema())
       or database_name = 'temp')
  and ((kind <> 'index' and lower(name) in ({{name in RELATIONS sep ", ": '{name}'}}))
       or (kind = 'index' and lower(name) in ({{name in INDEXES sep ", ": '{name}'}})))
order by name
limit 1;
