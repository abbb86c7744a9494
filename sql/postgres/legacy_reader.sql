-- legacy_reader(statement): `statement` takes back something an earlier
-- queens (before 2026-11-24) gave the role queens_reader for this schema:
-- the functions queens_open, queens_fetch and queens_query it owned here,
-- the privileges on the schema and on its relations (all of them, the
-- user's own included) granted to it by the role now rebuilding, and that
-- role's membership in it. Nothing else is touched; the role itself is
-- server-wide and may serve other schemas, so it stays.
-- $1: the schema.
with reader as (
    select oid from pg_roles where rolname = 'queens_reader'
),
me as (
    select oid from pg_roles where rolname = current_user
)
select format('drop function %s', p.oid::regprocedure) as statement
from pg_proc as p
join pg_namespace as n on n.oid = p.pronamespace
where n.nspname = $1
  and p.proname in ('queens_open', 'queens_fetch', 'queens_query')
  and p.proowner = (select oid from reader)
union all
select format('revoke all on %I.%I from queens_reader', n.nspname, c.relname)
from pg_class as c
join pg_namespace as n on n.oid = c.relnamespace
cross join lateral aclexplode(c.relacl) as a
where n.nspname = $1
  and a.grantee = (select oid from reader) and a.grantor = (select oid from me)
group by n.nspname, c.relname
union all
select format('revoke all on schema %I from queens_reader', n.nspname)
from pg_namespace as n
cross join lateral aclexplode(n.nspacl) as a
where n.nspname = $1 and a.grantee = (select oid from reader)
group by n.nspname
union all
select 'revoke queens_reader from current_user'
from pg_auth_members as m
where m.roleid = (select oid from reader)
  and m.member = (select oid from me)
  and m.grantor = (select oid from me);
