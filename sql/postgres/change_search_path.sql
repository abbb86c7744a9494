-- A change of the board works in the schema SCHEMA, for the rest of its
-- transaction.
set local search_path to {{ SCHEMA }};
