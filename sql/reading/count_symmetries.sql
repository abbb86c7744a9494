-- count(number): how many symmetries the board has (eight).
select count(*)
from symmetry
