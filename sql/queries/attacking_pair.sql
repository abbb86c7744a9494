-- attacking_pair(a, b, anchor, mov_dir, line_end, wraps): of the squares
-- given in :squares (a JSON array of names), the queens on a and b share
-- the line that starts at anchor, runs in direction mov_dir and ends at
-- line_end: (anchor, mov_dir) ∈ L(a) ∩ L(b); wraps is 1 when the line
-- runs over an edge of the board and comes back at the opposite one (a
-- torus's), else 0. Each pair once, a before b in board
-- order (column, then row); pairs in board order. Two squares of a torus
-- can share two lines (both diagonals, on an even board): the one named
-- is the first of a row, a falling diagonal, a rising one, a knight's
-- move (queries/line_order.sql), as search_tree names it.
--@ from "queries/line_order.sql" import line_before
with
given (square) as (
    {% filter indent(4) %}{% include "queries/given_squares.sql" %}{% endfilter %}
),
queen (square, cl_no, rw_no) as (
    select s.square, s.cl_no, s.rw_no
    from given as g
    join square as s on s.square = g.square
)
select a.square, b.square, la.anchor, la.mov_dir,
       (select s.square                     -- the last square of the line, walking from its anchor
        from square_line as sl
        join square as s on s.square = sl.square
        join square as start on start.square = sl.anchor
        cross join board_size as z
        where sl.anchor = la.anchor and sl.mov_dir = la.mov_dir
        order by (s.cl_no - start.cl_no + z.n) % z.n desc, (s.rw_no - start.rw_no + z.n) % z.n desc
        limit 1) as line_end,
       case when exists (                   -- a square off the straight line from the anchor
        select 1
        from square_line as sl
        join square as s on s.square = sl.square
        join square as start on start.square = sl.anchor
        join mov_dir as d on d.mov_dir = sl.mov_dir
        where sl.anchor = la.anchor and sl.mov_dir = la.mov_dir
          and (s.rw_no - start.rw_no) * d.d_cl <> (s.cl_no - start.cl_no) * d.d_rw)
       then 1 else 0 end as wraps
from queen as a
join queen as b
  on (a.cl_no, a.rw_no) < (b.cl_no, b.rw_no)
join square_line as la on la.square = a.square
join square_line as lb
  on lb.square = b.square
 and lb.anchor = la.anchor
 and lb.mov_dir = la.mov_dir
where not exists (
    -- a line the two share that comes first
    select 1
    from square_line as other_a
    join square_line as other_b
      on other_b.square = b.square
     and other_b.anchor = other_a.anchor
     and other_b.mov_dir = other_a.mov_dir
    where other_a.square = a.square
      and {{ line_before("other_a", "la") }})
order by a.cl_no, a.rw_no, b.cl_no, b.rw_no;
