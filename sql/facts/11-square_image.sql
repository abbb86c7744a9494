-- square_image(symmetry, square, image): measured from the centre in
-- half-squares (x = 2·cl_no − (columns + 1), y = 2·rw_no − (rows + 1)),
-- the image of a square under a symmetry is the square at that symmetry's
-- matrix times (x, y). Only the board's own symmetries are kept: those
-- that move every square onto a square (on a rectangle, the four that do
-- not turn it a quarter or reflect it in a diagonal) and every hole onto a
-- hole (all eight on a square board without holes; the rows, columns,
-- diagonals, wrapped lines and knight's moves go onto their kind).
insert into square_image (symmetry, square, image)
with centred (square, x, y) as (
    select s.square, 2 * s.cl_no - (b.n + 1), 2 * s.rw_no - (r.n + 1)
    from square as s
    cross join board_size as b
    cross join board_rows as r
),
image (symmetry, square, image) as (
    select g.symmetry, s.square, t.square
    from symmetry as g
    cross join centred as s
    join centred as t
      on t.x = g.xx * s.x + g.xy * s.y
     and t.y = g.yx * s.x + g.yy * s.y
),
own (symmetry) as (
    -- the board's symmetries: each square has an image, and none moves a
    -- hole onto a square a queen may stand on
    select symmetry
    from image
    group by symmetry
    having count(*) = (select count(*) from square)
       and symmetry not in (
        select moved.symmetry
        from hole as h
        join image as moved on moved.square = h.square
        where moved.image not in (select square from hole))
)
select i.symmetry, i.square, i.image
from image as i
join own as o on o.symmetry = i.symmetry;
