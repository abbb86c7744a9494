create view candidate ({% for k in range(1, N + 1) %}s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}) as
-- candidate(s1, …, s{{ N }}): queen k stands on square s_k of column k (one queen
-- per column), no two queens share a row, and no queen stands in a row next
-- to the row of the queen in the column before it (those two would share a
-- diagonal). The reduced search space: the placement rule is tested on these
-- rows only (solution_by_definition). The squares are line_set's, those a
-- queen may stand on: every square but the holes (hole).
select
    {% for k in range(1, N + 1) %}q{{ k }}.square as s{{ k }}{{ ",\n    " if not loop.last else "" }}{% endfor %}
from line_set as q1              -- queen 1 stands in column a
--@ for k in range(2, N + 1)
join line_set as q{{ k }}              -- queen {{ k }} stands in column {{ col(k) }}
  on q{{ k }}.cl_no = {{ k }}
 and q{{ k }}.rw_no not in ({% for j in range(1, k) %}q{{ j }}.rw_no{{ ", " if not loop.last else "" }}{% endfor %})    -- in a row no earlier queen uses
 and abs(q{{ k }}.rw_no - q{{ k - 1 }}.rw_no) > 1    -- and not beside queen {{ k - 1 }}'s row
--@ endfor
where q1.cl_no = 1;
