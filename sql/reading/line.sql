-- line(anchor, mov_dir): every line of the board, in the order the seed
-- lists a square's lines: the rows (RGHT), the columns (UP), then the
-- rising (RGHT-UP) and the falling (RGHT-DN) diagonals; the lines of each
-- kind by their anchor, in board order.
select l.anchor, l.mov_dir
from line as l
join mov_dir as d on d.mov_dir = l.mov_dir
join square as a on a.square = l.anchor
order by d.d_cl + abs(d.d_rw), d.d_cl desc, d.d_rw desc, a.cl_no, a.rw_no
