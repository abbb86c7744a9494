create view solution_queen (solution_no, square) as
-- solution_queen(solution_no, square): solution number solution_no has a
-- queen on square `square`. The solutions as sets of squares, one row per
-- queen, for questions about squares rather than columns.
select n.solution_no as solution_no,
       case c.cl_no
--@ for k in range(1, N + 1)
           when {{ k }} then n.s{{ k }}
--@ endfor
       end as square
from numbered_solution as n
--@ if SQLITE
-- `cross join` keeps numbered_solution the outer loop: SQLite hands the
-- rows over as numbered_solution numbers them, each solution's queens
-- column by column, the first at once (an `order by` would make SQLite
-- sort the whole search first). DuckDB, which reads this text, numbers
-- alike but hands the rows over in an order of its own (its users add
-- `order by solution_no`: with it, SQLite would sort the whole search).
cross join col_lbl as c
;
--@ else
cross join col_lbl as c
order by n.solution_no, c.cl_no;
--@ endif
