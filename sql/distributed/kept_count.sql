-- kept_count(solutions, searched, kept): the parts' kept counts, each
-- weighed by its part's weight, add up to `solutions`; `searched` parts
-- are searched (weight 1 or 2), and `kept` of them have a kept count. The
-- number of solutions is `solutions` when every searched part has one.
select cast(coalesce(sum(p.weight * k.solutions), 0) as bigint) as solutions,
       count(*) filter (where p.weight > 0) as searched,
       count(k.part_no) filter (where p.weight > 0) as kept
from search_part as p
left join search_part_count as k on k.part_no = p.part_no;
