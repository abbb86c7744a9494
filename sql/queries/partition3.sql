-- partition3(s1, s2, s3, weight, part_no): the parts of the search split by
-- the first three queens, for clusters that two would leave idle: one part
-- for each way to place queens in columns a, b and c that do not attack one
-- another. safe_next makes each queen safe from the one before it; the
-- third must also share no line with the first, L(s3) ∩ L(s1) = ∅, tested
-- on the line sets (every word; those a board does not need are 0).
-- weight is partition.sql's, by the rows of the first two queens (the
-- reflection pairs these parts as it pairs those; 1 where it is not the
-- board's); part_no numbers the parts in board order.
select q1.square as s1,
       q2.square as s2,
       q3.square as s3,
       case
           when not exists (select 1 from square_image where symmetry = 'mirror-ranks') then 1
           when 2 * q1.rw_no < b.n + 1 then 2
           when 2 * q1.rw_no > b.n + 1 then 0
           when 2 * q2.rw_no < b.n + 1 then 2
           else 0
       end as weight,
       row_number() over (order by q1.rw_no, q2.rw_no, q3.rw_no) as part_no
from board_rows as b
cross join line_set as q1
cross join safe_next as q2
cross join safe_next as q3
where q1.cl_no = 1
  and q2.cl_no = 2
  and q2.prev_rw_no = q1.rw_no
  and q3.cl_no = 3
  and q3.prev_rw_no = q2.rw_no
--@ for w in range(0, 16)
  and q3.w{{ w }} & q1.w{{ w }} = 0
--@ endfor
order by q1.rw_no, q2.rw_no, q3.rw_no;
