-- keeping_fires(trigger, owner): the table search_part_count has the
-- trigger `trigger`, which neither PostgreSQL nor Citus made for itself,
-- so keeping a part's count there would fire it and run its function,
-- owned by role `owner`, as the role that counts. The first by name.
select t.tgname::text as trigger,
       pg_get_userbyid(f.proowner)::text as owner
from pg_trigger as t
join pg_proc as f on f.oid = t.tgfoid
where t.tgrelid = to_regclass('search_part_count')
  and not t.tgisinternal
order by t.tgname
limit 1;
