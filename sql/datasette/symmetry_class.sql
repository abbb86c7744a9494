-- The symmetry class of a solution
--
-- Every solution the board's eight symmetries move solution number
-- solution_no onto (its class, itself included), each with the symmetry
-- that moves the class's representative, its first solution in board
-- order, onto it. `queens show K` names the class of solution K. A number
-- that is not a whole number of a solution of this board (3.7, 1e2, 0)
-- leaves no row.
select c.*
from solution_class as c
where c.class_no = (
    select class_no
    from solution_class
    where solution_no = cast(:solution_no as integer)
      and cast(cast(:solution_no as integer) as text) = trim(:solution_no)
)
order by c.solution_no
