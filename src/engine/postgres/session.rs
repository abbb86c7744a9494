//! The planner settings queens' PostgreSQL sessions run with.

/// Joins in the written order, as `cross join` keeps them in SQLite.
///
/// And each column's squares joined by hash (safe_next is small, so each
/// column's hash table is built once and probed for every placement)
/// rather than an index scan restarted for every placement, which is what
/// nested loops do (BENCHMARKS.md has the figures).
///
/// And no JIT compilation: the search's many small join conditions took
/// LLVM far longer to compile than they take to run (BENCHMARKS.md).
pub const SETTINGS: &str = "set join_collapse_limit = 1; set from_collapse_limit = 1; \
                            set enable_nestloop = off; set enable_mergejoin = off; \
                            set jit = off;";
