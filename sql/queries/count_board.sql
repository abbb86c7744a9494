-- count_line_set(cl_no, rw_no, square, w0, …) and count_safe_next(cl_no,
-- prev_rw_no, rw_no, square, w0, …): the board's line_set and safe_next,
-- with the words the count tests, copied beside last_queens into the
-- count's own tables, so that the connections that count read that one
-- image alone and never the board's file: each of them would otherwise
-- read the board's whole schema, every view, before its first part.
-- Keyed as the board's tables are.
create table {{ LINE_SET }} (
    cl_no  integer not null,
    rw_no  integer not null,
    square text    not null,
--@ for w in range(0, W)
    w{{ w }}     integer not null,
--@ endfor
    primary key (cl_no, rw_no)
) without rowid;
insert into {{ LINE_SET }} (cl_no, rw_no, square{% for w in range(0, W) %}, w{{ w }}{% endfor %})
select cl_no, rw_no, square{% for w in range(0, W) %}, w{{ w }}{% endfor %}
from main.line_set;
create table {{ SAFE_NEXT }} (
    cl_no      integer not null,
    prev_rw_no integer not null,
    rw_no      integer not null,
    square     text    not null,
--@ for w in range(0, W)
    w{{ w }}         integer not null,
--@ endfor
    primary key (cl_no, prev_rw_no, rw_no)
) without rowid;
insert into {{ SAFE_NEXT }} (cl_no, prev_rw_no, rw_no, square{% for w in range(0, W) %}, w{{ w }}{% endfor %})
select cl_no, prev_rw_no, rw_no, square{% for w in range(0, W) %}, w{{ w }}{% endfor %}
from main.safe_next;
