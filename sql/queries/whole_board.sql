-- whole_line_set(cl_no, rw_no, square, w0, …, hole_images) and
-- whole_safe_next(cl_no, prev_rw_no, rw_no, square, w0, …, hole_images):
-- line_set and safe_next of the whole board, this board without its holes
-- (every square, holes too), derived by the facts' own scripts
-- (facts/9-line_set.sql and facts/10-safe_next.sql), with the words the
-- search tests. A count on a board with holes searches the whole board,
-- which keeps the symmetries the count weighs by, and counts each solution
-- it finds once for each of its images that puts no queen on a hole
-- (part_count_by_last_queens.sql). The count's own tables, like
-- last_queens: built once, in memory (temp), and loaded by each connection
-- that counts as queens_count.
create temp table whole_line_set (
    cl_no integer not null,
    rw_no integer not null,
    square text not null,
--@for w in 0..W-1
    w{w} integer not null,
--@end
    hole_images integer not null default 0,
    primary key (cl_no, rw_no)
) without rowid;
--@insert WHOLE_LINE_SET
create temp table whole_safe_next (
    cl_no integer not null,
    prev_rw_no integer not null,
    rw_no integer not null,
    square text not null,
--@for w in 0..W-1
    w{w} integer not null,
--@end
    hole_images integer not null default 0,
    primary key (cl_no, prev_rw_no, rw_no)
) without rowid;
--@insert WHOLE_SAFE_NEXT
-- hole_images: the symmetries the count weighs by that move the square onto
-- a hole, a bit each: 1 identity (the square is a hole), 2 rotate-180, 4
-- mirror-files, 8 mirror-ranks. A square's image is found as square_image
-- finds it, by the symmetry's matrix, measured from the centre in
-- half-squares; the whole board keeps all four (the count runs on square
-- boards).
update temp.whole_line_set as s
set hole_images = (
    with weighing (symmetry, bit) as (
        values ('identity', 1), ('rotate-180', 2), ('mirror-files', 4), ('mirror-ranks', 8)
    )
    select coalesce(sum(w.bit), 0)
    from weighing as w
    join symmetry as g on g.symmetry = w.symmetry
    cross join board_size as b
    cross join hole as h
    join square as q on q.square = h.square
    where 2 * q.cl_no - (b.n + 1) = g.xx * (2 * s.cl_no - (b.n + 1)) + g.xy * (2 * s.rw_no - (b.n + 1))
      and 2 * q.rw_no - (b.n + 1) = g.yx * (2 * s.cl_no - (b.n + 1)) + g.yy * (2 * s.rw_no - (b.n + 1))
);
update temp.whole_safe_next as t
set hole_images = (
    select s.hole_images
    from temp.whole_line_set as s
    where s.cl_no = t.cl_no and s.rw_no = t.rw_no
);
