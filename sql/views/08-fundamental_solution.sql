create view fundamental_solution ({% for k in range(1, N + 1) %}s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}, class_size) as
-- fundamental_solution(s1, …, s{{ N }}, class_size): s1, …, s{{ N }} is the
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
-- Each queen's row is looked up once (p1, …), and each image is made by
-- looking up where each symmetry moves each queen (square_image by its
-- key), not by reading the whole of square_image for every solution.
select {% for k in range(1, N + 1) %}s.s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %},
       cast((select count(distinct symmetry) from square_image) / (
           -- the symmetries that leave the solution where it is
           select count(*)
           from (
               select 1
               from symmetry as g
               cross join col_lbl as c
               cross join square_image as si
               join square as m on m.square = si.image
               where si.symmetry = g.symmetry
                 and si.square = case c.cl_no{% for k in range(1, N + 1) %}{{ "\n" }}                                     when {{ k }} then s.s{{ k }}{% endfor %}
                                 end
               group by g.symmetry
               having ({% for k in range(1, N + 1) %}max(case when m.cl_no = {{ k }} then m.rw_no end){{ ", " if not loop.last else "" }}{% endfor %})
                    = ({% for k in range(1, N + 1) %}p{{ k }}.rw_no{{ ", " if not loop.last else "" }}{% endfor %})
           ) as in_place
       ) as integer) as class_size
from solution as s
--@ for k in range(1, N + 1)
cross join square as p{{ k }}                 -- queen {{ k }}'s row, p{{ k }}.rw_no
--@ endfor
where {% for k in range(1, N + 1) %}p{{ k }}.square = s.s{{ k }}{{ "\n  and " if not loop.last else "" }}{% endfor %}
  and not exists (
    -- an image of the solution (its queens' rows in each column, moved by
    -- one symmetry) that comes before it in board order
    select 1
    from symmetry as g
    cross join col_lbl as c
    cross join square_image as si
    join square as m on m.square = si.image
    where si.symmetry = g.symmetry
      and si.square = case c.cl_no{% for k in range(1, N + 1) %}{{ "\n" }}                          when {{ k }} then s.s{{ k }}{% endfor %}
                      end
    group by g.symmetry
    having ({% for k in range(1, N + 1) %}max(case when m.cl_no = {{ k }} then m.rw_no end){{ ", " if not loop.last else "" }}{% endfor %})
         < ({% for k in range(1, N + 1) %}p{{ k }}.rw_no{{ ", " if not loop.last else "" }}{% endfor %})
){% if SQLITE %};{% endif %}
--@ if SQLITE == 0
-- ({% if POSTGRES %}PostgreSQL{% endif %}{% if DUCKDB %}DuckDB{% endif %} may join the rows of square by hashing, which keeps no
-- order: it sorts the representatives)
order by {% for k in range(1, N + 1) %}p{{ k }}.rw_no{{ ", " if not loop.last else "" }}{% endfor %};
--@ endif
