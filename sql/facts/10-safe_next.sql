-- safe_next(cl_no, prev_rw_no, rw_no, square, w0, …, w15): a square of one
-- column and a square of the column before it are a safe step when their
-- line sets do not meet: L(prev) ∩ L(next) = ∅, asked of square_line.
--@ if WHOLE
-- (Written here for a count on a board with holes, as if it had none: the
-- safe steps between every two squares, holes too, in {{ SAFE_NEXT }}; see
-- sql/queries/whole_board.sql.)
--@ endif
insert into {{ SAFE_NEXT }} (cl_no, prev_rw_no, rw_no, square{% for w in range(0, WORDS) %}, w{{ w }}{% endfor %})
select next.cl_no, prev.rw_no, next.rw_no, next.square{% for w in range(0, WORDS) %}, next.w{{ w }}{% endfor %}
from {{ LINE_SET }} as prev
join {{ LINE_SET }} as next on next.cl_no = prev.cl_no + 1
where not exists (
    select anchor, mov_dir from square_line where square = prev.square
    intersect
    select anchor, mov_dir from square_line where square = next.square
);
