-- count(number): how many symmetry classes of solutions there are (one
-- fundamental solution each).
select count(*)
from fundamental_solution
