--@ if PART + AFTER == 0
create view solution ({% for k in range(1, N + 1) %}s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}) as
--@ endif
-- solution(s1, …, s{{ N }}): queen k stands on square s_k of column k and no
-- queen shares a line with a queen placed before it:
--     L(s_k) ∩ (L(s_1) ∪ … ∪ L(s_(k-1))) = ∅ for every k.
-- The same rows as solution_by_definition, found fast. The union on the
-- right is the set of lines already covered when queen k comes,
-- U_(k-1); each queen adds its own lines, U_k = U_(k-1) ∪ L(s_k).
--@ if DUCKDB
-- On DuckDB the search meets in the middle: a solution is a left half,
-- queens in columns a … {{ col(LEFT) }}, and a right half, queens in columns
-- {{ col(LEFT + 1) }} … {{ col(N) }}, that stand on complementary rows and share no
-- line. DuckDB joins many rows at once, and the two halves are far fewer
-- placements than the whole search walks:
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
--@ else
--@ if POSTGRES and PART + AFTER == 0 and ROWS <= 15
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
--@ else
-- * The rule for queen k is tested as soon as queen k is placed (SQLite
--   tests each condition in the loop that places the last queen it names),
--   so a placement that already breaks it is dropped before any later
--   queen is tried.
-- * safe_next offers queen k only squares that queen k−1 does not attack.
-- * The rest of the rule is tested on line_set, the bitset form of
--   square_line, in which ∪ is `|`, ∩ is `&` and ∅ is 0. Only the words
--   holding the lines two of these queens could share are tested ({{ W }}
--   here): line_set numbers last the columns, which one queen per column
--   never shares, and the corners' diagonals of one square each.
-- * `placed` holds the first {{ CUT }} queens together with U_{{ CUT }}, the lines they
--   cover, worked out once per placement. Each later queen is tested
--   against U_{{ CUT }} and the few queens placed after it, instead of against
--   all the queens before it one by one.
-- * `limit 9223372036854775807` (no limit: the largest 64-bit integer)
--   keeps `placed` a step of its own: without a limit, SQLite and
--   PostgreSQL would merge it into the query around it and work U_{{ CUT }} out
--   again at every later step. SQLite then hands its rows over one at a
--   time, as they are found, so memory stays small and the first
--   solutions come at once.
-- * `cross join` keeps SQLite's loops in the written order, column by
--   column, which is the order the search must go.
-- * line_set and safe_next are stored in board order (by their keys), and
--   SQLite walks them so, loop inside loop in the written order: the rows
--   come out in board order without any sorting, the first of them as soon
--   as the search reaches it, in every SQLite tested (3.39 on; an `order by`
--   here would make SQLite before 3.47 sort the whole result before its
--   first row; the tests hold the order against the native solver's).
--   PostgreSQL joins by hashing, which keeps no order: it sorts.
--@ if PART == 1
--
-- A user may add indexes to safe_next (the guarantees allow it), and SQLite may
-- walk one of theirs instead of the key (one on rw_no descending turns
-- each column's rows the other way): a part that lists solutions (ORDERED)
-- names the key's index on SQLite (`indexed by`, SQLite's own syntax, which
-- DuckDB, reading the view, would not parse: the view itself leaves SQLite
-- the choice, and `queens doctor` says when that changes its order).
--
-- This is one part of the search (see partition.sql): the solutions that
-- start with queens on :s1 and :s2 (and :s3, when the search is split by
-- three queens, partition3.sql). The squares are fixed inside `placed`,
-- where they cut the search down; a condition outside it would only filter
-- what a whole search found.
--@ endif
--@ if AFTER
--
-- This is the search for the solutions after one: numbered_solution's
-- second part, which begins after the solution its first part found last,
-- last_found(r1, …, r{{ N }}), and gives each solution's rows too (r1, …), to
-- number it by. A solution after that one in board order has its first k
-- queens on rows that come, as a list, no earlier than that solution's
-- first k, for every k: each queen of `placed` is tested so as it is
-- placed, and the parts of the search that hold only earlier solutions
-- are cut off where they begin, not searched again. The last test, after
-- `placed`, leaves that solution itself out (this form is expanded only
-- from 9×9 on, where queens follow `placed`).
--@ endif
select
    {% for k in range(1, CUT + 1) %}placed.s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}{% for k in range(CUT + 1, N + 1) %},{{ "\n" }}    q{{ k }}.square as s{{ k }}{% endfor %}{% if AFTER %},{% endif %}
--@ if AFTER
    {% for k in range(1, CUT + 1) %}placed.r{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}{% for k in range(CUT + 1, N + 1) %}, q{{ k }}.rw_no as r{{ k }}{% endfor %}
--@ endif
from (
    -- placed(s1, …, s{{ CUT }}, u0, …, r1, …): queen k stands on square s_k (in
    -- row r_k) of column k for k = 1 … {{ CUT }}, no two of them share a line, and
    -- u0, … are the words of U_{{ CUT }}, the lines they cover.
    select
        {% for k in range(1, CUT + 1) %}q{{ k }}.square as s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %},
