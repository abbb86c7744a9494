-- Clears queens' board before it is derived again (a rebuild, an
-- upgrade), keeping every object of the user's: the views go, then the
-- stored solutions with the old board (DROP_STORE = 1; an upgrade of an
-- SQLite file keeps them), then the facts, each before the facts its rows
-- refer to, and the board size last. For both engines.
--@ include "build/drop_views.sql"
--@ if DROP_STORE
drop table if exists {% if SQLITE %}main.{% endif %}solution_store;
--@ endif
--@ for table in FACT_TABLES | reverse
delete from {{ table }};
--@ endfor
delete from board_size;
