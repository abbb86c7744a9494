-- queens: the N-Queens model for the {N}×{N} board, for PostgreSQL.
--@if FRESH
create schema if not exists {SCHEMA};
set search_path to {SCHEMA};

--@insert MIGRATIONS
--@insert VERSION_TABLE
insert into queens_version (version) values ({VERSION});

--@else
--@include build/clear_board.sql
--@end
insert into board_size (n) values ({N});
--@include facts/
--@include views/
-- The checksum of the text the facts and views above were derived from.
--@include tables/queens_derived.sql
delete from queens_derived;
insert into queens_derived (checksum) values ({DERIVED_CHECKSUM});
--@for table in FACT_TABLES
analyze {table};
--@end
