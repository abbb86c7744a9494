-- search_tree_tally(queens, entered, tried, placed, by_row, by_rising,
-- by_falling{% if SUPERQUEENS %}, by_knight{% endif %}): level k of the backtracking search tree: the placements of
-- k − 1 queens that enter it, the squares of column k they try, those
-- placed, and those killed by a row, a rising and a falling diagonal{% if SUPERQUEENS %}, and a knight's move{% endif %}.
select queens, entered, tried, placed, by_row, by_rising, by_falling{% if SUPERQUEENS %}, by_knight{% endif %}
from search_tree_tally
order by queens
