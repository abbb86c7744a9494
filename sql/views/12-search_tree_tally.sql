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
-- * Only the nodes go round the recursion; a try is a row of a node's
--   join with the next column. The first attacker is found by line sets
--   (∩ is `&`), and only its rows are compared to name the line.
-- * `limit 9223372036854775807` (no limit) keeps the tries a step of their
--   own: merged into the sums, `kind` would be worked out once a sum.
with recursive
mirrored (yes) as (
    select {% if TORUS %}0 = 1 and {% endif %}count(*) > 0 from square_image where symmetry = 'mirror-ranks'
),
-- placement(queens, weight, r1, …, r{{ N }}, q1w…, …, u…): queens 1 … `queens`
-- stand in rows r1, …, r_queens of their columns, no two on one line (a
-- node of the tree), standing for `weight` placements (2 where queen 1
-- stands for its mirror image too); qJw… is the line set of queen j
-- (NULL where no queen stands yet), u… the lines they cover.
placement (queens, weight, {% for k in range(1, N + 1) %}r{{ k }}, {% endfor %}
--@ for k in range(1, N + 1)
       {% for w in range(0, W) %}q{{ k }}w{{ w }}, {% endfor %}
--@ endfor
       {% for w in range(0, W) %}u{{ w }}{{ ", " if not loop.last else "" }}{% endfor %}) as (
    select 1, case when 2 * q.rw_no = {{ ROWS + 1 }} or not m.yes then 1 else 2 end,
           q.rw_no{% for k in range(2, N + 1) %}, cast(null as integer){% endfor %},
           {% for w in range(0, W) %}q.w{{ w }}, {% endfor %}
--@ for k in range(2, N + 1)
           {% for w in range(0, W) %}cast(null as bigint), {% endfor %}
--@ endfor
           {% for w in range(0, W) %}q.w{{ w }}{{ ", " if not loop.last else "" }}{% endfor %}
    from line_set as q
    cross join mirrored as m
    where q.cl_no = 1 and (2 * q.rw_no <= {{ ROWS + 1 }} or not m.yes)
  union all
    select t.queens + 1, t.weight,
--@ for k in range(1, N + 1)
           coalesce(t.r{{ k }}, case t.queens when {{ k - 1 }} then q.rw_no end),
--@ endfor
--@ for k in range(1, N + 1)
           {% for w in range(0, W) %}coalesce(t.q{{ k }}w{{ w }}, case t.queens when {{ k - 1 }} then q.w{{ w }} end), {% endfor %}
--@ endfor
           {% for w in range(0, W) %}t.u{{ w }} | q.w{{ w }}{{ ", " if not loop.last else "" }}{% endfor %}
    from placement as t
    cross join line_set as q
    where q.cl_no = t.queens + 1 and t.queens < {{ N - 1 }}
      and {% for w in range(0, W) %}q.w{{ w }} & t.u{{ w }} = 0{{ " and " if not loop.last else "" }}{% endfor %}
)
-- tries(queens, weight, kind): queen `queens` tried on a square; kind is 0
-- when no queen before it attacks it, else the line it shares with the
-- first that does: 1 a row, 2 rising, 3 falling{% if SUPERQUEENS %}, 4 a knight's move{% endif %}.
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
from (
    select queens, weight, 0 as kind
    from placement
    where queens = 1
  union all
    select t.queens + 1, t.weight,
           case
               when {% for w in range(0, W) %}q.w{{ w }} & t.u{{ w }} = 0{{ " and " if not loop.last else "" }}{% endfor %} then 0
--@ for j in range(1, N)
               when ({% for w in range(0, W) %}(t.q{{ j }}w{{ w }} & q.w{{ w }}){{ " | " if not loop.last else "" }}{% endfor %}) <> 0 then case when t.r{{ j }} = q.rw_no then 1
--@ if TORUS
                   when (t.r{{ j }} - q.rw_no - (t.queens + 1 - {{ j }}) + {{ 2 * N }}) % {{ N }} = 0 then 3
                   when (q.rw_no - t.r{{ j }} - (t.queens + 1 - {{ j }}) + {{ 2 * N }}) % {{ N }} = 0 then 2
--@ else
                   when q.rw_no - t.r{{ j }} = t.queens + 1 - {{ j }} then 2
                   when t.r{{ j }} - q.rw_no = t.queens + 1 - {{ j }} then 3
--@ endif
                   else 4 end
--@ endfor
           end
    from placement as t
    cross join line_set as q
    where q.cl_no = t.queens + 1
    limit 9223372036854775807
) as tries
group by queens
order by queens;
