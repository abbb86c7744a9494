-- nth_stored_solution(solution_no, s1, …, s{{ N }}): solution number :k in
-- board order (no row when the board has fewer).
select *
from numbered_solution
where solution_no = {{ param("k") }}
