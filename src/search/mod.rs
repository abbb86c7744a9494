//! The board's questions, as the commands ask them: the search (its parts
//! run on several connections), the placements a question selects, the
//! solutions stored once found, and the model's facts read to be shown.
//! Each takes one [`context::Board`]; reads through the engine interface;
//! knows nothing of output formats, and tells how far a long search has
//! got through `Progress`, which the command draws.

pub mod context;
pub mod order;
pub mod parallel;
pub mod questions;
pub mod reading;
pub mod selection;
pub mod store;
pub mod walk;

pub use context::{Board, Workers};

/// Who watches a long search: told how many parts there are, then how many
/// more are done, then that it is over.
pub trait Progress: Sync {
    /// Whether anyone watches: a distributed search is then cut into more
    /// statements, so that its progress can move.
    fn watched(&self) -> bool;
    fn start(&self, parts: usize);
    fn advance(&self, parts: usize);
    fn finish(&self);
}

/// Nobody watches.
pub struct Unwatched;

impl Progress for Unwatched {
    fn watched(&self) -> bool {
        false
    }
    fn start(&self, _parts: usize) {}
    fn advance(&self, _parts: usize) {}
    fn finish(&self) {}
}
