-- board_size(n): the board is n×n. Each connection of a command that
-- searches on several reads it, to be sure that it reads the board the
-- first connection reads (a file replaced by another between two opens
-- would hold another).
select n from board_size;
