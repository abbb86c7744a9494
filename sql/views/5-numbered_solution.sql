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
-- Numbered by an explicit order, on every engine. SQLite's solution view
-- hands its rows over in board order, but a number given "as they come"
-- (row_number() over ()) is only a promise of SQLite's loops: DuckDB,
-- reading this file, runs the same text in parallel and numbers in another
-- order. So every solution is found and sorted before the first number
-- (on 14×14, seconds): `select * from solution` and `queens show K` stream.
select
    row_number() over (order by {{k in 1..N sep ", ": p{k}.rw_no}}) as solution_no,
    {{k in 1..N sep ",\n    ": s.s{k} as s{k}}}
from solution as s
--@for k in 1..N
join square as p{k} on p{k}.square = s.s{k}
--@end
order by 1;
--@end
