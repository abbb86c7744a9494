-- The settings of every change of the model (`init`), for its transaction
-- only. The facts are derived before their tables are analysed, so the
-- planner guesses those tables far larger than they are, and compiled two
-- of the facts' queries to machine code (JIT), which took longer than the
-- rest of a rebuild (0.9 s each on a 9×9 board, where they run in
-- milliseconds without). On a distributed board the setting goes to the
-- workers' connections too (the Citus settings before it).
set local jit = off;
