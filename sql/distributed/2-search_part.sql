-- search_part(part_no, s1, s2, s3, weight): part part_no of the search is
-- the set of solutions whose queen in column a stands on s1, whose queen in
-- column b stands on s2 and, unless s3 is NULL, whose queen in column c
-- stands on s3; it counts weight times towards the number of solutions.
-- The parts and their weights are those of sql/queries/partition.sql, by
-- the first two queens, or of partition3.sql, by the first three, when two
-- give too few parts to keep every worker busy; numbered in board order.
--
-- This is the one distributed table: Citus spreads its rows over the
-- workers by part_no, and a query that joins each part to the solution
-- view runs on every worker at once, each searching the parts it holds.
-- That a schema has this table is what makes it distributed.
create table search_part (
    part_no integer primary key check (part_no > 0),
    s1 text not null references square (square),
    s2 text not null references square (square),
    s3 text references square (square),
    weight integer not null check (weight in (0, 1, 2))
);
select create_distributed_table('search_part', 'part_no');
