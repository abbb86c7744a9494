--# The view `solution` (sql/views/03-solution.sql, which holds its
--# predicate): solution(s1, …, sN), queen k stands on square s_k of
--# column k and no queen shares a line with a queen placed before it.
--# PostgreSQL's form of the whole view up to 15 rows: a recursive query
--# over half the board, one column a step, which PostgreSQL plans well
--# with the settings every server has. Its parts, the search after a
--# given solution and larger boards take the stepwise form.
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
with recursive
--@ if HOLED
mirrored (yes) as (
    select count(*) > 0 from square_image where symmetry = 'mirror-ranks'
),
--@ endif
placed (k, r, {% for w in range(0, W) %}u{{ w }}{{ ", " if not loop.last else "" }}{% endfor %}, path) as (
    select 1, q.rw_no, {% for w in range(0, W) %}q.w{{ w }}{{ ", " if not loop.last else "" }}{% endfor %}, q.rw_no::bigint
    from line_set as q                            -- queen 1 in column a
--@ if HOLED
    cross join mirrored as m
    where q.cl_no = 1 and (2 * q.rw_no <= {{ ROWS + 1 }} or not m.yes)
--@ else
    where q.cl_no = 1 and 2 * q.rw_no <= {{ ROWS + 1 }}    -- in the lower half
--@ endif
  union all
    select p.k + 1, s.rw_no, {% for w in range(0, W) %}p.u{{ w }} | s.w{{ w }}{{ ", " if not loop.last else "" }}{% endfor %}, p.path * 16 + s.rw_no
    from placed as p
    join safe_next as s                           -- L(s_(k+1)) ∩ L(s_k) = ∅
      on s.cl_no = p.k + 1 and s.prev_rw_no = p.r
    where p.k < {{ N }}
--@ for w in range(0, W)
      and s.w{{ w }} & p.u{{ w }} = 0                       -- L(s_(k+1)) ∩ U_k = ∅
--@ endfor
      -- queen 1 in the middle row of an odd board: queen 2 in the lower half
      and not (p.k = 1 and 2 * p.r = {{ ROWS + 1 }} and 2 * s.rw_no > {{ ROWS + 1 }}{% if HOLED %} and (select yes from mirrored){% endif %})
),
half (path) as (
    select path from placed where k = {{ N }}
),
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
