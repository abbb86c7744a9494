-- Schema 7: the search_tree view (every square the backtracking search
-- tries, placed or killed, and by which line and queen) and its tally by
-- level and by the kind of line that kills, search_tree_tally, are new.
-- fundamental_solution decides each solution as it comes (a solution
-- represents its class when none of its images comes before it), so its
-- first rows come at once. The tables do not change; views are made again
-- by every upgrade, which is all this version needs.
select 7;
