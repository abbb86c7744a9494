--# The view `solution` (sql/views/03-solution.sql, which holds its
--# predicate): solution(s1, …, sN), queen k stands on square s_k of
--# column k and no queen shares a line with a queen placed before it.
--# DuckDB's form, for the script `export --dialect duckdb` writes: it
--# meets in the middle (two halves of the board joined on the rows they
--# use). DuckDB joins many rows at once by hashing, and the two halves
--# are far fewer placements than the search column by column walks; its
--# integer division and its bit 63 are written its own way too.
-- On DuckDB the search meets in the middle: a solution is a left half,
-- queens in columns a … {{ col(LEFT) }}, and a right half, queens in columns
-- {{ col(LEFT + 1) }} … {{ col(N) }}, that stand on complementary rows and share no
-- line. DuckDB joins many rows at once, and the two halves are far fewer
-- placements than the whole search walks. The left half holds ⌈N/2⌉
-- columns, and from 12×12 on all but the last five ({{ LEFT }} here): every
-- pair of halves on complementary rows is tested, and a longer left half
-- with a shorter right one makes fewer pairs (54 million at 14×14 against
-- 91 million for two halves of 7 columns):
-- * placed(k, r, rows, u0, …, path): the queens of a half, from its first
--   column to column k, stand on the rows written in path (a hexadecimal
--   digit a queen), share no line, and queen k stands in row r; rows has
--   bit r set for each row they stand in, and u0, … are the words of the
--   lines they cover (line_set is the bitset form of square_line, in which
--   ∪ is `|`, ∩ is `&`, ∅ is 0). Both halves grow in one recursive query,
--   the left one from column a, the right one from column {{ col(LEFT + 1) }}. A
--   half starts with one column or two, so that two are left for each
--   step, and each step places the next two queens, each on a square that
--   safe_next offers next to the queen before it and whose lines the half
--   does not cover yet: half as many steps as a column a step, which makes
--   DuckDB's work faster.
-- * The queens of a solution stand in every row once, so the right half's
--   rows are the rows the left half leaves free: an equality, which DuckDB
--   joins by hashing. Of those pairs, the solutions are the ones whose
--   halves share no line either: L(left) ∩ L(right) = ∅, a diagonal.
-- * Mirror symmetry halves the work, as in PostgreSQL's form: queen 1 stands
--   in the lower half of column a (and queen 2 too when queen 1 stands in
--   the middle row of an odd board), and every other solution is the
--   mirror image of one found, whose path, digit by digit, is {{ N + 1 }} − r.
--   (On a board with holes, only where the mirror moves every hole onto a
--   hole, square_image: where it does not, queen 1 starts in every row.)
-- The squares are named outside the search, so that a count, which needs
-- no names, has DuckDB work out none (a name worked out under a `with`
-- is worked out for every row, counted or not). Sorting by path sorts in
-- board order; queen k's row is the k-th hexadecimal digit of path.
select
    {% for k in range(1, N + 1) %}'{{ col(k) }}' || (path >> {{ 4 * N - 4 * k }} & 15){{ ",\n    " if not loop.last else "" }}{% endfor %}
