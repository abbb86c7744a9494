-- square_line(square, anchor, mov_dir): square lies on the line that
-- starts at anchor and runs in direction mov_dir (four lines a square).
-- In the order that names one of the lines two squares share, where they
-- share more than one (the order of attacking_pair and search_tree): the
-- first of a square's lines that another square lies on too is the one
-- they name.
--@ from "queries/line_order.sql" import line_order
select sl.square, sl.anchor, sl.mov_dir
from square_line as sl
order by {{ line_order("sl") }}, sl.square
