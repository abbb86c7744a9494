-- Schema 6: search_space counts the solutions up to 12×12 (it stopped at
-- 9×9, where its row 6 said "a search of minutes or more" while the count
-- took under a second in the sqlite3 shell), and writes every exponent in
-- two digits or more (4.43E+09), as `queens space` does.
--
-- The tables do not change. Views are made again by every upgrade, which
-- is all this version needs. As with every older file, the reading
-- commands refuse a file of schema 5 until `queens init` upgrades it.
select 6;
