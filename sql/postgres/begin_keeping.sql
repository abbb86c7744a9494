-- A session that keeps, on the schema SCHEMA, what a reading command may
-- keep in a table queens made for it (a distributed count's parts'
-- counts, search_part_count): queens' own search path and planner
-- settings, and no transaction; each change it makes is one of its own.
set search_path to {{ SCHEMA }};
--@ include "postgres/planner_settings.sql"
