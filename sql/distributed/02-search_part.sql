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
-- Its sentence and its columns' meanings, for psql's \d+ and every
-- PostgreSQL tool, as queens gives every other table of the model.
comment on table search_part is
    'Part part_no of the search is the set of solutions whose queens in columns a and b (and c, unless s3 is NULL) stand on s1 and s2 (and s3); it counts weight times towards the number of solutions.';
comment on column search_part.part_no is 'the part''s number, in board order';
comment on column search_part.s1 is 'the square of the queen in column a';
comment on column search_part.s2 is 'the square of the queen in column b';
comment on column search_part.s3 is 'the square of the queen in column c, or NULL when the part is fixed by two queens';
comment on column search_part.weight is 'how many times the part counts towards the number of solutions: 2, 1, or 0 for a mirror image of another part';
