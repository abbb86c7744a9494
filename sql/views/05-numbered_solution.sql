create view numbered_solution (solution_no, {% for k in range(1, N + 1) %}s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}) as
-- numbered_solution(solution_no, s1, …, s{{ N }}): the solution s1, …, s{{ N }} is
-- the solution_no-th in board order (by the row numbers of s1, s2, …).
-- `queens show K` draws solution K.
--@ if STORED == 1
-- The solutions are stored (solution_store), so they are read, not searched.
select solution_no, {% for k in range(1, N + 1) %}s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}
from solution_store
order by solution_no;
--@ endif
--@ if STORED == 0 and POSTGRES + DUCKDB == 1
--@ if POSTGRES
-- Numbered by an explicit order: PostgreSQL's solution view sorts anyway.
--@ else
-- Numbered by an explicit order: DuckDB's solution view sorts anyway.
--@ endif
select
    row_number() over (order by {% for k in range(1, N + 1) %}p{{ k }}.rw_no{{ ", " if not loop.last else "" }}{% endfor %}) as solution_no,
    {% for k in range(1, N + 1) %}s.s{{ k }} as s{{ k }}{{ ",\n    " if not loop.last else "" }}{% endfor %}
from solution as s
--@ for k in range(1, N + 1)
join square as p{{ k }} on p{{ k }}.square = s.s{{ k }}
--@ endfor
order by 1;
--@ endif
--@ if STORED == 0 and SQLITE
-- The solutions are numbered by an explicit order, the queens' rows, so
-- that every engine numbers alike (DuckDB, reading this text, runs it in
-- parallel) and an index of the user's changes no number. The view has
-- two parts, for the first rows at once and every row as fast as the
-- solution view finds them (one, when every solution of the board is
-- among the first {{ FIRST }}):
-- Part 1, the first {{ FIRST }} solutions: the search written as one join of
-- every column. SQLite walks line_set and safe_next by their keys, loop
-- inside loop, sees that the rows come out in the numbering's order, and
-- numbers each as it is found, without sorting (its `order by` is the
-- numbering's, which SQLite then has nothing left to do for, and which
-- DuckDB obeys). Queen k is tested against the queens before it three at
-- a time, the nearest first (one test per queen, or one for all of them,
-- is slower).
--@ if SPLIT == 0
-- Every solution of this board is among the first {{ FIRST }} (A000170: 92 on
-- 8×8), so part 1 is the whole view.
--@ else
-- Part 2, the rest: the solution view's search, whose first step carries
-- the lines the first queens cover forward, so each later queen is tested
-- once (about a tenth faster over every row at 13×13 and 14×14), begun
-- where part 1 ended: the parts of the search before part 1's last
-- solution are cut off where they begin, so no solution is searched
-- twice. That step is a subquery whose order SQLite before 3.47 cannot
-- see through, so this part numbers its solutions by sorting them, and
-- its rows wait for that.
--@ endif
-- (The `limit`, which part 1 never reaches, keeps SQLite from merging it
-- into a query over the view, which would drop its `order by`: under
-- `pragma reverse_unordered_selects` solution_queen listed the first
-- {{ FIRST }} solutions last first.)
--@ if SPLIT
with
first_found as materialized (
--@ else
select * from (
--@ endif
    select
        row_number() over (order by {% for k in range(1, N + 1) %}q{{ k }}.rw_no{{ ", " if not loop.last else "" }}{% endfor %}) as solution_no,
        {% for k in range(1, N + 1) %}q{{ k }}.square as s{{ k }}{{ ",\n        " if not loop.last else "" }}{% endfor %}{% if SPLIT %},{% endif %}
--@ if SPLIT
        {% for k in range(1, N + 1) %}q{{ k }}.rw_no as r{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}
--@ endif
    from line_set as q1                   -- queen 1 stands in column a
--@ for k in range(2, N + 1)
    cross join safe_next as q{{ k }}            -- queen {{ k }} stands in column {{ col(k) }}
--@ endfor
    where q1.cl_no = 1
--@ for k in range(2, N + 1)
      and q{{ k }}.cl_no = {{ k }}
      and q{{ k }}.prev_rw_no = q{{ k - 1 }}.rw_no       -- L(s{{ k }}) ∩ L(s{{ k - 1 }}) = ∅
--@ for g in range(1, k + 1)
--@ if 3 * g <= k
      -- L(s{{ k }}) ∩ (L(s{{ k - 3 * g + 1 }}){% if 3 * g < k %} ∪ L(s{{ k - 3 * g }}){% endif %}{% if 3 * g + 1 < k %} ∪ L(s{{ k - 3 * g - 1 }}){% endif %}) = ∅
--@ for w in range(0, W)
      and q{{ k }}.w{{ w }} & (q{{ k - 3 * g + 1 }}.w{{ w }}{% if 3 * g < k %} | q{{ k - 3 * g }}.w{{ w }}{% endif %}{% if 3 * g + 1 < k %} | q{{ k - 3 * g - 1 }}.w{{ w }}{% endif %}) = 0
--@ endfor
--@ endif
--@ endfor
--@ endfor
    order by {% for k in range(1, N + 1) %}q{{ k }}.rw_no{{ ", " if not loop.last else "" }}{% endfor %}
    limit {{ FIRST }}
){% if SPLIT %},{% endif %}{% if SPLIT == 0 %};{% endif %}
--@ if SPLIT
last_found as materialized (
    -- the rows of part 1's last solution (this board has more than {{ FIRST }})
    select {% for k in range(1, N + 1) %}r{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}
    from first_found
    where solution_no = {{ FIRST }}
)
select * from (
    select solution_no, {% for k in range(1, N + 1) %}s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}
    from first_found
    order by solution_no
    limit {{ FIRST }}
)
union all
select * from (
    select
        {{ FIRST }} + row_number() over (order by {% for k in range(1, N + 1) %}r{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}) as solution_no,
        {% for k in range(1, N + 1) %}s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}
    from (
        {% with AFTER = 1 %}{% filter indent(8) %}{% include "views/03-solution.sql" %}{% endfilter %}{% endwith %}
    ) as later
    order by 1
) as every_solution;
--@ endif
--@ endif
