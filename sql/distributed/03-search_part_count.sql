-- search_part_count(part_no, solutions): part part_no of the search
-- (search_part) holds `solutions` solutions, counted by an earlier `queens
-- count` and kept as each run of parts finished, before weighing (the
-- part's weight multiplies it). A count stopped by Ctrl-C, by a worker lost
-- or by the coordinator restarted has kept the counts of the runs it
-- finished, and a count run again searches only the parts that have none.
-- A part's count goes with the part: a rebuild deletes the parts, and so
-- their counts.
--
-- Distributed as search_part is, by part_no and beside it, so that each
-- worker keeps the counts of the parts it holds, in the statement that
-- counts them.
create table search_part_count (
    part_no integer primary key references search_part (part_no) on delete cascade,
    solutions bigint not null check (solutions >= 0)
);
select create_distributed_table('search_part_count', 'part_no', colocate_with => 'search_part');
comment on table search_part_count is
    'Part part_no of the search (search_part) was counted by an earlier queens count as its run of parts finished, and holds as many solutions as the column solutions says; a count stopped part way resumes from these.';
comment on column search_part_count.part_no is 'the part''s number (search_part)';
comment on column search_part_count.solutions is 'how many solutions the part holds, before its weight multiplies them';
