-- view_keepsakes(statement, view, column_name, kind, description):
-- `statement` gives back something of the user's, of the kind `kind`, on queens' view `view`
-- (on its column column_name, where it is about one): the view's owner
-- (first: the privileges, sql/postgres/view_acls.sql, are given back after
-- it, as its owner grants them), a comment, a column default or an
-- option. A rebuild drops queens' views and makes them again for the new
-- board, which would lose these; it reads them first and runs the
-- statements on the new views. `description` is a comment's text (null
-- for the other kinds): a comment queens wrote itself is not the user's.
-- $1: the schema; $2: the names of queens' views in it.
with own_view as (
    select c.oid, c.relname, c.relowner, c.relacl, c.reloptions, n.nspname
    from pg_class as c
    join pg_namespace as n on n.oid = c.relnamespace
    where n.nspname = $1 and c.relname = any($2) and c.relkind = 'v'
)
-- an owner other than the role that rebuilds
select format('alter view %I.%I owner to %I', v.nspname, v.relname, pg_get_userbyid(v.relowner)),
       v.relname::text, null::text, 'owner', null::text
from own_view as v
where v.relowner <> (select oid from pg_roles where rolname = current_user)
union all
-- a comment on the view, or on one of its columns
select case when d.objsubid = 0
            then format('comment on view %I.%I is %L', v.nspname, v.relname, d.description)
            else format('comment on column %I.%I.%I is %L', v.nspname, v.relname, at.attname,
                        d.description)
       end,
       v.relname::text, at.attname::text, 'comment', d.description::text
from own_view as v
join pg_description as d on d.classoid = 'pg_class'::regclass and d.objoid = v.oid
left join pg_attribute as at on at.attrelid = v.oid and at.attnum = d.objsubid and d.objsubid > 0
union all
-- a default given to a column of the view (for inserts through it)
select format('alter view %I.%I alter column %I set default %s', v.nspname, v.relname,
              at.attname, pg_get_expr(d.adbin, d.adrelid)),
       v.relname::text, at.attname::text, 'default', null
from own_view as v
join pg_attrdef as d on d.adrelid = v.oid
join pg_attribute as at on at.attrelid = v.oid and at.attnum = d.adnum
union all
-- options set on the view (security_barrier, check_option, …)
select format('alter view %I.%I set (%s)', v.nspname, v.relname, array_to_string(v.reloptions, ', ')),
       v.relname::text, null, 'option', null
from own_view as v
where v.reloptions is not null;
