//! `queens`: the N-Queens puzzle as relations, solved by set-based SQL in an
//! embedded SQLite database.
//!
//! The solver lives in SQL (`migrations/` and `sql/`); this crate opens the
//! database, expands the size-dependent views, and formats what the views
//! answer. It also carries an independent native checker (`checker`) that
//! tests and benchmarks hold the SQL against.

pub mod checker;
pub mod cmd;
pub mod engine;
pub mod error;
pub mod interrupt;
pub mod model;
pub mod render;
pub mod search;
pub mod tempfiles;
