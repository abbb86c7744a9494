-- The planner settings of queens' sessions (the book's performance page
-- has the figures). Joins in the written order, as `cross join` keeps them in
-- SQLite; each column's squares joined by hash (safe_next is small, so
-- each column's hash table is built once and probed for every placement)
-- rather than an index scan restarted for every placement, which is what
-- nested loops do; and no JIT compilation: the search's many small join
-- conditions took LLVM far longer to compile than they take to run.
-- LOCAL = 1: for the transaction only; CITUS = 1: handed on to the
-- workers' connections too, which by default keep their own.
--@ if CITUS
set local citus.propagate_set_commands = 'local';
--@ endif
set {% if LOCAL %}local {% endif %}join_collapse_limit = 1;
set {% if LOCAL %}local {% endif %}from_collapse_limit = 1;
set {% if LOCAL %}local {% endif %}enable_nestloop = off;
set {% if LOCAL %}local {% endif %}enable_mergejoin = off;
set {% if LOCAL %}local {% endif %}jit = off;
