-- Schema 2: the symmetries of the board.
--
-- Measure a square from the centre of the board, in half-squares:
-- x = 2·cl_no − (n + 1), y = 2·rw_no − (n + 1). Each of the board's eight
-- symmetries (the rotations and reflections that map the board onto itself)
-- is then a 2×2 matrix of −1, 0 and 1 that does not depend on the size:
-- x' = xx·x + xy·y, y' = yx·x + yy·y.

create table symmetry (
    -- Symmetry `symmetry` (number sym_no; `description` in words) moves the
    -- square at (x, y) to (xx·x + xy·y, yx·x + yy·y).
    symmetry    text    not null primary key,
    sym_no      integer not null unique check (sym_no between 1 and 8),
    description text    not null,
    xx integer not null check (xx in (-1, 0, 1)),
    xy integer not null check (xy in (-1, 0, 1)),
    yx integer not null check (yx in (-1, 0, 1)),
    yy integer not null check (yy in (-1, 0, 1)),
    unique (xx, xy, yx, yy),
    -- each axis goes to an axis: one non-zero entry in each row and column
    check (abs(xx) + abs(xy) = 1 and abs(yx) + abs(yy) = 1 and abs(xx) + abs(yx) = 1)
);

insert into symmetry (symmetry, sym_no, description, xx, xy, yx, yy) values
    ('identity',            1, 'leave the board as it is',                            1,  0,  0,  1),
    ('rotate-90',           2, 'turn the board a quarter turn clockwise',             0,  1, -1,  0),
    ('rotate-180',          3, 'turn the board half a turn',                         -1,  0,  0, -1),
    ('rotate-270',          4, 'turn the board a quarter turn anticlockwise',         0, -1,  1,  0),
    ('mirror-files',        5, 'reflect left to right, column a with the last',      -1,  0,  0,  1),
    ('mirror-ranks',        6, 'reflect top to bottom, row 1 with the last',          1,  0,  0, -1),
    ('mirror-diagonal',     7, 'reflect in the diagonal through a1, columns to rows', 0,  1,  1,  0),
    ('mirror-antidiagonal', 8, 'reflect in the other long diagonal',                  0, -1, -1,  0);

create table square_image (
    -- Symmetry `symmetry` moves square `square` onto square `image`.
    symmetry text not null references symmetry (symmetry),
    square   text not null references square (square),
    image    text not null references square (square),
    primary key (symmetry, square),
    unique (symmetry, image)  -- a symmetry moves no two squares onto one
);
