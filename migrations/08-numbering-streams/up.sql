-- Schema 8: numbered_solution numbers each solution as SQLite finds it.
-- The numbering is the same explicit order as before (the queens' rows),
-- but SQLite no longer sorts the whole search before the first number:
-- the view joins every column in one step, so SQLite sees that its loops
-- already deliver that order. solution_queen streams over it.
--
-- safe_next gains pw0, pw1, pw2: the lines of both squares of the step,
-- L(prev) ∪ L(next), so that the one join tests a later queen against two
-- earlier ones by reading one word. The columns are added (an index of
-- the user's on safe_next stays); every upgrade derives the facts again,
-- which fills them.
alter table safe_next add column pw0 bigint not null default 0;
alter table safe_next add column pw1 bigint not null default 0;
alter table safe_next add column pw2 bigint not null default 0;
select 8;
