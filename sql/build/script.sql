--@ if DUCKDB
-- queens: the N-Queens model for the {{ N }}×{{ N }} board, for DuckDB: the tables
-- with their keys and checks, the facts, the views and what each holds.
-- It builds in the schema main of the database in use (`use NAME` before
-- it picks another database; DuckDB 1.4 cannot check the foreign keys of
-- tables made in any other schema). It runs as one transaction, and its
-- first statement stops it where a name it makes is taken (a table, view
-- or index of yours), so a run that fails leaves the database as it was.
-- It keeps no record of a version or of the text the board was derived
-- from (queens_version, queens_derived): a script is run once, never
-- upgraded.
begin transaction;

--@ include "build/names_free.sql"

{{ MIGRATIONS }}
--@ else
-- queens: the N-Queens model for the {{ N }}×{{ N }} board, for PostgreSQL.
--@ endif
--@ if FRESH and POSTGRES
--@ if SCRIPT
-- For psql: it stops at the first statement that fails, and everything
-- runs in one transaction, in a schema of its own made here, so a schema
-- of that name already there (yours) stops the script at once and leaves
-- the database as it was.
\set ON_ERROR_STOP on
begin;
create schema {{ SCHEMA }};
--@ else
create schema if not exists {{ SCHEMA }};
--@ endif
set search_path to {{ SCHEMA }};

{{ MIGRATIONS }}
{{ VERSION_TABLE }}
insert into queens_version (version) values ({{ VERSION }});

--@ endif
--@ if FRESH == 0
--@ include "build/clear_board.sql"
--@ endif
insert into board_size (n) values ({{ N }});
--@ for template in numbered("facts")
{% filter trim %}{% include template %}{% endfilter %}

--@ endfor
--@ for template in numbered("views")
{% filter trim %}{% include template %}{% endfilter %}

--@ endfor
--@ if POSTGRES
-- The checksum of the text the facts and views above were derived from
-- (in a table made again where a rebuild finds it dropped).
--@ if FRESH == 0
--@ with REMADE = 1
--@ include "tables/queens_derived.sql"
--@ endwith
--@ endif
delete from queens_derived;
insert into queens_derived (checksum) values ({{ DERIVED_CHECKSUM }});
--@ endif
--@ for table in FACT_TABLES
analyze {{ table }};
--@ endfor
--@ if SCRIPT
--@ if COMMENTS
{{ COMMENTS }}
--@ endif
commit;
--@ endif
