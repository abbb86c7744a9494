-- Do two squares attack each other, and on which line?
--
-- The lines that squares a and b share: L(a) ∩ L(b), the intersection of
-- their line sets in square_line. A row with a line names the line along
-- which queens on a and b attack each other; one row without a line means
-- they do not attack (four rows: the same square twice); no row at all
-- means a or b is not a square of this board. `queens check c5 f2` says
-- the same in words.
with
pair (a, b) as (
    select qa.square, qb.square
    from square as qa, square as qb
    where qa.square = lower(trim(:a))
      and qb.square = lower(trim(:b))
),
shared (anchor, mov_dir) as (
    select anchor, mov_dir from square_line where square = (select a from pair)
    intersect
    select anchor, mov_dir from square_line where square = (select b from pair)
)
select p.a, p.b, s.anchor, s.mov_dir
from pair as p
left join shared as s on 1 = 1
