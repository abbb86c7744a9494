-- square_image(symmetry, square, image): the symmetry moves square onto
-- image.
select symmetry, square, image
from square_image
