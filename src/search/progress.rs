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
    /// Says, in a sentence, what a person running the search should know
    /// of it (what an earlier search left done), unless asked to be quiet.
    fn note(&self, text: &str);
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
    fn note(&self, _text: &str) {}
}
