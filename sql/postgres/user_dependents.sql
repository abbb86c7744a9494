-- user_dependents(what, how, on_what, owner, mine): an object that is not
-- queens', in words (`view bob.v`, `policy p on table bob.t`, `table
-- bob.t`), owned by role `owner` (`mine` when that is the connecting
-- role; for a trigger, which has no owner, the owner of the function it
-- runs), depends on queens' relation on_what in the way `how` names:
--   inherits:   it is a table that inherits from on_what (a rebuild would
--               delete its rows with on_what's);
--   row type:   it is a column whose type is on_what's row type (or an
--               array of it);
--   depends:    any other dependency PostgreSQL records (a view or rule
--               reading it, a foreign key to it, a trigger or policy on
--               it, a function whose body names it).
-- A rebuild deletes the rows of queens' tables and drops and makes again
-- its views, which would drop such an object, fire it, or change what it
-- holds. Queens' own objects are not listed: its relations, the bodies of
-- its views, its keys and checks, the indexes and statistics on its tables
-- (a rebuild keeps them), its row types and their array types, and the
-- triggers PostgreSQL and Citus make for themselves.
-- $1: the schema; $2: the names of queens' relations in it.
with own as (
    select c.oid, c.relname::text as relname, c.reltype
    from pg_class as c
    join pg_namespace as n on n.oid = c.relnamespace
    where n.nspname = $1 and c.relname = any($2)
),
referenced (refclassid, refobjid, relname, is_type) as (
    select 'pg_class'::regclass, oid, relname, false from own
    union all
    select 'pg_type'::regclass, reltype, relname, true from own
    union all
    select 'pg_type'::regclass, t.typarray, own.relname, true
    from own join pg_type as t on t.oid = own.reltype
    where t.typarray <> 0
),
dependent as (
    select d.classid, d.objid, d.objsubid, r.relname, r.is_type
    from pg_depend as d
    join referenced as r on r.refclassid = d.refclassid and r.refobjid = d.refobjid
    where d.deptype in ('n', 'a')
)
select distinct
    case
        -- A view is recorded through its body (its _RETURN rule).
        when d.classid = 'pg_rewrite'::regclass and rw.rulename = '_RETURN'
            then pg_describe_object('pg_class'::regclass, rw.ev_class, 0)
        else pg_describe_object(d.classid, d.objid, d.objsubid)
    end as what,
    case
        when d.is_type then 'row type'
        when d.classid = 'pg_class'::regclass and d.objsubid = 0
             and exists (select 1 from pg_inherits as i where i.inhrelid = d.objid)
            then 'inherits'
        else 'depends'
    end as how,
    d.relname as on_what,
    pg_get_userbyid(o.owner)::text as owner,
    coalesce(o.owner = (select oid from pg_roles where rolname = current_user), true) as mine
from dependent as d
left join pg_rewrite as rw on d.classid = 'pg_rewrite'::regclass and rw.oid = d.objid
cross join lateral (
    select case d.classid
        when 'pg_class'::regclass then (select relowner from pg_class where oid = d.objid)
        when 'pg_rewrite'::regclass then (select relowner from pg_class where oid = rw.ev_class)
        when 'pg_proc'::regclass then (select proowner from pg_proc where oid = d.objid)
        when 'pg_type'::regclass then (select typowner from pg_type where oid = d.objid)
        when 'pg_constraint'::regclass then (
            select coalesce(c.relowner, t.typowner)
            from pg_constraint as k
            left join pg_class as c on c.oid = k.conrelid
            left join pg_type as t on t.oid = k.contypid
            where k.oid = d.objid)
        -- a trigger has no owner: its function's runs when it fires
        when 'pg_trigger'::regclass then (
            select f.proowner from pg_trigger as g join pg_proc as f on f.oid = g.tgfoid
            where g.oid = d.objid)
        when 'pg_policy'::regclass then (
            select c.relowner from pg_policy as p join pg_class as c on c.oid = p.polrelid
            where p.oid = d.objid)
        when 'pg_attrdef'::regclass then (
            select c.relowner from pg_attrdef as a join pg_class as c on c.oid = a.adrelid
            where a.oid = d.objid)
    end as owner
) as o
where not (
       -- queens' own relations (its views read its tables)
       (d.classid = 'pg_class'::regclass and d.objid in (select oid from own))
       -- the bodies of queens' own views
    or (d.classid = 'pg_rewrite'::regclass and rw.rulename = '_RETURN'
        and rw.ev_class in (select oid from own))
       -- queens' keys, checks and foreign keys among its own tables
    or (d.classid = 'pg_constraint'::regclass
        and exists (select 1 from pg_constraint as k
                    where k.oid = d.objid and k.conrelid in (select oid from own)))
       -- indexes on queens' tables, whoever made them: a rebuild keeps them
    or (d.classid = 'pg_class'::regclass
        and exists (select 1 from pg_index as x
                    where x.indexrelid = d.objid and x.indrelid in (select oid from own)))
       -- extended statistics on queens' tables: kept likewise
    or d.classid = 'pg_statistic_ext'::regclass
       -- the row types of queens' relations, and their array types
    or (d.classid = 'pg_type'::regclass
        and exists (select 1 from pg_type as t
                    where t.oid = d.objid
                      and (t.typrelid in (select oid from own)
                           or t.typelem in (select reltype from own))))
       -- column defaults of queens' tables
    or (d.classid = 'pg_attrdef'::regclass
        and exists (select 1 from pg_attrdef as a
                    where a.oid = d.objid and a.adrelid in (select oid from own)))
       -- triggers the server or an extension made for itself
    or (d.classid = 'pg_trigger'::regclass
        and exists (select 1 from pg_trigger as t where t.oid = d.objid and t.tgisinternal))
)
order by what
-- The first is enough: a rebuild refuses, naming it.
limit 1;
