-- stored_tree(tree): the node trees that a reached object r (r.classid,
-- r.objid) runs, as the server stores them: a rule's action and
-- condition, a SQL function's BEGIN ATOMIC body and argument defaults, a
-- column's default, a check, an index's expressions and predicate, a
-- policy's expressions, a trigger's WHEN. None for what the connecting
-- role owns: what it wrote runs as it chose (and queens' views, whose
-- trees are long, are its own). Part of postgres/untrusted_dependencies.sql,
-- whose `me` is the connecting role.
select w.ev_action::text || coalesce(w.ev_qual::text, '')
from pg_rewrite as w join pg_class as c on c.oid = w.ev_class
where r.classid = 'pg_rewrite'::regclass and w.oid = r.objid
  and c.relowner <> (select oid from me)
union all
select p.prosqlbody::text || coalesce(p.proargdefaults::text, '')
from pg_proc as p
where r.classid = 'pg_proc'::regclass and p.oid = r.objid
  and (p.prosqlbody is not null or p.proargdefaults is not null)
  and p.proowner <> (select oid from me)
union all
select a.adbin::text
from pg_attrdef as a join pg_class as c on c.oid = a.adrelid
where r.classid = 'pg_attrdef'::regclass and a.oid = r.objid
  and c.relowner <> (select oid from me)
union all
select k.conbin::text
from pg_constraint as k
where r.classid = 'pg_constraint'::regclass and k.oid = r.objid and k.conbin is not null
  and coalesce((select relowner from pg_class where oid = k.conrelid),
               (select typowner from pg_type where oid = k.contypid)) <> (select oid from me)
union all
select coalesce(i.indexprs::text, '') || coalesce(i.indpred::text, '')
from pg_index as i join pg_class as c on c.oid = i.indrelid
where r.classid = 'pg_class'::regclass and i.indexrelid = r.objid
  and c.relowner <> (select oid from me)
union all
select coalesce(p.polqual::text, '') || coalesce(p.polwithcheck::text, '')
from pg_policy as p join pg_class as c on c.oid = p.polrelid
where r.classid = 'pg_policy'::regclass and p.oid = r.objid
  and c.relowner <> (select oid from me)
union all
select t.tgqual::text
from pg_trigger as t join pg_class as c on c.oid = t.tgrelid
where r.classid = 'pg_trigger'::regclass and t.oid = r.objid
  and t.tgqual is not null and c.relowner <> (select oid from me)
