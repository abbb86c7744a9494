-- square_line(square, anchor, mov_dir): walking from each line's anchor in
-- its direction, one step at a time until the walk leaves the board, visits
-- exactly the squares of that line.
insert into square_line (square, anchor, mov_dir)
with recursive walk (anchor, mov_dir, square, cl_no, rw_no) as (
    select l.anchor, l.mov_dir, s.square, s.cl_no, s.rw_no
    from line as l
    join square as s on s.square = l.anchor
    union all
    select w.anchor, w.mov_dir, next.square, next.cl_no, next.rw_no
    from walk as w
    join mov_dir as d on d.mov_dir = w.mov_dir
    join square as next                       -- the walk stops where no square is next
      on next.cl_no = w.cl_no + d.d_cl
     and next.rw_no = w.rw_no + d.d_rw
)
select square, anchor, mov_dir
from walk;
