-- board_shape(torus, superqueens, holes, rows): the board wraps round (torus =
-- 1) or not; its queens leap as knights (superqueens = 1: mov_dir holds a
-- knight's move, two squares in the column or the row) or not; and holes
-- names its holes in board order (by column letter, then row number, read
-- from the names: a reader needs no more than these three tables),
-- separated by commas ('' for none); rows is the number of its rows where
-- it has more than columns (a rectangle), else 0 (and 0 in a database of a
-- schema before board_rows, RECORDS_ROWS = 0).
select coalesce((select torus from board_shape), 0) as torus,
       (select count(*) > 0 from mov_dir where abs(d_cl) > 1 or abs(d_rw) > 1) as superqueens,
--@ if POSTGRES
       coalesce((select string_agg(square, ',' order by substr(square, 1, 1),
                                   cast(substr(square, 2) as integer))
                 from hole), '') as holes,
--@ else
       coalesce((select group_concat(square, ',')
                 from (select square
                       from hole
                       order by substr(square, 1, 1),
                                cast(substr(square, 2) as integer)) as in_order), '') as holes,
--@ endif
--@ if RECORDS_ROWS
       coalesce((select r.n from board_rows as r
                 where r.n > (select max(b.n) from board_size as b)), 0) as rows
--@ else
       0 as rows
--@ endif
