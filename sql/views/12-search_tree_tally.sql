create view search_tree_tally (queens, entered, tried, placed, by_row, by_rising, by_falling) as
-- search_tree_tally(queens, entered, tried, placed, by_row, by_rising,
-- by_falling): at level k = `queens` of the search tree, `entered`
-- placements of k − 1 queens come in (for k = 1, the empty board), each
-- tries the {N} squares of column k (`tried`), `placed` of them take a
-- queen, and the others die on the line they share with the first queen,
-- in column order, that attacks them, as search_tree names it: a row
-- (RGHT, by_row), a rising diagonal (RGHT-UP, by_rising) or a falling one
-- (RGHT-DN, by_falling); never a column, which holds one queen. So tried
-- = {N} · entered = placed + by_row + by_rising + by_falling, and the
-- entered of level k + 1 are the placed of level k: the same numbers as
-- `select queens, count(*), sum(placed), … from search_tree group by
-- queens`, counted without naming every line.
-- * Two squares lie on one row when their rows (line_set.rw_no) are
--   equal, on one rising diagonal when the later one is as many rows up as
--   it is columns to the right, on one falling diagonal when as many rows
--   down: the lines of square_line, told by the squares' rows.
-- * Turning the board over (row r to row N + 1 − r) maps the search tree
--   onto itself, rows onto rows and rising diagonals onto falling ones, so
--   queen 1 is tried in the lower half of column a only: each try found
--   there stands for itself and its mirror image (weight 2), whose rising
--   kills are this one's falling ones; queen 1 in the middle row of an odd
--   board is its own mirror image (weight 1).
with recursive
-- tried(queens, weight, r1, …, r{N}, kind): queen `queens` is tried in row
-- r_queens of its column, queens 1 … queens − 1 standing in rows r1, …;
-- kind is 0 when no queen before it attacks it, else the line it shares
-- with the first that does: 1 a row, 2 a rising diagonal, 3 a falling one.
tried (queens, weight, {{k in 1..N sep ", ": r{k}}}, kind) as (
    select 1, case when 2 * q.rw_no = {N+1} then 1 else 2 end,
           q.rw_no{{k in 2..N sep "": , cast(null as integer)}}, 0
    from line_set as q
    where q.cl_no = 1 and 2 * q.rw_no <= {N+1}
  union all
    select t.queens + 1, t.weight,
           {{k in 1..N sep ",\n           ": case t.queens + 1 when {k} then q.rw_no else t.r{k} end}},
           case
--@for j in 1..N
               when {j} <= t.queens and t.r{j} = q.rw_no then 1
               when {j} <= t.queens and q.rw_no - t.r{j} = t.queens + 1 - {j} then 2
               when {j} <= t.queens and t.r{j} - q.rw_no = t.queens + 1 - {j} then 3
--@end
               else 0
           end
    from tried as t
    join line_set as q on q.cl_no = t.queens + 1
    where t.kind = 0 and t.queens < {N}
)
select queens,
       cast(sum(weight) / {N} as integer) as entered,
       sum(weight) as tried,
       sum(case kind when 0 then weight else 0 end) as placed,
       sum(case kind when 1 then weight else 0 end) as by_row,
       sum(case kind when 2 then 1 when 3 then weight - 1 else 0 end) as by_rising,
       sum(case kind when 3 then 1 when 2 then weight - 1 else 0 end) as by_falling
from tried
group by queens
order by queens;
