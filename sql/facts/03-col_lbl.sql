-- col_lbl(cl, cl_no): column number cl_no is labelled cl, for the board's
-- n columns: 1 is a, 2 is b, …
insert into col_lbl (cl, cl_no)
with recursive cl_numbers (cl_no) as (
    select 1
    union all
    select cl_no + 1 from cl_numbers where cl_no < (select n from board_size)
)
select substr('abcdefghijklmnopqrstuvwxyz', cl_no, 1), cl_no
from cl_numbers;
