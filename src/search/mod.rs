//! The search: its parts run on several connections, the placements a
//! question selects, and the solutions stored once found. Reads through
//! the engine interface; knows nothing of output formats.

pub mod parallel;
pub mod placement;
pub mod selection;
pub mod store;
