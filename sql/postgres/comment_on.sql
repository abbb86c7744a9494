-- Queens' description TEXT (a string literal) of its relation RELATION,
-- a KIND ("table" or "view"), in the schema SCHEMA, or, where COLUMN is 1,
-- of its column COLUMN_NAME. In DuckDB's script, the relation is named
-- without a schema: the script builds in the schema in use.
--@ if DUCKDB
--@ if COLUMN
comment on column {{ RELATION }}.{{ COLUMN_NAME }} is {{ TEXT }};
--@ else
comment on {{ KIND }} {{ RELATION }} is {{ TEXT }};
--@ endif
--@ else
--@ if COLUMN
comment on column {{ SCHEMA }}.{{ RELATION }}.{{ COLUMN_NAME }} is {{ TEXT }};
--@ else
comment on {{ KIND }} {{ SCHEMA }}.{{ RELATION }} is {{ TEXT }};
--@ endif
--@ endif
