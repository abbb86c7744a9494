-- safe_next(cl_no, prev_rw_no, rw_no, square, w0, w1, w2, pw0, pw1, pw2): a
-- square of one column and a square of the column before it are a safe
-- step when their line sets do not meet: L(prev) ∩ L(next) = ∅, asked of
-- square_line. w0, w1, w2 are L(next); pw0, pw1, pw2 are the lines of
-- both, L(prev) ∪ L(next), which numbered_solution tests a later queen
-- against in one word where it would read two.
insert into safe_next (cl_no, prev_rw_no, rw_no, square, w0, w1, w2, pw0, pw1, pw2)
select next.cl_no, prev.rw_no, next.rw_no, next.square, next.w0, next.w1, next.w2,
       prev.w0 | next.w0, prev.w1 | next.w1, prev.w2 | next.w2
from line_set as prev
join line_set as next on next.cl_no = prev.cl_no + 1
where not exists (
    select anchor, mov_dir from square_line where square = prev.square
    intersect
    select anchor, mov_dir from square_line where square = next.square
);
