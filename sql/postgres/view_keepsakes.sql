-- view_keepsakes(statement, view, column_name, kind): `statement` gives
-- back something of the user's, of the kind `kind`, on queens' view `view`
-- (on its column column_name, where it is about one): a privilege granted
-- to another role on the view or one of its columns, a comment, a column
-- default, an option, or the view's owner. A rebuild drops queens' views
-- and makes them again for the new board, which would lose these; it
-- reads them first and runs the statements on the new views.
-- $1: the schema; $2: the names of queens' views in it.
with own_view as (
    select c.oid, c.relname, c.relowner, c.relacl, c.reloptions, n.nspname
    from pg_class as c
    join pg_namespace as n on n.oid = c.relnamespace
    where n.nspname = $1 and c.relname = any($2) and c.relkind = 'v'
)
-- privileges granted to other roles (the owner's own are made afresh)
select format('grant %s on %I.%I to %s%s', a.privilege_type, v.nspname, v.relname,
              case when a.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(a.grantee)) end,
              case when a.is_grantable then ' with grant option' else '' end) as statement,
       v.relname::text as view, null::text as column_name, 'grant' as kind
from own_view as v
cross join lateral aclexplode(v.relacl) as a
where a.grantee <> v.relowner
union all
-- privileges granted to other roles on one column of the view
select format('grant %s (%I) on %I.%I to %s%s', a.privilege_type, at.attname, v.nspname, v.relname,
              case when a.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(a.grantee)) end,
              case when a.is_grantable then ' with grant option' else '' end),
       v.relname::text, at.attname::text, 'grant'
from own_view as v
join pg_attribute as at on at.attrelid = v.oid and at.attnum > 0 and not at.attisdropped
cross join lateral aclexplode(at.attacl) as a
where a.grantee <> v.relowner
union all
-- a comment on the view, or on one of its columns
select case when d.objsubid = 0
            then format('comment on view %I.%I is %L', v.nspname, v.relname, d.description)
            else format('comment on column %I.%I.%I is %L', v.nspname, v.relname, at.attname,
                        d.description)
       end,
       v.relname::text, at.attname::text, 'comment'
from own_view as v
join pg_description as d on d.classoid = 'pg_class'::regclass and d.objoid = v.oid
left join pg_attribute as at on at.attrelid = v.oid and at.attnum = d.objsubid and d.objsubid > 0
union all
-- a default given to a column of the view (for inserts through it)
select format('alter view %I.%I alter column %I set default %s', v.nspname, v.relname,
              at.attname, pg_get_expr(d.adbin, d.adrelid)),
       v.relname::text, at.attname::text, 'default'
from own_view as v
join pg_attrdef as d on d.adrelid = v.oid
join pg_attribute as at on at.attrelid = v.oid and at.attnum = d.adnum
union all
-- options set on the view (security_barrier, check_option, …)
select format('alter view %I.%I set (%s)', v.nspname, v.relname, array_to_string(v.reloptions, ', ')),
       v.relname::text, null, 'option'
from own_view as v
where v.reloptions is not null
union all
-- an owner other than the role that rebuilds
select format('alter view %I.%I owner to %I', v.nspname, v.relname, pg_get_userbyid(v.relowner)),
       v.relname::text, null, 'owner'
from own_view as v
where v.relowner <> (select oid from pg_roles where rolname = current_user);
