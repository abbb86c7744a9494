//! The model: the board's names, the schema objects from the SQL files,
//! the template expansion that sizes them for N, and the few rewrites
//! PostgreSQL needs. No engine, no output: everything above builds on it.

pub mod board;
pub mod dialect;
pub mod schema;
pub mod template;
pub mod value;
