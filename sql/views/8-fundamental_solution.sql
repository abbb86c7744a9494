create view fundamental_solution ({{k in 1..N sep ", ": s{k}}}, class_size) as
-- fundamental_solution(s1, …, s{N}, class_size): s1, …, s{N} is the
-- representative of a class of solutions (its smallest member in board
-- order), and the board's symmetries make class_size solutions of it (8, 4
-- or 2, or 1 on the 1×1 board). Listed in board order, as `solution`
-- hands its rows over.
-- A class is the solution's images under the symmetries, so each solution
-- decides alone, as it comes, whether it represents its class: it does
-- when none of its images comes before it in board order (compared as the
-- sequences of their queens' rows, column by column), and its class has
-- as many members as there are symmetries over those that leave it in
-- place. No solution waits for another: the first rows come at once.
select {{k in 1..N sep ", ": s.s{k}}},
       cast((select count(*) from symmetry) / (
           -- the symmetries that leave the solution where it is
           select count(*)
           from (
               select 1
               from square_image as si
               join square as m on m.square = si.image
               where si.square in ({{k in 1..N sep ", ": s.s{k}}})
               group by si.symmetry
               having ({{k in 1..N sep ", ": max(case when m.cl_no = {k} then m.rw_no end)}})
                    = ({{k in 1..N sep ", ": (select p.rw_no from square as p where p.square = s.s{k})}})
           ) as in_place
       ) as integer) as class_size
from solution as s
where not exists (
    -- an image of the solution (its queens' rows in each column, moved by
    -- one symmetry) that comes before it in board order
    select 1
    from square_image as si
    join square as m on m.square = si.image
    where si.square in ({{k in 1..N sep ", ": s.s{k}}})
    group by si.symmetry
    having ({{k in 1..N sep ", ": max(case when m.cl_no = {k} then m.rw_no end)}})
         < ({{k in 1..N sep ", ": (select p.rw_no from square as p where p.square = s.s{k})}})
);
