-- solution(s1, …, s{{ N }}): every solution, as the solution view lists it
-- (read whole where the search is not split: a small board, or a view that
-- is not this build's).
select *
from solution
