-- searched_parts(parts): the search split by its first two queens
-- (PARTITION is partition.sql) has `parts` parts that are searched, those
-- of weight 1 or 2; the others are mirror images of searched ones.
select count(*) as parts
from (
    {{ PARTITION | indent(4) }}
) as p
where p.weight > 0;
