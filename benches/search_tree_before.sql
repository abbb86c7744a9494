create view search_tree_before (queens, {% for k in range(1, N + 1) %}s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}, placed, anchor, mov_dir, attacker) as
-- search_tree as it was before only the placements went round its
-- recursion, on a plain board (kept to measure, in the same run, what
-- that changed): every square tried is a row of the recursion, dead or
-- not, and the line a dead square shares with its attacker is found by
-- joining square_line twice on the two squares' names.
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
where k.attacker is null or theirs.square is not null;
