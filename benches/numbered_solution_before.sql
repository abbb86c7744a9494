create view numbered_solution_before (solution_no, {{k in 1..N sep ", ": s{k}}}) as
-- numbered_solution as it was in schema 7 (kept to measure, in the same
-- run, what numbering the search as it goes changed): the solution view's whole
-- search, numbered by sorting it, so its first row waits for the last.
select
    row_number() over (order by {{k in 1..N sep ", ": p{k}.rw_no}}) as solution_no,
    {{k in 1..N sep ",\n    ": s.s{k} as s{k}}}
from solution as s
--@for k in 1..N
join square as p{k} on p{k}.square = s.s{k}
--@end
order by 1;
