-- board_identity(n, torus, superqueens, holes, rows): the board a
-- connection reads, whole: its size n (board_size) and its shape
-- (queries/board_shape.sql), each a number or text. Each connection of a
-- command that searches on several reads it, to be sure that it reads the
-- board the first connection reads: a file replaced between two opens by
-- another board, of the same size or not (a torus, holes, superqueens,
-- more rows), would give another.
select cast(b.n as integer) as n,
       cast(s.torus as integer) as torus,
       cast(s.superqueens as integer) as superqueens,
       s.holes,
       cast(s.rows as integer) as rows
from board_size as b
cross join (
    {% with RECORDS_ROWS = 1 %}{% filter indent(4) %}{% include "queries/board_shape.sql" %}{% endfilter %}{% endwith %}
) as s
