-- square(square, cl, rw, cl_no, rw_no): every column meets every row in one
-- square, named by the column label followed by the row label (c5, a10).
insert into square (square, cl, rw, cl_no, rw_no)
select c.cl || r.rw, c.cl, r.rw, c.cl_no, r.rw_no
from col_lbl as c
cross join row_lbl as r;
