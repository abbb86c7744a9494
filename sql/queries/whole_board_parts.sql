-- whole_board_part(s1, s2, weight): the parts of a count on a board with
-- holes (part_count_by_last_queens.sql), which searches the whole board,
-- holes too (whole_board.sql): each way to place the first two queens there
-- without them sharing a line, the first in the lower half (a part whose
-- first queen stands higher counts 0), in board order. Each weighs 1: the
-- count weighs its solutions itself.
select q1.square as s1,
       q2.square as s2,
       1 as weight
from queens_count.whole_line_set as q1
join queens_count.whole_safe_next as q2
  on q2.cl_no = 2
 and q2.prev_rw_no = q1.rw_no
where q1.cl_no = 1
  and 2 * q1.rw_no < {{ N + 1 }}
order by q1.rw_no, q2.rw_no
