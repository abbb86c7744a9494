create view solution_queen (solution_no, square) as
-- solution_queen(solution_no, square): solution number solution_no has a
-- queen on square `square`. The solutions as sets of squares, one row per
-- queen, for questions about squares rather than columns.
select n.solution_no as solution_no,
       case c.cl_no
--@for k in 1..N
           when {k} then n.s{k}
--@end
       end as square
from numbered_solution as n
cross join col_lbl as c
order by n.solution_no, c.cl_no;
