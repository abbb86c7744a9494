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
--@ if WHOLE
-- (Written here for a count on a board with holes, as if it had none: the
-- line sets of every square, holes too, in {{ LINE_SET }}; see
-- sql/queries/whole_board.sql.)
--@ endif
insert into {{ LINE_SET }} (cl_no, rw_no, square{% for w in range(0, WORDS) %}, w{{ w }}{% endfor %})
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
--@ if DUCKDB
-- (DuckDB refuses 1 << 63 as an overflow: bit 63 is written as its value,
-- the smallest 64-bit integer.)
--@ endif
select s.cl_no, s.rw_no, s.square,
--@ for w in range(0, WORDS)
--@ if DUCKDB
       cast(sum(case when nl.line_no {{ DIV }} 64 <> {{ w }} then 0
                     when nl.line_no % 64 = 63 then -9223372036854775807 - 1
                     else cast(1 as bigint) << cast(nl.line_no % 64 as integer) end) as bigint){% if w < WORDS - 1 %},{% endif %}
--@ else
       cast(sum(case when nl.line_no / 64 = {{ w }} then cast(1 as bigint) << cast(nl.line_no % 64 as integer) else 0 end) as bigint){% if w < WORDS - 1 %},{% endif %}
--@ endif
--@ endfor
from square as s
join square_line as sl on sl.square = s.square
join numbered_line as nl on nl.anchor = sl.anchor and nl.mov_dir = sl.mov_dir
--@ if WHOLE == 0
where s.square not in (select square from hole)     -- no queen stands on a hole
--@ endif
group by s.square, s.cl_no, s.rw_no;
