--# The view `solution` (sql/views/03-solution.sql, which holds its
--# predicate): solution(s1, …, sN), queen k stands on square s_k of
--# column k and no queen shares a line with a queen placed before it.
--# SQLite's form of the whole view on a square board from 10×10 on: the
--# stepwise search up to column LAST_FROM − 1, then the last queens
--# looked up, all at once, by the rows the first ones leave free. Its
--# parts, the search after a given solution, rectangles and the small
--# boards take the stepwise form (stepwise.sql).
--@ set CUT = [CUT, LAST_FROM - 1] | min
{#- walk(first, last): queens first … last, one a column, each on a square
    safe_next offers next to the one before it and sharing no line with
    those before that: the `from` and `where` of a subquery #}
{%- macro walk(first, last) %}    from line_set as q{{ first }}                   -- queen {{ first }} stands in column {{ col(first) }}
{%- for k in range(first + 1, last + 1) %}
    cross join safe_next as q{{ k }}            -- queen {{ k }} stands in column {{ col(k) }}
{%- endfor %}
    where q{{ first }}.cl_no = {{ first }}
{%- for k in range(first + 1, last + 1) %}
      and q{{ k }}.cl_no = {{ k }}
      and q{{ k }}.prev_rw_no = q{{ k - 1 }}.rw_no       -- L(s{{ k }}) ∩ L(s{{ k - 1 }}) = ∅
{%- if k > first + 1 %}{% for w in range(0, W) %}
      and q{{ k }}.w{{ w }} & ({% for j in range(first, k - 1) %}q{{ j }}.w{{ w }}{{ " | " if not loop.last else "" }}{% endfor %}) = 0    -- L(s{{ k }}) ∩ ({% for j in range(first, k - 1) %}L(s{{ j }}){{ " ∪ " if not loop.last else "" }}{% endfor %}) = ∅
{%- endfor %}{% endif %}
{%- endfor %}
{%- endmacro -%}
-- On SQLite, from 10×10 on, the search meets in the middle:
-- * `ended` holds every way to place the last {{ N + 1 - LAST_FROM }} queens, on columns
--   {{ col(LAST_FROM) }} … {{ col(N) }}, no two on one line (a few thousand to a few hundred thousand
--   rows, found once, before the first solution). rows has bit r set for
--   each row r they stand in, r{{ LAST_FROM }}, … are their rows and w0, … the
--   words of the lines they cover.
-- * The first {{ LAST_FROM - 1 }} queens are placed as the stepwise form places them:
--   `placed` holds the first {{ CUT }} with U_{{ CUT }}, the lines they cover, worked out
--   once per placement, and each later one is tested against U_{{ CUT }} and
--   the queens after it.
-- * Every row holds a queen, so the last queens stand exactly on the rows
--   the first ones leave free: an equality, which SQLite answers from an
--   index it builds on `ended` for this query, by rows. Of the ways it
--   finds, the lines decide: L(s{{ LAST_FROM }}) ∪ … ∪ L(s{{ N }}) ∩ U_{{ LAST_FROM - 1 }} = ∅.
--   (Each queen of `ended` against every one before it, the one next to
--   it included: the words hold every line two queens can share.)
-- * The rows come in board order without any sorting: the first queens
--   as the stepwise form gives them, and the last ones of each in the
--   order of that index, whose key is rows, then r{{ LAST_FROM }}, … (the columns the
--   query reads, in their order): the order of their rows. Their squares
--   are named as `square` names them, the column's label, then the row's.
-- * `ended` is stored in board order too (its `order by` costs nothing
--   while SQLite walks the keys, and the limit keeps SQLite from leaving
--   out an `order by` the query around it does not ask for): where
--   SQLite builds no index on it
--   (`pragma automatic_index = 0`, or statistics that make the tables
--   look tiny) and reads it whole for each placement, its rows still
--   come in that order, whichever index of yours it walked.
-- * `limit 9223372036854775807` (no limit) keeps `placed` a step of its
--   own, as in the stepwise form; `materialized` makes `ended` a table
--   of its own, built once.
with ended (rows, {% for k in range(LAST_FROM, N + 1) %}r{{ k }}, {% endfor %}{% for w in range(0, W) %}w{{ w }}{{ ", " if not loop.last else "" }}{% endfor %}) as materialized (
    -- ended(rows, r{{ LAST_FROM }}, …, r{{ N }}, w0, …): queen k stands in row r_k of
    -- column k for k = {{ LAST_FROM }} … {{ N }}, no two of them share a line, rows has
    -- bit r set for each of their rows r, and w0, … are the words of the
    -- lines they cover.
    select
        {% for k in range(LAST_FROM, N + 1) %}(1 << q{{ k }}.rw_no){{ " | " if not loop.last else "" }}{% endfor %},
        {% for k in range(LAST_FROM, N + 1) %}q{{ k }}.rw_no{{ ", " if not loop.last else "" }}{% endfor %},
--@ for w in range(0, W)
        {% for k in range(LAST_FROM, N + 1) %}q{{ k }}.w{{ w }}{{ " | " if not loop.last else "" }}{% endfor %}{{ "," if not loop.last else "" }}
--@ endfor
{{ walk(LAST_FROM, N) }}
    order by {% for k in range(LAST_FROM, N + 1) %}q{{ k }}.rw_no{{ ", " if not loop.last else "" }}{% endfor %}
    limit 9223372036854775807
)
select
    {% for k in range(1, CUT + 1) %}placed.s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}{% for k in range(CUT + 1, LAST_FROM) %},{{ "\n" }}    q{{ k }}.square as s{{ k }}{% endfor %}{% for k in range(LAST_FROM, N + 1) %},{{ "\n" }}    '{{ col(k) }}' || e.r{{ k }} as s{{ k }}{% endfor %}
