-- count_part(s1, s2, s3, weight): the parts of a count by last_queens
-- (part_count_by_last_queens.sql): the first {{ "three" if FIXED == 3 else "two" }} queens placed so that no two
-- share a line, the first in the lower half of column a (a part whose
-- first queen stands higher counts 0, by the board's symmetries), read
-- from the count's own tables, which a counting connection reads alone
-- (s3 null where a part fixes two). Every part weighs 1: the count weighs
-- its solutions itself.
select q1.square as s1,
       q2.square as s2,
       {{ "q3.square" if FIXED == 3 else "null" }} as s3,
       1 as weight
from {{ LINE_SET }} as q1
join {{ SAFE_NEXT }} as q2
  on q2.cl_no = 2
 and q2.prev_rw_no = q1.rw_no
--@ if FIXED == 3
join {{ SAFE_NEXT }} as q3
  on q3.cl_no = 3
 and q3.prev_rw_no = q2.rw_no
--@ endif
where q1.cl_no = 1
  and 2 * q1.rw_no < {{ N + 1 }}
--@ if FIXED == 3
--@ for w in range(0, W)
  and q3.w{{ w }} & q1.w{{ w }} = 0
--@ endfor
--@ endif
order by q1.rw_no, q2.rw_no{% if FIXED == 3 %}, q3.rw_no{% endif %};
