create view numbered_solution_before (solution_no, {% for k in range(1, N + 1) %}s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}) as
-- numbered_solution as it was in schema 7 (kept to measure, in the same
-- run, what numbering the search as it goes changed): the solution view's whole
-- search, numbered by sorting it, so its first row waits for the last.
select
    row_number() over (order by {% for k in range(1, N + 1) %}p{{ k }}.rw_no{{ ", " if not loop.last else "" }}{% endfor %}) as solution_no,
    {% for k in range(1, N + 1) %}s.s{{ k }} as s{{ k }}{{ ",\n    " if not loop.last else "" }}{% endfor %}
from solution as s
--@ for k in range(1, N + 1)
join square as p{{ k }} on p{{ k }}.square = s.s{{ k }}
--@ endfor
order by 1;
