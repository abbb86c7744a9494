-- part_disagreements(parts, extra_by_two, missing_by_two, extra_by_three,
-- missing_by_three): search_part holds `parts` rows; extra_by_two of its
-- (part_no, s1, s2, s3, weight) are not parts of the search split by the
-- first two queens (PARTITION is partition.sql, s3 NULL), and
-- missing_by_two of those parts are not among its rows; extra_by_three and
-- missing_by_three likewise for the split by the first three (PARTITION3
-- is partition3.sql). fill_search_part.sql fills it with one of the two,
-- as the cluster then was, so one pair is 0 and 0 on an undamaged board;
-- a part deleted or changed would make every count and listing silently
-- short. Repeats count (`except all`), in case its key was dropped.
with stored (part_no, s1, s2, s3, weight) as (
    select part_no, s1, s2, s3, weight from search_part
),
by_two (part_no, s1, s2, s3, weight) as (
    select part_no, s1, s2, cast(null as text), weight
    from (
        {{ PARTITION | indent(8) }}
    ) as p
),
by_three (part_no, s1, s2, s3, weight) as (
    select part_no, s1, s2, s3, weight
    from (
        {{ PARTITION3 | indent(8) }}
    ) as p
)
select (select count(*) from stored) as parts,
       (select count(*) from (select * from stored except all select * from by_two) as d) as extra_by_two,
       (select count(*) from (select * from by_two except all select * from stored) as d) as missing_by_two,
       (select count(*) from (select * from stored except all select * from by_three) as d) as extra_by_three,
       (select count(*) from (select * from by_three except all select * from stored) as d) as missing_by_three;
