-- catalog_edges(follow, owners): the SQL of the trust walk's steps along
-- the server's catalog references (postgres/catalog_references.sql), for
-- postgres/untrusted_dependencies.sql to run. `follow` is one branch of a
-- union for each catalog whose rows name others: given a reached object
-- r (r.classid, r.objid), the objects its row (or the rows that belong to
-- it) names, as (classid, objid); `owners`, the same for the roles that
-- own a reached object, as (owner). Names come from the catalogs and are
-- quoted by format's %I; catalogs are written as their oids.
with
refs as (
    {% filter indent(4) %}{% include "postgres/catalog_references.sql" %}{% endfilter %}
),
-- each catalog whose rows the walk reads, and the condition that picks
-- the rows of a reached object r: the object's own row, or the rows whose
-- key names it
source (fktable, picked) as (
    select distinct r.fktable,
           case when r.via = 'oid'
                then format('r.classid = %s and x.oid = r.objid', r.fktable::regclass::oid)
                else format('r.classid = %s and x.%I::oid = r.objid',
                            (select k.pktable::regclass::oid from refs as k
                             where k.fktable = r.fktable and k.treatment = 'key'),
                            r.via)
           end
    from refs as r
    where r.treatment in ('follow', 'owner')
),
branch (kind, sql) as (
    -- a catalog's references by one column, side by side
    select 'follow',
           format('select v.classid, v.objid from pg_catalog.%I as x cross join lateral (values %s) '
                  || 'as v (classid, objid) where %s',
                  (select relname from pg_class where oid = s.fktable::regclass),
                  string_agg(format('(%s::oid, x.%I::oid)', r.pktable::regclass::oid, r.fkcols[1]),
                             ', ' order by r.fkcols[1]),
                  s.picked)
    from source as s join refs as r on r.fktable = s.fktable
    where r.treatment = 'follow' and not r.is_array
    group by s.fktable, s.picked
    union all
    -- a reference by an array of oids: one step for each
    select 'follow',
           format('select %s::oid, e.objid from pg_catalog.%I as x '
                  || 'cross join unnest(x.%I::oid[]) as e (objid) where %s',
                  r.pktable::regclass::oid, (select relname from pg_class where oid = s.fktable::regclass),
                  r.fkcols[1], s.picked)
    from source as s join refs as r on r.fktable = s.fktable
    where r.treatment = 'follow' and r.is_array
    union all
    select 'owner',
           format('select x.%I::oid from pg_catalog.%I as x where %s',
                  r.fkcols[1], (select relname from pg_class where oid = s.fktable::regclass),
                  s.picked)
    from source as s join refs as r on r.fktable = s.fktable
    where r.treatment = 'owner'
)
select string_agg(sql, E'\nunion all\n' order by sql) filter (where kind = 'follow') as follow,
       string_agg(sql, E'\nunion all\n' order by sql) filter (where kind = 'owner') as owners
from branch
