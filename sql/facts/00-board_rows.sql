-- board_rows(n): the board has as many rows as it has columns
-- (board_size), or the rows asked for, more than that, on a rectangle
-- (`queens init --size 4x6`: four columns, and four queens, on six rows).
insert into board_rows (n)
select case when {{ ROWS }} > 0 then {{ ROWS }} else n end
from board_size;
