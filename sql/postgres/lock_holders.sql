-- lock_holders(relation, mode): another session holds a lock of kind
-- `mode` on `relation`, one of the schema's, which a reader must wait for
-- (only ACCESS EXCLUSIVE stops a reader: LOCK TABLE, a DROP, an ALTER).
-- $1: the schema.
select c.relname::text as relation, l.mode
from pg_locks as l
join pg_class as c on c.oid = l.relation
join pg_namespace as n on n.oid = c.relnamespace
where n.nspname = $1
  and l.granted
  and l.mode = 'AccessExclusiveLock'
  and l.pid <> pg_backend_pid()
order by c.relname;
