create view search_tree_tally (queens, entered, tried, placed, by_row, by_rising, by_falling) as
-- search_tree_tally(queens, entered, tried, placed, by_row, by_rising,
-- by_falling): at level k = `queens` of the search tree, `entered`
-- placements of k − 1 queens come in (for k = 1, the empty board), each
-- tries the {N} squares of column k (`tried`), `placed` of them take a
-- queen, and the others die on the line they share with the first queen
-- that attacks them (search_tree): a row (RGHT, by_row), a rising
-- diagonal (RGHT-UP, by_rising) or a falling one (RGHT-DN, by_falling);
-- never a column, which holds one queen. So tried = {N} · entered =
-- placed + by_row + by_rising + by_falling, and the entered of level
-- k + 1 are the placed of level k.
select queens,
       cast(count(*) / {N} as integer) as entered,
       count(*) as tried,
       sum(placed) as placed,
       sum(case when mov_dir = 'RGHT' then 1 else 0 end) as by_row,
       sum(case when mov_dir = 'RGHT-UP' then 1 else 0 end) as by_rising,
       sum(case when mov_dir = 'RGHT-DN' then 1 else 0 end) as by_falling
from search_tree
group by queens
order by queens;
