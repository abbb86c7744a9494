create view search_space (step, reasoning, calculation, search_space) as
-- search_space(step, reasoning, calculation, search_space): after reasoning
-- step `step`, described by `reasoning`, the queens can still be placed in
-- `search_space` ways, which is `calculation`. Each step keeps only
-- placements that the steps before it keep, and the last is the answer.
-- Numbers too large for an integer become floating point.
with recursive
size (n, squares) as (
    select n, n * n from board_size
),
product (i, falling, factorial, power) as (
    -- after i factors: N²·(N²−1)·…·(N²−i+1), i!, and N^i
    select 0, 1, 1, 1
    union all
    select i + 1, falling * (squares - i), factorial * (i + 1), power * n
    from product, size
    where i < n
),
total as (
    select p.falling, p.factorial, p.power
    from product as p, size as z
    where p.i = z.n
)
select 1, 'Permute N queens over the N² squares',
       printf('%d! / (%d - %d)!', squares, squares, n), falling
from size, total
union all
select 2, 'Choose N of the N² squares (the queens are alike)',
       printf('%d! / (%d! x (%d - %d)!)', squares, n, squares, n), falling / factorial
from size, total
union all
select 3, 'One queen per column',
       printf('%d^%d', n, n), power
from size, total
union all
select 4, 'One queen per column, every row different',
       printf('%d!', n), factorial
from size, total
union all
select 5, 'One queen per column, every row different, no row next to the previous queen''s',
       'count(*) from candidate', (select count(*) from candidate)
union all
select 6, 'The placement rule: no two queens share a line',
       'count(*) from solution', (select count(*) from solution)
order by 1;
