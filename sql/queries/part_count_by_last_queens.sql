-- part_count(solutions): the solutions of one part of the search, those
-- whose first queens stand on {{ param("s1") }}, {{ param("s2") }}{% if FIXED == 3 %} and {{ param("s3") }}{% endif %}, counted without listing
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
--@ if not HOLED
-- * A third symmetry weighs: turning the board over its diagonal (the
--   queen of column c, row r to column r, row c) maps solutions to
--   solutions. Let a be the least distance from a corner of the queens of
--   the first and last columns, min(r1, r{{ N }}, {{ N + 1 }} − r1, {{ N + 1 }} − r{{ N }}), and b
--   that of the queens of the first and last rows, min(c1, c{{ N }}, {{ N + 1 }} − c1,
--   {{ N + 1 }} − c{{ N }}) (c1 and c{{ N }} the columns of the queens in rows 1 and {{ N }}). The
--   two symmetries above keep a and b; the diagonal swaps them. So as
--   many solutions have a < b as a > b, and the count weighs those with
--   a < b twice (8 or 4), those with a > b not at all, and those with
--   a = b as above. On the solutions searched a = r1, so a > b is a queen
--   of row 1 or {{ N }} in a column c with min(c, {{ N + 1 }} − c) < r1: the search
--   skips those (column_k's condition, or first_queens' for a queen the
--   part fixes, and last_queens' m), and b is the least of placed's b and
--   last_queens' edge.
-- * In a corner part (r1 = 1) a = b = 1 and the diagonal weighs nothing
--   so far, yet it keeps the corner: turning a solution with a queen on
--   {{ col(1) }}1 over the diagonal gives one with a queen on {{ col(1) }}1, whose queen of
--   column {{ col(2) }} stands in row c2 and whose queen of row 2 in column r2,
--   where the first stood in column c2 and row r2. r2 = c2 cannot be: the
--   queens on {{ col(2) }}r2 and on row 2 of column r2 would share a diagonal. So
--   exactly one of the two has r2 < c2, and both weigh 4 ({{ col(1) }}1 and the
--   opposite corner share a diagonal, so r{{ N }} < {{ N }}): a corner part weighs
--   those with r2 < c2 twice (8) and skips the others. column_k (or
--   first_queens, for a queen the part fixes) puts no queen in row 2 left
--   of column r2, and the lookup keeps row 2's queen from standing there
--   among the last queens (last_queens' c2) where placed left row 2 free.
--@ endif
-- * placed_k holds the ways to place queens 1 … k, each with the union
--   of their lines, u0, …, carried from placed_(k − 1), so that each step
--   tests a new queen with one `&` a word; `limit 9223372036854775807`
--   (no limit) keeps each step a query of its own, which SQLite runs as a
--   co-routine feeding the next.
-- * A part fixes its first {{ FIXED }} queens{% if FIXED == 3 %} (from 14×14 on a square board,
--   three: each part is smaller, and leaves each column fewer squares){% endif %};
--   first_queens holds their rows r1 and r2 and the union of their lines,
--   and no row where the rules below skip the fixed queens themselves (the
--   part then counts 0). The count reads r1 and r2 there by subqueries
--   that name no column of the rows beside them, which SQLite runs once a
--   part, and placed carries neither. So placed is the join's outer loop,
--   read as it is made: with first_queens in the join before it, SQLite
--   stored every placement of a part, to read them again for its row.
-- * From queen {{ FIXED + 1 }} on, column_k holds the squares of column k that the
--   part leaves a queen: those on no line of its first queens and, where
--   the diagonal weighs, none the rules below skip in every placement of
--   the part (r1 and r2 are the part's own). Each step reads its column_k
--   whole: U_(k − 1) holds queen k − 1's lines, so one test is the whole
--   rule, and reading a column's few rows from the start costs less than
--   seeking safe_next's by the row of queen k − 1, once for each placement
--   (`materialized` keeps column_k a table of its own, made once for the
--   part and read from its first row).
with
first_queens as materialized (
    select s1.rw_no as r1,
           s2.rw_no as r2{% for w in range(0, W) %},
           s1.w{{ w }} | s2.w{{ w }}{% if FIXED == 3 %} | s3.w{{ w }}{% endif %} as w{{ w }}{% endfor %}
    from {{ LINE_SET }} as s1
    cross join {{ LINE_SET }} as s2
--@ if FIXED == 3
    cross join {{ LINE_SET }} as s3
--@ endif
    where s1.cl_no = 1 and s1.square = {{ param("s1") }}
      and s2.cl_no = 2 and s2.square = {{ param("s2") }}
--@ if FIXED == 3
      and s3.cl_no = 3 and s3.square = {{ param("s3") }}
--@ endif
      and 2 * s1.rw_no < {{ N + 1 }}              -- in the lower half
--@ if not HOLED
--@ for k in range(2, FIXED + 1)
--@ set edge = [k, N + 1 - k] | min
--@ if 2 * edge < N
      and (s{{ k }}.rw_no between 2 and {{ N - 1 }} or s1.rw_no <= {{ edge }})   -- a ≤ b
--@ endif
--@ endfor
--@ if FIXED == 3
      and (s1.rw_no > 1 or s3.rw_no <> 2 or s2.rw_no <= 3)      -- in a corner part, r2 ≤ c2
--@ endif
--@ endif
),
--@ for k in range(FIXED + 1, FROM)
--@ set edge = [k, N + 1 - k] | min
column_{{ k }} as materialized (
    select q.rw_no{% for w in range(0, W) %}, q.w{{ w }}{% endfor %}{% if HOLED %}, q.hole_images{% endif %}
    from {{ LINE_SET }} as q
    cross join first_queens as f
    where q.cl_no = {{ k }}
--@ for w in range(0, W)
      and q.w{{ w }} & f.w{{ w }} = 0
--@ endfor
--@ if not HOLED and 2 * edge < N
      and (q.rw_no between 2 and {{ N - 1 }} or f.r1 <= {{ edge }})   -- a ≤ b
--@ endif
--@ if not HOLED
      and (f.r1 > 1 or q.rw_no <> 2 or f.r2 <= {{ k }})      -- in a corner part, r2 ≤ c2
--@ endif
),
--@ endfor
placed_1 as (
    select
--@ for w in range(0, W)
        q.w{{ w }} as u{{ w }},
--@ endfor
--@ if HOLED
        q.hole_images as hole_images,
--@ else
        case when q.rw_no = 1 then 1 else {{ N }} end as b,
--@ endif
        1 << q.rw_no as rows,
        q.rw_no as rw_no
    from {{ LINE_SET }} as q                    -- queen 1 stands in column a
    where q.cl_no = 1
      and q.square = {{ param("s1") }}
    limit 9223372036854775807
)
--@ for k in range(2, FROM)
--@ set edge = [k, N + 1 - k] | min
, placed_{{ k }} as (
    select
--@ for w in range(0, W)
        p.u{{ w }} | q.w{{ w }} as u{{ w }},
--@ endfor
--@ if HOLED
        p.hole_images | q.hole_images as hole_images,
--@ else
        case when q.rw_no in (1, {{ N }}) and p.b > {{ edge }} then {{ edge }} else p.b end as b,
--@ endif
        p.rows | (1 << q.rw_no) as rows{% if k < FIXED %},
        q.rw_no as rw_no{% endif %}
    from placed_{{ k - 1 }} as p
--@ if k <= FIXED
    cross join {{ SAFE_NEXT }} as q                -- queen {{ k }} stands in column {{ col(k) }}
    where q.cl_no = {{ k }}
      and q.prev_rw_no = p.rw_no             -- L(s{{ k }}) ∩ L(s{{ k - 1 }}) = ∅
      and q.square = {{ param("s" ~ k) }}
--@ if k > 2
--@ for w in range(0, W)
      and q.w{{ w }} & p.u{{ w }} = 0            -- L(s{{ k }}) ∩ U_{{ k - 1 }} = ∅
--@ endfor
--@ endif
--@ else
    cross join column_{{ k }} as q                 -- queen {{ k }} stands in column {{ col(k) }}
--@ for w in range(0, W)
    {{ "where" if loop.first else "  and" }} q.w{{ w }} & p.u{{ w }} = 0            -- L(s{{ k }}) ∩ U_{{ k - 1 }} = ∅
--@ endfor
--@ endif
    limit 9223372036854775807
)
--@ endfor
--@ set r1 = "(select r1 from first_queens)"
--@ set r2 = "(select r2 from first_queens)"
--@ if HOLED
select coalesce(sum(case
           when found.rows_sum < {{ N + 1 }}
               then 4 - (found.on_holes & 1) - (found.on_holes >> 1 & 1)
                      - (found.on_holes >> 2 & 1) - (found.on_holes >> 3 & 1)
           else 2 - (found.on_holes & 1) - (found.on_holes >> 2 & 1)
       end), 0) as solutions
from (
select {{ r1 }} + l.last as rows_sum,
       placed.hole_images | l.hole_images as on_holes
--@ else
select coalesce(sum(
           case when {{ r1 }} + l.last < {{ N + 1 }} then 4 else 2 end
           * case when min(placed.b, l.edge) > {{ r1 }} then 2
                  when {{ r1 }} = 1 then 2
                  else 1 end), 0) as solutions
--@ endif
from placed_{{ FROM - 1 }} as placed
cross join {{ SCRATCH }}.last_queens as l          -- the queens of columns {{ col(FROM) }} … {{ col(N) }}
-- (each condition's reason above it: the statement ends in SQL, not a comment)
-- on the rows placed leaves free, with the last queen in a row that
-- weighs (r1 < last ≤ {{ N + 1 }} − r1: m ≥ r1) and, where the diagonal weighs,
-- no queen of rows 1 and {{ N }} that makes a > b (m ≥ r1 too), sharing no line
-- with placed
where l.rows = (1 << {{ N + 1 }}) - 2 - placed.rows
  and l.m >= {{ r1 }}
--@ for w in range(0, W)
  and l.w{{ w }} & placed.u{{ w }} = 0
--@ endfor
--@ if not HOLED
  -- in a corner part, row 2's queen no further left than column r2
  and ({{ r1 }} > 1 or placed.rows & 4 <> 0 or l.c2 >= {{ r2 }})
--@ endif
--@ if HOLED
) as found
--@ endif