from (
    -- placed(s1, …, s{{ CUT }}, u0, …, rows, r{{ CUT }}): queen k stands on square s_k of
    -- column k for k = 1 … {{ CUT }}, no two of them share a line, u0, … are the
    -- words of U_{{ CUT }}, the lines they cover, rows has bit r set for each of
    -- their rows r, and r{{ CUT }} is the row of queen {{ CUT }}.
    select
        {% for k in range(1, CUT + 1) %}q{{ k }}.square as s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %},
--@ for w in range(0, W)
        {% for k in range(1, CUT + 1) %}q{{ k }}.w{{ w }}{{ " | " if not loop.last else "" }}{% endfor %} as u{{ w }},
--@ endfor
        {% for k in range(1, CUT + 1) %}(1 << q{{ k }}.rw_no){{ " | " if not loop.last else "" }}{% endfor %} as rows,
        q{{ CUT }}.rw_no as r{{ CUT }}
{{ walk(1, CUT) }}
    order by {% for k in range(1, CUT + 1) %}q{{ k }}.rw_no{{ ", " if not loop.last else "" }}{% endfor %}
    limit 9223372036854775807
) as placed
--@ for k in range(CUT + 1, LAST_FROM)
cross join safe_next as q{{ k }}             -- queen {{ k }} stands in column {{ col(k) }}
--@ endfor
cross join ended as e                  -- the queens of columns {{ col(LAST_FROM) }} … {{ col(N) }}
-- (Each condition's reason is written above it, so that the view's last
-- line is SQL, not a comment: a dump appends its `;` to that line.)
where true
--@ for k in range(CUT + 1, LAST_FROM)
  -- L(s{{ k }}) ∩ L(s{{ k - 1 }}) = ∅, and L(s{{ k }}) ∩ U_{{ k - 2 }} = ∅
  and q{{ k }}.cl_no = {{ k }}
  and q{{ k }}.prev_rw_no = {{ "placed.r" ~ CUT if k == CUT + 1 else "q" ~ (k - 1) ~ ".rw_no" }}
--@ for w in range(0, W)
  and q{{ k }}.w{{ w }} & (placed.u{{ w }}{% for j in range(CUT + 1, k - 2 + 1) %} | q{{ j }}.w{{ w }}{% endfor %}) = 0
--@ endfor
--@ endfor
  -- the last queens on the rows the first ones leave free, and
  -- L(s{{ LAST_FROM }}) ∪ … ∪ L(s{{ N }}) ∩ U_{{ LAST_FROM - 1 }} = ∅
  and e.rows = {{ 2 ** (N + 1) - 2 }} - (placed.rows{% for k in range(CUT + 1, LAST_FROM) %} | (1 << q{{ k }}.rw_no){% endfor %})
--@ for w in range(0, W)
  and e.w{{ w }} & (placed.u{{ w }}{% for k in range(CUT + 1, LAST_FROM) %} | q{{ k }}.w{{ w }}{% endfor %}) = 0
--@ endfor
;
