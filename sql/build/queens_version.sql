-- The table that holds a PostgreSQL schema's version, which only a server
-- keeps this way (SQLite keeps it in `user_version`): the build of a
-- schema makes it after the migrations (build/postgres.sql), and each
-- upgrade sets it to the latest version. Its statement, without this
-- heading, is also what `init` describes it by.
create table queens_version (
    -- The tables of this schema are those of queens schema version `version`.
    version integer not null
);
