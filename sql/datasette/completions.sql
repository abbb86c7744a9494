-- The completions of a placement
--
-- Every solution with a queen on each of the squares you give (names
-- separated by blanks, tabs or commas, like "a2 b6"), found by relational
-- division, as `queens complete a2 b6` finds them: the solutions whose set
-- of queens (solution_queen) meets the given set in as many squares as it
-- has. A name that is not a square of this board is in no solution, so it
-- leaves no row (where `queens complete` refuses it).
with recursive
words (rest) as (
    -- the text with every separator made a blank, and one at the end
    select trim(replace(replace(replace(replace(lower(:squares), ',', ' '),
               char(9), ' '), char(10), ' '), char(13), ' ')) || ' '
),
word (name, rest) as (
    -- one name a step, taken off the front of what is left
    select '', (select rest from words)
    union all
    select substr(rest, 1, instr(rest, ' ') - 1),
           ltrim(substr(rest, instr(rest, ' ') + 1))
    from word
    where rest <> ''
),
given (square) as (
    select distinct name from word where name <> ''
)
select n.*
from numbered_solution as n
where n.solution_no in (
    select q.solution_no
    from solution_queen as q
    join given as g on g.square = q.square
    group by q.solution_no
    having count(*) = (select count(*) from given)
)
order by n.solution_no
