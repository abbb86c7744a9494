-- node_event_triggers(node, asked, found): on the Citus worker `node`
-- (`node host:port`),
-- an event trigger of the user's is enabled (no extension's), which
-- `found` names with its event, as sql/postgres/user_event_triggers.sql
-- finds one on the coordinator. Citus hands a distributed board's DDL on
-- to the workers, where it fires their event triggers. A node that could
-- not be asked is a row too (asked false, `found` the error). Every name
-- and operator in the question is qualified: it runs with the node's
-- search path. Only the first.
select 'node ' || w.nodename || ':' || w.nodeport::text as node,
       w.success as asked,
       w.result as found
from run_command_on_workers(
    'select coalesce(pg_catalog.min(e.evtname::pg_catalog.text operator(pg_catalog.||) '' (on '''
    ' operator(pg_catalog.||) e.evtevent::pg_catalog.text operator(pg_catalog.||) '')''), '''')'
    ' from pg_catalog.pg_event_trigger as e'
    ' where e.evtenabled operator(pg_catalog.<>) ''D'''
    ' and not exists (select 1 from pg_catalog.pg_depend as d'
    ' where d.classid operator(pg_catalog.=) ''pg_catalog.pg_event_trigger''::pg_catalog.regclass'
    ' and d.objid operator(pg_catalog.=) e.oid and d.deptype operator(pg_catalog.=) ''e'')'
) as w
where not w.success or w.result <> ''
limit 1;
