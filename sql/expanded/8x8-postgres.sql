-- The SQL of queens for the 8×8 board, expanded for Postgres from the
-- templates of sql/ and migrations/ (src/model/schema.rs, `expansion`).
-- Generated: a test compares it with a fresh expansion.

-- ==== migration 1 ====
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
create unique index board_size_has_one_row on board_size ((0));

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
);

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
);

-- ==== migration 2 ====
-- Schema 2: the symmetries of the board.
--
-- Measure a square from the centre of the board, in half-squares:
-- x = 2·cl_no − (n + 1), y = 2·rw_no − (n + 1). Each of the board's eight
-- symmetries (the rotations and reflections that map the board onto itself)
-- is then a 2×2 matrix of −1, 0 and 1 that does not depend on the size:
-- x' = xx·x + xy·y, y' = yx·x + yy·y.

create table symmetry (
    -- Symmetry `symmetry` (number sym_no; `description` in words) moves the
    -- square at (x, y) to (xx·x + xy·y, yx·x + yy·y).
    symmetry    text    not null primary key,
    sym_no      integer not null unique check (sym_no between 1 and 8),
    description text    not null,
    xx integer not null check (xx in (-1, 0, 1)),
    xy integer not null check (xy in (-1, 0, 1)),
    yx integer not null check (yx in (-1, 0, 1)),
    yy integer not null check (yy in (-1, 0, 1)),
    unique (xx, xy, yx, yy),
    -- each axis goes to an axis: one non-zero entry in each row and column
    check (abs(xx) + abs(xy) = 1 and abs(yx) + abs(yy) = 1 and abs(xx) + abs(yx) = 1)
);

insert into symmetry (symmetry, sym_no, description, xx, xy, yx, yy) values
    ('identity',            1, 'leave the board as it is',                            1,  0,  0,  1),
    ('rotate-90',           2, 'turn the board a quarter turn clockwise',             0,  1, -1,  0),
    ('rotate-180',          3, 'turn the board half a turn',                         -1,  0,  0, -1),
    ('rotate-270',          4, 'turn the board a quarter turn anticlockwise',         0, -1,  1,  0),
    ('mirror-files',        5, 'reflect left to right, column a with the last',      -1,  0,  0,  1),
    ('mirror-ranks',        6, 'reflect top to bottom, row 1 with the last',          1,  0,  0, -1),
    ('mirror-diagonal',     7, 'reflect in the diagonal through a1, columns to rows', 0,  1,  1,  0),
    ('mirror-antidiagonal', 8, 'reflect in the other long diagonal',                  0, -1, -1,  0);

create table square_image (
    -- Symmetry `symmetry` moves square `square` onto square `image`.
    symmetry text not null references symmetry (symmetry),
    square   text not null references square (square),
    image    text not null references square (square),
    primary key (symmetry, square),
    unique (symmetry, image)  -- a symmetry moves no two squares onto one
);

-- ==== migration 9 ====
-- Schema 9: a board's facts and views follow their text.
--
-- Versions count table changes. Schemas 3 to 8 changed no table: each only
-- had every older board derive its facts or views again. Now a board
-- records the checksum of the SQL text its facts and views were derived
-- from, and a queens whose text differs derives them again (`queens
-- init`), as a repeatable migration is applied again when its checksum
-- changes. A file of schema 3 to 8 has the tables of schema 2; its
-- numbers stay taken, so that such a file is upgraded from where it is.
-- The record of what a board's facts and views were derived from: made by
-- migration 9 (where a table of that name of the user's stops the upgrade),
-- and made again by a rebuild where it is missing (REMADE).
create table queens_derived (
    -- The facts and views of this board were derived from SQL text whose
    -- SHA-256 is `checksum`.
    checksum text not null check (length(checksum) = 64)
);

-- ==== migration 10 ====
-- Schema 10: other boards. The board's shape becomes facts: whether it
-- wraps round (board_shape), the squares no queen may stand on (hole), and
-- the pieces' moves, a knight's among them on a superqueens board
-- (mov_dir, now filled with the board like the other facts). A knight's
-- move is a line of two squares, so a square lies on two lines of one
-- knight's direction (square_line loses `unique (square, mov_dir)`), and
-- the lines of a board no longer fit in three words (line_set and
-- safe_next hold sixteen). Those three tables are derived again with the
-- board, so they are made again empty. Every name made here is new: one
-- of the user's already there stops the upgrade, naming it (nothing of
-- theirs is taken over as queens').
create table board_shape (
    -- The board wraps round when torus is 1: a line that leaves it at one
    -- edge comes back at the opposite edge, so every row, column and
    -- diagonal is a cycle of n squares. It does not when torus is 0.
    torus integer not null check (torus in (0, 1))
);

-- One shape per board, as board_size holds one size.
create unique index board_shape_has_one_row on board_shape ((0));

create table hole (
    -- No queen may stand on square `square`; the lines through it go on
    -- across it.
    square text not null primary key references square (square)
);

-- (The checks keep the names PostgreSQL gave schema 1's.)
alter table mov_dir
    drop constraint mov_dir_d_cl_check,
    drop constraint mov_dir_d_rw_check,
    drop constraint mov_dir_check;
alter table mov_dir
    add constraint mov_dir_d_cl_check check (d_cl in (0, 1, 2)),
    add constraint mov_dir_d_rw_check check (d_rw between -2 and 2),
    add constraint mov_dir_check check (d_cl <> 0 or d_rw > 0),
    add constraint mov_dir_step_or_leap
        check ((abs(d_cl) <= 1 and abs(d_rw) <= 1) or abs(d_cl) + abs(d_rw) = 3);
alter table square_line drop constraint square_line_square_mov_dir_key;
-- A square lies on exactly one line of each of a queen's directions.
create unique index square_line_one_a_step on square_line (square, mov_dir)
    where mov_dir in ('UP', 'RGHT', 'RGHT-UP', 'RGHT-DN');
alter table line_set
    add column w3 bigint not null default 0,
    add column w4 bigint not null default 0,
    add column w5 bigint not null default 0,
    add column w6 bigint not null default 0,
    add column w7 bigint not null default 0,
    add column w8 bigint not null default 0,
    add column w9 bigint not null default 0,
    add column w10 bigint not null default 0,
    add column w11 bigint not null default 0,
    add column w12 bigint not null default 0,
    add column w13 bigint not null default 0,
    add column w14 bigint not null default 0,
    add column w15 bigint not null default 0
;
alter table safe_next
    add column w3 bigint not null default 0,
    add column w4 bigint not null default 0,
    add column w5 bigint not null default 0,
    add column w6 bigint not null default 0,
    add column w7 bigint not null default 0,
    add column w8 bigint not null default 0,
    add column w9 bigint not null default 0,
    add column w10 bigint not null default 0,
    add column w11 bigint not null default 0,
    add column w12 bigint not null default 0,
    add column w13 bigint not null default 0,
    add column w14 bigint not null default 0,
    add column w15 bigint not null default 0
;
-- The directions are the board's now (sql/facts/02-mov_dir.sql), derived
-- with it: a file without a board yet (a new one) has none. A board's stay
-- until it is derived again: on PostgreSQL, in this transaction, which
-- empties them first.
delete from safe_next;
delete from line_set;
delete from square_line;
delete from line;
delete from mov_dir;

-- ==== migration 11 ====
-- Schema 11: rectangles. A board may have more rows than columns, with a
-- queen in each column (`queens init --size 4x6`): board_rows holds its
-- rows, and board_size's n is then the number of its columns (and of the
-- queens). Its names are new: one of the user's already there stops the
-- upgrade, naming it.
create table board_rows (
    -- The board has n rows: as many as it has columns (board_size), or
    -- more on a rectangle.
    n integer not null primary key
        check (n between 1 and 26)  -- rows are labelled 1..26
);

-- One number of rows per board, as board_size holds one size.
create unique index board_rows_has_one_row on board_rows ((0));

-- A board derived before this schema is square, until it is derived again.
insert into board_rows (n)
select n from board_size
where not exists (select 1 from board_rows);

-- ==== the facts of board_rows ====
-- board_rows(n): the board has as many rows as it has columns
-- (board_size), or the rows asked for, more than that, on a rectangle
-- (`queens init --size 4x6`: four columns, and four queens, on six rows).
insert into board_rows (n)
select case when 0 > 0 then 0 else n end
from board_size;

-- ==== the facts of board_shape ====
-- board_shape(torus): the board wraps round, or not, as it was asked for
-- (`queens init --torus`).
insert into board_shape (torus) values (0);

-- ==== the facts of mov_dir ====
-- mov_dir(mov_dir, d_cl, d_rw): the directions the board's pieces move in,
-- each once (its reverse left out). A queen steps along a column (UP), a
-- row (RGHT) and the two diagonals; on a superqueens board (`queens init
-- --superqueens`) a queen also leaps as a knight does: one column right
-- and two rows up or down, or two columns right and one row up or down.
insert into mov_dir (mov_dir, d_cl, d_rw) values
    ('UP',      0,  1),
    ('RGHT',    1,  0),
    ('RGHT-UP', 1,  1),
    ('RGHT-DN', 1, -1);

-- ==== the facts of col_lbl ====
-- col_lbl(cl, cl_no): column number cl_no is labelled cl, for the board's
-- n columns: 1 is a, 2 is b, …
insert into col_lbl (cl, cl_no)
with recursive cl_numbers (cl_no) as (
    select 1
    union all
    select cl_no + 1 from cl_numbers where cl_no < (select n from board_size)
)
select substr('abcdefghijklmnopqrstuvwxyz', cl_no, 1), cl_no
from cl_numbers;

-- ==== the facts of row_lbl ====
-- row_lbl(rw, rw_no): row number rw_no is labelled rw, for the board's rows
-- (board_rows):
-- the label is the number written in decimal.
insert into row_lbl (rw, rw_no)
with recursive rw_numbers (rw_no) as (
    select 1
    union all
    select rw_no + 1 from rw_numbers where rw_no < (select n from board_rows)
)
select cast(rw_no as text), rw_no
from rw_numbers;

-- ==== the facts of square ====
-- square(square, cl, rw, cl_no, rw_no): every column meets every row in one
-- square, named by the column label followed by the row label (c5, a10).
insert into square (square, cl, rw, cl_no, rw_no)
select c.cl || r.rw, c.cl, r.rw, c.cl_no, r.rw_no
from col_lbl as c
cross join row_lbl as r;

-- ==== the facts of hole ====
-- hole(square): no queen may stand on the squares named (`queens init
-- --holes a4,d5`); none, unless some are named. (No square's name is
-- empty: '' only begins the list.)
insert into hole (square)
select square
from square
where square in (
    ''
);

-- ==== the facts of line ====
-- line(anchor, mov_dir): a line runs from square anchor in direction
-- mov_dir.
-- * A queen's step (one square, or none, in each of the column and the
--   row) is taken again and again: on a board that does not wrap round,
--   a line starts at every square that has no predecessor on the board in
--   that direction (stepping back from the anchor by −d_cl, −d_rw leaves
--   the board). On a torus nothing leaves the board: every line is a
--   cycle, anchored where it crosses column a, or row 1 for a column,
--   which never leaves its own column.
-- * A knight's leap (two squares in the column or the row) is taken once:
--   its line is a square and the square it lands on, and starts at every
--   square from which the leap lands on the board, another square (on a
--   torus, coming back at the opposite edge).
insert into line (anchor, mov_dir)
select s.square, d.mov_dir
from square as s
cross join mov_dir as d
cross join board_shape as b
cross join board_size as z
where case
    when abs(d.d_cl) > 1 or abs(d.d_rw) > 1 then          -- a leap
        exists (
            select 1
            from square as landing
            where landing.square <> s.square
              and landing.cl_no = case when b.torus = 1 then (s.cl_no - 1 + d.d_cl) % z.n + 1
                                       else s.cl_no + d.d_cl end
              and landing.rw_no = case when b.torus = 1 then ((s.rw_no - 1 + d.d_rw) % z.n + z.n) % z.n + 1
                                       else s.rw_no + d.d_rw end)
    when b.torus = 1 then                                  -- a cycle
        (d.d_cl = 0 and s.rw_no = 1) or (d.d_cl <> 0 and s.cl_no = 1)
    else not exists (
        select 1
        from square as predecessor
        where predecessor.cl_no = s.cl_no - d.d_cl
          and predecessor.rw_no = s.rw_no - d.d_rw)
end;

