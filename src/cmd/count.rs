//! `queens count`: the number of solutions.

use std::io::Write;

use anyhow::Result;
use clap::Args as ClapArgs;

use crate::cmd::{DbArgs, WorkArgs, say_if_stored, stdout};
use crate::search::parallel;

/// Print the number of solutions of the board (select count(*) from solution).
///
/// Creates the database (for --size, default 8) if it does not exist.
///
/// The search is split into parts by where the first two queens stand; the
/// parts run as separate queries on separate read-only connections, on
/// --jobs threads. By the board's mirror symmetry, parts whose first queen
/// stands in the upper half of column a need not be searched: they hold as
/// many solutions as their reflections in the lower half.
///
/// On a Citus board (init --distributed) the workers count the parts, and
/// each part's count is kept in search_part_count as its run of parts
/// finishes: a count stopped part way (Ctrl-C, a worker lost), run again,
/// searches only the parts not yet counted, and says how many were.
///
/// With --fundamental, count the classes of solutions that the board's
/// rotations and reflections turn into one another instead.
///
/// Examples:
///   queens count                     # 92
///   queens count --fundamental       # 12
///   queens count --db ten.db         # 724, for a 10×10 database
#[derive(ClapArgs, Debug)]
#[command(verbatim_doc_comment)]
pub struct Args {
    #[command(flatten)]
    pub target: DbArgs,

    /// Count symmetry classes (fundamental solutions) instead of solutions.
    #[arg(long)]
    pub fundamental: bool,

    #[command(flatten)]
    pub work: WorkArgs,
}

pub fn run(args: &Args) -> Result<()> {
    args.target.on_board(Some(&args.work), |board| {
        say_if_stored(board)?;
        let count = match board.stored_count()? {
            _ if args.fundamental => parallel::count_classes(board)?,
            Some(stored) => stored,
            None => parallel::count_solutions(board)?,
        };
        let mut out = stdout();
        writeln!(out, "{count}")?;
        Ok(out.flush()?)
    })
}
