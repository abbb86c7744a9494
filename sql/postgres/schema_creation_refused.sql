-- schema_creation_refused(database): the session's role may not create
-- schemas in the database it is connected to (it lacks CREATE on it), and
-- schema $1 does not exist, so building a board there is refused for want
-- of that privilege. No row when the role may create schemas or the schema
-- is there already.
-- $1: the schema.
select current_database()::text as database
from (select 1) as asked
where not has_database_privilege(current_database(), 'CREATE')
  and not exists (select from pg_catalog.pg_namespace where nspname = $1)
