-- The parts of this board's search as search_part's rows (on a rebuild,
-- after the old board's parts were deleted): by the first two queens
-- (PARTS is partition.sql), or, when two give too few parts to keep every
-- worker busy, by the first three (PARTS is partition3.sql, BY_THREE = 1).
--@ if BY_THREE
insert into search_part (s1, s2, s3, weight, part_no)
--@ else
insert into search_part (s1, s2, weight, part_no)
--@ endif
{{ PARTS }}
;
