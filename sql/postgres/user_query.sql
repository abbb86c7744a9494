-- user_query(…): the user's one query (`queens query`), wrapped so that
-- the server describes its columns (AS_TEXT = 0) or hands each row's values
-- as text in the columns' order (AS_TEXT = 1), whatever their types. The
-- query is checked to be one query as it stands before it is wrapped.
--@ if AS_TEXT
select array(select value from pg_catalog.json_each_text(pg_catalog.row_to_json(queens_row)))
--@ else
select *
--@ endif
from (
{{ STATEMENT }}
) as queens_row
