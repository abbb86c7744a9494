create view search_tree_tally_before (queens, entered, tried, placed, by_row, by_rising, by_falling) as
-- search_tree_tally as it was before it counted the tries a placement at a
-- time, on a plain board (kept to measure, in the same run, what that
-- changed): every square tried is a row of the recursion, dead or not,
-- and its kind is found by comparing its row with each earlier queen's.
with recursive
-- tried(queens, weight, r1, …, rN, kind): queen `queens` is tried in row
-- r_queens of its column, queens 1 … queens − 1 standing in rows r1, …;
-- kind is 0 when no queen before it attacks it, else the line it shares
-- with the first that does: 1 a row, 2 a rising diagonal, 3 a falling one.
mirrored (yes) as (
    select count(*) > 0 from square_image where symmetry = 'mirror-ranks'
),
tried (queens, weight, {% for k in range(1, N + 1) %}r{{ k }}{{ ", " if not loop.last else "" }}{% endfor %}, kind) as (
    select 1, case when 2 * q.rw_no = {{ ROWS + 1 }} or not m.yes then 1 else 2 end,
           q.rw_no{% for k in range(2, N + 1) %}, cast(null as integer){% endfor %}, 0
    from line_set as q
    cross join mirrored as m
    where q.cl_no = 1 and (2 * q.rw_no <= {{ ROWS + 1 }} or not m.yes)
  union all
    select t.queens + 1, t.weight,
           {% for k in range(1, N + 1) %}case t.queens + 1 when {{ k }} then q.rw_no else t.r{{ k }} end{{ ",\n           " if not loop.last else "" }}{% endfor %},
           case
--@ for j in range(1, N + 1)
               when {{ j }} <= t.queens and t.r{{ j }} = q.rw_no then 1
               when {{ j }} <= t.queens and q.rw_no - t.r{{ j }} = t.queens + 1 - {{ j }} then 2
               when {{ j }} <= t.queens and t.r{{ j }} - q.rw_no = t.queens + 1 - {{ j }} then 3
--@ endfor
               else 0
           end
    from tried as t
    join line_set as q on q.cl_no = t.queens + 1
    where t.kind = 0 and t.queens < {{ N }}
)
select queens,
       cast(sum(weight) / {{ ROWS }} as integer) as entered,
       sum(weight) as tried,
       sum(case kind when 0 then weight else 0 end) as placed,
       sum(case kind when 1 then weight else 0 end) as by_row,
       sum(case kind when 2 then 1 when 3 then weight - 1 else 0 end) as by_rising,
       sum(case kind when 3 then 1 when 2 then weight - 1 else 0 end) as by_falling
from tried
group by queens
order by queens;
