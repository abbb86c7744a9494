-- Set at the start of each transaction in which the keeping session reads
-- a few rows of the cluster's tables (which parts' counts are kept, and
-- their sum): one connection to each worker, which runs the shards' tasks
-- one after another. Left to itself Citus opens up to
-- citus.max_adaptive_executor_pool_size connections to each worker for a
-- statement that reaches all of its shards, each a login there, where each
-- task takes well under a millisecond: on the test cluster, a count of a
-- 5×5 board read its kept parts in 108 to 171 ms, and in 36 to 46 ms on
-- one connection a worker. The search itself keeps Citus's own setting.
set local citus.max_adaptive_executor_pool_size = 1;
