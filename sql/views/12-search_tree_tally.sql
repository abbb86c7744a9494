create view search_tree_tally (queens, entered, tried, placed, by_row, by_rising, by_falling{% if SUPERQUEENS %}, by_knight{% endif %}) as
-- search_tree_tally(queens, entered, tried, placed, by_row, by_rising,
-- by_falling): at level k = `queens` of the search tree, `entered`
-- placements of k − 1 queens come in (for k = 1, the empty board), each
-- tries the {% if HOLED %}open{% endif %}{% if HOLED == 0 %}{{ ROWS }}{% endif %} squares of column k (`tried`{% if HOLED %}; the holes are never tried{% endif %}), `placed` of them take a
-- queen, and the others die on the line they share with the first queen,
-- in column order, that attacks them, as search_tree names it: a row
-- (RGHT, by_row), a rising diagonal (RGHT-UP, by_rising) or a falling one
-- (RGHT-DN, by_falling){% if SUPERQUEENS %}, or a knight's move (by_knight){% endif %}; never a column, which holds one queen. So
-- tried = {% if HOLED %}open squares{% endif %}{% if HOLED == 0 %}{{ ROWS }}{% endif %} · entered = placed + by_row + by_rising + by_falling{% if SUPERQUEENS %} + by_knight{% endif %}, and the
-- entered of level k + 1 are the placed of level k: the same numbers as
-- `select queens, count(*), sum(placed), … from search_tree group by
-- queens`, counted without naming every line.
-- * Two squares lie on one row when their rows (line_set.rw_no) are
--   equal, on one rising diagonal when the later one is as many rows up as
--   it is columns to the right, on one falling diagonal when as many rows
--   down: the lines of square_line, told by the squares' rows.
--@ if TORUS
-- * On this torus the rows and diagonals wrap round: two squares share a
--   diagonal when the rows between them, counted round the board, are as
--   many as the columns, downwards (falling) or upwards (rising); two
--   that share both (on an even board) die on the falling one, as
--   search_tree names it.
--@ endif
--@ if SUPERQUEENS
-- * A superqueen also kills a knight's move away (by_knight): one column
--   and two rows apart, or two columns and one row{% if TORUS %}, each counted the shorter way round{% endif %}.
--@ endif
--@ if TORUS
-- * Queen 1 is tried in every row of column a, each try counted once
--   (weight 1): on a torus two squares can share both diagonals, so the
--   mirror image of a rising kill need not be a falling one.
--@ else
-- * Turning the board over (row r to row {{ ROWS + 1 }} − r) maps the search tree
--   onto itself, rows onto rows and rising diagonals onto falling ones, so
--   queen 1 is tried in the lower half of column a only: each try found
--   there stands for itself and its mirror image (weight 2), whose rising
--   kills are this one's falling ones; queen 1 in the middle row of an odd
--   board is its own mirror image (weight 1). Where turning the board over
--   is not one of its symmetries (square_image: its holes are not
--   mirrored), queen 1 is tried in every row, each try counted once.
--@ endif
with recursive
-- tried(queens, weight, r1, …, r{{ N }}, kind): queen `queens` is tried in row
-- r_queens of its column, queens 1 … queens − 1 standing in rows r1, …;
-- kind is 0 when no queen before it attacks it, else the line it shares
-- with the first that does: 1 a row, 2 a rising diagonal, 3 a falling one.
mirrored (yes) as (
    select {% if TORUS %}0 = 1 and {% endif %}count(*) > 0 from square_image where symmetry = 'mirror-ranks'
),
tried (queens, weight, {% for k in range(1, N + 1) %}r{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}, kind) as (
    select 1, case when 2 * q.rw_no = {{ ROWS + 1 }} or not m.yes then 1 else 2 end,
           q.rw_no{% for k in range(2, N + 1) %}, cast(null as integer){% endfor %}, 0
    from line_set as q
    cross join mirrored as m
    where q.cl_no = 1 and (2 * q.rw_no <= {{ ROWS + 1 }} or not m.yes)
  union all
    select t.queens + 1, t.weight,
           {% for k in range(1, N + 1) %}case t.queens + 1 when {{ k }} then q.rw_no else t.r{{ k }} end{{ ",\n           " if not loop.last else "" }}{% endfor %},
           case
--@ for j in range(1, N + 1)
               when {{ j }} <= t.queens and t.r{{ j }} = q.rw_no then 1
--@ if TORUS
               when {{ j }} <= t.queens and (t.r{{ j }} - q.rw_no - (t.queens + 1 - {{ j }}) + {{ 2 * N }}) % {{ N }} = 0 then 3
               when {{ j }} <= t.queens and (q.rw_no - t.r{{ j }} - (t.queens + 1 - {{ j }}) + {{ 2 * N }}) % {{ N }} = 0 then 2
--@ if SUPERQUEENS
               when {{ j }} <= t.queens
                and (case when 2 * (t.queens + 1 - {{ j }}) <= {{ N }} then t.queens + 1 - {{ j }} else {{ N }} - (t.queens + 1 - {{ j }}) end)
                  + (case when 2 * abs(q.rw_no - t.r{{ j }}) <= {{ N }} then abs(q.rw_no - t.r{{ j }}) else {{ N }} - abs(q.rw_no - t.r{{ j }}) end) = 3 then 4
--@ endif
--@ else
               when {{ j }} <= t.queens and q.rw_no - t.r{{ j }} = t.queens + 1 - {{ j }} then 2
               when {{ j }} <= t.queens and t.r{{ j }} - q.rw_no = t.queens + 1 - {{ j }} then 3
--@ if SUPERQUEENS
               when {{ j }} <= t.queens and t.queens + 1 - {{ j }} in (1, 2)
                and abs(q.rw_no - t.r{{ j }}) = 3 - (t.queens + 1 - {{ j }}) then 4
--@ endif
--@ endif
--@ endfor
               else 0
           end
    from tried as t
    join line_set as q on q.cl_no = t.queens + 1
    where t.kind = 0 and t.queens < {{ N }}
)
select queens,
--@ if HOLED
       cast(sum(weight) / (select count(*) from line_set as open where open.cl_no = queens) as integer) as entered,
--@ else
       cast(sum(weight) / {{ ROWS }} as integer) as entered,
--@ endif
       sum(weight) as tried,
       sum(case kind when 0 then weight else 0 end) as placed,
       sum(case kind when 1 then weight else 0 end) as by_row,
       sum(case kind when 2 then 1 when 3 then weight - 1 else 0 end) as by_rising,
       sum(case kind when 3 then 1 when 2 then weight - 1 else 0 end) as by_falling{% if SUPERQUEENS %},{% endif %}
--@ if SUPERQUEENS
       sum(case kind when 4 then weight else 0 end) as by_knight
--@ endif
from tried
group by queens
order by queens;
