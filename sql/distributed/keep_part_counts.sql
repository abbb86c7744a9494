-- keep_part_counts(): each part numbered first to last that is searched
-- (weight 1 or 2) and has no count kept yet gets one in search_part_count:
-- the number of its solutions, unweighted. One statement that Citus pushes
-- down to the workers (search_part_count lies beside search_part): each
-- worker counts the parts it holds, as in count.sql, and keeps their
-- counts beside them; they are kept when the statement commits. A part
-- that another count kept meanwhile keeps the count it has, the same.
-- PART_SEARCH is the part's search, as in count.sql.
insert into search_part_count (part_no, solutions)
select p.part_no, c.solutions
from search_part as p
cross join lateral (
    select count(*) as solutions
    from (
        {{ PART_SEARCH | indent(8) }}
    ) as s
    where p.s3 is null or s.s3 = p.s3
) as c
where p.weight > 0
  and p.part_no between cast({{ param("first") }} as bigint) and cast({{ param("last") }} as bigint)
  and not exists (select 1 from search_part_count as k where k.part_no = p.part_no)
on conflict (part_no) do nothing;
