-- count(number): how many symmetries the board has: those of the eight
-- that move every hole onto a hole (square_image; all eight on a board
-- without holes).
select count(distinct symmetry)
from square_image
