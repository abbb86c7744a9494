-- names_free(): the schema in use holds no table or view under a name
-- the script gives a table or a view (RELATIONS), and no index under a
-- name it gives an index (INDEXES; DuckDB keeps indexes' names apart);
-- else this first statement of the DuckDB script stops it, naming what
-- is there, before it has made anything.
select error('the schema in use already holds ' || what || ', a name this script makes; '
             || 'nothing was made (drop or rename it, or run the script in another '
             || 'database)')
from (
    select 'the table ' || table_name as what, table_name as name, 'relation' as kind
    from duckdb_tables()
    where database_name = current_database() and schema_name = current_schema()
    union all
    select 'the view ' || view_name, view_name, 'relation'
    from duckdb_views()
    where not internal and database_name = current_database()
      and schema_name = current_schema()
    union all
    select 'the index ' || index_name, index_name, 'index'
    from duckdb_indexes()
    where database_name = current_database() and schema_name = current_schema()
) as held
where (kind = 'relation' and lower(name) in ({{name in RELATIONS sep ", ": '{name}'}}))
   or (kind = 'index' and lower(name) in ({{name in INDEXES sep ", ": '{name}'}}))
order by name
limit 1;
