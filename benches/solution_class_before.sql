create view solution_class_before (solution_no, {% for k in range(1, N + 1) %}s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}, class_no, class_size, representative_no, symmetry) as
-- The view as schema 8 made it (kept to measure, in the same run, what
-- numbering the search as it goes changed): one part, whose join scanned a window's result, over
-- numbered_solution as it was before (numbered_solution_before.sql).
-- solution_class(solution_no, s1, …, s{{ N }}, class_no, class_size,
-- representative_no, symmetry): solution solution_no (queens on s1, …, s{{ N }})
-- belongs to class class_no, whose class_size solutions are the images of one
-- another under the board's symmetries. The class is represented by its
-- smallest member in board order, solution representative_no, and
-- `symmetry` moves solution_no onto it (the first such, by sym_no).
with
numbered as materialized (
    -- the solutions, searched (or read from the store) once for all below
    select * from numbered_solution_before
),
queen (solution_no, square) as (
    -- the solutions as sets of squares, one row per queen (solution_queen)
    select n.solution_no,
           case c.cl_no
--@ for k in range(1, N + 1)
               when {{ k }} then n.s{{ k }}
--@ endfor
           end
    from numbered as n
    cross join col_lbl as c
),
image (solution_no, symmetry, sym_no, {% for k in range(1, N + 1) %}rw{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}) as (
    -- solution_no moved by `symmetry`: the row of its queen in each column
    select q.solution_no, g.symmetry, g.sym_no,
           {% for k in range(1, N + 1) %}max(case when t.cl_no = {{ k }} then t.rw_no end){{ ",\n           " if not loop.last else "" }}{% endfor %}
    from queen as q
    join square_image as i on i.square = q.square
    join symmetry as g on g.symmetry = i.symmetry
    join square as t on t.square = i.image
    group by q.solution_no, g.symmetry, g.sym_no
),
ranked_image as (
    -- the images of each solution from smallest to largest in board order
    select image.*,
           row_number() over (partition by solution_no
                              order by {% for k in range(1, N + 1) %}rw{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}, sym_no) as place
    from image
),
smallest_image as (
    -- two solutions are in one class exactly when their smallest images agree;
    -- the smallest image is itself a member, the smallest one
    select solution_no, symmetry,
           min(solution_no) over (partition by {% for k in range(1, N + 1) %}rw{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}) as representative_no,
           count(*) over (partition by {% for k in range(1, N + 1) %}rw{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}) as class_size
    from ranked_image
    where place = 1
)
select n.solution_no as solution_no,
       {% for k in range(1, N + 1) %}n.s{{ k }} as s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %},
       dense_rank() over (order by m.representative_no) as class_no,
       m.class_size as class_size,
       m.representative_no as representative_no,
       m.symmetry as symmetry
from numbered as n
join smallest_image as m on m.solution_no = n.solution_no
order by n.solution_no;
