-- partition(s1, s2, weight, part_no): the search for solutions splits into
-- independent parts, one for each way to place the first two queens (on s1
-- in column a and s2 in column b) without them attacking each other. Each
-- part is the solutions that start s1, s2; the parts are listed in board
-- order, so listing their solutions part after part lists all solutions in
-- board order.
--
-- weight says how often a part counts when only the number of solutions is
-- wanted. Reflecting the board top to bottom (the symmetry mirror-ranks)
-- turns a solution whose first queen stands in row r into one whose first
-- queen stands in row N + 1 − r, and turns it back again: the solutions
-- with the first queen in the lower half are as many as those with it in
-- the upper half. So a count searches only the lower half, counted twice
-- (weight 2), and, when N is odd, the middle row, which the reflection
-- maps onto itself, counted once (weight 1); the upper half needs no search
-- (weight 0).
--
-- part_no numbers the parts in board order, from 1.
select q1.square as s1,
       q2.square as s2,
       case
           when 2 * q1.rw_no < b.n + 1 then 2
           when 2 * q1.rw_no = b.n + 1 then 1
           else 0
       end as weight,
       row_number() over (order by q1.rw_no, q2.rw_no) as part_no
from board_size as b
cross join line_set as q1
cross join safe_next as q2
where q1.cl_no = 1
  and q2.cl_no = 2
  and q2.prev_rw_no = q1.rw_no
order by q1.rw_no, q2.rw_no;
