-- keeping_fires(found): the table search_part_count has a trigger that
-- neither PostgreSQL nor Citus made for itself, which `found` names in
-- words with the owner of its function: keeping a part's count there
-- would fire it and run that role's function as the role that counts.
-- The first by name. (Its copies on the nodes: copy_dependents.sql.)
select 'trigger ' || t.tgname::text || ' on search_part_count, whose function role '
       || pg_get_userbyid(f.proowner)::text || ' owns' as found
from pg_trigger as t
join pg_proc as f on f.oid = t.tgfoid
where t.tgrelid = to_regclass('search_part_count')
  and not t.tgisinternal
order by t.tgname
limit 1;
