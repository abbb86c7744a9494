-- partition(s1, s2, weight, part_no): the search for solutions splits into
-- independent parts, one for each way to place the first two queens (on s1
-- in column a and s2 in column b) without them attacking each other. Each
-- part is the solutions that start s1, s2; the parts are listed in board
-- order, so listing their solutions part after part lists all solutions in
-- board order.
--
-- weight says how often a part counts when only the number of solutions is
-- wanted. Reflecting the board top to bottom (the symmetry mirror-ranks)
-- turns a solution whose queens stand in rows r1, r2, … into one whose
-- queens stand in rows R + 1 − r1, R + 1 − r2, … (R the board's rows,
-- board_rows), and turns it back again:
-- it pairs the parts, and paired parts hold as many solutions. Of each
-- pair, the part whose rows come first (compared as a sequence: the first
-- queen's row, then the second's) is searched and counted twice (weight
-- 2), its mirror image not at all (weight 0). Only the first queen can
-- stand in the middle row of an odd board (the second would share its
-- row), and the reflection keeps it there, so for such parts the second
-- queen's row decides. No part is its own mirror image. A board that the
-- reflection does not map onto itself (its holes are not mirrored: it is
-- not among the board's symmetries, square_image) counts each part once
-- (weight 1).
--
-- part_no numbers the parts in board order, from 1.
select q1.square as s1,
       q2.square as s2,
       case
           when not exists (select 1 from square_image where symmetry = 'mirror-ranks') then 1
           when 2 * q1.rw_no < b.n + 1 then 2        -- the first queen in the lower half
           when 2 * q1.rw_no > b.n + 1 then 0        -- … in the upper half
           when 2 * q2.rw_no < b.n + 1 then 2        -- in the middle row: the second queen's
           else 0
       end as weight,
       row_number() over (order by q1.rw_no, q2.rw_no) as part_no
from board_rows as b
cross join line_set as q1
cross join safe_next as q2
where q1.cl_no = 1
  and q2.cl_no = 2
  and q2.prev_rw_no = q1.rw_no
order by q1.rw_no, q2.rw_no;
