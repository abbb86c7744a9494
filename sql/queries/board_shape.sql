-- board_shape(torus, superqueens, holes): the board wraps round (torus =
-- 1) or not; its queens leap as knights (superqueens = 1: mov_dir holds a
-- knight's move, two squares in the column or the row) or not; and holes
-- names its holes in board order, separated by commas ('' for none).
select coalesce((select torus from board_shape), 0) as torus,
       (select count(*) > 0 from mov_dir where abs(d_cl) > 1 or abs(d_rw) > 1) as superqueens,
       coalesce((select group_concat(square, ',')
                 from (select h.square
                       from hole as h
                       join square as s on s.square = h.square
                       order by s.cl_no, s.rw_no) as in_order), '') as holes
