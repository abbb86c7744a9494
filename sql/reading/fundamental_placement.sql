-- fundamental_placement(solution_no, s1, …, s{N}, class_size): one
-- solution of each symmetry class, the class's representative (its first
-- in board order), with its number in board order and the size of its
-- class, in board order.
-- (A template: expanded for the board's size N.)
select solution_no, {{k in 1..N sep ", ": s{k}}}, class_size
from solution_class
where solution_no = representative_no
order by solution_no