-- ==== the facts of square_line ====
-- square_line(square, anchor, mov_dir): walking from each line's anchor in
-- its direction, one step at a time, visits exactly the squares of that
-- line. The walk stops where no square is next (it leaves the board),
-- after one leap (a knight's line is two squares), and where it comes back
-- to its anchor (a torus's line, round the board once).
insert into square_line (square, anchor, mov_dir)
with recursive walk (anchor, mov_dir, square, cl_no, rw_no, steps) as (
    select l.anchor, l.mov_dir, s.square, s.cl_no, s.rw_no, 0
    from line as l
    join square as s on s.square = l.anchor
    union all
    select w.anchor, w.mov_dir, next.square, next.cl_no, next.rw_no, w.steps + 1
    from walk as w
    join mov_dir as d on d.mov_dir = w.mov_dir
    cross join board_shape as b
    cross join board_size as z
    join square as next
      on next.cl_no = case when b.torus = 1 then (w.cl_no - 1 + d.d_cl) % z.n + 1
                           else w.cl_no + d.d_cl end
     and next.rw_no = case when b.torus = 1 then ((w.rw_no - 1 + d.d_rw) % z.n + z.n) % z.n + 1
                           else w.rw_no + d.d_rw end
    where next.square <> w.anchor
      and (w.steps = 0 or (abs(d.d_cl) <= 1 and abs(d.d_rw) <= 1))
)
select square, anchor, mov_dir
from walk;

-- ==== the facts of line_set ====
-- line_set(cl_no, rw_no, square, w0, …, w15): the lines of the board are
-- numbered 0, 1, 2, …: first those two queens placed one per column could
-- share, by direction, then anchor; last the columns (which such queens
-- never share) and the lines of one square (the corners' diagonals, which
-- no two queens can share). The solution view tests only the words that
-- hold the first ones (schema::search_words). The line set of a square a
-- queen may stand on (no hole) has bit i % 64 of word w<i / 64> set for
-- each line number i the square lies on (square_line). A square lies on
-- distinct lines, so the sum of their bits is their bitwise union (bit 63
-- is the sign bit of a 64-bit integer; the sum stays in range).
insert into line_set (cl_no, rw_no, square, w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12, w13, w14, w15)
with line_length (anchor, mov_dir, squares) as (
    select anchor, mov_dir, count(*)
    from square_line
    group by anchor, mov_dir
),
numbered_line (anchor, mov_dir, line_no) as (
    select anchor, mov_dir,
           row_number() over (order by mov_dir = 'UP' or squares = 1, mov_dir, anchor) - 1
    from line_length
)
select s.cl_no, s.rw_no, s.square,
       cast(sum(case when nl.line_no / 64 = 0 then cast(1 as bigint) << cast(nl.line_no % 64 as integer) else 0 end) as bigint),
       cast(sum(case when nl.line_no / 64 = 1 then cast(1 as bigint) << cast(nl.line_no % 64 as integer) else 0 end) as bigint),
       cast(sum(case when nl.line_no / 64 = 2 then cast(1 as bigint) << cast(nl.line_no % 64 as integer) else 0 end) as bigint),
       cast(sum(case when nl.line_no / 64 = 3 then cast(1 as bigint) << cast(nl.line_no % 64 as integer) else 0 end) as bigint),
       cast(sum(case when nl.line_no / 64 = 4 then cast(1 as bigint) << cast(nl.line_no % 64 as integer) else 0 end) as bigint),
       cast(sum(case when nl.line_no / 64 = 5 then cast(1 as bigint) << cast(nl.line_no % 64 as integer) else 0 end) as bigint),
       cast(sum(case when nl.line_no / 64 = 6 then cast(1 as bigint) << cast(nl.line_no % 64 as integer) else 0 end) as bigint),
       cast(sum(case when nl.line_no / 64 = 7 then cast(1 as bigint) << cast(nl.line_no % 64 as integer) else 0 end) as bigint),
       cast(sum(case when nl.line_no / 64 = 8 then cast(1 as bigint) << cast(nl.line_no % 64 as integer) else 0 end) as bigint),
       cast(sum(case when nl.line_no / 64 = 9 then cast(1 as bigint) << cast(nl.line_no % 64 as integer) else 0 end) as bigint),
       cast(sum(case when nl.line_no / 64 = 10 then cast(1 as bigint) << cast(nl.line_no % 64 as integer) else 0 end) as bigint),
       cast(sum(case when nl.line_no / 64 = 11 then cast(1 as bigint) << cast(nl.line_no % 64 as integer) else 0 end) as bigint),
       cast(sum(case when nl.line_no / 64 = 12 then cast(1 as bigint) << cast(nl.line_no % 64 as integer) else 0 end) as bigint),
       cast(sum(case when nl.line_no / 64 = 13 then cast(1 as bigint) << cast(nl.line_no % 64 as integer) else 0 end) as bigint),
       cast(sum(case when nl.line_no / 64 = 14 then cast(1 as bigint) << cast(nl.line_no % 64 as integer) else 0 end) as bigint),
       cast(sum(case when nl.line_no / 64 = 15 then cast(1 as bigint) << cast(nl.line_no % 64 as integer) else 0 end) as bigint)
from square as s
join square_line as sl on sl.square = s.square
join numbered_line as nl on nl.anchor = sl.anchor and nl.mov_dir = sl.mov_dir
where s.square not in (select square from hole)     -- no queen stands on a hole
group by s.square, s.cl_no, s.rw_no;

-- ==== the facts of safe_next ====
-- safe_next(cl_no, prev_rw_no, rw_no, square, w0, …, w15): a square of one
-- column and a square of the column before it are a safe step when their
-- line sets do not meet: L(prev) ∩ L(next) = ∅, asked of square_line.
insert into safe_next (cl_no, prev_rw_no, rw_no, square, w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12, w13, w14, w15)
select next.cl_no, prev.rw_no, next.rw_no, next.square, next.w0, next.w1, next.w2, next.w3, next.w4, next.w5, next.w6, next.w7, next.w8, next.w9, next.w10, next.w11, next.w12, next.w13, next.w14, next.w15
from line_set as prev
join line_set as next on next.cl_no = prev.cl_no + 1
where not exists (
    select anchor, mov_dir from square_line where square = prev.square
    intersect
    select anchor, mov_dir from square_line where square = next.square
);

-- ==== the facts of square_image ====
-- square_image(symmetry, square, image): measured from the centre in
-- half-squares (x = 2·cl_no − (columns + 1), y = 2·rw_no − (rows + 1)),
-- the image of a square under a symmetry is the square at that symmetry's
-- matrix times (x, y). Only the board's own symmetries are kept: those
-- that move every square onto a square (on a rectangle, the four that do
-- not turn it a quarter or reflect it in a diagonal) and every hole onto a
-- hole (all eight on a square board without holes; the rows, columns,
-- diagonals, wrapped lines and knight's moves go onto their kind).
insert into square_image (symmetry, square, image)
with centred (square, x, y) as (
    select s.square, 2 * s.cl_no - (b.n + 1), 2 * s.rw_no - (r.n + 1)
    from square as s
    cross join board_size as b
    cross join board_rows as r
),
image (symmetry, square, image) as (
    select g.symmetry, s.square, t.square
    from symmetry as g
    cross join centred as s
    join centred as t
      on t.x = g.xx * s.x + g.xy * s.y
     and t.y = g.yx * s.x + g.yy * s.y
),
own (symmetry) as (
    -- the board's symmetries: each square has an image, and none moves a
    -- hole onto a square a queen may stand on
    select symmetry
    from image
    group by symmetry
    having count(*) = (select count(*) from square)
       and symmetry not in (
        select moved.symmetry
        from hole as h
        join image as moved on moved.square = h.square
        where moved.image not in (select square from hole))
)
select i.symmetry, i.square, i.image
from image as i
join own as o on o.symmetry = i.symmetry;

-- ==== view candidate ====
create view candidate (s1, s2, s3, s4, s5, s6, s7, s8) as
-- candidate(s1, …, s8): queen k stands on square s_k of column k (one queen
-- per column), no two queens share a row, and no queen stands in a row next
-- to the row of the queen in the column before it (those two would share a
-- diagonal). The reduced search space: the placement rule is tested on these
-- rows only (solution_by_definition). The squares are line_set's, those a
-- queen may stand on: every square but the holes (hole).
select
    q1.square as s1,
    q2.square as s2,
    q3.square as s3,
    q4.square as s4,
    q5.square as s5,
    q6.square as s6,
    q7.square as s7,
    q8.square as s8
from line_set as q1              -- queen 1 stands in column a
join line_set as q2              -- queen 2 stands in column b
  on q2.cl_no = 2
 and q2.rw_no not in (q1.rw_no)    -- in a row no earlier queen uses
 and abs(q2.rw_no - q1.rw_no) > 1    -- and not beside queen 1's row
join line_set as q3              -- queen 3 stands in column c
  on q3.cl_no = 3
 and q3.rw_no not in (q1.rw_no, q2.rw_no)    -- in a row no earlier queen uses
 and abs(q3.rw_no - q2.rw_no) > 1    -- and not beside queen 2's row
join line_set as q4              -- queen 4 stands in column d
  on q4.cl_no = 4
 and q4.rw_no not in (q1.rw_no, q2.rw_no, q3.rw_no)    -- in a row no earlier queen uses
 and abs(q4.rw_no - q3.rw_no) > 1    -- and not beside queen 3's row
join line_set as q5              -- queen 5 stands in column e
  on q5.cl_no = 5
 and q5.rw_no not in (q1.rw_no, q2.rw_no, q3.rw_no, q4.rw_no)    -- in a row no earlier queen uses
 and abs(q5.rw_no - q4.rw_no) > 1    -- and not beside queen 4's row
join line_set as q6              -- queen 6 stands in column f
  on q6.cl_no = 6
 and q6.rw_no not in (q1.rw_no, q2.rw_no, q3.rw_no, q4.rw_no, q5.rw_no)    -- in a row no earlier queen uses
 and abs(q6.rw_no - q5.rw_no) > 1    -- and not beside queen 5's row
join line_set as q7              -- queen 7 stands in column g
  on q7.cl_no = 7
 and q7.rw_no not in (q1.rw_no, q2.rw_no, q3.rw_no, q4.rw_no, q5.rw_no, q6.rw_no)    -- in a row no earlier queen uses
 and abs(q7.rw_no - q6.rw_no) > 1    -- and not beside queen 6's row
join line_set as q8              -- queen 8 stands in column h
  on q8.cl_no = 8
 and q8.rw_no not in (q1.rw_no, q2.rw_no, q3.rw_no, q4.rw_no, q5.rw_no, q6.rw_no, q7.rw_no)    -- in a row no earlier queen uses
 and abs(q8.rw_no - q7.rw_no) > 1    -- and not beside queen 7's row
where q1.cl_no = 1;

-- ==== view solution_by_definition ====
create view solution_by_definition (s1, s2, s3, s4, s5, s6, s7, s8) as
-- solution_by_definition(s1, …, s8): the candidate placement s1, …, s8
-- in which no queen shares a line with a queen placed before it. With L(s) the
-- set of lines through square s (from square_line), queen k may stand on s_k
-- only if
--     L(s_k) ∩ (L(s_1) ∪ … ∪ L(s_(k-1))) = ∅
-- This view says exactly that, one NOT EXISTS … INTERSECT per queen; `solution`
-- computes the same rows fast. Rows come in board order (row numbers of s1,
-- s2, …; a square's row number is its name after the column letter).
select
    c.s1,
    c.s2,
    c.s3,
    c.s4,
    c.s5,
    c.s6,
    c.s7,
    c.s8
from candidate as c
where true
  -- queen 2: L(s2) ∩ (L(s1)) = ∅
  and not exists (
        select anchor, mov_dir from square_line where square in (c.s1)
        intersect
        select anchor, mov_dir from square_line where square = c.s2)
  -- queen 3: L(s3) ∩ (L(s1) ∪ L(s2)) = ∅
  and not exists (
        select anchor, mov_dir from square_line where square in (c.s1, c.s2)
        intersect
        select anchor, mov_dir from square_line where square = c.s3)
  -- queen 4: L(s4) ∩ (L(s1) ∪ L(s2) ∪ L(s3)) = ∅
  and not exists (
        select anchor, mov_dir from square_line where square in (c.s1, c.s2, c.s3)
        intersect
        select anchor, mov_dir from square_line where square = c.s4)
  -- queen 5: L(s5) ∩ (L(s1) ∪ L(s2) ∪ L(s3) ∪ L(s4)) = ∅
  and not exists (
        select anchor, mov_dir from square_line where square in (c.s1, c.s2, c.s3, c.s4)
        intersect
        select anchor, mov_dir from square_line where square = c.s5)
  -- queen 6: L(s6) ∩ (L(s1) ∪ L(s2) ∪ L(s3) ∪ L(s4) ∪ L(s5)) = ∅
  and not exists (
        select anchor, mov_dir from square_line where square in (c.s1, c.s2, c.s3, c.s4, c.s5)
        intersect
        select anchor, mov_dir from square_line where square = c.s6)
  -- queen 7: L(s7) ∩ (L(s1) ∪ L(s2) ∪ L(s3) ∪ L(s4) ∪ L(s5) ∪ L(s6)) = ∅
  and not exists (
        select anchor, mov_dir from square_line where square in (c.s1, c.s2, c.s3, c.s4, c.s5, c.s6)
        intersect
        select anchor, mov_dir from square_line where square = c.s7)
  -- queen 8: L(s8) ∩ (L(s1) ∪ L(s2) ∪ L(s3) ∪ L(s4) ∪ L(s5) ∪ L(s6) ∪ L(s7)) = ∅
  and not exists (
        select anchor, mov_dir from square_line where square in (c.s1, c.s2, c.s3, c.s4, c.s5, c.s6, c.s7)
        intersect
        select anchor, mov_dir from square_line where square = c.s8)
order by
    cast(substr(c.s1, 2) as integer),
    cast(substr(c.s2, 2) as integer),
    cast(substr(c.s3, 2) as integer),
    cast(substr(c.s4, 2) as integer),
    cast(substr(c.s5, 2) as integer),
    cast(substr(c.s6, 2) as integer),
    cast(substr(c.s7, 2) as integer),
    cast(substr(c.s8, 2) as integer);

-- ==== view solution ====
create view solution (s1, s2, s3, s4, s5, s6, s7, s8) as
-- solution(s1, …, s8): queen k stands on square s_k of column k and no
-- queen shares a line with a queen placed before it:
--     L(s_k) ∩ (L(s_1) ∪ … ∪ L(s_(k-1))) = ∅ for every k.
-- The same rows as solution_by_definition, found fast. The union on the
-- right is the set of lines already covered when queen k comes,
-- U_(k-1); each queen adds its own lines, U_k = U_(k-1) ∪ L(s_k).
-- On PostgreSQL the search goes breadth-first, one column per step of a
-- recursive query, a form PostgreSQL plans well with the settings every
-- server has:
-- * placed(k, r, u0, …, path): the first k queens stand on the rows
--   written in path, no two of them share a line, queen k stands in row r,
--   and u0, … are the words of U_k, the lines they cover (line_set is the
--   bitset form of square_line, in which ∪ is `|`, ∩ is `&`, ∅ is 0).
-- * Each step places queen k + 1 on a square that safe_next offers next to
--   queen k and whose lines U_k does not hold, and adds its lines to U_k.
-- * path writes the rows as one number, a hexadecimal digit a queen (rows
--   3, 1, 4 are 0x314; a board of up to 15 rows fits in 64 bits). Sorting by
--   path sorts in board order.
-- * Mirror symmetry halves the work: turning the board over, row r to row
--   9 − r, maps solutions to solutions. The search starts queen 1 in
--   the lower half of column a only (and queen 2 in the lower half when
--   queen 1 stands in the middle row of an odd board); every other
--   solution is the mirror image of one found, whose path, digit by digit,
--   is 9 − r: 0x11111111 · 9 − path.
with recursive
placed (k, r, u0, path) as (
    select 1, q.rw_no, q.w0, q.rw_no::bigint
    from line_set as q                            -- queen 1 in column a
    where q.cl_no = 1 and 2 * q.rw_no <= 9    -- in the lower half
  union all
    select p.k + 1, s.rw_no, p.u0 | s.w0, p.path * 16 + s.rw_no
    from placed as p
    join safe_next as s                           -- L(s_(k+1)) ∩ L(s_k) = ∅
      on s.cl_no = p.k + 1 and s.prev_rw_no = p.r
    where p.k < 8
      and s.w0 & p.u0 = 0                       -- L(s_(k+1)) ∩ U_k = ∅
      -- queen 1 in the middle row of an odd board: queen 2 in the lower half
      and not (p.k = 1 and 2 * p.r = 9 and 2 * s.rw_no > 9)
),
half (path) as (
    select path from placed where k = 8
),
every (path) as (
    select path from half
    union all
    select x'11111111'::bigint * 9 - path from half   -- the mirror images
)
-- queen k's row is the k-th hexadecimal digit of path
select
    'a' || (path >> 28 & 15),
    'b' || (path >> 24 & 15),
    'c' || (path >> 20 & 15),
    'd' || (path >> 16 & 15),
    'e' || (path >> 12 & 15),
    'f' || (path >> 8 & 15),
    'g' || (path >> 4 & 15),
    'h' || (path >> 0 & 15)
from every
order by path;

-- ==== view search_space ====
create view search_space (step, reasoning, calculation, search_space, about) as
-- search_space(step, reasoning, calculation, search_space, about): after
-- reasoning step `step`, described by `reasoning`, the queens can still be
-- placed in `search_space` ways, which is `calculation`, about `about`
-- (in scientific notation from a million up, 1.78E+14, the exponent in
-- two digits or more, as `queens space` writes numbers above a billion).
-- Each step keeps only placements that the steps before it keep, and the
-- last is the answer. `search_space` is exact while it fits in a 64-bit
-- integer and NULL beyond; `about` is always there.
--
-- Nothing is listed to count: the first four steps are products (the
-- second by Pascal's rule, below), and the
-- fifth, the permutations of N with no two neighbours differing by 1 (the
-- rows of `candidate`), is Hertzsprung's problem, OEIS A002464, counted by
-- its recurrence a(k) = (k+1)·a(k−1) − (k−2)·a(k−2) − (k−5)·a(k−3) +
-- (k−3)·a(k−4), from a(0) = a(1) = 1, a(2) = a(3) = 0.
with recursive
size (n, squares) as (
    select n, n * n from board_size
),
-- Every count is carried twice: exactly, as a 64-bit integer, while the
-- step to it cannot overflow (the double beside it says), and as a double
-- for its size.
product (i, falling, falling_d, factorial, factorial_d, power, power_d) as (
    -- after i factors: N²·(N²−1)·…·(N²−i+1), i!, and N^i
    select 0,
           cast(1 as bigint), cast(1 as double precision),
           cast(1 as bigint), cast(1 as double precision),
           cast(1 as bigint), cast(1 as double precision)
    union all
    select i + 1,
           case when falling_d * (squares - i) < 9.22e18 then falling * (squares - i) end,
           falling_d * (squares - i),
           case when factorial_d * (i + 1) < 9.22e18 then factorial * (i + 1) end,
           factorial_d * (i + 1),
           case when power_d * n < 9.22e18 then power * n end,
           power_d * n
    from product cross join size
    where i < n
),
-- pascal(m, c0, …, c8, d0, …, d8): c_k = C(m, k), the ways to choose k of
-- m squares, by Pascal's rule C(m + 1, k) = C(m, k) + C(m, k − 1), which
-- only adds (a quotient of factorials would need an exact division, which
-- not every SQL engine does on integers).
pascal (m, c0, c1, c2, c3, c4, c5, c6, c7, c8, d0, d1, d2, d3, d4, d5, d6, d7, d8) as (
    select 0,
           cast(1 as bigint), cast(0 as bigint), cast(0 as bigint), cast(0 as bigint), cast(0 as bigint), cast(0 as bigint), cast(0 as bigint), cast(0 as bigint), cast(0 as bigint),
           cast(1 as double precision), cast(0 as double precision), cast(0 as double precision), cast(0 as double precision), cast(0 as double precision), cast(0 as double precision), cast(0 as double precision), cast(0 as double precision), cast(0 as double precision)
    union all
    select m + 1,
           c0,
           case when d1 + d0 < 9.22e18 then c1 + c0 end,
           case when d2 + d1 < 9.22e18 then c2 + c1 end,
           case when d3 + d2 < 9.22e18 then c3 + c2 end,
           case when d4 + d3 < 9.22e18 then c4 + c3 end,
           case when d5 + d4 < 9.22e18 then c5 + c4 end,
           case when d6 + d5 < 9.22e18 then c6 + c5 end,
           case when d7 + d6 < 9.22e18 then c7 + c6 end,
           case when d8 + d7 < 9.22e18 then c8 + c7 end,
           d0,
           d1 + d0, d2 + d1, d3 + d2, d4 + d3, d5 + d4, d6 + d5, d7 + d6, d8 + d7
    from pascal cross join size
    where m < squares
),
-- hertzsprung(k, a, b, c, d, …): a = a(k), b = a(k−1), c = a(k−2), d = a(k−3)
hertzsprung (k, a, b, c, d, a_d, b_d, c_d, d_d) as (
    select 3,
           cast(0 as bigint), cast(0 as bigint), cast(1 as bigint), cast(1 as bigint),
           cast(0 as double precision), cast(0 as double precision),
           cast(1 as double precision), cast(1 as double precision)
    union all
    select k + 1,
           case when (k + 2) * a_d + (k - 1) * b_d + abs(k - 4) * c_d + (k - 2) * d_d < 9.22e18
                then (k + 2) * a - (k - 1) * b - (k - 4) * c + (k - 2) * d end,
           a, b, c,
           (k + 2) * a_d - (k - 1) * b_d - (k - 4) * c_d + (k - 2) * d_d,
           a_d, b_d, c_d
    from hertzsprung cross join size
    where k < n
),
-- a(n), also for the boards too small for the recurrence to start.
candidates (exact, approximately) as (
    select case z.n when 0 then h.d when 1 then h.c when 2 then h.b else h.a end,
           case z.n when 0 then h.d_d when 1 then h.c_d when 2 then h.b_d else h.a_d end
    from size as z
    cross join hertzsprung as h
    where h.k = case when z.n > 3 then z.n else 3 end
),
steps (step, reasoning, calculation, exact, approximately) as (
    select 1, 'Permute N of the N² squares',
           cast(z.squares as text) || '! / (' || cast(z.squares as text) || ' - ' || cast(z.n as text) || ')!',
           p.falling, p.falling_d
    from size as z cross join product as p
    where p.i = z.n
    union all
    select 2, 'Choose N of the N² squares',
           cast(z.squares as text) || '! / (' || cast(z.n as text) || '! x (' || cast(z.squares as text) || ' - ' || cast(z.n as text) || ')!)',
           p.c8, p.d8
    from size as z cross join pascal as p
    where p.m = z.squares
    union all
    select 3, 'One queen per column',
           cast(z.n as text) || '^' || cast(z.n as text),
           p.power, p.power_d
    from size as z cross join product as p
    where p.i = z.n
    union all
    select 4, 'One per column, distinct rows',
           cast(z.n as text) || '!',
           p.factorial, p.factorial_d
    from size as z cross join product as p
    where p.i = z.n
    union all
    select 5, 'One per column, distinct rows, not row ±1 of the previous queen (the rows of candidate)',
           'A002464(' || cast(z.n as text) || '), by its recurrence',
           c.exact, c.approximately
    from size as z cross join candidates as c
    union all
-- Counted where the search takes about a second or less in the sqlite3
-- shell (12×12: 0.8 s); it grows about sixfold a size (13×13: 5 s).
    select 6, 'No two queens share a line: the solutions',
           'count(*) from solution',
           count(*), cast(count(*) as double precision)
    from solution
),
-- 10^e for the exponents the largest board needs (676!/650! < 10^74).
ten (e, power) as (
    select 0, cast(1 as double precision)
    union all
    select e + 1, power * 10 from ten where e < 80
),
-- The leading digit, two decimals and the exponent of each count from a
-- million up, in hundredths: 1.78E+14 is (178, 14).
scientific (step, hundredths, e) as (
    select s.step,
           cast(round(s.approximately / t.power * 100) as bigint),
           t.e
    from steps as s
    join ten as t
      on t.power <= s.approximately and s.approximately < t.power * 10
    where s.approximately >= 1e6
),
-- 9.996E+14 rounds to 10.00E+14, which is 1.00E+15.
normalised (step, hundredths, e) as (
    select step,
           case when hundredths >= 1000 then cast((hundredths - hundredths % 10) / 10 as bigint) else hundredths end,
           case when hundredths >= 1000 then e + 1 else e end
    from scientific
)
select s.step, s.reasoning, s.calculation, s.exact,
       case
           when s.approximately is null then null
           when m.step is null then cast(s.exact as text)
           else cast(cast((m.hundredths - m.hundredths % 100) / 100 as bigint) as text) || '.'
                || case when m.hundredths % 100 < 10 then '0' else '' end
                || cast(m.hundredths % 100 as text) || 'E+'
                || case when m.e < 10 then '0' else '' end || cast(m.e as text)
       end
from steps as s
left join normalised as m on m.step = s.step
order by s.step;

-- ==== view numbered_solution ====
create view numbered_solution (solution_no, s1, s2, s3, s4, s5, s6, s7, s8) as
-- numbered_solution(solution_no, s1, …, s8): the solution s1, …, s8 is
-- the solution_no-th in board order (by the row numbers of s1, s2, …).
-- `queens show K` draws solution K.
-- Numbered by an explicit order: PostgreSQL's solution view sorts anyway.
select
    row_number() over (order by p1.rw_no, p2.rw_no, p3.rw_no, p4.rw_no, p5.rw_no, p6.rw_no, p7.rw_no, p8.rw_no) as solution_no,
    s.s1 as s1,
    s.s2 as s2,
    s.s3 as s3,
    s.s4 as s4,
    s.s5 as s5,
    s.s6 as s6,
    s.s7 as s7,
    s.s8 as s8
from solution as s
join square as p1 on p1.square = s.s1
join square as p2 on p2.square = s.s2
join square as p3 on p3.square = s.s3
join square as p4 on p4.square = s.s4
join square as p5 on p5.square = s.s5
join square as p6 on p6.square = s.s6
join square as p7 on p7.square = s.s7
join square as p8 on p8.square = s.s8
order by 1;

-- ==== view solution_queen ====
create view solution_queen (solution_no, square) as
-- solution_queen(solution_no, square): solution number solution_no has a
-- queen on square `square`. The solutions as sets of squares, one row per
-- queen, for questions about squares rather than columns.
select n.solution_no as solution_no,
       case c.cl_no
           when 1 then n.s1
           when 2 then n.s2
           when 3 then n.s3
           when 4 then n.s4
           when 5 then n.s5
           when 6 then n.s6
           when 7 then n.s7
           when 8 then n.s8
       end as square
from numbered_solution as n
cross join col_lbl as c
order by n.solution_no, c.cl_no;

-- ==== view solution_class ====
create view solution_class (solution_no, s1, s2, s3, s4, s5, s6, s7, s8, class_no, class_size, representative_no, symmetry) as
-- solution_class(solution_no, s1, …, s8, class_no, class_size,
-- representative_no, symmetry): solution solution_no (queens on s1, …, s8)
-- belongs to class class_no, whose class_size solutions are the images of one
-- another under the board's symmetries. The class is represented by its
-- smallest member in board order, solution representative_no, and
-- `symmetry` moves solution_no onto it (the first such, by sym_no).
-- PostgreSQL numbers the solutions by sorting them all, so the classes
-- are found in one part, over every solution.
with
numbered2 as materialized (
    -- the solutions, searched (or read from the store) once for all below
    select * from numbered_solution
),
queen2 (solution_no, square) as (
    -- the solutions as sets of squares, one row per queen (solution_queen)
    select n.solution_no,
           case c.cl_no
               when 1 then n.s1
               when 2 then n.s2
               when 3 then n.s3
               when 4 then n.s4
               when 5 then n.s5
               when 6 then n.s6
               when 7 then n.s7
               when 8 then n.s8
           end
    from numbered2 as n
    cross join col_lbl as c
),
image2 (solution_no, symmetry, sym_no, rw1, rw2, rw3, rw4, rw5, rw6, rw7, rw8) as (
    -- solution_no moved by `symmetry`: the row of its queen in each column
    select q.solution_no, g.symmetry, g.sym_no,
           max(case when t.cl_no = 1 then t.rw_no end),
           max(case when t.cl_no = 2 then t.rw_no end),
           max(case when t.cl_no = 3 then t.rw_no end),
           max(case when t.cl_no = 4 then t.rw_no end),
           max(case when t.cl_no = 5 then t.rw_no end),
           max(case when t.cl_no = 6 then t.rw_no end),
           max(case when t.cl_no = 7 then t.rw_no end),
           max(case when t.cl_no = 8 then t.rw_no end)
    from queen2 as q
    join square_image as i on i.square = q.square
    join symmetry as g on g.symmetry = i.symmetry
    join square as t on t.square = i.image
    group by q.solution_no, g.symmetry, g.sym_no
),
ranked_image2 as (
    -- the images of each solution from smallest to largest in board order
    select image2.*,
           row_number() over (partition by solution_no
                              order by rw1, rw2, rw3, rw4, rw5, rw6, rw7, rw8, sym_no) as place
    from image2
),
smallest_image2 as (
    -- each solution's smallest image in board order and the first symmetry
    -- that moves it there
    select solution_no, symmetry, rw1, rw2, rw3, rw4, rw5, rw6, rw7, rw8
    from ranked_image2
    where place = 1
),
representative2 as (
    -- two solutions are in one class exactly when their smallest images
    -- agree; the smallest image is itself a member, the smallest one
    -- (every member is here, so the class's size is a count: cheaper than
    -- part 1's symmetries over movers, 3 ms of 35 at 9×9)
    select solution_no, symmetry,
           count(*) over (partition by rw1, rw2, rw3, rw4, rw5, rw6, rw7, rw8) as class_size,
           min(solution_no) over (partition by rw1, rw2, rw3, rw4, rw5, rw6, rw7, rw8) as representative_no
    from smallest_image2
),
numbered_class2 (solution_no, class_no, class_size, representative_no, symmetry) as (
    -- the classes numbered in the order of their representatives. Each
    -- solution is one row already: the grouping is there because SQLite
    -- indexes a grouping's result for the join below, but not a window's,
    -- which it would scan whole for every solution (2.7 s against 6.6 s for
    -- the 14,200 rows of 12×12)
    select solution_no,
           max(class_no), max(class_size), max(representative_no), max(symmetry)
    from (
        select representative2.*,
               dense_rank() over (order by representative_no) as class_no
        from representative2
    ) as ranked
    group by solution_no
),
classed2 as (
    -- each solution of the part with its class
    select n.solution_no as solution_no,
           n.s1 as s1, n.s2 as s2, n.s3 as s3, n.s4 as s4, n.s5 as s5, n.s6 as s6, n.s7 as s7, n.s8 as s8,
           m.class_no as class_no,
           m.class_size as class_size,
           m.representative_no as representative_no,
           m.symmetry as symmetry
    from numbered2 as n
    join numbered_class2 as m on m.solution_no = n.solution_no
)
select * from classed2
order by solution_no;

-- ==== view fundamental_solution ====
create view fundamental_solution (s1, s2, s3, s4, s5, s6, s7, s8, class_size) as
-- fundamental_solution(s1, …, s8, class_size): s1, …, s8 is the
-- representative of a class of solutions (its smallest member in board
-- order), and the board's symmetries make class_size solutions of it (8, 4
-- or 2, or 1 on the 1×1 board). Listed in board order, as `solution`
-- hands its rows over.
-- A class is the solution's images under the symmetries, so each solution
-- decides alone, as it comes, whether it represents its class: it does
-- when none of its images comes before it in board order (compared as the
-- sequences of their queens' rows, column by column), and its class has
-- as many members as there are symmetries over those that leave it in
-- place. No solution waits for another: the first rows come at once.
-- Each queen's row is looked up once (p1, …), and each image is made by
-- looking up where each symmetry moves each queen (square_image by its
-- key), not by reading the whole of square_image for every solution.
select s.s1, s.s2, s.s3, s.s4, s.s5, s.s6, s.s7, s.s8,
       cast((select count(distinct symmetry) from square_image) / (
           -- the symmetries that leave the solution where it is
           select count(*)
           from (
               select 1
               from symmetry as g
               cross join col_lbl as c
               cross join square_image as si
               join square as m on m.square = si.image
               where si.symmetry = g.symmetry
                 and si.square = case c.cl_no
                                     when 1 then s.s1
                                     when 2 then s.s2
                                     when 3 then s.s3
                                     when 4 then s.s4
                                     when 5 then s.s5
                                     when 6 then s.s6
                                     when 7 then s.s7
                                     when 8 then s.s8
                                 end
               group by g.symmetry
               having (max(case when m.cl_no = 1 then m.rw_no end), max(case when m.cl_no = 2 then m.rw_no end), max(case when m.cl_no = 3 then m.rw_no end), max(case when m.cl_no = 4 then m.rw_no end), max(case when m.cl_no = 5 then m.rw_no end), max(case when m.cl_no = 6 then m.rw_no end), max(case when m.cl_no = 7 then m.rw_no end), max(case when m.cl_no = 8 then m.rw_no end))
                    = (p1.rw_no, p2.rw_no, p3.rw_no, p4.rw_no, p5.rw_no, p6.rw_no, p7.rw_no, p8.rw_no)
           ) as in_place
       ) as integer) as class_size
from solution as s
cross join square as p1                 -- queen 1's row, p1.rw_no
cross join square as p2                 -- queen 2's row, p2.rw_no
cross join square as p3                 -- queen 3's row, p3.rw_no
cross join square as p4                 -- queen 4's row, p4.rw_no
cross join square as p5                 -- queen 5's row, p5.rw_no
cross join square as p6                 -- queen 6's row, p6.rw_no
cross join square as p7                 -- queen 7's row, p7.rw_no
cross join square as p8                 -- queen 8's row, p8.rw_no
where p1.square = s.s1
  and p2.square = s.s2
  and p3.square = s.s3
  and p4.square = s.s4
  and p5.square = s.s5
  and p6.square = s.s6
  and p7.square = s.s7
  and p8.square = s.s8
  and not exists (
    -- an image of the solution (its queens' rows in each column, moved by
    -- one symmetry) that comes before it in board order
    select 1
    from symmetry as g
    cross join col_lbl as c
    cross join square_image as si
    join square as m on m.square = si.image
    where si.symmetry = g.symmetry
      and si.square = case c.cl_no
                          when 1 then s.s1
                          when 2 then s.s2
                          when 3 then s.s3
                          when 4 then s.s4
                          when 5 then s.s5
                          when 6 then s.s6
                          when 7 then s.s7
                          when 8 then s.s8
                      end
    group by g.symmetry
    having (max(case when m.cl_no = 1 then m.rw_no end), max(case when m.cl_no = 2 then m.rw_no end), max(case when m.cl_no = 3 then m.rw_no end), max(case when m.cl_no = 4 then m.rw_no end), max(case when m.cl_no = 5 then m.rw_no end), max(case when m.cl_no = 6 then m.rw_no end), max(case when m.cl_no = 7 then m.rw_no end), max(case when m.cl_no = 8 then m.rw_no end))
         < (p1.rw_no, p2.rw_no, p3.rw_no, p4.rw_no, p5.rw_no, p6.rw_no, p7.rw_no, p8.rw_no)
)
-- (PostgreSQL may join the rows of square by hashing, which keeps no
-- order: it sorts the representatives)
order by p1.rw_no, p2.rw_no, p3.rw_no, p4.rw_no, p5.rw_no, p6.rw_no, p7.rw_no, p8.rw_no;

-- ==== view stored_solution ====
create view stored_solution (solution_no, s1, s2, s3, s4, s5, s6, s7, s8) as
-- stored_solution(solution_no, s1, …, s8): solution solution_no, queens
-- on s1, …, s8, is stored in this database (`queens init --materialize`
-- keeps them all, numbered in board order), so that reading it needs no
-- search. Empty while nothing is stored; `solution` always searches.
select cast(null as integer) as solution_no, cast(null as text) as s1, cast(null as text) as s2, cast(null as text) as s3, cast(null as text) as s4, cast(null as text) as s5, cast(null as text) as s6, cast(null as text) as s7, cast(null as text) as s8
where 1 = 0;

-- ==== view search_funnel ====
create view search_funnel (queens, by_candidate_rule, by_placement_rule) as
-- search_funnel(queens, by_candidate_rule, by_placement_rule): `queens`
-- queens can stand in columns 1 … `queens`, one in each,
-- * in by_candidate_rule ways on different rows, none on the row ±1 of the
--   previous column's queen (the rule of `candidate`), and
-- * in by_placement_rule ways with no two of them on one line (the rule of
--   `solution`: L(s_k) ∩ (L(s_1) ∪ … ∪ L(s_(k−1))) = ∅ for every k).
-- The funnel of the search, column by column: the last row is the number
-- of candidates, A002464(N), and the number of solutions. The second rule
-- kills most of what the first lets through from about the fourth column
-- on. by_placement_rule is OEIS A319284, the nodes of the search tree at
-- each depth. by_candidate_rule is exact while it fits in a 64-bit integer
-- (up to 19×19 in every row), NULL beyond, and NULL on a board with holes,
-- where `candidate` leaves the holes out and this count does not, and on
-- a rectangle, whose rows this count does not know.
with recursive
-- level(k, two_to_k): k = 0 … N, and 2^k.
level (k, two_to_k) as (
    select 0 as k, cast(1 as bigint) as two_to_k
    union all
    select k + 1, two_to_k * 2 from level where k < 8
),
--
-- By the placement rule: a search, breadth-first, one column a step.
-- placed(k, r, weight, u0, …): k queens stand in columns 1 … k, no two on
-- one line, queen k in row r, and u0, … are the words of the lines they
-- cover, U_k (line_set and safe_next as in the solution view). Turning
-- the board over (row r to row N + 1 − r) maps placements to placements,
-- so queen 1 starts in the lower half only and each placement found
-- stands for itself and its mirror image (weight 2); queen 1 in the middle
-- row of an odd board is its own mirror image (weight 1). Where turning
-- the board over is not one of its symmetries (square_image: its holes
-- are not mirrored), queen 1 starts in every row, each counted once.
mirrored (yes) as (
    select count(*) > 0 from square_image where symmetry = 'mirror-ranks'
),
placed (k, r, weight, u0) as (
    select 1 as k, q.rw_no as r,
           case when 2 * q.rw_no = 9 or not m.yes then 1 else 2 end as weight,
           q.w0 as u0
    from line_set as q
    cross join mirrored as m
    where q.cl_no = 1 and (2 * q.rw_no <= 9 or not m.yes)
  union all
    select p.k + 1, s.rw_no, p.weight, p.u0 | s.w0
    from placed as p
    join safe_next as s                      -- L(s_(k+1)) ∩ L(s_k) = ∅
      on s.cl_no = p.k + 1 and s.prev_rw_no = p.r
    where p.k < 8
      and s.w0 & p.u0 = 0                  -- L(s_(k+1)) ∩ U_k = ∅
),
by_placement (k, ways) as (
    select 0 as k, cast(1 as bigint) as ways   -- no queen yet: one way
    union all
    select p.k, cast(sum(p.weight) as bigint) from placed as p group by p.k
),
--
-- By the candidate rule: counted, not listed (63,779,034 rows at the
-- bottom of 12×12). Rows in different columns that differ by 1 are the
-- forbidden pairs; inclusion–exclusion over which of the k − 1 pairs of
-- neighbouring columns break the rule:
--   by_candidate_rule(k) = Σ over b = 1 … k of
--       (−1)^(k−b) · (N−k+b)! / (N−k)! · runs(k, b).
-- Choosing k − b of the pairs to break the rule glues the k columns into b
-- runs of neighbouring columns; a run of two or more columns stands on
-- consecutive rows, upwards or downwards (2 ways), and the b runs take
-- different rows: glue each run's rows into one, and they are b of
-- N − k + b rows, in order, (N−k+b)! / (N−k)! ways. runs(k, b) counts the
-- gluings, each run of two or more counted twice: with i such runs,
-- C(b, i) places for them among the b runs, C(k−b−1, i−1) ways to share
-- the k − b extra columns among them, 2^i directions.
--
-- pascal(m, c0, …, c8): c_j = C(m, j), by Pascal's rule (only additions:
-- an exact integer division is not something every engine reading this
-- file does).
pascal (m, c0, c1, c2, c3, c4, c5, c6, c7, c8) as (
    select 0 as m, cast(1 as bigint) as c0, cast(0 as bigint) as c1, cast(0 as bigint) as c2, cast(0 as bigint) as c3, cast(0 as bigint) as c4, cast(0 as bigint) as c5, cast(0 as bigint) as c6, cast(0 as bigint) as c7, cast(0 as bigint) as c8
    union all
    select m + 1, c0, c1 + c0, c2 + c1, c3 + c2, c4 + c3, c5 + c4, c6 + c5, c7 + c6, c8 + c7
    from pascal
    where m < 8
),
binomial (m, j, c) as (
    select p.m as m, l.k as j, case l.k when 0 then c0 when 1 then c1 when 2 then c2 when 3 then c3 when 4 then c4 when 5 then c5 when 6 then c6 when 7 then c7 when 8 then c8 end as c
    from pascal as p
    cross join level as l
    where l.k <= p.m
),
runs (k, b, ways) as (
    select l.k as k, l.k as b, cast(1 as bigint) as ways   -- no pair glued: k runs of one
    from level as l
    where l.k >= 1
    union all
    select queens.k, parts.k, long.c * two.two_to_k * extra.c
    from level as queens
    join level as parts on 1 <= parts.k and parts.k < queens.k
    join binomial as long on long.m = parts.k and long.j >= 1       -- i = long.j
    join level as two on two.k = long.j
    join binomial as extra on extra.m = queens.k - parts.k - 1 and extra.j = long.j - 1
),
-- falling(t, j, exact, approximately): t · (t − 1) · … · (t − j + 1),
-- exactly while the double beside it says it fits in 64 bits.
falling (t, j, exact, approximately) as (
    select l.k as t, 0 as j, cast(1 as bigint) as exact, cast(1 as double precision) as approximately
    from level as l
    union all
    select t, j + 1,
           case when approximately * (t - j) < 9.22e18 then exact * (t - j) end,
           approximately * (t - j)
    from falling
    where j < t
),
term (k, exact, magnitude) as (
    select r.k as k,
           case when f.approximately * r.ways < 9.22e18
                then (1 - 2 * ((r.k - r.b) % 2)) * f.exact * r.ways end as exact,
           f.approximately * r.ways as magnitude
    from runs as r
    join falling as f on f.t = 8 - r.k + r.b and f.j = r.b
),
-- Summed exactly only where every term, and so every partial sum, fits.
by_candidate (k, ways) as (
    select 0 as k, cast(1 as bigint) as ways
    union all
    select t.k, cast(sum(t.exact) as bigint)
    from term as t
    where t.k in (select f.k from term as f group by f.k having sum(f.magnitude) < 9.22e18)
    group by t.k
)
-- (The rule of `candidate` counted so holds on a square board without
-- holes.)
select l.k, case when not exists (select 1 from hole) then c.ways end, coalesce(p.ways, 0)
from level as l
left join by_candidate as c on c.k = l.k
left join by_placement as p on p.k = l.k
order by l.k;

-- ==== view search_tree ====
create view search_tree (queens, s1, s2, s3, s4, s5, s6, s7, s8, placed, anchor, mov_dir, attacker) as
-- search_tree(queens, s1, …, s8, placed, anchor, mov_dir, attacker): the
-- search tries queen k = `queens` on square s_k of column k, while queens
-- 1 … k−1 stand on s1, …, s_(k−1), no two on one line (a node of the
-- backtracking tree; s_(k+1), …, s8 are NULL). placed is 1 when the
-- square's lines meet none of theirs,
--     L(s_k) ∩ (L(s_1) ∪ … ∪ L(s_(k−1))) = ∅,
-- and the search goes on from there; else 0: the square dies, and
-- `attacker` is the square of the first queen (in column order) whose
-- lines meet L(s_k), as a program that checks the queens placed in order
-- finds it, and (anchor, mov_dir) the one line the two squares share.
-- Every node is tried on all 8 squares of the next column, so the rows
-- at level k are 8 times the placed rows at level k − 1. The placed rows
-- at level k are OEIS A319284(N, k) (the funnel's by_placement_rule); with
-- the root, the empty board, they are A319283(N), the nodes of the tree
-- (2,057 on 8×8). The search goes breadth-first, one column a step, so the
-- first rows come at once; ordered by the queens' rows (a missing queen
-- first), the rows are the tries of a depth-first search in the order a
-- backtracking program makes them.
-- * Only the nodes go round the recursion: a try is a row of a node's
--   join with the next column (most tries die; queued, each costs a row).
-- * `cross join` keeps the recursion the outer loop: its rows are handed
--   over as they are found, not stored first.
with recursive
-- placement(queens, s1, …, s8, q1w…, …, u…): queens 1 … `queens` stand on
-- s1, …, s_queens, no two on one line (a node of the tree; queens = 0 is
-- the root, the empty board, and a missing queen's s_j and qJw… are NULL).
-- qJw… is the line set of queen j (line_set, the bitset form of
-- square_line: ∩ is `&`, ∪ is `|`, ∅ is 0; only the words that hold lines
-- two queens can share, 1 here), u… the lines the queens cover.
placement (queens, s1, s2, s3, s4, s5, s6, s7, s8, 
       q1w0, 
       q2w0, 
       q3w0, 
       q4w0, 
       q5w0, 
       q6w0, 
       q7w0, 
       q8w0, 
       u0) as (
    select 0, cast(null as text), cast(null as text), cast(null as text), cast(null as text), cast(null as text), cast(null as text), cast(null as text), cast(null as text),
           cast(null as bigint), 
           cast(null as bigint), 
           cast(null as bigint), 
           cast(null as bigint), 
           cast(null as bigint), 
           cast(null as bigint), 
           cast(null as bigint), 
           cast(null as bigint), 
           cast(0 as bigint)
  union all
    -- each placement of k queens: queen k + 1 on each square of column
    -- k + 1 whose lines meet none of theirs
    select t.queens + 1,
           coalesce(t.s1, case t.queens when 0 then q.square end),
           coalesce(t.s2, case t.queens when 1 then q.square end),
           coalesce(t.s3, case t.queens when 2 then q.square end),
           coalesce(t.s4, case t.queens when 3 then q.square end),
           coalesce(t.s5, case t.queens when 4 then q.square end),
           coalesce(t.s6, case t.queens when 5 then q.square end),
           coalesce(t.s7, case t.queens when 6 then q.square end),
           coalesce(t.s8, case t.queens when 7 then q.square end),
           coalesce(t.q1w0, case t.queens when 0 then q.w0 end), 
           coalesce(t.q2w0, case t.queens when 1 then q.w0 end), 
           coalesce(t.q3w0, case t.queens when 2 then q.w0 end), 
           coalesce(t.q4w0, case t.queens when 3 then q.w0 end), 
           coalesce(t.q5w0, case t.queens when 4 then q.w0 end), 
           coalesce(t.q6w0, case t.queens when 5 then q.w0 end), 
           coalesce(t.q7w0, case t.queens when 6 then q.w0 end), 
           coalesce(t.q8w0, case t.queens when 7 then q.w0 end), 
           t.u0 | q.w0
    from placement as t
    cross join line_set as q
    where q.cl_no = t.queens + 1 and t.queens < 7
      and q.w0 & t.u0 = 0
),
-- shared_line(…, anchor, mov_dir): two squares that share the line
-- (anchor, mov_dir), one of them in an earlier column, looked
-- up by a few integers, not searched for in square_line by the squares'
-- names. On SQLite and DuckDB it is keyed by the words tw… of the
-- attacker's line set, which name the attacker (two squares differ in
-- their row or, in one row, in their diagonals, all lines the search
-- tests), then by the square tried (cl_no, rw_no): the one chain of
-- tests that finds the attacker gives its words, and the join its square
-- and the line. The words come first, in the table and in the join, so
-- that SQLite's automatic index is ordered by them and most comparisons
-- of a seek end on one integer. PostgreSQL cannot estimate the rows of
-- the recursion, takes the tries for fewer than the pairs and would hash
-- the tries; there it is keyed by the bits w… that the two line sets
-- share, few enough to hash, and a second chain names the attacker.
-- `materialized` keeps the pairs a table of their own on SQLite: a query
-- that filters on a line (`where mov_dir = 'RGHT-UP'`) turns the left
-- join into an inner one, and SQLite would then fold the pairs' joins
-- into every try (on PostgreSQL `distinct` keeps them apart).
shared_line (w0, anchor, mov_dir) as (
    select distinct mine_set.w0 & theirs_set.w0, mine.anchor, mine.mov_dir
    from line_set as mine_set
    join square_line as mine on mine.square = mine_set.square
    join square_line as theirs on theirs.anchor = mine.anchor and theirs.mov_dir = mine.mov_dir
    join line_set as theirs_set on theirs_set.square = theirs.square
    where theirs_set.cl_no < mine_set.cl_no
)
-- each node tries the next queen on every square of the next column; a
-- square that dies meets the lines of queen j first, for the least j
-- with L(q_j) ∩ L(square) ≠ ∅ (a chain of tests in column order)
select t.queens + 1,
       coalesce(t.s1, case t.queens when 0 then q.square end),
       coalesce(t.s2, case t.queens when 1 then q.square end),
       coalesce(t.s3, case t.queens when 2 then q.square end),
       coalesce(t.s4, case t.queens when 3 then q.square end),
       coalesce(t.s5, case t.queens when 4 then q.square end),
       coalesce(t.s6, case t.queens when 5 then q.square end),
       coalesce(t.s7, case t.queens when 6 then q.square end),
       coalesce(t.s8, case t.queens when 7 then q.square end),
       case when q.w0 & t.u0 = 0 then 1 else 0 end,
       l.anchor, l.mov_dir,
       case
           when q.w0 & t.u0 = 0 then cast(null as text)
           when ((t.q1w0 & q.w0)) <> 0 then t.s1
           when ((t.q2w0 & q.w0)) <> 0 then t.s2
           when ((t.q3w0 & q.w0)) <> 0 then t.s3
           when ((t.q4w0 & q.w0)) <> 0 then t.s4
           when ((t.q5w0 & q.w0)) <> 0 then t.s5
           when ((t.q6w0 & q.w0)) <> 0 then t.s6
           when ((t.q7w0 & q.w0)) <> 0 then t.s7
       end
from placement as t
cross join line_set as q
left join shared_line as l
  on l.w0 = case
           when q.w0 & t.u0 = 0 then cast(null as bigint)
           when ((t.q1w0 & q.w0)) <> 0 then t.q1w0 & q.w0
           when ((t.q2w0 & q.w0)) <> 0 then t.q2w0 & q.w0
           when ((t.q3w0 & q.w0)) <> 0 then t.q3w0 & q.w0
           when ((t.q4w0 & q.w0)) <> 0 then t.q4w0 & q.w0
           when ((t.q5w0 & q.w0)) <> 0 then t.q5w0 & q.w0
           when ((t.q6w0 & q.w0)) <> 0 then t.q6w0 & q.w0
           when ((t.q7w0 & q.w0)) <> 0 then t.q7w0 & q.w0
       end
where q.cl_no = t.queens + 1;

-- ==== view search_tree_tally ====
create view search_tree_tally (queens, entered, tried, placed, by_row, by_rising, by_falling) as
-- search_tree_tally(queens, entered, tried, placed, by_row, by_rising,
-- by_falling): at level k = `queens` of the search tree, `entered`
-- placements of k − 1 queens come in (for k = 1, the empty board), each
-- tries the 8 squares of column k (`tried`), `placed` of them take a
-- queen, and the others die on the line they share with the first queen,
-- in column order, that attacks them, as search_tree names it: a row
-- (RGHT, by_row), a rising diagonal (RGHT-UP, by_rising) or a falling one
-- (RGHT-DN, by_falling); never a column, which holds one queen. So
-- tried = 8 · entered = placed + by_row + by_rising + by_falling, and the
-- entered of level k + 1 are the placed of level k: the same numbers as
-- `select queens, count(*), sum(placed), … from search_tree group by
-- queens`, counted without naming every line.
-- * Two squares lie on one row when their rows (line_set.rw_no) are
--   equal, on one rising diagonal when the later one is as many rows up as
--   it is columns to the right, on one falling diagonal when as many rows
--   down: the lines of square_line, told by the squares' rows.
-- * Turning the board over (row r to row 9 − r) maps the search tree
--   onto itself, rows onto rows and rising diagonals onto falling ones, so
--   queen 1 is tried in the lower half of column a only: each try found
--   there stands for itself and its mirror image (weight 2), whose rising
--   kills are this one's falling ones; queen 1 in the middle row of an odd
--   board is its own mirror image (weight 1). Where turning the board over
--   is not one of its symmetries (square_image: its holes are not
--   mirrored), queen 1 is tried in every row, each try counted once.
-- * The tries are counted a placement at a time: a placement carries,
--   for each column to come, the rows its queens attack there as bits,
--   by the kind of line of the first that attacks them: a row sets a bit
--   in a_j, a rising diagonal in b_j, a falling one in both. A new queen adds only rows no queen before it attacks.
--   The bits are counted with two products a 14-bit word (Bit Twiddling
--   Hacks' population count).
with recursive
mirrored (yes) as (
    select count(*) > 0 from square_image where symmetry = 'mirror-ranks'
),
-- open_rows(cl_no, rows): the rows of column cl_no that hold no hole, as
-- bits
open_rows (cl_no, rows) as (
    select cl_no, cast(sum(cast(1 as bigint) << rw_no) as bigint)
    from line_set
    group by cl_no
),
-- placement(queens, weight, a1, b1, …): queens 1 … `queens` stand in the
-- first columns, no two on one line (a node of the tree; queens = 0 is
-- the root, the empty board), standing for `weight` placements; a_j,
-- b_j: the rows its queens attack j columns to the right of the last.
placement (queens, weight, a1, b1, a2, b2, a3, b3, a4, b4, a5, b5, a6, b6, a7, b7, a8, b8) as (
    select 0, 1, cast(0 as bigint), cast(0 as bigint), cast(0 as bigint), cast(0 as bigint), cast(0 as bigint), cast(0 as bigint), cast(0 as bigint), cast(0 as bigint), cast(0 as bigint), cast(0 as bigint), cast(0 as bigint), cast(0 as bigint), cast(0 as bigint), cast(0 as bigint), cast(0 as bigint), cast(0 as bigint)
  union all
    select t.queens + 1,
           case when t.queens = 0 and m.yes and 2 * q.rw_no < 9 then 2 else t.weight end,
           case when t.queens < 7 then t.a2 | ((q.bit | (q.bit >> 1 & 510)) & ~(t.a2 | t.b2)) end,
           case when t.queens < 7 then t.b2 | (((q.bit << 1 & 510) | (q.bit >> 1 & 510)) & ~(t.a2 | t.b2)) end,
           case when t.queens < 6 then t.a3 | ((q.bit | (q.bit >> 2 & 510)) & ~(t.a3 | t.b3)) end,
           case when t.queens < 6 then t.b3 | (((q.bit << 2 & 510) | (q.bit >> 2 & 510)) & ~(t.a3 | t.b3)) end,
           case when t.queens < 5 then t.a4 | ((q.bit | (q.bit >> 3 & 510)) & ~(t.a4 | t.b4)) end,
           case when t.queens < 5 then t.b4 | (((q.bit << 3 & 510) | (q.bit >> 3 & 510)) & ~(t.a4 | t.b4)) end,
           case when t.queens < 4 then t.a5 | ((q.bit | (q.bit >> 4 & 510)) & ~(t.a5 | t.b5)) end,
           case when t.queens < 4 then t.b5 | (((q.bit << 4 & 510) | (q.bit >> 4 & 510)) & ~(t.a5 | t.b5)) end,
           case when t.queens < 3 then t.a6 | ((q.bit | (q.bit >> 5 & 510)) & ~(t.a6 | t.b6)) end,
           case when t.queens < 3 then t.b6 | (((q.bit << 5 & 510) | (q.bit >> 5 & 510)) & ~(t.a6 | t.b6)) end,
           case when t.queens < 2 then t.a7 | ((q.bit | (q.bit >> 6 & 510)) & ~(t.a7 | t.b7)) end,
           case when t.queens < 2 then t.b7 | (((q.bit << 6 & 510) | (q.bit >> 6 & 510)) & ~(t.a7 | t.b7)) end,
           case when t.queens < 1 then t.a8 | ((q.bit | (q.bit >> 7 & 510)) & ~(t.a8 | t.b8)) end,
           case when t.queens < 1 then t.b8 | (((q.bit << 7 & 510) | (q.bit >> 7 & 510)) & ~(t.a8 | t.b8)) end,
           cast(null as bigint), cast(null as bigint)
    from placement as t
    cross join mirrored as m
    join (select cl_no, rw_no, cast(1 as bigint) << rw_no as bit from line_set) as q
      on q.cl_no = t.queens + 1
    where t.queens < 7 and ((t.a1 | t.b1) >> q.rw_no) & 1 = 0
      and (t.queens > 0 or 2 * q.rw_no <= 9 or not m.yes)
)
-- each placement of k queens tries the open rows of column k + 1
select queens,
       cast(sum(weight) as integer) as entered,
       cast(sum(weight * open) as bigint) as tried,
       cast(sum(weight * free) as bigint) as placed,
       cast(sum(weight * by_row) as bigint) as by_row,
       cast(sum(by_rising + (weight - 1) * by_falling) as bigint) as by_rising,
       cast(sum(by_falling + (weight - 1) * by_rising) as bigint) as by_falling
from (
    select t.queens + 1 as queens, t.weight,
           (((o.rows) >> 1 & 16383) * 35185445863425 & 76861433640456465) % 15 as open,
           (((o.rows & ~(t.a1 | t.b1)) >> 1 & 16383) * 35185445863425 & 76861433640456465) % 15 as free,
           (((o.rows & t.a1 & ~t.b1) >> 1 & 16383) * 35185445863425 & 76861433640456465) % 15 as by_row,
           (((o.rows & t.b1 & ~t.a1) >> 1 & 16383) * 35185445863425 & 76861433640456465) % 15 as by_rising,
           (((o.rows & t.a1 & t.b1) >> 1 & 16383) * 35185445863425 & 76861433640456465) % 15 as by_falling
    from placement as t
    join open_rows as o on o.cl_no = t.queens + 1
) as tries
group by queens
order by queens;

-- ==== clearing the board for a rebuild ====
-- Clears queens' board before it is derived again (a rebuild, an
-- upgrade), keeping every object of the user's: the views go, then the
-- stored solutions with the old board (DROP_STORE = 1; an upgrade of an
-- SQLite file keeps them), then the facts, each before the facts its rows
-- refer to, and the board size last. For both engines.
-- Drops queens' views, each before the views it reads, so that they can
-- be made again for a new board or over the stored solutions.
drop view if exists search_tree_tally;
drop view if exists search_tree;
drop view if exists search_funnel;
drop view if exists stored_solution;
drop view if exists fundamental_solution;
drop view if exists solution_class;
drop view if exists solution_queen;
drop view if exists numbered_solution;
drop view if exists search_space;
drop view if exists solution;
drop view if exists solution_by_definition;
drop view if exists candidate;
drop table if exists solution_store;
delete from square_image;
delete from safe_next;
delete from line_set;
delete from square_line;
delete from line;
delete from hole;
delete from square;
delete from row_lbl;
delete from col_lbl;
delete from mov_dir;
delete from board_shape;
delete from board_rows;
delete from board_size;

-- ==== one part of the search ====
-- solution(s1, …, s8): queen k stands on square s_k of column k and no
-- queen shares a line with a queen placed before it:
--     L(s_k) ∩ (L(s_1) ∪ … ∪ L(s_(k-1))) = ∅ for every k.
-- The same rows as solution_by_definition, found fast. The union on the
-- right is the set of lines already covered when queen k comes,
-- U_(k-1); each queen adds its own lines, U_k = U_(k-1) ∪ L(s_k).
-- * The rule for queen k is tested as soon as queen k is placed (SQLite
--   tests each condition in the loop that places the last queen it names),
--   so a placement that already breaks it is dropped before any later
--   queen is tried.
-- * safe_next offers queen k only squares that queen k−1 does not attack.
-- * The rest of the rule is tested on line_set, the bitset form of
--   square_line, in which ∪ is `|`, ∩ is `&` and ∅ is 0. Only the words
--   holding the lines two of these queens could share are tested (1
--   here): line_set numbers last the columns, which one queen per column
--   never shares, and the corners' diagonals of one square each.
-- * `placed` holds the first 5 queens together with U_5, the lines they
--   cover, worked out once per placement. Each later queen is tested
--   against U_5 and the few queens placed after it, instead of against
--   all the queens before it one by one.
-- * `limit 9223372036854775807` (no limit: the largest 64-bit integer)
--   keeps `placed` a step of its own: without a limit, SQLite and
--   PostgreSQL would merge it into the query around it and work U_5 out
--   again at every later step. SQLite then hands its rows over one at a
--   time, as they are found, so memory stays small and the first
--   solutions come at once.
-- * `cross join` keeps SQLite's loops in the written order, column by
--   column, which is the order the search must go.
-- * line_set and safe_next are stored in board order (by their keys), and
--   SQLite walks them so, loop inside loop in the written order: the rows
--   come out in board order without any sorting, the first of them as soon
--   as the search reaches it, in every SQLite tested (3.39 on; an `order by`
--   here would make SQLite before 3.47 sort the whole result before its
--   first row; the tests hold the order against the native solver's).
--   PostgreSQL joins by hashing, which keeps no order: it sorts.
--
-- A user may add indexes to safe_next (the guarantees allow it), and SQLite may
-- walk one of theirs instead of the key (one on rw_no descending turns
-- each column's rows the other way): a part that lists solutions (ORDERED)
-- names the key's index on SQLite (`indexed by`, SQLite's own syntax, which
-- DuckDB, reading the view, would not parse: the view itself leaves SQLite
-- the choice, and `queens doctor` says when that changes its order).
--
-- This is one part of the search (see partition.sql): the solutions that
-- start with queens on :s1 and :s2 (and :s3, when the search is split by
-- three queens, partition3.sql). The squares are fixed inside `placed`,
-- where they cut the search down; a condition outside it would only filter
-- what a whole search found.
select
    placed.s1, placed.s2, placed.s3, placed.s4, placed.s5,
    q6.square as s6,
    q7.square as s7,
    q8.square as s8
from (
    -- placed(s1, …, s5, u0, …, r1, …): queen k stands on square s_k (in
    -- row r_k) of column k for k = 1 … 5, no two of them share a line, and
    -- u0, … are the words of U_5, the lines they cover.
    select
        q1.square as s1, q2.square as s2, q3.square as s3, q4.square as s4, q5.square as s5,
        q1.w0 | q2.w0 | q3.w0 | q4.w0 | q5.w0 as u0,
        q1.rw_no as r1, q2.rw_no as r2, q3.rw_no as r3, q4.rw_no as r4, q5.rw_no as r5
    from line_set as q1                   -- queen 1 stands in column a
    cross join safe_next as q2            -- queen 2 stands in column b
    cross join safe_next as q3            -- queen 3 stands in column c
    cross join safe_next as q4            -- queen 4 stands in column d
    cross join safe_next as q5            -- queen 5 stands in column e
    where q1.cl_no = 1
      and q1.square = $1
      and q2.square = $2
      and q2.cl_no = 2
      and q2.prev_rw_no = q1.rw_no       -- L(s2) ∩ L(s1) = ∅
      and q3.cl_no = 3
      and q3.prev_rw_no = q2.rw_no       -- L(s3) ∩ L(s2) = ∅
      and q3.w0 & (q1.w0) = 0    -- L(s3) ∩ (L(s1)) = ∅
      and q4.cl_no = 4
      and q4.prev_rw_no = q3.rw_no       -- L(s4) ∩ L(s3) = ∅
      and q4.w0 & (q1.w0 | q2.w0) = 0    -- L(s4) ∩ (L(s1) ∪ L(s2)) = ∅
      and q5.cl_no = 5
      and q5.prev_rw_no = q4.rw_no       -- L(s5) ∩ L(s4) = ∅
      and q5.w0 & (q1.w0 | q2.w0 | q3.w0) = 0    -- L(s5) ∩ (L(s1) ∪ L(s2) ∪ L(s3)) = ∅
    limit 9223372036854775807
) as placed
cross join safe_next as q6             -- queen 6 stands in column f
cross join safe_next as q7             -- queen 7 stands in column g
cross join safe_next as q8             -- queen 8 stands in column h
-- (Each condition's reason is written above it, so that the view's last
-- line is SQL, not a comment: a dump appends its `;` to that line.)
where q6.cl_no = 6
  -- L(s6) ∩ L(s5) = ∅, and L(s6) ∩ U_5 = ∅
  and q6.prev_rw_no = placed.r5
  and q6.w0 & placed.u0 = 0
  -- L(s7) ∩ L(s6) = ∅, and L(s7) ∩ U_5 = ∅
  and q7.cl_no = 7
  and q7.prev_rw_no = q6.rw_no
  and q7.w0 & (placed.u0) = 0
  -- L(s8) ∩ L(s7) = ∅, and L(s8) ∩ U_6 = ∅
  and q8.cl_no = 8
  and q8.prev_rw_no = q7.rw_no
  and q8.w0 & (placed.u0 | q6.w0) = 0
order by placed.r1, placed.r2, placed.r3, placed.r4, placed.r5, q6.rw_no, q7.rw_no, q8.rw_no

-- ==== the count of one part ====
-- part_count(solutions): one part of the search (PART_SEARCH: the solution
-- view's select with the part's first two squares fixed, see
-- views/03-solution.sql) has this many solutions.
select count(*) as solutions
from (
    -- solution(s1, …, s8): queen k stands on square s_k of column k and no
    -- queen shares a line with a queen placed before it:
    --     L(s_k) ∩ (L(s_1) ∪ … ∪ L(s_(k-1))) = ∅ for every k.
    -- The same rows as solution_by_definition, found fast. The union on the
    -- right is the set of lines already covered when queen k comes,
    -- U_(k-1); each queen adds its own lines, U_k = U_(k-1) ∪ L(s_k).
    -- * The rule for queen k is tested as soon as queen k is placed (SQLite
    --   tests each condition in the loop that places the last queen it names),
    --   so a placement that already breaks it is dropped before any later
    --   queen is tried.
    -- * safe_next offers queen k only squares that queen k−1 does not attack.
    -- * The rest of the rule is tested on line_set, the bitset form of
    --   square_line, in which ∪ is `|`, ∩ is `&` and ∅ is 0. Only the words
    --   holding the lines two of these queens could share are tested (1
    --   here): line_set numbers last the columns, which one queen per column
    --   never shares, and the corners' diagonals of one square each.
    -- * `placed` holds the first 5 queens together with U_5, the lines they
    --   cover, worked out once per placement. Each later queen is tested
    --   against U_5 and the few queens placed after it, instead of against
    --   all the queens before it one by one.
    -- * `limit 9223372036854775807` (no limit: the largest 64-bit integer)
    --   keeps `placed` a step of its own: without a limit, SQLite and
    --   PostgreSQL would merge it into the query around it and work U_5 out
    --   again at every later step. SQLite then hands its rows over one at a
    --   time, as they are found, so memory stays small and the first
    --   solutions come at once.
    -- * `cross join` keeps SQLite's loops in the written order, column by
    --   column, which is the order the search must go.
    -- * line_set and safe_next are stored in board order (by their keys), and
    --   SQLite walks them so, loop inside loop in the written order: the rows
    --   come out in board order without any sorting, the first of them as soon
    --   as the search reaches it, in every SQLite tested (3.39 on; an `order by`
    --   here would make SQLite before 3.47 sort the whole result before its
    --   first row; the tests hold the order against the native solver's).
    --   PostgreSQL joins by hashing, which keeps no order: it sorts.
    --
    -- A user may add indexes to safe_next (the guarantees allow it), and SQLite may
    -- walk one of theirs instead of the key (one on rw_no descending turns
    -- each column's rows the other way): a part that lists solutions (ORDERED)
    -- names the key's index on SQLite (`indexed by`, SQLite's own syntax, which
    -- DuckDB, reading the view, would not parse: the view itself leaves SQLite
    -- the choice, and `queens doctor` says when that changes its order).
    --
    -- This is one part of the search (see partition.sql): the solutions that
    -- start with queens on :s1 and :s2 (and :s3, when the search is split by
    -- three queens, partition3.sql). The squares are fixed inside `placed`,
    -- where they cut the search down; a condition outside it would only filter
    -- what a whole search found.
    select
        placed.s1, placed.s2, placed.s3, placed.s4, placed.s5,
        q6.square as s6,
        q7.square as s7,
        q8.square as s8
    from (
        -- placed(s1, …, s5, u0, …, r1, …): queen k stands on square s_k (in
        -- row r_k) of column k for k = 1 … 5, no two of them share a line, and
        -- u0, … are the words of U_5, the lines they cover.
        select
            q1.square as s1, q2.square as s2, q3.square as s3, q4.square as s4, q5.square as s5,
            q1.w0 | q2.w0 | q3.w0 | q4.w0 | q5.w0 as u0,
            q1.rw_no as r1, q2.rw_no as r2, q3.rw_no as r3, q4.rw_no as r4, q5.rw_no as r5
        from line_set as q1                   -- queen 1 stands in column a
        cross join safe_next as q2            -- queen 2 stands in column b
        cross join safe_next as q3            -- queen 3 stands in column c
        cross join safe_next as q4            -- queen 4 stands in column d
        cross join safe_next as q5            -- queen 5 stands in column e
        where q1.cl_no = 1
          and q1.square = $1
          and q2.square = $2
          and q2.cl_no = 2
          and q2.prev_rw_no = q1.rw_no       -- L(s2) ∩ L(s1) = ∅
          and q3.cl_no = 3
          and q3.prev_rw_no = q2.rw_no       -- L(s3) ∩ L(s2) = ∅
          and q3.w0 & (q1.w0) = 0    -- L(s3) ∩ (L(s1)) = ∅
          and q4.cl_no = 4
          and q4.prev_rw_no = q3.rw_no       -- L(s4) ∩ L(s3) = ∅
          and q4.w0 & (q1.w0 | q2.w0) = 0    -- L(s4) ∩ (L(s1) ∪ L(s2)) = ∅
          and q5.cl_no = 5
          and q5.prev_rw_no = q4.rw_no       -- L(s5) ∩ L(s4) = ∅
          and q5.w0 & (q1.w0 | q2.w0 | q3.w0) = 0    -- L(s5) ∩ (L(s1) ∪ L(s2) ∪ L(s3)) = ∅
        limit 9223372036854775807
    ) as placed
    cross join safe_next as q6             -- queen 6 stands in column f
    cross join safe_next as q7             -- queen 7 stands in column g
    cross join safe_next as q8             -- queen 8 stands in column h
    -- (Each condition's reason is written above it, so that the view's last
    -- line is SQL, not a comment: a dump appends its `;` to that line.)
    where q6.cl_no = 6
      -- L(s6) ∩ L(s5) = ∅, and L(s6) ∩ U_5 = ∅
      and q6.prev_rw_no = placed.r5
      and q6.w0 & placed.u0 = 0
      -- L(s7) ∩ L(s6) = ∅, and L(s7) ∩ U_5 = ∅
      and q7.cl_no = 7
      and q7.prev_rw_no = q6.rw_no
      and q7.w0 & (placed.u0) = 0
      -- L(s8) ∩ L(s7) = ∅, and L(s8) ∩ U_6 = ∅
      and q8.cl_no = 8
      and q8.prev_rw_no = q7.rw_no
      and q8.w0 & (placed.u0 | q6.w0) = 0
) as part

-- ==== one piece of the search by three queens ====
-- solution(s1, …, s8): queen k stands on square s_k of column k and no
-- queen shares a line with a queen placed before it:
--     L(s_k) ∩ (L(s_1) ∪ … ∪ L(s_(k-1))) = ∅ for every k.
-- The same rows as solution_by_definition, found fast. The union on the
-- right is the set of lines already covered when queen k comes,
-- U_(k-1); each queen adds its own lines, U_k = U_(k-1) ∪ L(s_k).
-- * The rule for queen k is tested as soon as queen k is placed (SQLite
--   tests each condition in the loop that places the last queen it names),
--   so a placement that already breaks it is dropped before any later
--   queen is tried.
-- * safe_next offers queen k only squares that queen k−1 does not attack.
-- * The rest of the rule is tested on line_set, the bitset form of
--   square_line, in which ∪ is `|`, ∩ is `&` and ∅ is 0. Only the words
--   holding the lines two of these queens could share are tested (1
--   here): line_set numbers last the columns, which one queen per column
--   never shares, and the corners' diagonals of one square each.
-- * `placed` holds the first 5 queens together with U_5, the lines they
--   cover, worked out once per placement. Each later queen is tested
--   against U_5 and the few queens placed after it, instead of against
--   all the queens before it one by one.
-- * `limit 9223372036854775807` (no limit: the largest 64-bit integer)
--   keeps `placed` a step of its own: without a limit, SQLite and
--   PostgreSQL would merge it into the query around it and work U_5 out
--   again at every later step. SQLite then hands its rows over one at a
--   time, as they are found, so memory stays small and the first
--   solutions come at once.
-- * `cross join` keeps SQLite's loops in the written order, column by
--   column, which is the order the search must go.
-- * line_set and safe_next are stored in board order (by their keys), and
--   SQLite walks them so, loop inside loop in the written order: the rows
--   come out in board order without any sorting, the first of them as soon
--   as the search reaches it, in every SQLite tested (3.39 on; an `order by`
--   here would make SQLite before 3.47 sort the whole result before its
--   first row; the tests hold the order against the native solver's).
--   PostgreSQL joins by hashing, which keeps no order: it sorts.
--
-- A user may add indexes to safe_next (the guarantees allow it), and SQLite may
-- walk one of theirs instead of the key (one on rw_no descending turns
-- each column's rows the other way): a part that lists solutions (ORDERED)
-- names the key's index on SQLite (`indexed by`, SQLite's own syntax, which
-- DuckDB, reading the view, would not parse: the view itself leaves SQLite
-- the choice, and `queens doctor` says when that changes its order).
--
-- This is one part of the search (see partition.sql): the solutions that
-- start with queens on :s1 and :s2 (and :s3, when the search is split by
-- three queens, partition3.sql). The squares are fixed inside `placed`,
-- where they cut the search down; a condition outside it would only filter
-- what a whole search found.
select
    placed.s1, placed.s2, placed.s3, placed.s4, placed.s5,
    q6.square as s6,
    q7.square as s7,
    q8.square as s8
from (
    -- placed(s1, …, s5, u0, …, r1, …): queen k stands on square s_k (in
    -- row r_k) of column k for k = 1 … 5, no two of them share a line, and
    -- u0, … are the words of U_5, the lines they cover.
    select
        q1.square as s1, q2.square as s2, q3.square as s3, q4.square as s4, q5.square as s5,
        q1.w0 | q2.w0 | q3.w0 | q4.w0 | q5.w0 as u0,
        q1.rw_no as r1, q2.rw_no as r2, q3.rw_no as r3, q4.rw_no as r4, q5.rw_no as r5
    from line_set as q1                   -- queen 1 stands in column a
    cross join safe_next as q2            -- queen 2 stands in column b
    cross join safe_next as q3            -- queen 3 stands in column c
    cross join safe_next as q4            -- queen 4 stands in column d
    cross join safe_next as q5            -- queen 5 stands in column e
    where q1.cl_no = 1
      and q1.square = $1
      and q2.square = $2
      and q3.square = $3
      and q2.cl_no = 2
      and q2.prev_rw_no = q1.rw_no       -- L(s2) ∩ L(s1) = ∅
      and q3.cl_no = 3
      and q3.prev_rw_no = q2.rw_no       -- L(s3) ∩ L(s2) = ∅
      and q3.w0 & (q1.w0) = 0    -- L(s3) ∩ (L(s1)) = ∅
      and q4.cl_no = 4
      and q4.prev_rw_no = q3.rw_no       -- L(s4) ∩ L(s3) = ∅
      and q4.w0 & (q1.w0 | q2.w0) = 0    -- L(s4) ∩ (L(s1) ∪ L(s2)) = ∅
      and q5.cl_no = 5
      and q5.prev_rw_no = q4.rw_no       -- L(s5) ∩ L(s4) = ∅
      and q5.w0 & (q1.w0 | q2.w0 | q3.w0) = 0    -- L(s5) ∩ (L(s1) ∪ L(s2) ∪ L(s3)) = ∅
    limit 9223372036854775807
) as placed
cross join safe_next as q6             -- queen 6 stands in column f
cross join safe_next as q7             -- queen 7 stands in column g
cross join safe_next as q8             -- queen 8 stands in column h
-- (Each condition's reason is written above it, so that the view's last
-- line is SQL, not a comment: a dump appends its `;` to that line.)
where q6.cl_no = 6
  -- L(s6) ∩ L(s5) = ∅, and L(s6) ∩ U_5 = ∅
  and q6.prev_rw_no = placed.r5
  and q6.w0 & placed.u0 = 0
  -- L(s7) ∩ L(s6) = ∅, and L(s7) ∩ U_5 = ∅
  and q7.cl_no = 7
  and q7.prev_rw_no = q6.rw_no
  and q7.w0 & (placed.u0) = 0
  -- L(s8) ∩ L(s7) = ∅, and L(s8) ∩ U_6 = ∅
  and q8.cl_no = 8
  and q8.prev_rw_no = q7.rw_no
  and q8.w0 & (placed.u0 | q6.w0) = 0
order by placed.r1, placed.r2, placed.r3, placed.r4, placed.r5, q6.rw_no, q7.rw_no, q8.rw_no

-- ==== sql/queries/attacking_pair.sql ====
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
with
given (square) as (
    -- given_squares(name): name is one of the square names in :squares (a
    -- JSON array of names), once for each time it is given. Included by the
    -- queries that take a placement (attacking_pair, class_of, completion).
    select value as name from json_array_elements_text(cast(cast($1 as text) as json)) as given (value)
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
      and (case other_a.mov_dir when 'RGHT' then 1 when 'RGHT-DN' then 2 when 'RGHT-UP' then 3 else 4 end,
           other_a.mov_dir, other_a.anchor)
        < (case la.mov_dir when 'RGHT' then 1 when 'RGHT-DN' then 2 when 'RGHT-UP' then 3 else 4 end,
           la.mov_dir, la.anchor))
order by a.cl_no, a.rw_no, b.cl_no, b.rw_no

-- ==== sql/queries/completion.sql ====
-- completion(solution_no, s1, …, sN): solution solution_no has a queen on
-- every square given in :squares (a JSON array of names). Relational
-- division: the solutions whose set of queens contains the given set are
-- those that meet it in as many squares as it has.
with
given (square) as (
    select distinct name from (
        -- given_squares(name): name is one of the square names in :squares (a
        -- JSON array of names), once for each time it is given. Included by the
        -- queries that take a placement (attacking_pair, class_of, completion).
        select value as name from json_array_elements_text(cast(cast($1 as text) as json)) as given (value)
    ) as named
),
containing (solution_no) as (
    select q.solution_no
    from solution_queen as q
    join given as g on g.square = q.square
    group by q.solution_no
    having count(*) = (select count(*) from given)
)
select n.*
from numbered_solution as n
join containing as c on c.solution_no = n.solution_no
order by n.solution_no

-- ==== sql/queries/partition.sql ====
-- partition(s1, s2, weight, part_no): the search for solutions splits into
-- independent parts, one for each way to place the first two queens (on s1
-- in column a and s2 in column b) without them attacking each other. Each
-- part is the solutions that start s1, s2; the parts are listed in board
-- order, so listing their solutions part after part lists all solutions in
-- board order.
--
-- weight says how often a part counts when only the number of solutions is
-- wanted. Reflecting the board top to bottom (the symmetry mirror-ranks)
-- turns a solution whose queens stand in rows r1, r2, … into one whose
-- queens stand in rows R + 1 − r1, R + 1 − r2, … (R the board's rows,
-- board_rows), and turns it back again:
-- it pairs the parts, and paired parts hold as many solutions. Of each
-- pair, the part whose rows come first (compared as a sequence: the first
-- queen's row, then the second's) is searched and counted twice (weight
-- 2), its mirror image not at all (weight 0). Only the first queen can
-- stand in the middle row of an odd board (the second would share its
-- row), and the reflection keeps it there, so for such parts the second
-- queen's row decides. No part is its own mirror image. A board that the
-- reflection does not map onto itself (its holes are not mirrored: it is
-- not among the board's symmetries, square_image) counts each part once
-- (weight 1).
--
-- part_no numbers the parts in board order, from 1.
select q1.square as s1,
       q2.square as s2,
       case
           when not exists (select 1 from square_image where symmetry = 'mirror-ranks') then 1
           when 2 * q1.rw_no < b.n + 1 then 2        -- the first queen in the lower half
           when 2 * q1.rw_no > b.n + 1 then 0        -- … in the upper half
           when 2 * q2.rw_no < b.n + 1 then 2        -- in the middle row: the second queen's
           else 0
       end as weight,
       row_number() over (order by q1.rw_no, q2.rw_no) as part_no
from board_rows as b
cross join line_set as q1
cross join safe_next as q2
where q1.cl_no = 1
  and q2.cl_no = 2
  and q2.prev_rw_no = q1.rw_no
order by q1.rw_no, q2.rw_no

-- ==== sql/queries/partition3.sql ====
-- partition3(s1, s2, s3, weight, part_no): the parts of the search split by
-- the first three queens, for clusters that two would leave idle: one part
-- for each way to place queens in columns a, b and c that do not attack one
-- another. safe_next makes each queen safe from the one before it; the
-- third must also share no line with the first, L(s3) ∩ L(s1) = ∅, tested
-- on the line sets (every word; those a board does not need are 0).
-- weight is partition.sql's, by the rows of the first two queens (the
-- reflection pairs these parts as it pairs those; 1 where it is not the
-- board's); part_no numbers the parts in board order.
select q1.square as s1,
       q2.square as s2,
       q3.square as s3,
       case
           when not exists (select 1 from square_image where symmetry = 'mirror-ranks') then 1
           when 2 * q1.rw_no < b.n + 1 then 2
           when 2 * q1.rw_no > b.n + 1 then 0
           when 2 * q2.rw_no < b.n + 1 then 2
           else 0
       end as weight,
       row_number() over (order by q1.rw_no, q2.rw_no, q3.rw_no) as part_no
from board_rows as b
cross join line_set as q1
cross join safe_next as q2
cross join safe_next as q3
where q1.cl_no = 1
  and q2.cl_no = 2
  and q2.prev_rw_no = q1.rw_no
  and q3.cl_no = 3
  and q3.prev_rw_no = q2.rw_no
  and q3.w0 & q1.w0 = 0
  and q3.w1 & q1.w1 = 0
  and q3.w2 & q1.w2 = 0
  and q3.w3 & q1.w3 = 0
  and q3.w4 & q1.w4 = 0
  and q3.w5 & q1.w5 = 0
  and q3.w6 & q1.w6 = 0
  and q3.w7 & q1.w7 = 0
  and q3.w8 & q1.w8 = 0
  and q3.w9 & q1.w9 = 0
  and q3.w10 & q1.w10 = 0
  and q3.w11 & q1.w11 = 0
  and q3.w12 & q1.w12 = 0
  and q3.w13 & q1.w13 = 0
  and q3.w14 & q1.w14 = 0
  and q3.w15 & q1.w15 = 0
order by q1.rw_no, q2.rw_no, q3.rw_no

-- ==== sql/queries/class_of.sql ====
-- class_of(class_size, r1, …, r8, symmetry): the board's symmetries move
-- the solution whose queens stand on the squares given in :squares (a JSON
-- array of names, one per column) onto class_size different solutions (its
-- class, itself included); the first of them in board order, the class
-- representative, has its queens on r1, …, r8, and `symmetry` moves the
-- given solution onto it (the first such symmetry by sym_no). Only this one
-- solution is moved, so the answer takes no search at all.
-- (A template: expanded for the board's size N.)
with
queen (square) as (
    -- the solution as a set of squares
    -- given_squares(name): name is one of the square names in :squares (a
    -- JSON array of names), once for each time it is given. Included by the
    -- queries that take a placement (attacking_pair, class_of, completion).
    select value as name from json_array_elements_text(cast(cast($1 as text) as json)) as given (value)
),
image (symmetry, sym_no, i1, i2, i3, i4, i5, i6, i7, i8, r1, r2, r3, r4, r5, r6, r7, r8) as (
    -- the solution moved by each symmetry: the image's square and row in each column
    select g.symmetry, g.sym_no,
           max(case when m.cl_no = 1 then m.square end), max(case when m.cl_no = 2 then m.square end), max(case when m.cl_no = 3 then m.square end), max(case when m.cl_no = 4 then m.square end), max(case when m.cl_no = 5 then m.square end), max(case when m.cl_no = 6 then m.square end), max(case when m.cl_no = 7 then m.square end), max(case when m.cl_no = 8 then m.square end),
           max(case when m.cl_no = 1 then m.rw_no end), max(case when m.cl_no = 2 then m.rw_no end), max(case when m.cl_no = 3 then m.rw_no end), max(case when m.cl_no = 4 then m.rw_no end), max(case when m.cl_no = 5 then m.rw_no end), max(case when m.cl_no = 6 then m.rw_no end), max(case when m.cl_no = 7 then m.rw_no end), max(case when m.cl_no = 8 then m.rw_no end)
    from queen as q
    join square_image as si on si.square = q.square
    join symmetry as g on g.symmetry = si.symmetry
    join square as m on m.square = si.image
    group by g.symmetry, g.sym_no
),
smallest as (
    -- the first image in board order
    select *
    from image
    order by r1, r2, r3, r4, r5, r6, r7, r8, sym_no
    limit 1
)
select (select count(*) from (select distinct i1, i2, i3, i4, i5, i6, i7, i8 from image) as distinct_image),
       m.i1, m.i2, m.i3, m.i4, m.i5, m.i6, m.i7, m.i8,
       m.symmetry
from smallest as m

-- ==== sql/reading/all_solutions.sql ====
-- solution(s1, …, s8): every solution, as the solution view lists it
-- (read whole where the search is not split: a small board, or a view that
-- is not this build's).
select *
from solution

-- ==== sql/reading/count_classes.sql ====
-- count(number): how many symmetry classes of solutions there are (one
-- fundamental solution each).
select count(*)
from fundamental_solution

-- ==== sql/reading/count_solutions.sql ====
-- count(number): how many solutions the solution view lists.
select count(*)
from solution

-- ==== sql/reading/count_symmetries.sql ====
-- count(number): how many symmetries the board has: those of the eight
-- that move every hole onto a hole (square_image; all eight on a board
-- without holes).
select count(distinct symmetry)
from square_image

-- ==== sql/reading/fundamental_placement.sql ====
-- fundamental_placement(solution_no, s1, …, s8, class_size): one
-- solution of each symmetry class, the class's representative (its first
-- in board order), with its number in board order and the size of its
-- class, in board order.
-- (A template: expanded for the board's size N.)
select solution_no, s1, s2, s3, s4, s5, s6, s7, s8, class_size
from solution_class
where solution_no = representative_no
order by solution_no

-- ==== sql/reading/line.sql ====
-- line(anchor, mov_dir): every line of the board, in the order the seed
-- lists a square's lines: the rows (RGHT), the columns (UP), then the
-- rising (RGHT-UP) and the falling (RGHT-DN) diagonals; the lines of each
-- kind by their anchor, in board order.
select l.anchor, l.mov_dir
from line as l
join mov_dir as d on d.mov_dir = l.mov_dir
join square as a on a.square = l.anchor
order by d.d_cl + abs(d.d_rw), d.d_cl desc, d.d_rw desc, a.cl_no, a.rw_no

-- ==== sql/reading/line_set.sql ====
-- line_set(cl_no, rw_no, square, w0, …, w15): the line set of every square
-- as a bitset (line i is in L(square) when bit i % 64 of word w<i / 64> is
-- set), in board order: column by column, each from row 1 up, the order in
-- which the search tries them.
select cl_no, rw_no, square, w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12, w13, w14, w15
from line_set
order by cl_no, rw_no

-- ==== sql/reading/nth_stored_solution.sql ====
-- nth_stored_solution(solution_no, s1, …, s8): solution number :k in
-- board order (no row when the board has fewer).
select *
from numbered_solution
where solution_no = $1

-- ==== sql/reading/numbered_solution.sql ====
-- numbered_solution(solution_no, s1, …, s8): every solution with its
-- number in board order (stored solutions are read so, without a search).
select *
from numbered_solution

-- ==== sql/reading/relation_definitions.sql ====
-- relation_definitions(name, kind, definition): the relations the page
-- reads its numbers from, each with the SQL the database holds for it:
-- on SQLite the statement that made it, as sqlite_schema keeps it
-- (comments and all); on PostgreSQL a view's query as pg_get_viewdef
-- gives it back (PostgreSQL keeps no comments inside), and for a table of
-- facts its kind alone (PostgreSQL keeps no `create table` text).
select c.relname::text,
       case when c.relkind = 'v' then 'view' else 'table' end,
       case when c.relkind = 'v'
            then 'create view ' || c.relname || ' as' || chr(10) || pg_get_viewdef(c.oid, true)
       end
from pg_class as c
where c.relnamespace = current_schema()::regnamespace
  and c.relname in ('square_line', 'solution', 'solution_class', 'search_space',
                    'search_funnel', 'search_tree', 'search_tree_tally')
order by c.relname

-- ==== sql/reading/search_funnel.sql ====
-- search_funnel(queens, by_candidate_rule, by_placement_rule): for k = 0 …
-- N, the ways to put queens in columns 1 … k by the candidate rule (NULL
-- beyond 64 bits) and by the placement rule (no two on one line).
select queens, by_candidate_rule, by_placement_rule
from search_funnel

-- ==== sql/reading/search_space.sql ====
-- search_space(step, reasoning, calculation, search_space, about): the
-- reasoning table, step by step; search_space is exact where it fits in 64
-- bits (else NULL) and about the view's own estimate, in words.
select step, reasoning, calculation, search_space, about
from search_space

-- ==== sql/reading/search_tree_tally.sql ====
-- search_tree_tally(queens, entered, tried, placed, by_row, by_rising,
-- by_falling): level k of the backtracking search tree: the placements of
-- k − 1 queens that enter it, the squares of column k they try, those
-- placed, and those killed by a row, a rising and a falling diagonal.
select queens, entered, tried, placed, by_row, by_rising, by_falling
from search_tree_tally
order by queens

-- ==== sql/reading/square.sql ====
-- square(square, cl_no, rw_no): every square of the board with its column
-- and row numbers, in board order (column by column, each from row 1 up),
-- the order in which the page lists them.
select square, cl_no, rw_no
from square
order by cl_no, rw_no

-- ==== sql/reading/square_image.sql ====
-- square_image(symmetry, square, image): the symmetry moves square onto
-- image.
select symmetry, square, image
from square_image

-- ==== sql/reading/square_line.sql ====
-- square_line(square, anchor, mov_dir): square lies on the line that
-- starts at anchor and runs in direction mov_dir (four lines a square).
-- In the order that names one of the lines two squares share, where they
-- share more than one (the order of attacking_pair and search_tree): the
-- first of a square's lines that another square lies on too is the one
-- they name.
select sl.square, sl.anchor, sl.mov_dir
from square_line as sl
order by case sl.mov_dir when 'RGHT' then 1 when 'RGHT-DN' then 2 when 'RGHT-UP' then 3 else 4 end,
           sl.mov_dir, sl.anchor, sl.square

-- ==== sql/reading/symmetry.sql ====
-- symmetry(symmetry, description): the board's eight symmetries, the
-- identity first, by sym_no.
select symmetry, description
from symmetry
order by sym_no

-- ==== sql/reading/symmetry_description.sql ====
-- symmetry_description(description): what the symmetry named :symmetry
-- does to the board, in words (no row for a name that is no symmetry).
select description
from symmetry
where symmetry = $1
