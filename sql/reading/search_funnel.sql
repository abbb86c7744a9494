-- search_funnel(queens, by_candidate_rule, by_placement_rule): for k = 0 …
-- N, the ways to put queens in columns 1 … k by the candidate rule (NULL
-- beyond 64 bits) and by the placement rule (no two on one line).
select queens, by_candidate_rule, by_placement_rule
from search_funnel
