-- search_tree_tally(queens, entered, tried, placed, by_row, by_rising,
-- by_falling): the search a column at a time, level by level: the
-- placements that enter column k = queens, the squares tried there, those
-- placed, and those killed by a row, a rising and a falling diagonal.
select queens, entered, tried, placed, by_row, by_rising, by_falling
from search_tree_tally
order by queens
