--@if DUCKDB
-- queens: the N-Queens model for the {N}×{N} board, for DuckDB: the tables
-- with their keys and checks, the facts, the views and what each holds.
-- It builds in the schema main of the database in use (`use NAME` before
-- it picks another database; DuckDB 1.4 cannot check the foreign keys of
-- tables made in any other schema). It runs as one transaction, so a run
-- that fails (a table of that name is there already) leaves nothing. It
-- keeps no record of a version or of the text the board was derived from
-- (queens_version, queens_derived): a script is run once, never upgraded.
begin transaction;

--@insert MIGRATIONS
--@else
-- queens: the N-Queens model for the {N}×{N} board, for PostgreSQL.
--@end
--@if FRESH and POSTGRES
create schema if not exists {SCHEMA};
set search_path to {SCHEMA};

--@insert MIGRATIONS
--@insert VERSION_TABLE
insert into queens_version (version) values ({VERSION});

--@end
--@if FRESH = 0
--@include build/clear_board.sql
--@end
insert into board_size (n) values ({N});
--@include facts/
--@include views/
--@if POSTGRES
-- The checksum of the text the facts and views above were derived from.
--@include tables/queens_derived.sql with REMADE = 1
delete from queens_derived;
insert into queens_derived (checksum) values ({DERIVED_CHECKSUM});
--@end
--@for table in FACT_TABLES
analyze {table};
--@end
--@if DUCKDB
--@insert COMMENTS
commit;
--@end
