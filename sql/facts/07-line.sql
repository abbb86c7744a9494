-- line(anchor, mov_dir): a line runs from square anchor in direction
-- mov_dir.
-- * A queen's step (one square, or none, in each of the column and the
--   row) is taken again and again: on a board that does not wrap round,
--   a line starts at every square that has no predecessor on the board in
--   that direction (stepping back from the anchor by −d_cl, −d_rw leaves
--   the board). On a torus nothing leaves the board: every line is a
--   cycle, anchored where it crosses column a, or row 1 for a column,
--   which never leaves its own column.
-- * A knight's leap (two squares in the column or the row) is taken once:
--   its line is a square and the square it lands on, and starts at every
--   square from which the leap lands on the board, another square (on a
--   torus, coming back at the opposite edge).
insert into line (anchor, mov_dir)
select s.square, d.mov_dir
from square as s
cross join mov_dir as d
cross join board_shape as b
cross join board_size as z
where case
    when abs(d.d_cl) > 1 or abs(d.d_rw) > 1 then          -- a leap
        exists (
            select 1
            from square as landing
            where landing.square <> s.square
              and landing.cl_no = case when b.torus = 1 then (s.cl_no - 1 + d.d_cl) % z.n + 1
                                       else s.cl_no + d.d_cl end
              and landing.rw_no = case when b.torus = 1 then ((s.rw_no - 1 + d.d_rw) % z.n + z.n) % z.n + 1
                                       else s.rw_no + d.d_rw end)
    when b.torus = 1 then                                  -- a cycle
        (d.d_cl = 0 and s.rw_no = 1) or (d.d_cl <> 0 and s.cl_no = 1)
    else not exists (
        select 1
        from square as predecessor
        where predecessor.cl_no = s.cl_no - d.d_cl
          and predecessor.rw_no = s.rw_no - d.d_rw)
end;
