create view search_tree (queens, {% for k in range(1, N + 1) %}s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}, placed, anchor, mov_dir, attacker) as
-- search_tree(queens, s1, …, s{{ N }}, placed, anchor, mov_dir, attacker): the
-- search tries queen k = `queens` on square s_k of column k, while queens
-- 1 … k−1 stand on s1, …, s_(k−1), no two on one line (a node of the
-- backtracking tree; s_(k+1), …, s{{ N }} are NULL). placed is 1 when the
-- square's lines meet none of theirs,
--     L(s_k) ∩ (L(s_1) ∪ … ∪ L(s_(k−1))) = ∅,
-- and the search goes on from there; else 0: the square dies, and
-- `attacker` is the square of the first queen (in column order) whose
-- lines meet L(s_k), as a program that checks the queens placed in order
-- finds it, and (anchor, mov_dir) the one line the two squares share.
--@ if HOLED
-- Every node is tried on every square of the next column a queen may
-- stand on (no hole), so the rows at level k are as many times the placed
-- rows at level k − 1. The placed rows
--@ else
-- Every node is tried on all {{ ROWS }} squares of the next column, so the rows
-- at level k are {{ ROWS }} times the placed rows at level k − 1. The placed rows
--@ endif
-- at level k are OEIS A319284(N, k) (the funnel's by_placement_rule); with
-- the root, the empty board, they are A319283(N), the nodes of the tree
-- (2,057 on 8×8). The search goes breadth-first, one column a step, so the
-- first rows come at once; ordered by the queens' rows (a missing queen
-- first), the rows are the tries of a depth-first search in the order a
-- backtracking program makes them.
-- * Only the nodes go round the recursion: a try is a row of a node's
--   join with the next column (most tries die; queued, each costs a row).
-- * `cross join` keeps the recursion the outer loop: its rows are handed
--   over as they are found, not stored first.
with recursive
-- placement(queens, s1, …, s{{ N }}, q1w…, …, u…): queens 1 … `queens` stand on
-- s1, …, s_queens, no two on one line (a node of the tree; queens = 0 is
-- the root, the empty board, and a missing queen's s_j and qJw… are NULL).
-- qJw… is the line set of queen j (line_set, the bitset form of
-- square_line: ∩ is `&`, ∪ is `|`, ∅ is 0; only the words that hold lines
-- two queens can share, {{ W }} here), u… the lines the queens cover.
placement (queens, {% for k in range(1, N + 1) %}s{{ k }}, {% endfor %}
--@ for k in range(1, N + 1)
       {% for w in range(0, W) %}q{{ k }}w{{ w }}, {% endfor %}
--@ endfor
       {% for w in range(0, W) %}u{{ w }}{{ ", " if not loop.last else "" }}{% endfor %}) as (
    select 0{% for k in range(1, N + 1) %}, cast(null as text){% endfor %},
--@ for k in range(1, N + 1)
           {% for w in range(0, W) %}cast(null as bigint), {% endfor %}
--@ endfor
           {% for w in range(0, W) %}cast(0 as bigint){{ ", " if not loop.last else "" }}{% endfor %}
  union all
    -- each placement of k queens: queen k + 1 on each square of column
    -- k + 1 whose lines meet none of theirs
    select t.queens + 1,
--@ for k in range(1, N + 1)
           coalesce(t.s{{ k }}, case t.queens when {{ k - 1 }} then q.square end),
--@ endfor
--@ for k in range(1, N + 1)
           {% for w in range(0, W) %}coalesce(t.q{{ k }}w{{ w }}, case t.queens when {{ k - 1 }} then q.w{{ w }} end), {% endfor %}
--@ endfor
           {% for w in range(0, W) %}t.u{{ w }} | q.w{{ w }}{{ ", " if not loop.last else "" }}{% endfor %}
    from placement as t
    cross join line_set as q
    where q.cl_no = t.queens + 1 and t.queens < {{ N - 1 }}
      and {% for w in range(0, W) %}q.w{{ w }} & t.u{{ w }} = 0{{ " and " if not loop.last else "" }}{% endfor %}
),
-- shared_line(…, anchor, mov_dir): two squares that share the line
-- (anchor, mov_dir){% if TORUS %}, the first of them{% endif %}, one of them in an earlier column, looked
-- up by a few integers, not searched for in square_line by the squares'
-- names. On SQLite and DuckDB it is keyed by the words tw… of the
-- attacker's line set, which name the attacker (two squares differ in
-- their row or, in one row, in their diagonals, all lines the search
-- tests), then by the square tried (cl_no, rw_no): the one chain of
-- tests that finds the attacker gives its words, and the join its square
-- and the line. The words come first, in the table and in the join, so
-- that SQLite's automatic index is ordered by them and most comparisons
-- of a seek end on one integer. PostgreSQL cannot estimate the rows of
-- the recursion, takes the tries for fewer than the pairs and would hash
-- the tries; there it is keyed by the bits w… that the two line sets
-- share, few enough to hash, and a second chain names the attacker.
-- `materialized` keeps the pairs a table of their own on SQLite: a query
-- that filters on a line (`where mov_dir = 'RGHT-UP'`) turns the left
-- join into an inner one, and SQLite would then fold the pairs' joins
-- into every try (on PostgreSQL `distinct` keeps them apart).
--@ if TORUS
--@ from "queries/line_order.sql" import line_before
-- On a torus two squares can share two lines (both diagonals, on an even
-- board): the one named is the first of them, a row, then a falling
-- diagonal, a rising one, a knight's move (as the tally).
--@ endif
--@ if POSTGRES
shared_line ({% for w in range(0, W) %}w{{ w }}, {% endfor %}anchor, mov_dir) as (
    select distinct {% for w in range(0, W) %}mine_set.w{{ w }} & theirs_set.w{{ w }}, {% endfor %}mine.anchor, mine.mov_dir
--@ else
shared_line ({% for w in range(0, W) %}tw{{ w }}, {% endfor %}cl_no, rw_no, attacker, anchor, mov_dir) as materialized (
    select {% for w in range(0, W) %}theirs_set.w{{ w }}, {% endfor %}mine_set.cl_no, mine_set.rw_no, theirs.square, mine.anchor, mine.mov_dir
--@ endif
    from line_set as mine_set
    join square_line as mine on mine.square = mine_set.square
    join square_line as theirs on theirs.anchor = mine.anchor and theirs.mov_dir = mine.mov_dir
    join line_set as theirs_set on theirs_set.square = theirs.square
    where theirs_set.cl_no < mine_set.cl_no
--@ if TORUS
      and not exists (
        select 1
        from square_line as other_mine
        join square_line as other_theirs
          on other_theirs.square = theirs.square
         and other_theirs.anchor = other_mine.anchor
         and other_theirs.mov_dir = other_mine.mov_dir
        where other_mine.square = mine.square
          and {{ line_before("other_mine", "mine") }})
--@ endif
)
{#- the first queen, in column order, whose lines meet those of the square
    tried: a chain of tests, whose case for queen j gives its square
    (value "square"), word w of its line set ("words") or the bits of
    word w that the two line sets share ("shared"); NULL for a square
    placed #}
{%- macro first_attacker(value, w) -%}
case
           when {% for v in range(0, W) %}q.w{{ v }} & t.u{{ v }} = 0{{ " and " if not loop.last else "" }}{% endfor %} then cast(null as {{ "text" if value == "square" else "bigint" }})
{%- for j in range(1, N) %}
           when ({% for v in range(0, W) %}(t.q{{ j }}w{{ v }} & q.w{{ v }}){{ " | " if not loop.last else "" }}{% endfor %}) <> 0 then {% if value == "square" %}t.s{{ j }}{% elif value == "words" %}t.q{{ j }}w{{ w }}{% else %}t.q{{ j }}w{{ w }} & q.w{{ w }}{% endif %}
{%- endfor %}
       end
{%- endmacro %}
-- each node tries the next queen on every square of the next column; a
-- square that dies meets the lines of queen j first, for the least j
-- with L(q_j) ∩ L(square) ≠ ∅ (a chain of tests in column order)
select t.queens + 1,
--@ for k in range(1, N + 1)
       coalesce(t.s{{ k }}, case t.queens when {{ k - 1 }} then q.square end),
--@ endfor
       case when {% for w in range(0, W) %}q.w{{ w }} & t.u{{ w }} = 0{{ " and " if not loop.last else "" }}{% endfor %} then 1 else 0 end,
       l.anchor, l.mov_dir,
--@ if POSTGRES
       {{ first_attacker("square", 0) }}
--@ else
       l.attacker
--@ endif
from placement as t
cross join line_set as q
left join shared_line as l
--@ for w in range(0, W)
--@ if POSTGRES
  {{ "on" if loop.first else "and" }} l.w{{ w }} = {{ first_attacker("shared", w) }}
--@ else
  {{ "on" if loop.first else "and" }} l.tw{{ w }} = {{ first_attacker("words", w) }}
--@ endif
--@ endfor
--@ if not POSTGRES
 and l.cl_no = q.cl_no and l.rw_no = q.rw_no
--@ endif
where q.cl_no = t.queens + 1;
