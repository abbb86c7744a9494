-- The symmetry class of a solution
--
-- Every solution the board's eight symmetries move solution number
-- solution_no onto (its class, itself included), each with the symmetry
-- that moves the class's representative, its first solution in board
-- order, onto it. `queens show K` names the class of solution K.
select c.*
from solution_class as c
where c.class_no = (
    select class_no
    from solution_class
    where solution_no = cast(:solution_no as integer)
)
order by c.solution_no
