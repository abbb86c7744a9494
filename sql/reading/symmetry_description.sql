-- symmetry_description(description): what the symmetry named :symmetry
-- does to the board, in words (no row for a name that is no symmetry).
select description
from symmetry
where symmetry = {{ param("symmetry") }}
