-- fundamental_placement(solution_no, s1, …, s{{ N }}, class_size): one
-- solution of each symmetry class, the class's representative (its first
-- in board order), with its number in board order and the size of its
-- class, in board order.
-- (A template: expanded for the board's size N.)
select solution_no, {% for k in range(1, N + 1) %}s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}, class_size
from solution_class
where solution_no = representative_no
order by solution_no
