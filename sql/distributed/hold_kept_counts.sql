-- Keeping parts' counts first locks search_part_count as the insert
-- would, ROW EXCLUSIVE, in the keeping transaction, before it looks for
-- triggers there (keeping_fires.sql): a trigger is added under SHARE ROW
-- EXCLUSIVE, which conflicts, so none can come between the look and the
-- insert. Other counts keep their parts meanwhile: the mode does not
-- conflict with itself. Named with its schema, SCHEMA, and sent alone:
-- Citus hands the statement's text on to the workers, where the session's
-- search path is not set.
lock table {{ SCHEMA }}.search_part_count in row exclusive mode;
