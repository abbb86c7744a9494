-- whole_line_set(cl_no, rw_no, square, w0, …, hole_images) and
-- whole_safe_next(cl_no, prev_rw_no, rw_no, square, w0, …, hole_images):
-- line_set and safe_next of the whole board, this board without its holes
-- (every square, holes too), derived by the facts' own scripts
-- (facts/09-line_set.sql and facts/10-safe_next.sql), with the words the
-- search tests. A count on a board with holes searches the whole board,
-- which keeps the symmetries the count weighs by, and counts each solution
-- it finds once for each of its images that puts no queen on a hole
-- (part_count_by_last_queens.sql). The count's own tables, like
-- last_queens: built once, in memory, in {{ SCRATCH }}, and loaded by each
-- connection that counts.
create table {{ LINE_SET }} (
    cl_no integer not null,
    rw_no integer not null,
    square text not null,
--@ for w in range(0, W)
    w{{ w }} integer not null,
--@ endfor
    hole_images integer not null default 0,
    primary key (cl_no, rw_no)
) without rowid;
{{ WHOLE_LINE_SET }}
create table {{ SAFE_NEXT }} (
    cl_no integer not null,
    prev_rw_no integer not null,
    rw_no integer not null,
    square text not null,
--@ for w in range(0, W)
    w{{ w }} integer not null,
--@ endfor
    hole_images integer not null default 0,
    primary key (cl_no, prev_rw_no, rw_no)
) without rowid;
{{ WHOLE_SAFE_NEXT }}
-- hole_images: the symmetries the count weighs by that move the square,
-- in column c and row r, onto a hole, a bit each: 1 leaving it where it
-- is (the square is a hole), 2 half a turn (to column {{ N + 1 }} − c, row
-- {{ N + 1 }} − r), 4 left to right ({{ N + 1 }} − c, r), 8 upside down (c, {{ N + 1 }} − r).
-- The images are the count's own arithmetic, as its weights are, not read
-- from the symmetry table. (SQLite gives `|` and `<<` one precedence:
-- each bit is in parentheses.)
update {{ LINE_SET }} as s
set hole_images =
    (exists (select 1 from hole as h join square as q on q.square = h.square
             where q.cl_no = s.cl_no and q.rw_no = s.rw_no))
    | (exists (select 1 from hole as h join square as q on q.square = h.square
               where q.cl_no = {{ N + 1 }} - s.cl_no and q.rw_no = {{ N + 1 }} - s.rw_no) << 1)
    | (exists (select 1 from hole as h join square as q on q.square = h.square
               where q.cl_no = {{ N + 1 }} - s.cl_no and q.rw_no = s.rw_no) << 2)
    | (exists (select 1 from hole as h join square as q on q.square = h.square
               where q.cl_no = s.cl_no and q.rw_no = {{ N + 1 }} - s.rw_no) << 3);
update {{ SAFE_NEXT }} as t
set hole_images = (
    select s.hole_images
    from {{ LINE_SET }} as s
    where s.cl_no = t.cl_no and s.rw_no = t.rw_no
);
