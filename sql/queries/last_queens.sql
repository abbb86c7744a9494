-- last_queens(rows, last, w0, …): queens stand one per column on the last
-- columns, {col:FROM} … {col:N}, and no two of them share a line; rows has
-- bit r set for each row r they stand in, last is the row of the queen in
-- column {col:N}, and w0, … are the words of the lines they cover
-- (line_set, the bitset form of square_line). The count's own table, not
-- the board's: built once, in memory, by one connection (temp), whose
-- copy each connection that counts loads as queens_count.last_queens
-- (part_count_by_last_queens.sql); keyed the way it is looked up, by the
-- rows, then the last queen's row, with the words beside them in the key,
-- so that one B-tree answers (the path makes each key a placement's own).
--@if HOLED
-- On a board with holes the queens stand on the whole board, holes too
-- (whole_board.sql), and hole_images gathers theirs.
--@end
create temp table last_queens (
    rows  integer not null,
    last  integer not null,
--@for w in 0..W-1
    w{w}    integer not null,
--@end
    path  integer not null,  -- the rows, a hexadecimal digit a queen
--@if HOLED
    hole_images integer not null,
--@end
    primary key (rows, last{{w in 0..W-1 sep "": , w{w}}}, path)
) without rowid;
insert into temp.last_queens (rows, last{{w in 0..W-1 sep "": , w{w}}}, path{{if HOLED: , hole_images}})
select {{k in FROM..N sep " | ": (1 << q{k}.rw_no)}},
       q{N}.rw_no,
--@for w in 0..W-1
       {{k in FROM..N sep " | ": q{k}.w{w}}},
--@end
       {{k in FROM..N sep " | ": (q{k}.rw_no << {4*N-4*k})}}{{if HOLED: ,}}
--@if HOLED
       {{k in FROM..N sep " | ": q{k}.hole_images}}
--@end
from {LINE_SET} as q{FROM}                  -- queen {FROM} stands in column {col:FROM}
--@for k in FROM+1..N
cross join {SAFE_NEXT} as q{k}              -- queen {k} stands in column {col:k}
--@end
where q{FROM}.cl_no = {FROM}
--@for k in FROM+1..N
  and q{k}.cl_no = {k}
  and q{k}.prev_rw_no = q{k-1}.rw_no        -- L(s{k}) ∩ L(s{k-1}) = ∅
--@if k > FROM+1
--@for w in 0..W-1
  and q{k}.w{w} & ({{j in FROM..k-2 sep " | ": q{j}.w{w}}}) = 0
--@end
--@end
--@end
;
