-- symmetry(symmetry, description): the board's eight symmetries, the
-- identity first, by sym_no.
select symmetry, description
from symmetry
order by sym_no
