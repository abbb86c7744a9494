-- search_space(step, reasoning, calculation, search_space, about): the
-- reasoning table, step by step; search_space is exact where it fits in 64
-- bits (else NULL) and about the view's own estimate, in words.
select step, reasoning, calculation, search_space, about
from search_space
