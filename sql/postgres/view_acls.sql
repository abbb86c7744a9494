-- view_acls(view, column_name, kind, owner, grantor, grantee, privilege,
-- grantable, may_act): the privileges on queens' view `view` (on its column
-- column_name, where it is about one), one row each, in the order of the
-- view's aclitem[]: a rebuild drops the views and must make their ACLs
-- again as they were, each grant by its own grantor (so that the grantor
-- can still revoke it) and each privilege the owner revoked from itself
-- revoked again.
-- kind 'grant': `grantor` granted `privilege` to `grantee` (null: public),
-- with grant option if `grantable`. The owner's own privileges on the view
-- are left out: every new view gives them to its owner.
-- kind 'revoke': the owner revoked `privilege` from itself.
-- Role names come quoted for statements (owner_sql, grantor_sql,
-- grantee_sql) and plain for messages. may_act: whether this session may
-- act as the grantor (SET ROLE), which regranting as it needs.
-- $1: the schema; $2: the names of queens' views in it.
with own_view as (
    select c.oid, c.relname, c.relowner, c.relacl
    from pg_class as c
    join pg_namespace as n on n.oid = c.relnamespace
    where n.nspname = $1 and c.relname = any($2) and c.relkind = 'v'
),
item as (
    select v.relname, null::name as attname, v.relowner, 0 as attnum, a.*
    from own_view as v
    cross join lateral aclexplode(v.relacl) with ordinality
        as a(grantor, grantee, privilege_type, is_grantable, position)
    where not (a.grantee = v.relowner and a.grantor = v.relowner)
    union all
    select v.relname, at.attname, v.relowner, at.attnum, a.*
    from own_view as v
    join pg_attribute as at on at.attrelid = v.oid and at.attnum > 0 and not at.attisdropped
    cross join lateral aclexplode(at.attacl) with ordinality
        as a(grantor, grantee, privilege_type, is_grantable, position)
),
owner_revoke as (
    select v.relname, v.relowner, d.privilege_type, d.position
    from own_view as v
    cross join lateral aclexplode(acldefault('r', v.relowner)) with ordinality
        as d(grantor, grantee, privilege_type, is_grantable, position)
    where v.relacl is not null
      and not exists (select from aclexplode(v.relacl) as a
                      where a.grantee = v.relowner and a.grantor = v.relowner
                        and a.privilege_type = d.privilege_type)
)
select i.relname::text as view, i.attname::text as column_name, 'grant' as kind,
       quote_ident(pg_get_userbyid(i.relowner)) as owner_sql,
       pg_get_userbyid(i.grantor)::text as grantor,
       quote_ident(pg_get_userbyid(i.grantor)) as grantor_sql,
       case when i.grantee = 0 then 'public' else pg_get_userbyid(i.grantee)::text end as grantee,
       case when i.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(i.grantee)) end
           as grantee_sql,
       i.privilege_type::text as privilege, i.is_grantable as grantable,
       pg_has_role(session_user, i.grantor, 'MEMBER') as may_act,
       i.attnum, i.position
from item as i
union all
select r.relname::text, null, 'revoke',
       quote_ident(pg_get_userbyid(r.relowner)),
       pg_get_userbyid(r.relowner)::text, quote_ident(pg_get_userbyid(r.relowner)),
       pg_get_userbyid(r.relowner)::text, quote_ident(pg_get_userbyid(r.relowner)),
       r.privilege_type::text, false, true, 0, r.position
from owner_revoke as r
order by view, kind, attnum, position;
