-- class_of(solution_no, s1, …, s{N}, class_size, representative_no,
-- symmetry): solution :number has queens on s1, …, s{N}; the board's
-- symmetries move it onto class_size different solutions (its class, itself
-- included); the first of them in board order, the class representative,
-- is solution representative_no, and `symmetry` moves solution :number onto
-- it (the first such symmetry by sym_no). Only this one solution is moved,
-- so the answer takes no longer than finding the solution itself.
-- (A template: expanded for the board's size N.)
with
target as (
    select * from numbered_solution where solution_no = {:number}
),
queen (square) as (
    -- the target solution as a set of squares
    select case c.cl_no
--@for k in 1..N
               when {k} then t.s{k}
--@end
           end
    from target as t
    cross join col_lbl as c
),
image (symmetry, sym_no, {{k in 1..N sep ", ": i{k}}}, {{k in 1..N sep ", ": r{k}}}) as (
    -- the target moved by each symmetry: the image's square and row in each column
    select g.symmetry, g.sym_no,
           {{k in 1..N sep ", ": max(case when m.cl_no = {k} then m.square end)}},
           {{k in 1..N sep ", ": max(case when m.cl_no = {k} then m.rw_no end)}}
    from queen as q
    join square_image as si on si.square = q.square
    join symmetry as g on g.symmetry = si.symmetry
    join square as m on m.square = si.image
    group by g.symmetry, g.sym_no
),
smallest as (
    -- the first image in board order
    select *
    from image
    order by {{k in 1..N sep ", ": r{k}}}, sym_no
    limit 1
)
select t.*,
       (select count(*) from (select distinct {{k in 1..N sep ", ": i{k}}} from image) as distinct_image),
       (select n.solution_no
        from numbered_solution as n
        join smallest as m on {{k in 1..N sep " and ": n.s{k} = m.i{k}}}),
       (select symmetry from smallest)
from target as t;
