-- Schema 7: the search_tree view (every square the backtracking search
-- tries, placed or killed, and by which line and queen) and its tally by
-- level and by the kind of line that kills, search_tree_tally, are new.
-- The tables do not change; views are made again by every upgrade, which
-- is all this version needs.
select 7;
