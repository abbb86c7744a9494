-- numbered_solution(solution_no, s1, …, s{{ N }}): every solution with its
-- number in board order (stored solutions are read so, without a search).
select *
from numbered_solution
