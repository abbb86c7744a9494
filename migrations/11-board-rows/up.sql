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
--@ if DUCKDB
create unique index board_rows_has_one_row on board_rows ((n * 0));
--@ else
create unique index board_rows_has_one_row on board_rows ((0));
--@ endif

-- A board derived before this schema is square, until it is derived again.
insert into board_rows (n)
select n from board_size
where not exists (select 1 from board_rows);
