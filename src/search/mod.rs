//! The board's questions, as the commands ask them: the search (its parts
//! run on several connections), the placements a question selects, the
//! solutions stored once found, and the model read to be shown.
//! Each takes one [`context::OpenBoard`]; reads through the engine interface;
//! knows nothing of output formats, and tells how far a long search has
//! got through `Progress`, which the command draws.

pub mod context;
pub mod grading;
pub mod order;
pub mod parallel;
pub mod progress;
pub mod questions;
pub mod reading;
pub mod selection;
pub mod store;
pub mod walk;

pub use context::{OpenBoard, Workers};
pub use progress::{Progress, Unwatched};
