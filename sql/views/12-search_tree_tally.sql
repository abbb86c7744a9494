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
-- * The tries are counted a placement at a time: a placement carries,
--   for each column to come, the rows its queens attack there as bits,
--   by the kind of line of the first that attacks them: a row sets a bit
--   in a_j, a rising diagonal in b_j, a falling one in both{% if SUPERQUEENS %}, a knight's
--   move in c_j{% endif %}. A new queen adds only rows no queen before it attacks.
--   The bits are counted with two products a 14-bit word (Bit Twiddling
--   Hacks' population count).
--# Every shift is of a 64-bit 1, by at most 51 (26 rows and 25 columns),
--# so no engine wraps; the words of columns past the board are NULL, and
--# cost nothing in the deep levels, where most placements are.
{% set V = 2 ** (ROWS + 1) - 2 -%}
{#- the rows of the column j columns to the right of queen q that q
    attacks along a line of each kind, as bits #}
{#- on a torus: the row `up` rows above queen q's, counted round the board #}
{%- macro wrapped(up) -%}
(cast(1 as bigint) << ((q.rw_no - 1 + {{ up }}) % {{ N }} + 1))
{%- endmacro -%}
{%- macro by_rising(j) -%}
{%- if TORUS -%}{{ wrapped(j) }}
{%- else -%}(q.bit << {{ j }} & {{ V }})
{%- endif -%}
{%- endmacro -%}
{%- macro by_falling(j) -%}
{%- if TORUS -%}{{ wrapped(N - j % N) }}
{%- else -%}(q.bit >> {{ j }} & {{ V }})
{%- endif -%}
{%- endmacro -%}
{%- macro by_knight(j) -%}
{%- set near = [j, N - j] | min if TORUS else j -%}
{%- if near in (1, 2) and TORUS -%}
({{ wrapped(3 - near) }} | {{ wrapped(N - (3 - near) % N) }})
{%- elif near in (1, 2) -%}
(((q.bit << {{ 3 - near }}) | (q.bit >> {{ 3 - near }})) & {{ V }})
{%- else -%}
0
{%- endif -%}
{%- endmacro -%}
{#- the words of column j to the right of queen q: those of placement t
    (its column j + 1), with the rows q attacks that none of t's queens
    do; NULL past the board #}
{%- macro words(j) -%}
{%- set taken = "(t.a" ~ (j + 1) ~ " | t.b" ~ (j + 1) ~ (" | t.c" ~ (j + 1) if SUPERQUEENS else "") ~ ")" -%}
{%- set on_board = "case when t.queens < " ~ (N - j) ~ " then " -%}
{%- if j < N -%}
{{ on_board }}t.a{{ j + 1 }} | ((q.bit | {{ by_falling(j) }}) & ~{{ taken }}) end,
           {{ on_board }}t.b{{ j + 1 }} | (({{ by_rising(j) }} | {{ by_falling(j) }}) & ~{{ taken }}) end
{%- if SUPERQUEENS -%},
           {{ on_board }}t.c{{ j + 1 }} | ({{ by_knight(j) }} & ~(q.bit | {{ by_rising(j) }} | {{ by_falling(j) }}) & ~{{ taken }}) end
{%- endif -%}
{%- else -%}
cast(null as bigint), cast(null as bigint){{ ", cast(null as bigint)" if SUPERQUEENS else "" }}
{%- endif -%}
{%- endmacro -%}
{#- the number of bits 1 … ROWS of mask, 14 at a time #}
{%- macro bits(mask) -%}
{%- for i in range(0, (ROWS + 13) // 14) -%}
((({{ mask }}) >> {{ 14 * i + 1 }} & 16383) * 35185445863425 & 76861433640456465) % 15{{ " + " if not loop.last else "" }}
{%- endfor -%}
{%- endmacro -%}
{%- set kinds = "abc" if SUPERQUEENS else "ab" -%}
{#- the root carries every column (column j is its j-th), a placement
    of k queens the N − k to its right #}
{%- set SLOTS = N + 1 -%}
with recursive
mirrored (yes) as (
    select {% if TORUS %}0 = 1 and {% endif %}count(*) > 0 from square_image where symmetry = 'mirror-ranks'
),
-- open_rows(cl_no, rows): the rows of column cl_no that hold no hole, as
-- bits
open_rows (cl_no, rows) as (
    select cl_no, cast(sum(cast(1 as bigint) << rw_no) as bigint)
    from line_set
    group by cl_no
),
-- placement(queens, weight, a1, b1, …): queens 1 … `queens` stand in the
-- first columns, no two on one line (a node of the tree; queens = 0 is
-- the root, the empty board), standing for `weight` placements; a_j,
-- b_j{% if SUPERQUEENS %}, c_j{% endif %}: the rows its queens attack j columns to the right of the last.
placement (queens, weight{% for j in range(1, SLOTS) %}{% for x in kinds %}, {{ x }}{{ j }}{% endfor %}{% endfor %}) as (
    select 0, 1{% for j in range(1, SLOTS) %}{% for x in kinds %}, {% if POSTGRES %}cast(0 as bigint){% else %}0{% endif %}{% endfor %}{% endfor %}
  union all
    select t.queens + 1,
           case when t.queens = 0 and m.yes and 2 * q.rw_no < {{ ROWS + 1 }} then 2 else t.weight end,
--@ for j in range(1, SLOTS)
           {{ words(j) }}{{ "," if not loop.last else "" }}
--@ endfor
    from placement as t
    cross join mirrored as m
    join (select cl_no, rw_no, cast(1 as bigint) << rw_no as bit from line_set) as q
      on q.cl_no = t.queens + 1
    where t.queens < {{ N - 1 }} and ((t.a1 | t.b1{% if SUPERQUEENS %} | t.c1{% endif %}) >> q.rw_no) & 1 = 0
      and (t.queens > 0 or 2 * q.rw_no <= {{ ROWS + 1 }} or not m.yes)
)
-- each placement of k queens tries the open rows of column k + 1
select queens,
       cast(sum(weight) as integer) as entered,
       cast(sum(weight * open) as bigint) as tried,
       cast(sum(weight * free) as bigint) as placed,
       cast(sum(weight * by_row) as bigint) as by_row,
       cast(sum(by_rising + (weight - 1) * by_falling) as bigint) as by_rising,
       cast(sum(by_falling + (weight - 1) * by_rising) as bigint) as by_falling{% if SUPERQUEENS %},
       cast(sum(weight * by_knight) as bigint) as by_knight{% endif %}
from (
    select t.queens + 1 as queens, t.weight,
           {{ bits("o.rows") }} as open,
           {{ bits("o.rows & ~(t.a1 | t.b1" ~ (" | t.c1" if SUPERQUEENS else "") ~ ")") }} as free,
           {{ bits("o.rows & t.a1 & ~t.b1") }} as by_row,
           {{ bits("o.rows & t.b1 & ~t.a1") }} as by_rising,
           {{ bits("o.rows & t.a1 & t.b1") }} as by_falling{% if SUPERQUEENS %},
           {{ bits("o.rows & t.c1") }} as by_knight{% endif %}
    from placement as t
    join open_rows as o on o.cl_no = t.queens + 1
) as tries
group by queens
order by queens;
