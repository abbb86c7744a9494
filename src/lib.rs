//! `queens`: the N-Queens puzzle as relations, solved by set-based SQL in an
//! embedded SQLite database.
//!
//! The solver lives in SQL (`migrations/` and `sql/`); this crate opens the
//! database, expands the size-dependent views, and formats what the views
//! answer. It also carries an independent native checker (`checker`) that
//! tests and benchmarks hold the SQL against.

pub mod board;
pub mod checker;
pub mod citus;
pub mod cmd;
pub mod db;
pub mod diagram;
pub mod dialect;
pub mod dump;
pub mod engine;
pub mod error;
pub mod outfile;
pub mod output;
pub mod parallel;
pub mod pg;
pub mod placement;
pub mod rows;
pub mod schema;
pub mod store;
pub mod svg;
pub mod table;
pub mod template;
