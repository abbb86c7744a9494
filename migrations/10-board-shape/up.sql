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
--@ if DUCKDB
create unique index board_shape_has_one_row on board_shape ((torus * 0));
--@ else
create unique index board_shape_has_one_row on board_shape ((0));
--@ endif

create table hole (
    -- No queen may stand on square `square`; the lines through it go on
    -- across it.
    square text not null primary key references square (square)
);

--@ if SQLITE
-- (SQLite alters no constraint: the tables are made again, their rows
-- kept meanwhile in tables of their own, and without a rename, which would
-- have SQLite check every view first. The rows stay, so that the file
-- holds together until its board is derived again.)
create table queens_10_mov_dir as select * from mov_dir;
create table queens_10_square_line as select * from square_line;
create table queens_10_line_set as select * from line_set;
create table queens_10_safe_next as select * from safe_next;
drop table safe_next;
drop table line_set;
drop table square_line;
drop table mov_dir;
--@ endif
--@ if DUCKDB
-- (DuckDB alters no constraint, nor drops a table another refers to: its
-- script, run once on a new database, makes the tables again before any
-- board is derived, line with them, as schema 1 made it.)
drop table safe_next;
drop table line_set;
drop table square_line;
drop table line;
drop table mov_dir;
--@ endif
--@ if SQLITE + DUCKDB > 0
create table mov_dir (
    -- Moving in direction mov_dir changes the column number by d_cl and the
    -- row number by d_rw. A queen steps along a column, a row and the two
    -- diagonals; a superqueen also leaps as a knight does, two squares one
    -- way and one the other, in four more directions. Each direction is
    -- kept once, with its reverse left out.
    mov_dir text    not null primary key,
    d_cl    integer not null check (d_cl in (0, 1, 2)),
    d_rw    integer not null check (d_rw between -2 and 2),
    unique (d_cl, d_rw),
    check (d_cl <> 0 or d_rw > 0),
    check ((abs(d_cl) <= 1 and abs(d_rw) <= 1) or abs(d_cl) + abs(d_rw) = 3)
);

--@ if DUCKDB
create table line (
    -- There is a line (a row, a column or a diagonal) that starts at square
    -- anchor and runs in direction mov_dir; anchor has no predecessor on the
    -- board in that direction.
    anchor  text not null references square (square),
    mov_dir text not null references mov_dir (mov_dir),
    primary key (anchor, mov_dir)
);

--@ endif
create table square_line (
    -- Square `square` lies on the line that starts at anchor and runs in
    -- direction mov_dir. A square lies on one line of each of a queen's
    -- directions, and on up to two of each of a knight's: the one it
    -- starts and the one that lands on it.
    square  text not null references square (square),
    anchor  text not null,
    mov_dir text not null,
    primary key (square, anchor, mov_dir),
    foreign key (anchor, mov_dir) references line (anchor, mov_dir)
);

create index square_line_by_line on square_line (anchor, mov_dir);

--@ if SQLITE
-- A square lies on exactly one line of each of a queen's directions.
-- (DuckDB has no partial index: its script leaves this to the facts.)
create unique index square_line_one_a_step on square_line (square, mov_dir)
    where mov_dir in ('UP', 'RGHT', 'RGHT-UP', 'RGHT-DN');
--@ endif

create table line_set (
    -- L(square), the set of the lines through square (which stands in
    -- column cl_no, row rw_no, and is no hole: a queen may stand there),
    -- encoded as a bitset: number the board's lines 0, 1, 2, …; line
    -- number i belongs to L(square) exactly when bit i % 64 of word
    -- w<i / 64> is set. Sixteen words hold 1,024 lines: the 154 of the
    -- largest board, and the knights' moves of a superqueens board up to
    -- 16×16. Derived from square_line; it is what lets the solution view
    -- test L(new) ∩ (L(q1) ∪ … ∪ L(qk)) = ∅ with one `&` a word.
    cl_no  integer not null,
    rw_no  integer not null,
    square text    not null unique,
--@ for w in range(0, 16)
    w{{ w }}{% if w < 10 %} {% endif %}    bigint  not null,
--@ endfor
    primary key (cl_no, rw_no),  -- stored in board order: column, then row
    foreign key (square, cl_no, rw_no) references square (square, cl_no, rw_no)
){% if SQLITE %} without rowid{% endif %};

create table safe_next (
    -- A queen in row prev_rw_no of column cl_no − 1 shares no line with
    -- square `square` (column cl_no, row rw_no) of the next column. The
    -- square's line set w0, … is repeated from line_set so that the search
    -- reads one row per step. This is the search space's "never the row
    -- ±1 next to the previous queen", taken all the way: never a square
    -- the previous queen attacks.
    cl_no      integer not null,
    prev_rw_no integer not null,
    rw_no      integer not null,
    square     text    not null,
--@ for w in range(0, 16)
    w{{ w }}{% if w < 10 %} {% endif %}        bigint  not null,
--@ endfor
    primary key (cl_no, prev_rw_no, rw_no),
    foreign key (cl_no, rw_no) references line_set (cl_no, rw_no)
){% if SQLITE %} without rowid{% endif %};
--@ endif
--@ if SQLITE

insert into mov_dir (mov_dir, d_cl, d_rw)
select mov_dir, d_cl, d_rw from queens_10_mov_dir;
insert into square_line (square, anchor, mov_dir)
select square, anchor, mov_dir from queens_10_square_line;
insert into line_set (cl_no, rw_no, square{% for w in range(0, 16) %}, w{{ w }}{% endfor %})
select cl_no, rw_no, square, w0, w1, w2{% for w in range(3, 16) %}, 0{% endfor %} from queens_10_line_set;
insert into safe_next (cl_no, prev_rw_no, rw_no, square{% for w in range(0, 16) %}, w{{ w }}{% endfor %})
select cl_no, prev_rw_no, rw_no, square, w0, w1, w2{% for w in range(3, 16) %}, 0{% endfor %} from queens_10_safe_next;
drop table queens_10_mov_dir;
drop table queens_10_square_line;
drop table queens_10_line_set;
drop table queens_10_safe_next;
--@ endif
--@ if POSTGRES
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
--@ for w in range(3, 16)
    add column w{{ w }} bigint not null default 0{% if w < 15 %},{% endif %}
--@ endfor
;
alter table safe_next
--@ for w in range(3, 16)
    add column w{{ w }} bigint not null default 0{% if w < 15 %},{% endif %}
--@ endfor
;
--@ endif
-- The directions are the board's now (sql/facts/02-mov_dir.sql), derived
-- with it: a file without a board yet (a new one) has none. A board's stay
-- until it is derived again: on PostgreSQL, in this transaction, which
-- empties them first.
--@ if SQLITE
delete from mov_dir where not exists (select 1 from line);
-- The board is derived again (a file whose record of what its facts were
-- derived from is gone is derived again by the upgrade that follows, and
-- refused by readers until then).
delete from queens_derived;
--@ else
delete from safe_next;
delete from line_set;
delete from square_line;
delete from line;
delete from mov_dir;
--@ endif
