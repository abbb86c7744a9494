-- square_line(square, anchor, mov_dir): walking from each line's anchor in
-- its direction, one step at a time, visits exactly the squares of that
-- line. The walk stops where no square is next (it leaves the board),
-- after one leap (a knight's line is two squares), and where it comes back
-- to its anchor (a torus's line, round the board once).
insert into square_line (square, anchor, mov_dir)
with recursive walk (anchor, mov_dir, square, cl_no, rw_no, steps) as (
    select l.anchor, l.mov_dir, s.square, s.cl_no, s.rw_no, 0
    from line as l
    join square as s on s.square = l.anchor
    union all
    select w.anchor, w.mov_dir, next.square, next.cl_no, next.rw_no, w.steps + 1
    from walk as w
    join mov_dir as d on d.mov_dir = w.mov_dir
    cross join board_shape as b
    cross join board_size as z
    join square as next
      on next.cl_no = case when b.torus = 1 then (w.cl_no - 1 + d.d_cl) % z.n + 1
                           else w.cl_no + d.d_cl end
     and next.rw_no = case when b.torus = 1 then ((w.rw_no - 1 + d.d_rw) % z.n + z.n) % z.n + 1
                           else w.rw_no + d.d_rw end
    where next.square <> w.anchor
      and (w.steps = 0 or (abs(d.d_cl) <= 1 and abs(d.d_rw) <= 1))
)
select square, anchor, mov_dir
from walk;
