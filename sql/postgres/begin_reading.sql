-- A reading session on the schema SCHEMA: queens' own search path and
-- planner settings, then a read-only, repeatable-read transaction, whose
-- snapshot every connection of the command shares.
set search_path to {{ SCHEMA }};
--@ include "postgres/planner_settings.sql"
start transaction isolation level repeatable read, read only;
