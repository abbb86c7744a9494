-- node_event_triggers(node, asked, found): on the Citus worker `node`
-- (`node host:port`), an event trigger of the user's is enabled (no
-- extension's): the first that $1, the text of
-- sql/postgres/user_event_triggers.sql, finds there, which `found` names
-- with its event. Citus hands a distributed board's DDL on to the
-- workers, where it fires their event triggers. A node that could not be
-- asked is a row too (asked false, `found` the error). The wrapper's
-- names and operators are qualified, as the question's are: it runs with
-- the node's search path. Only the first.
select 'node ' || w.nodename || ':' || w.nodeport::text as node,
       w.success as asked,
       w.result as found
from run_command_on_workers(
    'select coalesce(pg_catalog.min(e.name operator(pg_catalog.||) '' (on '''
    ' operator(pg_catalog.||) e.event operator(pg_catalog.||) '')''), '''') from ('
    || $1::text || E'\n) as e'
) as w
where not w.success or w.result <> ''
limit 1;
