-- one_row(value): `value` is the column COLUMN of the table TABLE, one of
-- those queens keeps at one row, in the schema SCHEMA; as text, so that a
-- column whose type or value was changed is named, not misread. Two rows
-- tell a table that holds more than one.
select cast({{ COLUMN }} as text) from {{ SCHEMA }}.{{ TABLE }} limit 2;
