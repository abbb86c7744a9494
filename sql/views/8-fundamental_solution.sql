create view fundamental_solution ({{k in 1..N sep ", ": s{k}}}, class_size) as
-- fundamental_solution(s1, …, s{N}, class_size): s1, …, s{N} is the
-- representative of a class of solutions (its smallest member in board
-- order), and the board's symmetries make class_size solutions of it (8, 4
-- or 2, or 1 on the 1×1 board). Listed in board order.
select {{k in 1..N sep ", ": s{k}}}, class_size
from solution_class
where solution_no = representative_no
order by solution_no;
