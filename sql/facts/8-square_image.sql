-- square_image(symmetry, square, image): measured from the centre in
-- half-squares (x = 2·cl_no − (n + 1), likewise y), the image of a square
-- under a symmetry is the square at that symmetry's matrix times (x, y).
insert into square_image (symmetry, square, image)
with centred (square, x, y) as (
    select s.square, 2 * s.cl_no - (b.n + 1), 2 * s.rw_no - (b.n + 1)
    from square as s
    cross join board_size as b
)
select g.symmetry, s.square, t.square
from symmetry as g
cross join centred as s
join centred as t
  on t.x = g.xx * s.x + g.xy * s.y
 and t.y = g.yx * s.x + g.yy * s.y;
