//! Who watches a long search, through the search's progress reports.

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
