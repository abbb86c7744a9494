create view numbered_solution (solution_no, {{k in 1..N sep ", ": s{k}}}) as
-- numbered_solution(solution_no, s1, …, s{N}): the solution s1, …, s{N} is
-- the solution_no-th in board order (by the row numbers of s1, s2, …).
-- `queens show K` draws solution K.
--@if STORED = 1
-- The solutions are stored (solution_store), so they are read, not searched.
select solution_no, {{k in 1..N sep ", ": s{k}}}
from solution_store
order by solution_no;
--@end
--@if STORED = 0
--@if SQLITE
-- The solution view hands its rows over in board order as it finds them
-- (see its comments): they are numbered as they come.
select
    row_number() over () as solution_no,
    {{k in 1..N sep ",\n    ": s{k}}}
from solution;
--@else
select
    row_number() over (order by {{k in 1..N sep ", ": p{k}.rw_no}}) as solution_no,
    {{k in 1..N sep ",\n    ": s.s{k} as s{k}}}
from solution as s
--@for k in 1..N
join square as p{k} on p{k}.square = s.s{k}
--@end
order by 1;
--@end
--@end
