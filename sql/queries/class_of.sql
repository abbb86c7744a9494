-- class_of(class_size, r1, …, r{{ N }}, symmetry): the board's symmetries move
-- the solution whose queens stand on the squares given in :squares (a JSON
-- array of names, one per column) onto class_size different solutions (its
-- class, itself included); the first of them in board order, the class
-- representative, has its queens on r1, …, r{{ N }}, and `symmetry` moves the
-- given solution onto it (the first such symmetry by sym_no). Only this one
-- solution is moved, so the answer takes no search at all.
-- (A template: expanded for the board's size N.)
with
queen (square) as (
    -- the solution as a set of squares
    {% filter indent(4) %}{% include "queries/given_squares.sql" %}{% endfilter %}
),
image (symmetry, sym_no, {% for k in range(1, N + 1) %}i{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}, {% for k in range(1, N + 1) %}r{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}) as (
    -- the solution moved by each symmetry: the image's square and row in each column
    select g.symmetry, g.sym_no,
           {% for k in range(1, N + 1) %}max(case when m.cl_no = {{ k }} then m.square end){{ ", " if not loop.last else "" }}{% endfor %},
           {% for k in range(1, N + 1) %}max(case when m.cl_no = {{ k }} then m.rw_no end){{ ", " if not loop.last else "" }}{% endfor %}
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
    order by {% for k in range(1, N + 1) %}r{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}, sym_no
    limit 1
)
select (select count(*) from (select distinct {% for k in range(1, N + 1) %}i{{ k }}{{ ", " if not loop.last else "" }}{% endfor %} from image) as distinct_image),
       {% for k in range(1, N + 1) %}m.i{{ k }}{{ ", " if not loop.last else "" }}{% endfor %},
       m.symmetry
from smallest as m;
