-- board_shape(torus): the board wraps round, or not, as it was asked for
-- (`queens init --torus`).
insert into board_shape (torus) values ({{ TORUS }});
