create view stored_solution (solution_no, {{k in 1..N sep ", ": s{k}}}) as
-- stored_solution(solution_no, s1, …, s{N}): solution solution_no, queens
-- on s1, …, s{N}, is stored in this database (`queens init --materialize`
-- keeps them all, numbered in board order), so that reading it needs no
-- search. Empty while nothing is stored; `solution` always searches.
--@if STORED = 1
select solution_no, {{k in 1..N sep ", ": s{k}}}
from solution_store
order by solution_no;
--@end
--@if STORED = 0
select cast(null as integer) as solution_no, {{k in 1..N sep ", ": cast(null as text) as s{k}}}
where 1 = 0;
--@end
