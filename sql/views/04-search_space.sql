create view search_space (step, reasoning, calculation, search_space, about) as
-- search_space(step, reasoning, calculation, search_space, about): after
-- reasoning step `step`, described by `reasoning`, the queens can still be
-- placed in `search_space` ways, which is `calculation`, about `about`
-- (in scientific notation from a million up, 1.78E+14, the exponent in
-- two digits or more, as `queens space` writes numbers above a billion).
-- Each step keeps only placements that the steps before it keep, and the
-- last is the answer. `search_space` is exact while it fits in a 64-bit
-- integer and NULL beyond; `about` is always there.
--
-- Nothing is listed to count: the first four steps are products (the
-- second by Pascal's rule, below), and the
-- fifth, the permutations of N with no two neighbours differing by 1 (the
-- rows of `candidate`), is Hertzsprung's problem, OEIS A002464, counted by
-- its recurrence a(k) = (k+1)·a(k−1) − (k−2)·a(k−2) − (k−5)·a(k−3) +
-- (k−3)·a(k−4), from a(0) = a(1) = 1, a(2) = a(3) = 0.
with recursive
size (n, squares) as (
    select n, n * n from board_size
),
-- Every count is carried twice: exactly, as a 64-bit integer, while the
-- step to it cannot overflow (the double beside it says), and as a double
-- for its size.
product (i, falling, falling_d, factorial, factorial_d, power, power_d) as (
    -- after i factors: N²·(N²−1)·…·(N²−i+1), i!, and N^i
    select 0,
           cast(1 as bigint), cast(1 as double precision),
           cast(1 as bigint), cast(1 as double precision),
           cast(1 as bigint), cast(1 as double precision)
    union all
    select i + 1,
           case when falling_d * (squares - i) < 9.22e18 then falling * (squares - i) end,
           falling_d * (squares - i),
           case when factorial_d * (i + 1) < 9.22e18 then factorial * (i + 1) end,
           factorial_d * (i + 1),
           case when power_d * n < 9.22e18 then power * n end,
           power_d * n
    from product cross join size
    where i < n
),
-- pascal(m, c0, …, c{{ N }}, d0, …, d{{ N }}): c_k = C(m, k), the ways to choose k of
-- m squares, by Pascal's rule C(m + 1, k) = C(m, k) + C(m, k − 1), which
-- only adds (a quotient of factorials would need an exact division, which
-- not every SQL engine does on integers).
pascal (m, {% for k in range(0, N + 1) %}c{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}, {% for k in range(0, N + 1) %}d{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}) as (
    select 0,
           cast(1 as bigint), {% for k in range(1, N + 1) %}cast(0 as bigint){{ ", " if not loop.last else "" }}{% endfor %},
           cast(1 as double precision), {% for k in range(1, N + 1) %}cast(0 as double precision){{ ", " if not loop.last else "" }}{% endfor %}
    union all
    select m + 1,
           c0,
           {% for k in range(1, N + 1) %}case when d{{ k }} + d{{ k - 1 }} < 9.22e18 then c{{ k }} + c{{ k - 1 }} end{{ ",\n           " if not loop.last else "" }}{% endfor %},
           d0,
           {% for k in range(1, N + 1) %}d{{ k }} + d{{ k - 1 }}{{ ", " if not loop.last else "" }}{% endfor %}
    from pascal cross join size
    where m < squares
),
-- hertzsprung(k, a, b, c, d, …): a = a(k), b = a(k−1), c = a(k−2), d = a(k−3)
hertzsprung (k, a, b, c, d, a_d, b_d, c_d, d_d) as (
    select 3,
           cast(0 as bigint), cast(0 as bigint), cast(1 as bigint), cast(1 as bigint),
           cast(0 as double precision), cast(0 as double precision),
           cast(1 as double precision), cast(1 as double precision)
    union all
    select k + 1,
           case when (k + 2) * a_d + (k - 1) * b_d + abs(k - 4) * c_d + (k - 2) * d_d < 9.22e18
                then (k + 2) * a - (k - 1) * b - (k - 4) * c + (k - 2) * d end,
           a, b, c,
           (k + 2) * a_d - (k - 1) * b_d - (k - 4) * c_d + (k - 2) * d_d,
           a_d, b_d, c_d
    from hertzsprung cross join size
    where k < n
),
-- a(n), also for the boards too small for the recurrence to start.
candidates (exact, approximately) as (
    select case z.n when 0 then h.d when 1 then h.c when 2 then h.b else h.a end,
           case z.n when 0 then h.d_d when 1 then h.c_d when 2 then h.b_d else h.a_d end
    from size as z
    cross join hertzsprung as h
    where h.k = case when z.n > 3 then z.n else 3 end
),
steps (step, reasoning, calculation, exact, approximately) as (
--@ if HOLED + RECT > 0
    -- (Steps 1 to 5 count placements on every square of an N×N board. On
    -- a board with holes, where no queen stands on a hole, or with more
    -- rows than columns, they do not hold, and are left out.)
--@ else
    select 1, 'Permute N of the N² squares',
           cast(z.squares as text) || '! / (' || cast(z.squares as text) || ' - ' || cast(z.n as text) || ')!',
           p.falling, p.falling_d
    from size as z cross join product as p
    where p.i = z.n
    union all
    select 2, 'Choose N of the N² squares',
           cast(z.squares as text) || '! / (' || cast(z.n as text) || '! x (' || cast(z.squares as text) || ' - ' || cast(z.n as text) || ')!)',
           p.c{{ N }}, p.d{{ N }}
    from size as z cross join pascal as p
    where p.m = z.squares
    union all
    select 3, 'One queen per column',
           cast(z.n as text) || '^' || cast(z.n as text),
           p.power, p.power_d
    from size as z cross join product as p
    where p.i = z.n
    union all
    select 4, 'One per column, distinct rows',
           cast(z.n as text) || '!',
           p.factorial, p.factorial_d
    from size as z cross join product as p
    where p.i = z.n
    union all
    select 5, 'One per column, distinct rows, not row ±1 of the previous queen (the rows of candidate)',
           'A002464(' || cast(z.n as text) || '), by its recurrence',
           c.exact, c.approximately
    from size as z cross join candidates as c
    union all
--@ endif
--@ if STORED == 1
    select 6, 'No two queens share a line: the solutions',
           'count(*) from solution_store',
           count(*), cast(count(*) as double precision)
    from solution_store
--@ endif
--@ if STORED == 0
-- Counted where the search takes about a second or less in the sqlite3
-- shell (12×12: 0.8 s); it grows about sixfold a size (13×13: 5 s).
--@ if N <= 12
    select 6, 'No two queens share a line: the solutions',
           'count(*) from solution',
           count(*), cast(count(*) as double precision)
    from solution
--@ endif
--@ if N > 12
    select 6, 'No two queens share a line: the solutions',
           'not counted here: count(*) from solution takes about 5 s at 13×13 in sqlite3, ×6 a size beyond; queens count counts on every core',
           cast(null as bigint), cast(null as double precision)
--@ endif
--@ endif
),
-- 10^e for the exponents the largest board needs (676!/650! < 10^74).
ten (e, power) as (
    select 0, cast(1 as double precision)
    union all
    select e + 1, power * 10 from ten where e < 80
),
-- The leading digit, two decimals and the exponent of each count from a
-- million up, in hundredths: 1.78E+14 is (178, 14).
scientific (step, hundredths, e) as (
    select s.step,
           cast(round(s.approximately / t.power * 100) as bigint),
           t.e
    from steps as s
    join ten as t
      on t.power <= s.approximately and s.approximately < t.power * 10
    where s.approximately >= 1e6
),
-- 9.996E+14 rounds to 10.00E+14, which is 1.00E+15.
normalised (step, hundredths, e) as (
    select step,
           case when hundredths >= 1000 then cast((hundredths - hundredths % 10) / 10 as bigint) else hundredths end,
           case when hundredths >= 1000 then e + 1 else e end
    from scientific
)
select s.step, s.reasoning, s.calculation, s.exact,
       case
           when s.approximately is null then null
           when m.step is null then cast(s.exact as text)
           else cast(cast((m.hundredths - m.hundredths % 100) / 100 as bigint) as text) || '.'
                || case when m.hundredths % 100 < 10 then '0' else '' end
                || cast(m.hundredths % 100 as text) || 'E+'
                || case when m.e < 10 then '0' else '' end || cast(m.e as text)
       end
from steps as s
left join normalised as m on m.step = s.step
order by s.step;
