-- square_image(symmetry, square, image): measured from the centre in
-- half-squares (x = 2·cl_no − (n + 1), likewise y), the image of a square
-- under a symmetry is the square at that symmetry's matrix times (x, y).
-- Only the board's own symmetries are kept: those that move every hole
-- onto a hole (all eight on a board without holes; the rows, columns,
-- diagonals, wrapped lines and knight's moves go onto their kind).
insert into square_image (symmetry, square, image)
with centred (square, x, y) as (
    select s.square, 2 * s.cl_no - (b.n + 1), 2 * s.rw_no - (b.n + 1)
    from square as s
    cross join board_size as b
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
    -- the board's symmetries: none moves a hole onto a square a queen
    -- may stand on
    select symmetry
    from symmetry
    where symmetry not in (
        select moved.symmetry
        from hole as h
        join image as moved on moved.square = h.square
        where moved.image not in (select square from hole))
)
select i.symmetry, i.square, i.image
from image as i
join own as o on o.symmetry = i.symmetry;
