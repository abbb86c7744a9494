//! One file per subcommand. Each has its arguments (`Args`, for clap) and a
//! `run` that does the work and writes the output.

use std::path::PathBuf;

use clap::Args;

use crate::board::MAX_SIZE;

pub mod check;
pub mod complete;
pub mod count;
pub mod export;
pub mod init;
pub mod query;
pub mod show;
pub mod solve;
pub mod space;

/// The options every command shares: which database, and for which board.
#[derive(Args, Debug, Clone)]
pub struct DbArgs {
    /// The database file. Created, with a board of --size, when it does not exist.
    #[arg(long, value_name = "PATH", default_value = "queens.db")]
    pub db: PathBuf,

    /// Board size N (1 to 26) for a database that is created [default: 8].
    /// With an existing database it must match the stored board.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = clap::value_parser!(u8).range(1..=MAX_SIZE as i64))]
    pub size: Option<u8>,
}

/// Standard output, buffered; a closed pipe surfaces as an error that the
/// caller treats as a quiet end.
pub fn stdout() -> std::io::BufWriter<std::io::StdoutLock<'static>> {
    std::io::BufWriter::new(std::io::stdout().lock())
}
