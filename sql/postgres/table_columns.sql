-- table_columns(name): the table $2 of the schema $1 has a column `name`,
-- in the order of the columns.
select a.attname::text as name
from pg_attribute as a
where a.attrelid = to_regclass(format('%I.%I', $1::text, $2::text))
  and a.attnum > 0 and not a.attisdropped
order by a.attnum;
