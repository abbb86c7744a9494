-- Schema 5: numbered_solution numbers by an explicit order.
--
-- The tables do not change. Schema 4 numbered SQLite's solutions as they
-- came (row_number() over ()), which is board order in SQLite but not in
-- DuckDB, which reads the same view text and runs it in parallel: its
-- numbers, and so solution_queen, solution_class and fundamental_solution,
-- were wrong there. The view now sorts by the queens' rows on every engine.
-- Views are made again by every upgrade, which is all this version needs.
select 5;
