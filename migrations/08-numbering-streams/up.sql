-- Schema 8: numbered_solution numbers each solution as SQLite finds it.
-- The numbering is the same explicit order as before (the queens' rows),
-- but SQLite no longer sorts the whole search before the first number:
-- the view joins every column in one step, so SQLite sees that its loops
-- already deliver that order. solution_queen streams over it. The tables do
-- not change; views are made again by every upgrade, which is all this
-- version needs.
select 8;
