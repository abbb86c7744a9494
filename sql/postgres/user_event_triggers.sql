-- user_event_triggers(name, event): an event trigger of the user's
-- (enabled, and no extension's), named `name`, fires on `event` (DDL begun
-- or ended, objects dropped, a table rewritten). A rebuild drops and makes
-- views again, grants and comments: such a trigger would fire on them.
-- Every name and operator qualified: the same question is asked of each
-- Citus worker (sql/distributed/node_event_triggers.sql), with the
-- worker's search path.
select e.evtname::pg_catalog.text as name, e.evtevent::pg_catalog.text as event
from pg_catalog.pg_event_trigger as e
where e.evtenabled operator(pg_catalog.<>) 'D'
  and not exists (
      select 1 from pg_catalog.pg_depend as d
      where d.classid operator(pg_catalog.=) 'pg_catalog.pg_event_trigger'::pg_catalog.regclass
        and d.objid operator(pg_catalog.=) e.oid
        and d.deptype operator(pg_catalog.=) 'e'
  )
order by e.evtname
limit 1;
