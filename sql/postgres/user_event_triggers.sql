-- user_event_triggers(name, event): an event trigger of the user's
-- (enabled, and no extension's), named `name`, fires on `event` (DDL begun
-- or ended, objects dropped, a table rewritten). A rebuild drops and makes
-- views again, grants and comments: such a trigger would fire on them.
select e.evtname::text as name, e.evtevent::text as event
from pg_event_trigger as e
where e.evtenabled <> 'D'
  and not exists (
      select 1 from pg_depend as d
      where d.classid = 'pg_event_trigger'::regclass and d.objid = e.oid and d.deptype = 'e'
  )
order by e.evtname
limit 1;
