-- derived_checksum(checksum): what the schema SCHEMA's queens_derived
-- records, where its column checksum is text as queens makes it (no row
-- where it was made another type). Two rows tell a table that holds more
-- than one.
select t.checksum::text
from {{ SCHEMA }}.queens_derived as t
where pg_catalog.pg_typeof(t.checksum) operator(pg_catalog.=) 'pg_catalog.text'::pg_catalog.regtype
limit 2;
