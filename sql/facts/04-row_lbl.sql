-- row_lbl(rw, rw_no): row number rw_no is labelled rw, for the board's rows
-- (board_rows):
-- the label is the number written in decimal.
insert into row_lbl (rw, rw_no)
with recursive rw_numbers (rw_no) as (
    select 1
    union all
    select rw_no + 1 from rw_numbers where rw_no < (select n from board_rows)
)
select cast(rw_no as text), rw_no
from rw_numbers;
