-- fact_counts(squares, lines, memberships): the board has this many
-- squares, lines and (square, line) memberships: N², 6N − 2 and 4N² for a
-- board of N×N.
select (select count(*) from square) as squares,
       (select count(*) from line) as lines,
       (select count(*) from square_line) as memberships;
