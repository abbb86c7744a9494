create view solution_uncarried ({% for k in range(1, N + 1) %}s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}) as
-- solution(s1, …, s{{ N }}): queen k stands on square s_k of column k and no
-- queen shares a line with a queen placed before it:
--     L(s_k) ∩ (L(s_1) ∪ … ∪ L(s_(k-1))) = ∅ for every k.
-- The same rows as solution_by_definition, found fast:
-- * the rule for queen k is tested as soon as queen k is placed (SQLite
--   tests each condition in the loop that places the last queen it names),
--   so a placement that already breaks it is dropped before any later
--   queen is tried;
-- * safe_next offers queen k only squares that queen k−1 does not attack;
-- * the rest of the rule is tested on line_set, the bitset form of
--   square_line, in which ∪ is `|`, ∩ is `&` and ∅ is 0;
-- * `cross join` keeps SQLite's loops in the written order, column by
--   column, which is the order the search must go;
-- * line_set and safe_next are stored in board order, so the rows come out
--   in board order (by the row numbers of s1, s2, …) without sorting.
select
    {% for k in range(1, N + 1) %}q{{ k }}.square as s{{ k }}{{ ",\n    " if not loop.last else "" }}{% endfor %}
from line_set as q1                    -- queen 1 stands in column a
--@ for k in range(2, N + 1)
cross join safe_next as q{{ k }}             -- queen {{ k }} stands in column {{ col(k) }}
--@ endfor
where q1.cl_no = 1
--@ for k in range(2, N + 1)
  and q{{ k }}.cl_no = {{ k }}
  and q{{ k }}.prev_rw_no = q{{ k - 1 }}.rw_no        -- L(s{{ k }}) ∩ L(s{{ k - 1 }}) = ∅
--@ if k > 2
--@ for w in range(0, W)
  and q{{ k }}.w{{ w }} & ({% for j in range(1, k - 2 + 1) %}q{{ j }}.w{{ w }}{{ " | " if not loop.last else "" }}{% endfor %}) = 0    -- L(s{{ k }}) ∩ ({% for j in range(1, k - 2 + 1) %}L(s{{ j }}){{ " ∪ " if not loop.last else "" }}{% endfor %}) = ∅
--@ endfor
--@ endif
--@ endfor
order by {% for k in range(1, N + 1) %}q{{ k }}.rw_no{{ ", " if not loop.last else "" }}{% endfor %};
