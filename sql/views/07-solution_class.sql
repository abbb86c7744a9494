create view solution_class (solution_no, {% for k in range(1, N + 1) %}s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}, class_no, class_size, representative_no, symmetry) as
-- solution_class(solution_no, s1, …, s{{ N }}, class_no, class_size,
-- representative_no, symmetry): solution solution_no (queens on s1, …, s{{ N }})
-- belongs to class class_no, whose class_size solutions are the images of one
-- another under the board's symmetries. The class is represented by its
-- smallest member in board order, solution representative_no, and
-- `symmetry` moves solution_no onto it (the first such, by sym_no).
--@ if SQLITE and CLASS_SPLIT
-- A representative comes no later than the members of its class, and the
-- classes are numbered in the order of their representatives, so the
-- classes of the first solutions are decided among those solutions alone.
-- The view is written in two parts: part 1, over the first {{ FIRST }}
-- solutions, gives the first {{ FIRST }} rows as soon as the search has found
-- them; part 2 gives the rows after them, which wait for the whole search
-- (a later solution's representative may be any solution before it).
-- Each solution's smallest image is found once, in the part that holds
-- the solution; part 2 compares the later solutions' with every one.
-- SQLite hands over part 1's rows, then part 2's, each part in order; so
-- does DuckDB, which keeps the order through `union all`.
--@ else
--@ if SQLITE
-- On a board up to 10×10 the whole view takes a tenth of a second or
-- less, and a second part would only add to it, so the classes are found
-- in one part, over every solution.
--@ else
-- PostgreSQL numbers the solutions by sorting them all, so the classes
-- are found in one part, over every solution.
--@ endif
--@ endif
with
--@ for p in range(2 - SQLITE * CLASS_SPLIT, 3)
numbered{{ p }} as materialized (
--@ if p == 1
    -- the first {{ FIRST }} solutions, in board order
    select * from numbered_solution limit {{ FIRST }}
--@ else
--@ if SQLITE and CLASS_SPLIT
    -- the solutions after them (this board has more than {{ FIRST }})
    select * from numbered_solution
    where solution_no > {{ FIRST }}
--@ else
    -- the solutions, searched (or read from the store) once for all below
    select * from numbered_solution
--@ endif
--@ endif
),
queen{{ p }} (solution_no, square) as (
    -- the solutions as sets of squares, one row per queen (solution_queen)
    select n.solution_no,
           case c.cl_no
--@ for k in range(1, N + 1)
               when {{ k }} then n.s{{ k }}
--@ endfor
           end
    from numbered{{ p }} as n
    cross join col_lbl as c
),
image{{ p }} (solution_no, symmetry, sym_no, {% for k in range(1, N + 1) %}rw{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}) as (
    -- solution_no moved by `symmetry`: the row of its queen in each column
    select q.solution_no, g.symmetry, g.sym_no,
           {% for k in range(1, N + 1) %}max(case when t.cl_no = {{ k }} then t.rw_no end){{ ",\n           " if not loop.last else "" }}{% endfor %}
    from queen{{ p }} as q
    join square_image as i on i.square = q.square
    join symmetry as g on g.symmetry = i.symmetry
    join square as t on t.square = i.image
    group by q.solution_no, g.symmetry, g.sym_no
),
ranked_image{{ p }} as (
--@ if p == 1
    -- the images of each solution from smallest to largest in board order,
    -- and how many symmetries move the solution onto each
--@ else
    -- the images of each solution from smallest to largest in board order
--@ endif
    select image{{ p }}.*,
           row_number() over (partition by solution_no
                              order by {% for k in range(1, N + 1) %}rw{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}, sym_no) as place{% if p == 1 %},{% endif %}
--@ if p == 1
           count(*) over (partition by solution_no, {% for k in range(1, N + 1) %}rw{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}) as movers
--@ endif
    from image{{ p }}
),
smallest_image{{ p }} as{% if SQLITE and CLASS_SPLIT %} materialized{% endif %} (
    -- each solution's smallest image in board order and the first symmetry
--@ if p == 1
    -- that moves it there, and the size of its class: the symmetries over
    -- those that move the solution onto any one of its images (the other
    -- members need not be among the first {{ FIRST }})
--@ else
    -- that moves it there
--@ endif
    select solution_no, symmetry, {% for k in range(1, N + 1) %}rw{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}{% if p == 1 %},{% endif %}
--@ if p == 1
           cast((select count(distinct symmetry) from square_image) / movers as integer) as class_size
--@ endif
    from ranked_image{{ p }}
    where place = 1
),
representative{{ p }} as (
    -- two solutions are in one class exactly when their smallest images
    -- agree; the smallest image is itself a member, the smallest one
--@ if p == 1
    select solution_no, symmetry, class_size,
           min(solution_no) over (partition by {% for k in range(1, N + 1) %}rw{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}) as representative_no
    from smallest_image1
--@ else
    -- (every member is here, so the class's size is a count: cheaper than
    -- part 1's symmetries over movers, 3 ms of 35 at 9×9)
    select solution_no, symmetry,
           count(*) over (partition by {% for k in range(1, N + 1) %}rw{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}) as class_size,
           min(solution_no) over (partition by {% for k in range(1, N + 1) %}rw{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}) as representative_no
--@ if SQLITE and CLASS_SPLIT
    from (
        select solution_no, symmetry, {% for k in range(1, N + 1) %}rw{{ k }}{{ ", " if not loop.last else "" }}{% endfor %} from smallest_image1
        union all
        select solution_no, symmetry, {% for k in range(1, N + 1) %}rw{{ k }}{{ ", " if not loop.last else "" }}{% endfor %} from smallest_image2
    ) as every_image
--@ else
    from smallest_image2
--@ endif
--@ endif
),
numbered_class{{ p }} (solution_no, class_no, class_size, representative_no, symmetry) as (
    -- the classes numbered in the order of their representatives. Each
    -- solution is one row already: the grouping is there because SQLite
    -- indexes a grouping's result for the join below, but not a window's,
    -- which it would scan whole for every solution (2.7 s against 6.6 s for
    -- the 14,200 rows of 12×12)
    select solution_no,
           max(class_no), max(class_size), max(representative_no), max(symmetry)
    from (
        select representative{{ p }}.*,
               dense_rank() over (order by representative_no) as class_no
        from representative{{ p }}
    ) as ranked
    group by solution_no
),
classed{{ p }} as (
    -- each solution of the part with its class
    select n.solution_no as solution_no,
           {% for k in range(1, N + 1) %}n.s{{ k }} as s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %},
           m.class_no as class_no,
           m.class_size as class_size,
           m.representative_no as representative_no,
           m.symmetry as symmetry
    from numbered{{ p }} as n
    join numbered_class{{ p }} as m on m.solution_no = n.solution_no
){% if p == 1 %},{% endif %}
--@ endfor
--@ if SQLITE and CLASS_SPLIT
select * from (select * from classed1 order by solution_no)
union all
select * from (select * from classed2 order by solution_no);
--@ else
select * from classed2
order by solution_no;
--@ endif
