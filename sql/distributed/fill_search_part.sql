-- The parts of this board's search, from partition.sql, as search_part's
-- rows (on a rebuild, after the old board's parts were deleted).
insert into search_part (s1, s2, weight, part_no)
