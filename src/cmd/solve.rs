//! `queens solve`: print every solution.

use std::io::Write;

use anyhow::Result;
use clap::Args as ClapArgs;

use crate::cmd::{DbArgs, stdout};
use crate::db;
use crate::table::{Layout, cell_text};

/// Print every solution of the board, one per row, in board order.
///
/// The rows are those of the solution view (select * from solution): column
/// s1 holds the square of the queen in column a, s2 the one in column b, and
/// so on. Creates the database (for --size, default 8) if it does not exist.
///
/// With --fundamental, one solution per class of solutions that the board's
/// rotations and reflections turn into one another (the class's first in
/// board order), with the size of its class: the fundamental_solution view.
///
/// Examples:
///   queens solve                          # the 92 solutions of 8×8
///   queens solve --fundamental            # the 12 fundamental ones
///   queens solve --size 6 --db six.db     # the 4 solutions of 6×6
#[derive(ClapArgs, Debug)]
#[command(verbatim_doc_comment)]
pub struct Args {
    #[command(flatten)]
    pub target: DbArgs,

    /// Only one solution of each symmetry class, with the class size.
    #[arg(long)]
    pub fundamental: bool,
}

pub fn run(args: &Args) -> Result<()> {
    let (conn, n) = db::open_for_reading(&args.target.db, args.target.size)?;
    let view = if args.fundamental {
        "fundamental_solution"
    } else {
        "solution"
    };
    let mut stmt = conn.prepare(&format!("select * from {view}"))?;
    let headers: Vec<String> = stmt.column_names().iter().map(|c| c.to_string()).collect();
    // A square's name is a letter and at most two digits.
    let layout = Layout::bounded(&headers, 1 + n.to_string().len());
    let mut out = stdout();
    layout.write_header(&mut out, &headers)?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let cells = (0..headers.len())
            .map(|i| row.get_ref(i).map(cell_text))
            .collect::<rusqlite::Result<Vec<_>>>()?;
        layout.write_row(&mut out, &cells)?;
    }
    Ok(out.flush()?)
}
