-- count(solutions): the number of solutions, in one statement that Citus
-- pushes down to the workers. Each worker takes the parts it holds and
-- counts each part's solutions against its own copies of the facts; the
-- coordinator adds up the counts, each weighted as partition.sql explains.
-- PART_SEARCH, inserted below, is the part's search: the solution view's
-- select with the part's first two squares, p.s1 and p.s2, fixed inside
-- the step that carries the covered lines (sql/views/03-solution.sql with
-- PART = 1 and s1 and s2 bound to them), where they cut the search
-- down; a condition on the view would not reach in there.
-- Parts of weight 0 are mirror images of others and are not searched.
-- Only the parts numbered first to last are counted: all of them in one
-- statement, or a run of them at a time when progress is shown (the
-- coordinator learns of finished statements only).
select cast(coalesce(sum(p.weight * c.solutions), 0) as bigint) as solutions
from search_part as p
cross join lateral (
    select count(*) as solutions
    from (
        {{ PART_SEARCH | indent(8) }}
    ) as s
    where p.s3 is null or s.s3 = p.s3
) as c
where p.weight > 0
  and p.part_no between cast({{ param("first") }} as bigint) and cast({{ param("last") }} as bigint);
