-- Do two squares attack each other, and on which line?
--
-- The lines that squares a and b share: L(a) ∩ L(b), the intersection of
-- their line sets in square_line. One row names the line along which queens
-- on a and b attack each other; no row means they do not (four rows: the
-- same square twice). `queens check c5 f2` says the same in words.
select anchor, mov_dir
from square_line
where square = lower(trim(:a))
intersect
select anchor, mov_dir
from square_line
where square = lower(trim(:b))
