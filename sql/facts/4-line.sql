-- line(anchor, mov_dir): a line starts at every square that has no
-- predecessor on the board in direction mov_dir: stepping back from the
-- anchor (by −d_cl, −d_rw) leaves the board.
insert into line (anchor, mov_dir)
select s.square, d.mov_dir
from square as s
cross join mov_dir as d
where not exists (
    select 1
    from square as predecessor
    where predecessor.cl_no = s.cl_no - d.d_cl
      and predecessor.rw_no = s.rw_no - d.d_rw
);
