-- part_count(solutions): one part of the search (PART_SEARCH: the solution
-- view's select with the part's first two squares fixed, see
-- views/03-solution.sql) has this many solutions.
select count(*) as solutions
from (
    {{ PART_SEARCH | indent(4) }}
) as part;
