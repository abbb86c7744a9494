create view search_space (step, reasoning, calculation, search_space) as
-- search_space(step, reasoning, calculation, search_space): after reasoning
-- step `step`, described by `reasoning`, the queens can still be placed in
-- `search_space` ways, which is `calculation`. Each step keeps only
-- placements that the steps before it keep, and the last is the answer.
-- The products are numeric: exact where the database has exact numbers of
-- any size (PostgreSQL), and in SQLite integers that turn floating point
-- when they outgrow 64 bits.
with recursive
size (n, squares) as (
    select n, n * n from board_size
),
product (i, falling, factorial, power) as (
    -- after i factors: N²·(N²−1)·…·(N²−i+1), i!, and N^i
    select 0, cast(1 as numeric), cast(1 as numeric), cast(1 as numeric)
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
select 1, 'Permute N of the N² squares',
       squares || '! / (' || squares || ' - ' || n || ')!', falling
from size, total
union all
select 2, 'Choose N of the N² squares',
       squares || '! / (' || n || '! x (' || squares || ' - ' || n || ')!)', cast(falling / factorial as numeric(80, 0))
from size, total
union all
select 3, 'One queen per column',
       n || '^' || n, power
from size, total
union all
select 4, 'One per column, distinct rows',
       n || '!', factorial
from size, total
union all
select 5, 'One per column, distinct rows, not row ±1 of the previous queen',
       'count(*) from candidate', (select count(*) from candidate)
union all
select 6, 'No two queens share a line: the solutions',
       'count(*) from solution', (select count(*) from solution)
order by 1;