--@ for w in range(0, W)
        {% for k in range(1, CUT + 1) %}q{{ k }}.w{{ w }}{{ " | " if not loop.last else "" }}{% endfor %} as u{{ w }},
--@ endfor
        {% for k in range(1, CUT + 1) %}q{{ k }}.rw_no as r{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}
--@ if AFTER
    from last_found as l                  -- the solution to begin after
    cross join line_set as q1             -- queen 1 stands in column a
--@ else
    from line_set as q1                   -- queen 1 stands in column a
--@ endif
--@ for k in range(2, CUT + 1)
    cross join safe_next as q{{ k }}            -- queen {{ k }} stands in column {{ col(k) }}
--@ endfor
    where q1.cl_no = 1
--@ if AFTER
      and q1.rw_no >= l.r1                 -- not before last_found
--@ endif
--@ if PART == 1
      and q1.square = {{ param("s1") }}
      and q2.square = {{ param("s2") }}
--@ if THIRD
      and q3.square = {{ param("s3") }}
--@ endif
--@ endif
--@ for k in range(2, CUT + 1)
      and q{{ k }}.cl_no = {{ k }}
      and q{{ k }}.prev_rw_no = q{{ k - 1 }}.rw_no       -- L(s{{ k }}) ∩ L(s{{ k - 1 }}) = ∅
--@ if k > 2
--@ for w in range(0, W)
      and q{{ k }}.w{{ w }} & ({% for j in range(1, k - 2 + 1) %}q{{ j }}.w{{ w }}{{ " | " if not loop.last else "" }}{% endfor %}) = 0    -- L(s{{ k }}) ∩ ({% for j in range(1, k - 2 + 1) %}L(s{{ j }}){{ " ∪ " if not loop.last else "" }}{% endfor %}) = ∅
--@ endfor
--@ endif
--@ if AFTER
      and ({% for j in range(1, k + 1) %}q{{ j }}.rw_no{{ ", " if not loop.last else "" }}{% endfor %}) >= ({% for j in range(1, k + 1) %}l.r{{ j }}{{ ", " if not loop.last else "" }}{% endfor %})    -- not before last_found
--@ endif
--@ endfor
--@ if SQLITE and AFTER == 0
    order by {% for k in range(1, CUT + 1) %}q{{ k }}.rw_no{{ ", " if not loop.last else "" }}{% endfor %}
--@ endif
    limit 9223372036854775807
) as placed
--@ if AFTER and CUT < N
cross join last_found as l
--@ endif
--@ for k in range(CUT + 1, N + 1)
cross join safe_next as q{{ k }}{% if SQLITE and PART and ORDERED %} indexed by sqlite_autoindex_safe_next_1{% endif %}             -- queen {{ k }} stands in column {{ col(k) }}
--@ endfor
--@ if CUT < N
-- (Each condition's reason is written above it, so that the view's last
-- line is SQL, not a comment: a dump appends its `;` to that line.)
where q{{ CUT + 1 }}.cl_no = {{ CUT + 1 }}
  -- L(s{{ CUT + 1 }}) ∩ L(s{{ CUT }}) = ∅, and L(s{{ CUT + 1 }}) ∩ U_{{ CUT }} = ∅
  and q{{ CUT + 1 }}.prev_rw_no = placed.r{{ CUT }}
--@ for w in range(0, W)
  and q{{ CUT + 1 }}.w{{ w }} & placed.u{{ w }} = 0
--@ endfor
--@ for k in range(CUT + 2, N + 1)
  -- L(s{{ k }}) ∩ L(s{{ k - 1 }}) = ∅, and L(s{{ k }}) ∩ U_{{ k - 2 }} = ∅
  and q{{ k }}.cl_no = {{ k }}
  and q{{ k }}.prev_rw_no = q{{ k - 1 }}.rw_no
--@ for w in range(0, W)
  and q{{ k }}.w{{ w }} & (placed.u{{ w }}{% for j in range(CUT + 1, k - 2 + 1) %} | q{{ j }}.w{{ w }}{% endfor %}) = 0
--@ endfor
--@ endfor
--@ if AFTER
  -- after last_found in board order
  and ({% for k in range(1, CUT + 1) %}placed.r{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}{% for k in range(CUT + 1, N + 1) %}, q{{ k }}.rw_no{% endfor %}) > ({% for k in range(1, N + 1) %}l.r{{ k }}{{ ", " if not loop.last else "" }}{% endfor %})
--@ endif
--@ endif
--@ if ORDERED + POSTGRES == 2
order by {% for k in range(1, CUT + 1) %}placed.r{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}{% for k in range(CUT + 1, N + 1) %}, q{{ k }}.rw_no{% endfor %};
--@ endif
--@ if ORDERED + POSTGRES < 2 and AFTER == 0
;
--@ endif
--@ endif
--@ endif
