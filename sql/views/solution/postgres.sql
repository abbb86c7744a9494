--# The view `solution` (sql/views/03-solution.sql, which holds its
--# predicate): solution(s1, …, sN), queen k stands on square s_k of
--# column k and no queen shares a line with a queen placed before it.
--# PostgreSQL's form of the whole view up to 15 rows: a recursive query
--# over half the board, one column a step, which from 9×9 on a square
--# board meets a second one coming from the last columns; PostgreSQL plans
--# both well with the settings every server has. Its parts, the search
--# after a given solution and larger boards take the stepwise form.
-- On PostgreSQL the search goes breadth-first, one column per step of a
-- recursive query, a form PostgreSQL plans well with the settings every
-- server has:
-- * placed(k, r, u0, …, path): the first k queens stand on the rows
--   written in path, no two of them share a line, queen k stands in row r,
--   and u0, … are the words of U_k, the lines they cover (line_set is the
--   bitset form of square_line, in which ∪ is `|`, ∩ is `&`, ∅ is 0).
-- * Each step places queen k + 1 on a square that safe_next offers next to
--   queen k and whose lines U_k does not hold, and adds its lines to U_k.
-- * path writes the rows as one number, a hexadecimal digit a queen (rows
--   3, 1, 4 are 0x314; a board of up to 15 rows fits in 64 bits). Sorting by
--   path sorts in board order.
-- * Mirror symmetry halves the work: turning the board over, row r to row
--   {{ ROWS + 1 }} − r, maps solutions to solutions. The search starts queen 1 in
--   the lower half of column a only (and queen 2 in the lower half when
--   queen 1 stands in the middle row of an odd board); every other
--   solution is the mirror image of one found, whose path, digit by digit,
--   is {{ ROWS + 1 }} − r: 0x{% for j in range(1, N + 1) %}1{% endfor %} · {{ ROWS + 1 }} − path.
--@ if HOLED
-- * On a board with holes the mirror is one of its symmetries only where
--   it moves every hole onto a hole (square_image, `mirrored`); where it
--   is not, the search starts queen 1 in every row and adds no image.
--@ endif
--@ set MEET = ROWS == N and N >= 9
--@ set H = (N + 1) // 2
--@ if MEET
-- * From 9×9 on a square board the search meets in the middle: placed
--   stops at column {{ col(H) }}, and ended(k, r, u0, …, rows, path) holds the ways to
--   place the last queens, of columns {{ col(H + 1) }} … {{ col(N) }}, no two on one line
--   (rows has bit r set for each row r they stand in). Every row holds a
--   queen, so the rows the first queens leave free are the rows of the
--   last ones: an equality, which PostgreSQL answers with a hash join;
--   the lines of the two halves must not meet, L ∩ U = ∅. Each half is a
--   few thousand rows where the search one column a step makes hundreds
--   of thousands.
-- * The tests on line sets are written int8eq(a & b, 0), not a & b = 0:
--   the planner takes `=` on an expression it has no statistics for to
--   keep one row in 200, so each step of the recursion looks like a row
--   or two, and it would join the halves by a nested loop, every row of
--   one against every row of the other. A function call it takes to keep
--   a third, which leaves the halves large enough to be hashed.
--@ endif
with recursive
--@ if HOLED
mirrored (yes) as (
    select count(*) > 0 from square_image where symmetry = 'mirror-ranks'
),
--@ endif
placed (k, r, {% for w in range(0, W) %}u{{ w }}, {% endfor %}{% if MEET %}rows, {% endif %}path) as (
    select 1, q.rw_no, {% for w in range(0, W) %}q.w{{ w }}, {% endfor %}{% if MEET %}1::bigint << q.rw_no, {% endif %}q.rw_no::bigint
    from line_set as q                            -- queen 1 in column a
--@ if HOLED
    cross join mirrored as m
    where q.cl_no = 1 and (2 * q.rw_no <= {{ ROWS + 1 }} or not m.yes)
--@ else
    where q.cl_no = 1 and 2 * q.rw_no <= {{ ROWS + 1 }}    -- in the lower half
--@ endif
  union all
    select p.k + 1, s.rw_no, {% for w in range(0, W) %}p.u{{ w }} | s.w{{ w }}, {% endfor %}{% if MEET %}p.rows | (1::bigint << s.rw_no), {% endif %}p.path * 16 + s.rw_no
    from placed as p
    join safe_next as s                           -- L(s_(k+1)) ∩ L(s_k) = ∅
      on s.cl_no = p.k + 1 and s.prev_rw_no = p.r
    where p.k < {{ H if MEET else N }}
--@ for w in range(0, W)
--@ if MEET
      and int8eq(s.w{{ w }} & p.u{{ w }}, 0)                -- L(s_(k+1)) ∩ U_k = ∅
--@ else
      and s.w{{ w }} & p.u{{ w }} = 0                       -- L(s_(k+1)) ∩ U_k = ∅
--@ endif
--@ endfor
      -- queen 1 in the middle row of an odd board: queen 2 in the lower half
      and not (p.k = 1 and 2 * p.r = {{ ROWS + 1 }} and 2 * s.rw_no > {{ ROWS + 1 }}{% if HOLED %} and (select yes from mirrored){% endif %})
),
--@ if MEET
ended (k, r, {% for w in range(0, W) %}u{{ w }}, {% endfor %}rows, path) as (
    select {{ H + 1 }}, q.rw_no, {% for w in range(0, W) %}q.w{{ w }}, {% endfor %}1::bigint << q.rw_no, q.rw_no::bigint
    from line_set as q                            -- queen {{ H + 1 }} in column {{ col(H + 1) }}
    where q.cl_no = {{ H + 1 }}
  union all
    select p.k + 1, s.rw_no, {% for w in range(0, W) %}p.u{{ w }} | s.w{{ w }}, {% endfor %}p.rows | (1::bigint << s.rw_no), p.path * 16 + s.rw_no
    from ended as p
    join safe_next as s
      on s.cl_no = p.k + 1 and s.prev_rw_no = p.r
    where p.k < {{ N }}
--@ for w in range(0, W)
      and int8eq(s.w{{ w }} & p.u{{ w }}, 0)
--@ endfor
),
half (path) as (
    select l.path * {{ 16 ** (N - H) }} + t.path
    from placed as l
    join ended as t                               -- on the rows left free
      on t.rows = {{ 2 ** (ROWS + 1) - 2 }} - l.rows
    where int4eq(l.k, {{ H }}) and int4eq(t.k, {{ N }})
--@ for w in range(0, W)
      and l.u{{ w }} & t.u{{ w }} = 0                       -- L(s_{{ H + 1 }}, …, s_{{ N }}) ∩ U_{{ H }} = ∅
--@ endfor
),
--@ else
half (path) as (
    select path from placed where k = {{ N }}
),
--@ endif
every (path) as (
    select path from half
--@ if N > 1
    union all
    select x'{% for j in range(1, N + 1) %}1{% endfor %}'::bigint * {{ ROWS + 1 }} - path from half   -- the mirror images
--@ if HOLED
    where (select yes from mirrored)
--@ endif
--@ endif
)
-- queen k's row is the k-th hexadecimal digit of path
select
    {% for k in range(1, N + 1) %}'{{ col(k) }}' || (path >> {{ 4 * N - 4 * k }} & 15){{ ",\n    " if not loop.last else "" }}{% endfor %}
from every
order by path;
