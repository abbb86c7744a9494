create view stored_solution (solution_no, {% for k in range(1, N + 1) %}s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}) as
-- stored_solution(solution_no, s1, …, s{{ N }}): solution solution_no, queens
-- on s1, …, s{{ N }}, is stored in this database (`queens init --materialize`
-- keeps them all, numbered in board order), so that reading it needs no
-- search. Empty while nothing is stored; `solution` always searches.
--@ if STORED == 1
select solution_no, {% for k in range(1, N + 1) %}s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}
from solution_store
order by solution_no;
--@ endif
--@ if STORED == 0
select cast(null as integer) as solution_no, {% for k in range(1, N + 1) %}cast(null as text) as s{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}
where 1 = 0;
--@ endif
