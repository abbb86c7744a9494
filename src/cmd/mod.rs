//! One file per subcommand. Each has its arguments (`Args`, for clap) and a
//! `run` that does the work and writes the output; what they share is
//! `shared.rs` (arguments, output, the steps every command takes alike)
//! and `progress.rs` (the bar and spinner every long command draws).

pub mod check;
pub mod complete;
pub mod completions;
pub mod count;
pub mod doctor;
pub mod export;
pub mod grade;
pub mod init;
pub mod manpage;
mod progress;
pub mod query;
mod shared;
pub mod show;
pub mod solve;
pub mod space;
pub mod trace;

pub use progress::{Bar, Spinner};
pub use shared::*;
