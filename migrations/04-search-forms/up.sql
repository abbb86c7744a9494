-- Schema 4: the solution view takes new forms.
--
-- The tables do not change. The solution view hands its rows over in board
-- order as it finds them on SQLite (no final sort, so every SQLite from
-- 3.37 on gives the first rows at once), numbered_solution numbers them as
-- they come, and on PostgreSQL the view searches breadth-first, one column
-- per step of a recursive query, over half the board and its mirror image.
-- Views are made again by every upgrade, which is all this version needs.
select 4;
