-- mov_dir(mov_dir, d_cl, d_rw): the directions the board's pieces move in,
-- each once (its reverse left out). A queen steps along a column (UP), a
-- row (RGHT) and the two diagonals; on a superqueens board (`queens init
-- --superqueens`) a queen also leaps as a knight does: one column right
-- and two rows up or down, or two columns right and one row up or down.
insert into mov_dir (mov_dir, d_cl, d_rw) values
--@ if SUPERQUEENS
    ('RGHT-UP-UP',   1,  2),
    ('RGHT-DN-DN',   1, -2),
    ('RGHT-RGHT-UP', 2,  1),
    ('RGHT-RGHT-DN', 2, -1),
--@ endif
    ('UP',      0,  1),
    ('RGHT',    1,  0),
    ('RGHT-UP', 1,  1),
    ('RGHT-DN', 1, -1);
