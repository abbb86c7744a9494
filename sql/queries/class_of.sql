-- class_of(class_size, r1, …, r{N}, symmetry): the board's symmetries move
-- the solution whose queens stand on the squares given in :squares (a JSON
-- array of names, one per column) onto class_size different solutions (its
-- class, itself included); the first of them in board order, the class
-- representative, has its queens on r1, …, r{N}, and `symmetry` moves the
-- given solution onto it (the first such symmetry by sym_no). Only this one
-- solution is moved, so the answer takes no search at all.
-- (A template: expanded for the board's size N.)
with
queen (square) as (
    -- the solution as a set of squares
    --@include queries/given_squares.sql
),
image (symmetry, sym_no, {{k in 1..N sep ", ": i{k}}}, {{k in 1..N sep ", ": r{k}}}) as (
    -- the solution moved by each symmetry: the image's square and row in each column
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
select (select count(*) from (select distinct {{k in 1..N sep ", ": i{k}}} from image) as distinct_image),
       {{k in 1..N sep ", ": m.i{k}}},
       m.symmetry
from smallest as m;
