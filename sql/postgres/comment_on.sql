-- Queens' description TEXT (a string literal) of its relation RELATION,
-- a KIND ("table" or "view"), in the schema SCHEMA, or, where COLUMN is 1,
-- of its column COLUMN_NAME.
--@if COLUMN
comment on column {SCHEMA}.{RELATION}.{COLUMN_NAME} is {TEXT};
--@else
comment on {KIND} {SCHEMA}.{RELATION} is {TEXT};
--@end
