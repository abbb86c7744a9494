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
with recursive
-- tried(queens, s1, …, tw…, placed, u…, q1w…, …): queen `queens` is tried
-- on s_queens, whose line set is tw…; u… are the lines the queens placed
-- before it cover, with its own where it is placed; qJw… is the line set
-- of queen j (line_set, the bitset form of square_line: ∩ is `&`, ∪ is `|`,
-- ∅ is 0; only the words that hold lines two queens can share, {{ W }} here).
tried (queens, {% for k in range(1, N + 1) %}s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}, {% for w in range(0, W) %}tw{{ w }}{{ ", " if not loop.last else "" }}{% endfor %},
--@ for k in range(1, N + 1)
       {% for w in range(0, W) %}q{{ k }}w{{ w }},{{ " " if not loop.last else "" }}{% endfor %}
--@ endfor
       placed, {% for w in range(0, W) %}u{{ w }}{{ ", " if not loop.last else "" }}{% endfor %}) as (
    -- queen 1 on every square of column a: nothing placed before it
    select 1, q.square{% for k in range(2, N + 1) %}, cast(null as text){% endfor %},
           {% for w in range(0, W) %}q.w{{ w }}{{ ", " if not loop.last else "" }}{% endfor %},
           {% for w in range(0, W) %}q.w{{ w }},{{ " " if not loop.last else "" }}{% endfor %}
--@ for k in range(2, N + 1)
           {% for w in range(0, W) %}cast(0 as bigint),{{ " " if not loop.last else "" }}{% endfor %}
--@ endfor
           1, {% for w in range(0, W) %}q.w{{ w }}{{ ", " if not loop.last else "" }}{% endfor %}
    from line_set as q
    where q.cl_no = 1
  union all
    -- each placed queen k: queen k + 1 tried on every square of column k + 1
    select t.queens + 1,
           {% for k in range(1, N + 1) %}case t.queens + 1 when {{ k }} then q.square else t.s{{ k }} end{{ ",\n           " if not loop.last else "" }}{% endfor %},
           {% for w in range(0, W) %}q.w{{ w }}{{ ", " if not loop.last else "" }}{% endfor %},
--@ for k in range(1, N + 1)
           {% for w in range(0, W) %}case t.queens + 1 when {{ k }} then q.w{{ w }} else t.q{{ k }}w{{ w }} end,{{ " " if not loop.last else "" }}{% endfor %}
--@ endfor
           case when {% for w in range(0, W) %}q.w{{ w }} & t.u{{ w }} = 0{{ " and " if not loop.last else "" }}{% endfor %} then 1 else 0 end,
           {% for w in range(0, W) %}t.u{{ w }} | q.w{{ w }}{{ ", " if not loop.last else "" }}{% endfor %}
    from tried as t
    join line_set as q on q.cl_no = t.queens + 1
    where t.placed = 1 and t.queens < {{ N }}
),
-- killed(…, attacker): the tried square and, where it dies, the first
-- queen before it whose lines meet its own
killed as (
    select t.*,
           case
               when t.placed = 1 then null
--@ for j in range(1, N + 1)
               when {{ j }} < t.queens and ({% for w in range(0, W) %}(t.q{{ j }}w{{ w }} & t.tw{{ w }}){{ " | " if not loop.last else "" }}{% endfor %}) <> 0 then t.s{{ j }}
--@ endfor
           end as attacker,
           case t.queens {% for k in range(1, N + 1) %}when {{ k }} then t.s{{ k }}{{ " " if not loop.last else "" }}{% endfor %} end as square
    from tried as t
)
select k.queens, {% for k in range(1, N + 1) %}k.s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}, k.placed,
       theirs.anchor, theirs.mov_dir, k.attacker
from killed as k
left join square_line as mine
  on k.attacker is not null and mine.square = k.square
left join square_line as theirs
  on theirs.square = k.attacker and theirs.anchor = mine.anchor and theirs.mov_dir = mine.mov_dir
--@ if TORUS
--@ from "queries/line_order.sql" import line_before
where k.attacker is null or (theirs.square is not null and not exists (
    -- On a torus two squares can share two lines (both diagonals, on an
    -- even board): the one named is the first of them, a row, then a
    -- falling diagonal, a rising one, a knight's move (as the tally).
    select 1
    from square_line as other_mine
    join square_line as other_theirs
      on other_theirs.square = k.attacker
     and other_theirs.anchor = other_mine.anchor
     and other_theirs.mov_dir = other_mine.mov_dir
    where other_mine.square = k.square
      and {{ line_before("other_mine", "mine") }}));
--@ else
where k.attacker is null or theirs.square is not null;
--@ endif
