-- solution_by_number(solution_no, s1, …, sN, class_no, class_size,
-- representative_no, symmetry, classes, solutions): solution :number with
-- its symmetry class (solution_class), and how many classes and solutions
-- the board has (counted in the same pass).
select *
from (
    select c.*,
           max(c.class_no) over () as classes,
           count(*) over () as solutions
    from solution_class as c
)
where solution_no = :number;
