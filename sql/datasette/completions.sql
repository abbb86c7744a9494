-- The completions of a placement
--
-- Every solution with a queen on each of the squares you give (names
-- separated by blanks or commas, like "a2 b6"), found by relational
-- division: the solutions whose set of queens (solution_queen) meets the
-- given set in as many squares as it has. `queens complete a2 b6` lists the
-- same rows. Names that are not squares of this board are left out.
with given (square) as (
    select square
    from square
    where instr(' ' || replace(lower(:squares), ',', ' ') || ' ', ' ' || square || ' ') > 0
)
select n.*
from numbered_solution as n
where n.solution_no in (
    select q.solution_no
    from solution_queen as q
    join given as g on g.square = q.square
    group by q.solution_no
    having count(*) = (select count(*) from given)
)
order by n.solution_no
