//! `queens`: the N-Queens puzzle as relations, solved by set-based SQL.
//!
//! The solver lives in SQL (`migrations/` and `sql/`). This crate builds
//! the model in one of three engines (`engine`): an SQLite file, embedded
//! and the default; a schema on a PostgreSQL server; or one spread over a
//! Citus cluster. It expands the size-dependent views for each, asks the
//! questions the commands need (`search`), and writes what the views answer
//! (`render`). It also carries an independent native checker (`checker`)
//! that tests and benchmarks hold the SQL against.

pub mod checker;
pub mod cmd;
pub mod engine;
pub mod error;
pub mod interrupt;
pub mod model;
pub mod render;
pub mod search;
pub mod tempfiles;
