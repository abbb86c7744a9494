-- kept_parts(part_no): part part_no is searched (weight 1 or 2) and its
-- count is kept in search_part_count, in part order.
select p.part_no
from search_part as p
join search_part_count as k on k.part_no = p.part_no
where p.weight > 0
order by p.part_no;
