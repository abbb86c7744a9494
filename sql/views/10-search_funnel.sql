create view search_funnel (queens, by_candidate_rule, by_placement_rule) as
-- search_funnel(queens, by_candidate_rule, by_placement_rule): `queens`
-- queens can stand in columns 1 … `queens`, one in each,
-- * in by_candidate_rule ways on different rows, none on the row ±1 of the
--   previous column's queen (the rule of `candidate`), and
-- * in by_placement_rule ways with no two of them on one line (the rule of
--   `solution`: L(s_k) ∩ (L(s_1) ∪ … ∪ L(s_(k−1))) = ∅ for every k).
-- The funnel of the search, column by column: the last row is the number
-- of candidates, A002464(N), and the number of solutions. The second rule
-- kills most of what the first lets through from about the fourth column
-- on. by_placement_rule is OEIS A319284, the nodes of the search tree at
-- each depth. by_candidate_rule is exact while it fits in a 64-bit integer
-- (up to 19×19 in every row), NULL beyond, and NULL on a board with holes,
-- where `candidate` leaves the holes out and this count does not, and on
-- a rectangle, whose rows this count does not know.
with recursive
-- level(k, two_to_k): k = 0 … N, and 2^k.
level (k, two_to_k) as (
    select 0 as k, cast(1 as bigint) as two_to_k
    union all
    select k + 1, two_to_k * 2 from level where k < {{ N }}
),
--
-- By the placement rule: a search, breadth-first, one column a step.
-- placed(k, r, weight, u0, …): k queens stand in columns 1 … k, no two on
-- one line, queen k in row r, and u0, … are the words of the lines they
-- cover, U_k (line_set and safe_next as in the solution view). Turning
-- the board over (row r to row N + 1 − r) maps placements to placements,
-- so queen 1 starts in the lower half only and each placement found
-- stands for itself and its mirror image (weight 2); queen 1 in the middle
-- row of an odd board is its own mirror image (weight 1). Where turning
-- the board over is not one of its symmetries (square_image: its holes
-- are not mirrored), queen 1 starts in every row, each counted once.
mirrored (yes) as (
    select count(*) > 0 from square_image where symmetry = 'mirror-ranks'
),
placed (k, r, weight, {% for w in range(0, W) %}u{{ w }}{{ ", " if not loop.last else "" }}{% endfor %}) as (
    select 1 as k, q.rw_no as r,
           case when 2 * q.rw_no = {{ ROWS + 1 }} or not m.yes then 1 else 2 end as weight,
           {% for w in range(0, W) %}q.w{{ w }} as u{{ w }}{{ ", " if not loop.last else "" }}{% endfor %}
    from line_set as q
    cross join mirrored as m
    where q.cl_no = 1 and (2 * q.rw_no <= {{ ROWS + 1 }} or not m.yes)
  union all
    select p.k + 1, s.rw_no, p.weight, {% for w in range(0, W) %}p.u{{ w }} | s.w{{ w }}{{ ", " if not loop.last else "" }}{% endfor %}
    from placed as p
    join safe_next as s                      -- L(s_(k+1)) ∩ L(s_k) = ∅
      on s.cl_no = p.k + 1 and s.prev_rw_no = p.r
    where p.k < {{ N }}
--@ for w in range(0, W)
      and s.w{{ w }} & p.u{{ w }} = 0                  -- L(s_(k+1)) ∩ U_k = ∅
--@ endfor
),
by_placement (k, ways) as (
    select 0 as k, cast(1 as bigint) as ways   -- no queen yet: one way
    union all
    select p.k, cast(sum(p.weight) as bigint) from placed as p group by p.k
),
--
-- By the candidate rule: counted, not listed (63,779,034 rows at the
-- bottom of 12×12). Rows in different columns that differ by 1 are the
-- forbidden pairs; inclusion–exclusion over which of the k − 1 pairs of
-- neighbouring columns break the rule:
--   by_candidate_rule(k) = Σ over b = 1 … k of
--       (−1)^(k−b) · (N−k+b)! / (N−k)! · runs(k, b).
-- Choosing k − b of the pairs to break the rule glues the k columns into b
-- runs of neighbouring columns; a run of two or more columns stands on
-- consecutive rows, upwards or downwards (2 ways), and the b runs take
-- different rows: glue each run's rows into one, and they are b of
-- N − k + b rows, in order, (N−k+b)! / (N−k)! ways. runs(k, b) counts the
-- gluings, each run of two or more counted twice: with i such runs,
-- C(b, i) places for them among the b runs, C(k−b−1, i−1) ways to share
-- the k − b extra columns among them, 2^i directions.
--
-- pascal(m, c0, …, c{{ N }}): c_j = C(m, j), by Pascal's rule (only additions:
-- an exact integer division is not something every engine reading this
-- file does).
pascal (m, {% for j in range(0, N + 1) %}c{{ j }}{{ ", " if not loop.last else "" }}{% endfor %}) as (
    select 0 as m, cast(1 as bigint) as c0{% for j in range(1, N + 1) %}, cast(0 as bigint) as c{{ j }}{% endfor %}
    union all
    select m + 1, c0{% for j in range(1, N + 1) %}, c{{ j }} + c{{ j - 1 }}{% endfor %}
    from pascal
    where m < {{ N }}
),
binomial (m, j, c) as (
    select p.m as m, l.k as j, case l.k {% for j in range(0, N + 1) %}when {{ j }} then c{{ j }}{{ " " if not loop.last else "" }}{% endfor %} end as c
    from pascal as p
    cross join level as l
    where l.k <= p.m
),
runs (k, b, ways) as (
    select l.k as k, l.k as b, cast(1 as bigint) as ways   -- no pair glued: k runs of one
    from level as l
    where l.k >= 1
    union all
    select queens.k, parts.k, long.c * two.two_to_k * extra.c
    from level as queens
    join level as parts on 1 <= parts.k and parts.k < queens.k
    join binomial as long on long.m = parts.k and long.j >= 1       -- i = long.j
    join level as two on two.k = long.j
    join binomial as extra on extra.m = queens.k - parts.k - 1 and extra.j = long.j - 1
),
-- falling(t, j, exact, approximately): t · (t − 1) · … · (t − j + 1),
-- exactly while the double beside it says it fits in 64 bits.
falling (t, j, exact, approximately) as (
    select l.k as t, 0 as j, cast(1 as bigint) as exact, cast(1 as double precision) as approximately
    from level as l
    union all
    select t, j + 1,
           case when approximately * (t - j) < 9.22e18 then exact * (t - j) end,
           approximately * (t - j)
    from falling
    where j < t
),
term (k, exact, magnitude) as (
    select r.k as k,
           case when f.approximately * r.ways < 9.22e18
                then (1 - 2 * ((r.k - r.b) % 2)) * f.exact * r.ways end as exact,
           f.approximately * r.ways as magnitude
    from runs as r
    join falling as f on f.t = {{ N }} - r.k + r.b and f.j = r.b
),
-- Summed exactly only where every term, and so every partial sum, fits.
by_candidate (k, ways) as (
    select 0 as k, cast(1 as bigint) as ways
    union all
    select t.k, cast(sum(t.exact) as bigint)
    from term as t
    where t.k in (select f.k from term as f group by f.k having sum(f.magnitude) < 9.22e18)
    group by t.k
)
-- (The rule of `candidate` counted so holds on a square board without
-- holes.)
select l.k, case when {% if RECT %}1 = 0 and {% endif %}not exists (select 1 from hole) then c.ways end, coalesce(p.ways, 0)
from level as l
left join by_candidate as c on c.k = l.k
left join by_placement as p on p.k = l.k
order by l.k;
