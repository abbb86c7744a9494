-- square(square, cl_no, rw_no): every square of the board with its column
-- and row numbers, in board order (column by column, each from row 1 up),
-- the order in which the page lists them.
select square, cl_no, rw_no
from square
order by cl_no, rw_no
