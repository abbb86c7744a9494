-- On a Citus cluster (init --distributed), every fact is a reference
-- table: Citus keeps a whole copy of it on every node, so that each worker
-- can search its own parts of the board against local copies of the
-- squares, lines and line sets, with no data crossing the network. The
-- facts are small (at most a few thousand rows at 26×26) and never change
-- while a search runs. Each table follows those it refers to.
select create_reference_table('board_size');
select create_reference_table('board_shape');
select create_reference_table('board_rows');
select create_reference_table('mov_dir');
select create_reference_table('col_lbl');
select create_reference_table('row_lbl');
select create_reference_table('square');
select create_reference_table('hole');
select create_reference_table('line');
select create_reference_table('square_line');
select create_reference_table('line_set');
select create_reference_table('safe_next');
select create_reference_table('symmetry');
select create_reference_table('square_image');
select create_reference_table('queens_version');
