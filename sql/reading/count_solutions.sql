-- count(number): how many solutions the solution view lists.
select count(*)
from solution
