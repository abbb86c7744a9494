-- line_set(cl_no, rw_no, square, w0, …, w15): the line set of every square
-- as a bitset (line i is in L(square) when bit i % 64 of word w<i / 64> is
-- set), in board order: column by column, each from row 1 up, the order in
-- which the search tries them.
select cl_no, rw_no, square{% for w in range(0, 16) %}, w{{ w }}{% endfor %}
from line_set
order by cl_no, rw_no
