-- Schema 1: the board, its lines, and which squares lie on which lines.
--
-- Every table starts with the sentence (predicate) that each of its rows
-- asserts; SQLite keeps that comment, so `.schema` in sqlite3 shows it too.
-- The rows themselves are derived from board_size by the files in sql/facts/.

create table board_size (
    -- The board has n columns and n rows.
    n integer not null primary key
        check (n between 1 and 26)  -- columns are labelled by the 26 letters a..z
);

-- A board has one size: a second row would make every other fact ambiguous.
-- Every row has the same key, 0, in this index, so it admits one row.
--@ if DUCKDB
-- (DuckDB indexes an expression only when it names a column.)
create unique index board_size_has_one_row on board_size ((n * 0));
--@ else
create unique index board_size_has_one_row on board_size ((0));
--@ endif

create table col_lbl (
    -- Column number cl_no (counted from the left, from 1) is labelled cl.
    cl    text    not null primary key,
    cl_no integer not null unique check (cl_no between 1 and 26),
    check (cl = substr('abcdefghijklmnopqrstuvwxyz', cl_no, 1)),
    unique (cl, cl_no)  -- lets square refer to a label and its number together
);

create table row_lbl (
    -- Row number rw_no (counted from the bottom, from 1) is labelled rw.
    rw    text    not null primary key,
    rw_no integer not null unique check (rw_no between 1 and 26),
    check (rw = cast(rw_no as text)),
    unique (rw, rw_no)
);

create table square (
    -- Square `square` stands in column cl (number cl_no) and row rw (number rw_no);
    -- its name is the column label followed by the row label.
    square text    not null primary key,
    cl     text    not null,
    rw     text    not null,
    cl_no  integer not null,
    rw_no  integer not null,
    check (square = cl || rw),
    unique (cl, rw),
    unique (cl_no, rw_no),
    unique (square, cl_no, rw_no),
    foreign key (cl, cl_no) references col_lbl (cl, cl_no),
    foreign key (rw, rw_no) references row_lbl (rw, rw_no)
);

create table mov_dir (
    -- Moving in direction mov_dir changes the column number by d_cl and the row
    -- number by d_rw. A queen moves along four directions (and their reverses).
    mov_dir text    not null primary key,
    d_cl    integer not null check (d_cl in (0, 1)),
    d_rw    integer not null check (d_rw in (-1, 0, 1)),
    unique (d_cl, d_rw),
    check (d_cl <> 0 or d_rw <> 0)
);

insert into mov_dir (mov_dir, d_cl, d_rw) values
    ('UP',      0,  1),
    ('RGHT',    1,  0),
    ('RGHT-UP', 1,  1),
    ('RGHT-DN', 1, -1);

create table line (
    -- There is a line (a row, a column or a diagonal) that starts at square
    -- anchor and runs in direction mov_dir; anchor has no predecessor on the
    -- board in that direction.
    anchor  text not null references square (square),
    mov_dir text not null references mov_dir (mov_dir),
    primary key (anchor, mov_dir)
);

create table square_line (
    -- Square `square` lies on the line that starts at anchor and runs in
    -- direction mov_dir.
    square  text not null references square (square),
    anchor  text not null,
    mov_dir text not null,
    primary key (square, anchor, mov_dir),
    unique (square, mov_dir),  -- a square lies on exactly one line per direction
    foreign key (anchor, mov_dir) references line (anchor, mov_dir)
);

create index square_line_by_line on square_line (anchor, mov_dir);

create table line_set (
    -- L(square), the set of the four lines through square (which stands in
    -- column cl_no, row rw_no), encoded as a bitset: number the board's lines
    -- 0, 1, 2, …; line number i belongs to L(square) exactly when bit i % 64
    -- of word w<i / 64> is set. Three words hold the 6·26 − 2 = 154 lines of
    -- the largest board. Derived from square_line; it is what lets the
    -- solution view test L(new) ∩ (L(q1) ∪ … ∪ L(qk)) = ∅ with one `&`.
    cl_no  integer not null,
    rw_no  integer not null,
    square text    not null unique,
    w0     bigint  not null,
    w1     bigint  not null,
    w2     bigint  not null,
    primary key (cl_no, rw_no),  -- stored in board order: column, then row
    foreign key (square, cl_no, rw_no) references square (square, cl_no, rw_no)
){% if SQLITE %} without rowid{% endif %};

create table safe_next (
    -- A queen in row prev_rw_no of column cl_no − 1 shares no line with
    -- square `square` (column cl_no, row rw_no) of the next column. The
    -- square's line set w0, w1, w2 is repeated from line_set so that the
    -- search reads one row per step. This is the search space's "never the
    -- row ±1 next to the previous queen", taken all the way: never a square
    -- the previous queen attacks.
    cl_no      integer not null,
    prev_rw_no integer not null,
    rw_no      integer not null,
    square     text    not null,
    w0         bigint  not null,
    w1         bigint  not null,
    w2         bigint  not null,
    primary key (cl_no, prev_rw_no, rw_no),
    foreign key (cl_no, rw_no) references line_set (cl_no, rw_no)
){% if SQLITE %} without rowid{% endif %};
