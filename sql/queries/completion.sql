-- completion(solution_no, s1, …, sN): solution solution_no has a queen on
-- every square given in :squares (a JSON array of names). Relational
-- division: the solutions whose set of queens contains the given set are
-- those that meet it in as many squares as it has.
with
given (square) as (
--@if SQLITE
    -- the names split off the JSON array by hand: json_each would be hidden
    -- by a table of the user's named json_each
    with recursive part (name, rest) as (
        select '', replace(replace(replace({:squares}, '[', ''), ']', ''), '"', '') || ','
        union all
        select substr(rest, 1, instr(rest, ',') - 1), substr(rest, instr(rest, ',') + 1)
        from part
        where rest <> ''
    )
    select distinct name from part where name <> ''
--@else
    select distinct value from json_array_elements_text(cast(cast({:squares} as text) as json)) as given (value)
--@end
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
