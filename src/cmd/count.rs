//! `queens count`: the number of solutions.

use std::io::Write;

use anyhow::Result;
use clap::Args as ClapArgs;

use crate::cmd::{DbArgs, stdout};
use crate::db;

/// Print the number of solutions of the board (select count(*) from solution).
///
/// Creates the database (for --size, default 8) if it does not exist.
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
}

pub fn run(args: &Args) -> Result<()> {
    let (conn, _) = db::open_for_reading(&args.target.db, args.target.size)?;
    let view = if args.fundamental {
        "fundamental_solution"
    } else {
        "solution"
    };
    let count: i64 = conn.query_row(&format!("select count(*) from {view}"), [], |row| {
        row.get(0)
    })?;
    let mut out = stdout();
    writeln!(out, "{count}")?;
    Ok(out.flush()?)
}
