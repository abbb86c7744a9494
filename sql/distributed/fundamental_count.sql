-- count(in_place): how many (solution, symmetry) pairs there are in which
-- the symmetry leaves the solution in place, in one statement that Citus
-- pushes down to the workers; divided by the number of the board's
-- symmetries (square_image: 8, or fewer where holes break some), it is
-- the number of classes of solutions that the symmetries turn into one
-- another.
--
-- By Burnside's lemma, the number of classes is the average, over the
-- symmetries, of the number of solutions each leaves in place: a class of
-- k solutions of a board of g symmetries is left in place, member by
-- member, g / k times in all, and so adds g / k · k / g = 1. A symmetry leaves a solution in place when it
-- moves every queen onto a queen's square (square_image). Each worker
-- counts, for the solutions of the parts it holds, the symmetries leaving
-- each in place; the coordinator adds them up, each part weighted as
-- partition.sql explains (the reflection that pairs the parts pairs the
-- symmetries too, so the sum over all of them is unchanged); queens
-- divides the whole by g (sql/reading/count_symmetries.sql). The part's solutions come from PART_SEARCH, and
-- only the parts numbered first to last are counted (count.sql explains
-- both).
select cast(coalesce(sum(p.weight * c.in_place), 0) as bigint) as in_place
from search_part as p
cross join lateral (
    -- A symmetry leaves the solution in place when each of its N queens
    -- lands on a queen's square: N of the squares it moves stay queens'.
    select count(*) as in_place
    from (
        select i.symmetry
        from (
            {{ PART_SEARCH | indent(12) }}
        ) as s
        cross join square_image as i
        where (p.s3 is null or s.s3 = p.s3)
          and i.square in ({% for k in range(1, N + 1) %}s.s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %})
          and i.image in ({% for k in range(1, N + 1) %}s.s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %})
        group by {% for k in range(1, N + 1) %}s.s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}, i.symmetry
        having count(*) = {{ N }}
    ) as fixed
) as c
where p.weight > 0
  and p.part_no between cast({{ param("first") }} as bigint) and cast({{ param("last") }} as bigint);
