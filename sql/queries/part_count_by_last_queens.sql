-- part_count(solutions): the solutions of one part of the search, those
-- whose first two queens stand on {{ param("s1") }} and {{ param("s2") }}, counted without listing
-- them and weighed by the board's symmetries, so that the parts' numbers
-- add up to the number of solutions.
-- * Each way to place queens 1 … {{ FROM - 1 }} so that no two share a line
--   (placed) goes on to a solution once for each way in last_queens to
--   place the queens of columns {{ col(FROM) }} … {{ col(N) }} on the rows the first
--   ones leave free, sharing no line with them. The queens of a solution
--   stand in every row once, so those rows are all the rows but placed's:
--   an equality, which SQLite looks up by last_queens' key. Of the ways
--   it finds, the diagonals decide: L(last) ∩ U_{{ FROM - 1 }} = ∅.
-- * Two symmetries weigh: turning the board over left to right (column k
--   to column {{ N + 1 }} − k) and upside down (row r to row {{ N + 1 }} − r) map
--   solutions to solutions. Of a solution and its left-right image, exactly
--   one has its first queen in a lower row than its last, r1 < r{{ N }} (two
--   queens never share a row): the solutions are twice those. Turning one
--   of these by half a turn (both at once) keeps r1 < r{{ N }} and turns
--   r1 + r{{ N }} into {{ 2 * N + 2 }} − (r1 + r{{ N }}): as many of them have r1 + r{{ N }}
--   above {{ N + 1 }} as below. So each solution with r1 < r{{ N }} and
--   r1 + r{{ N }} < {{ N + 1 }} stands for 4, one with r1 + r{{ N }} = {{ N + 1 }} for 2, and the
--   search looks for only those, whose first queen stands in the lower
--   half (2 · r1 < r1 + r{{ N }} ≤ {{ N + 1 }}) and whose last stands in rows
--   r1 + 1 … {{ N + 1 }} − r1: a range of last_queens' key. A part whose first
--   queen stands higher counts 0.
--@ if HOLED
-- * Holes may not keep those symmetries, so this board's solutions are
--   counted among those of the whole board, the same board without its
--   holes (sql/queries/whole_board.sql), which keeps them: the search
--   above runs on the whole board, and a solution it finds stands for
--   itself and its images (4 or 2 of them, as above). Each of these images
--   that puts no queen on a hole is a solution of this board, and every
--   solution of this board is one of them, once. An image by symmetry g
--   puts a queen on a hole when g moves one of the solution's squares onto
--   a hole: bit g of hole_images (1 the square itself, 2 half a turn, 4 left
--   to right, 8 upside down), gathered over the queens as on_holes. Of a
--   solution with r1 + r{{ N }} < {{ N + 1 }}, the four images count; of one with
--   r1 + r{{ N }} = {{ N + 1 }}, itself and its image left to right (its half turn is
--   searched in its own right).
--@ endif
-- * `limit 9223372036854775807` (no limit) keeps placed a step of its own,
--   so that U_{{ FROM - 1 }} is worked out once for each of its rows, as in the
--   solution view.
--@ if HOLED
select coalesce(sum(case
           when found.rows_sum < {{ N + 1 }}
               then 4 - (found.on_holes & 1) - (found.on_holes >> 1 & 1)
                      - (found.on_holes >> 2 & 1) - (found.on_holes >> 3 & 1)
           else 2 - (found.on_holes & 1) - (found.on_holes >> 2 & 1)
       end), 0) as solutions
from (
select placed.r1 + l.last as rows_sum,
       placed.hole_images | l.hole_images as on_holes
--@ else
select coalesce(sum(case when placed.r1 + l.last < {{ N + 1 }} then 4 else 2 end), 0) as solutions
--@ endif
from (
    select
--@ for w in range(0, W)
        {% for k in range(1, FROM) %}q{{ k }}.w{{ w }}{{ " | " if not loop.last else "" }}{% endfor %} as u{{ w }},
--@ endfor
--@ if HOLED
        {% for k in range(1, FROM) %}q{{ k }}.hole_images{{ " | " if not loop.last else "" }}{% endfor %} as hole_images,
--@ endif
        {% for k in range(1, FROM) %}(1 << q{{ k }}.rw_no){{ " | " if not loop.last else "" }}{% endfor %} as rows,
        q1.rw_no as r1
    from {{ LINE_SET }} as q1                   -- queen 1 stands in column a
--@ for k in range(2, FROM)
    cross join {{ SAFE_NEXT }} as q{{ k }}            -- queen {{ k }} stands in column {{ col(k) }}
--@ endfor
    where q1.cl_no = 1
      and q1.square = {{ param("s1") }}
      and 2 * q1.rw_no < {{ N + 1 }}              -- in the lower half
      and q2.square = {{ param("s2") }}
--@ for k in range(2, FROM)
      and q{{ k }}.cl_no = {{ k }}
      and q{{ k }}.prev_rw_no = q{{ k - 1 }}.rw_no       -- L(s{{ k }}) ∩ L(s{{ k - 1 }}) = ∅
--@ if k > 2
--@ for w in range(0, W)
      and q{{ k }}.w{{ w }} & ({% for j in range(1, k - 2 + 1) %}q{{ j }}.w{{ w }}{{ " | " if not loop.last else "" }}{% endfor %}) = 0
--@ endfor
--@ endif
--@ endfor
    limit 9223372036854775807
) as placed
cross join queens_count.last_queens as l          -- the queens of columns {{ col(FROM) }} … {{ col(N) }}
-- (each condition's reason above it: the statement ends in SQL, not a comment)
-- on the rows placed leaves free, the last queen in a row that weighs,
-- and sharing no line with placed
where l.rows = (1 << {{ N + 1 }}) - 2 - placed.rows
  and l.last > placed.r1
  and l.last <= {{ N + 1 }} - placed.r1
--@ for w in range(0, W)
  and l.w{{ w }} & placed.u{{ w }} = 0
--@ endfor
--@ if HOLED
) as found
--@ endif