from (
    with recursive
--@ if HOLED
    mirrored (yes) as (
        select count(*) > 0 from square_image where symmetry = 'mirror-ranks'
    ),
--@ endif
    placed (k, r, rows, {% for w in range(0, W) %}u{{ w }}{{ ", " if not loop.last else "" }}{% endfor %}, path) as (
--@ if LEFT_PAIR
        select 2, s.rw_no, (cast(1 as bigint) << q.rw_no) | (cast(1 as bigint) << s.rw_no),
               {% for w in range(0, W) %}q.w{{ w }} | s.w{{ w }}{{ ", " if not loop.last else "" }}{% endfor %}, cast(q.rw_no * 16 + s.rw_no as bigint)
        from line_set as q                            -- the left half: columns a and b,
        join safe_next as s on s.cl_no = 2 and s.prev_rw_no = q.rw_no
        where q.cl_no = 1 and (2 * q.rw_no <= {{ N + 1 }}{% if HOLED %} or not (select yes from mirrored){% endif %})    -- queen 1 in the lower half
          and not (2 * q.rw_no = {{ N + 1 }} and 2 * s.rw_no > {{ N + 1 }}{% if HOLED %} and (select yes from mirrored){% endif %})
--@ else
        select 1, q.rw_no, cast(1 as bigint) << q.rw_no, {% for w in range(0, W) %}q.w{{ w }}{{ ", " if not loop.last else "" }}{% endfor %}, cast(q.rw_no as bigint)
        from line_set as q                            -- the left half: column a,
        where q.cl_no = 1 and (2 * q.rw_no <= {{ N + 1 }}{% if HOLED %} or not (select yes from mirrored){% endif %})    -- queen 1 in the lower half
--@ endif
--@ if LEFT < N
      union all
--@ if RIGHT_PAIR
        select {{ LEFT + 2 }}, s.rw_no, (cast(1 as bigint) << q.rw_no) | (cast(1 as bigint) << s.rw_no),
               {% for w in range(0, W) %}q.w{{ w }} | s.w{{ w }}{{ ", " if not loop.last else "" }}{% endfor %}, cast(q.rw_no * 16 + s.rw_no as bigint)
        from line_set as q                            -- the right half: columns {{ col(LEFT + 1) }} and {{ col(LEFT + 2) }}
        join safe_next as s on s.cl_no = {{ LEFT + 2 }} and s.prev_rw_no = q.rw_no
        where q.cl_no = {{ LEFT + 1 }}
--@ else
        select {{ LEFT + 1 }}, q.rw_no, cast(1 as bigint) << q.rw_no, {% for w in range(0, W) %}q.w{{ w }}{{ ", " if not loop.last else "" }}{% endfor %}, cast(q.rw_no as bigint)
        from line_set as q                            -- the right half: column {{ col(LEFT + 1) }}
        where q.cl_no = {{ LEFT + 1 }}
--@ endif
--@ endif
      union all
        select p.k + 2, b.rw_no, p.rows | (cast(1 as bigint) << a.rw_no) | (cast(1 as bigint) << b.rw_no),
               {% for w in range(0, W) %}p.u{{ w }} | a.w{{ w }} | b.w{{ w }}{{ ", " if not loop.last else "" }}{% endfor %}, p.path * 256 + a.rw_no * 16 + b.rw_no
        from placed as p
        join safe_next as a                           -- L(s_(k+1)) ∩ L(s_k) = ∅
          on a.cl_no = p.k + 1 and a.prev_rw_no = p.r
        join safe_next as b                           -- L(s_(k+2)) ∩ L(s_(k+1)) = ∅
          on b.cl_no = p.k + 2 and b.prev_rw_no = a.rw_no
        where p.k <> {{ LEFT }} and p.k < {{ N }}             -- each half ends at its last column
--@ for w in range(0, W)
          and a.w{{ w }} & p.u{{ w }} = 0                       -- L(s_(k+1)) ∩ U_k = ∅
          and b.w{{ w }} & (p.u{{ w }} | a.w{{ w }}) = 0              -- L(s_(k+2)) ∩ U_(k+1) = ∅
--@ endfor
          -- queen 1 in the middle row of an odd board: queen 2 in the lower half
          and not (p.k = 1 and 2 * p.r = {{ N + 1 }} and 2 * a.rw_no > {{ N + 1 }}{% if HOLED %} and (select yes from mirrored){% endif %})
    ),
    half (path) as (
--@ if LEFT < N
        select (l.path << {{ 4 * N - 4 * LEFT }}) + r.path
        from placed as l                              -- a whole left half
        join placed as r                              -- a whole right half
          on r.rows = (cast(1 as bigint) << {{ N + 1 }}) - 2 - l.rows   -- on the rows left leaves free
        where l.k = {{ LEFT }} and r.k = {{ N }}
--@ for w in range(0, W)
          and l.u{{ w }} & r.u{{ w }} = 0                       -- sharing no line
--@ endfor
--@ else
        select path from placed where k = {{ N }}
--@ endif
    ),
    every (path) as (
--@ if N > 1
        -- each solution found, and its mirror image (`half` named once, so
        -- that DuckDB reads it as it comes, with no copy kept)
        select case when m.mirrored then {{ ONES * N + ONES }} - h.path else h.path end
        from half as h
        cross join (values (false), (true)) as m (mirrored)
--@ if HOLED
        -- (the images only where the mirror is one of the board's symmetries)
        where not m.mirrored or (select yes from mirrored)
--@ endif
--@ else
        select path from half
--@ endif
    )
    select path from every order by path
) as in_board_order;
