--# The view `solution` (sql/views/03-solution.sql, which holds its
--# predicate): solution(s1, …, sN), queen k stands on square s_k of
--# column k and no queen shares a line with a queen placed before it.
--# The form SQLite runs, and PostgreSQL for a part of the search
--# (PART), the search after a given solution (AFTER) and boards of more
--# than 15 rows: the first CUT queens placed once with the lines they
--# cover, then one join a column, in the written order, which SQLite
--# walks in board order without sorting. The few words only one engine
--# reads stay inline (SQLITE, POSTGRES).
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
