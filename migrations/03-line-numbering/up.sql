-- Schema 3: the lines two queens could share are numbered first.
--
-- The tables do not change. What changes is how line_set numbers the
-- board's lines (sql/facts/6-line_set.sql): the columns and the corners'
-- one-square diagonals, which no two queens of the search can share, now
-- come last, and the solution view tests only the words before them. A
-- board whose facts were numbered the old way must have them derived
-- again, which an upgrade to this version does.
select 3;
