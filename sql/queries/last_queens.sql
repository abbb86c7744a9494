-- last_queens(rows, m, last, edge, w0, …): queens stand one per column on
-- the last columns, {{ col(FROM) }} … {{ col(N) }}, and no two of them share a line; rows has
-- bit r set for each row r they stand in, last is the row of the queen in
-- column {{ col(N) }}, and w0, … are the words of the lines they cover
-- (line_set, the bitset form of square_line). edge is the least
-- min(c, {{ N + 1 }} − c) of a queen of row 1 or {{ N }} among them, in column c ({{ N }} if
-- none stands there), and m the least of last − 1, {{ N + 1 }} − last and edge: a
-- part whose first queen stands in row r1 reads only the rows with m ≥ r1
-- (part_count_by_last_queens.sql says why), and c2 the column of its queen
-- in row 2, 0 if none stands there. The count's own table, not
-- the board's: built once, in memory, in {{ SCRATCH }}, a database the
-- command's first reader of the board attaches, whose image each
-- connection that counts loads (part_count_by_last_queens.sql); keyed the way it is looked up, by the
-- rows, then m, with the words beside them in the key, so that one B-tree
-- answers (the path makes each key a placement's own).
--@ if HOLED
-- On a board with holes the queens stand on the whole board, holes too
-- (whole_board.sql), and hole_images gathers theirs; the diagonal does
-- not weigh there, and m is the least of last − 1 and {{ N + 1 }} − last.
--@ endif
create table {{ SCRATCH }}.last_queens (
    rows  integer not null,
    m     integer not null,
    last  integer not null,
--@ if not HOLED
    edge  integer not null,
    c2    integer not null,
--@ endif
--@ for w in range(0, W)
    w{{ w }}    integer not null,
--@ endfor
    path  integer not null,  -- the rows, a hexadecimal digit a queen
--@ if HOLED
    hole_images integer not null,
--@ endif
    primary key (rows, m{% for w in range(0, W) %}, w{{ w }}{% endfor %}, path)
) without rowid;
insert into {{ SCRATCH }}.last_queens (rows, m, last{% if not HOLED %}, edge, c2{% endif %}{% for w in range(0, W) %}, w{{ w }}{% endfor %}, path{% if HOLED %}, hole_images{% endif %})
select rows,
       min(last - 1, {{ N + 1 }} - last{% if not HOLED %}, edge{% endif %}),
       last{% if not HOLED %}, edge, c2{% endif %}{% for w in range(0, W) %}, w{{ w }}{% endfor %}, path{% if HOLED %}, hole_images{% endif %}
from (
    select {% for k in range(FROM, N + 1) %}(1 << q{{ k }}.rw_no){{ " | " if not loop.last else "" }}{% endfor %} as rows,
           q{{ N }}.rw_no as last,
--@ if not HOLED
           min({% for k in range(FROM, N + 1) %}case when q{{ k }}.rw_no in (1, {{ N }}) then {{ [k, N + 1 - k] | min }} else {{ N }} end, {% endfor %}{{ N }}) as edge,
           {% for k in range(FROM, N + 1) %}case when q{{ k }}.rw_no = 2 then {{ k }} else 0 end{{ " + " if not loop.last else "" }}{% endfor %} as c2,
--@ endif
--@ for w in range(0, W)
           {% for k in range(FROM, N + 1) %}q{{ k }}.w{{ w }}{{ " | " if not loop.last else "" }}{% endfor %} as w{{ w }},
--@ endfor
           {% for k in range(FROM, N + 1) %}(q{{ k }}.rw_no << {{ 4 * N - 4 * k }}){{ " | " if not loop.last else "" }}{% endfor %} as path{% if HOLED %},{% endif %}
--@ if HOLED
           {% for k in range(FROM, N + 1) %}q{{ k }}.hole_images{{ " | " if not loop.last else "" }}{% endfor %} as hole_images
--@ endif
    from {{ LINE_SET }} as q{{ FROM }}                  -- queen {{ FROM }} stands in column {{ col(FROM) }}
--@ for k in range(FROM + 1, N + 1)
    cross join {{ SAFE_NEXT }} as q{{ k }}              -- queen {{ k }} stands in column {{ col(k) }}
--@ endfor
    where q{{ FROM }}.cl_no = {{ FROM }}
--@ for k in range(FROM + 1, N + 1)
      and q{{ k }}.cl_no = {{ k }}
      and q{{ k }}.prev_rw_no = q{{ k - 1 }}.rw_no        -- L(s{{ k }}) ∩ L(s{{ k - 1 }}) = ∅
--@ if k > FROM + 1
--@ for w in range(0, W)
      and q{{ k }}.w{{ w }} & ({% for j in range(FROM, k - 2 + 1) %}q{{ j }}.w{{ w }}{{ " | " if not loop.last else "" }}{% endfor %}) = 0
--@ endfor
--@ endif
--@ endfor
) as placement;
