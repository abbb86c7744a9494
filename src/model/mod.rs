//! The model: the board's names, placements and values, the schema objects
//! from the SQL files, and the template expansion that sizes them for N
//! and writes them for an engine's dialect. No engine, no output:
//! everything above builds on it.

pub mod answers;
pub mod board;
pub mod catalog;
pub mod description;
pub mod exercises;
pub mod hex;
pub mod placement;
pub mod reading;
pub mod schema;
pub mod sql;
pub mod template;
pub mod value;
pub mod verdict;
pub mod words;
