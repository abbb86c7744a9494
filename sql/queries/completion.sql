-- completion(solution_no, s1, …, sN): solution solution_no has a queen on
-- every square given in :squares (a JSON array of names). Relational
-- division: the solutions whose set of queens contains the given set are
-- those that meet it in as many squares as it has.
with
given (square) as (
    select distinct name from (
        {% filter indent(8) %}{% include "queries/given_squares.sql" %}{% endfilter %}
    ) as named
),
containing (solution_no) as (
    select q.solution_no
    from solution_queen as q
    join given as g on g.square = q.square
    group by q.solution_no
    having count(*) = (select count(*) from given)
)
select n.*
from numbered_solution as n
join containing as c on c.solution_no = n.solution_no
order by n.solution_no;
