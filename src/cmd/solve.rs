//! `queens solve`: print every solution.

use std::io::Write;

use anyhow::Result;
use clap::Args as ClapArgs;

use crate::cmd::{DbArgs, stdout};
use crate::db;
use crate::table::Layout;

/// Print every solution of the board, one per row, in board order.
///
/// The rows are those of the solution view (select * from solution): column
/// s1 holds the square of the queen in column a, s2 the one in column b, and
/// so on. Creates the database (for --size, default 8) if it does not exist.
///
/// Examples:
///   queens solve                          # the 92 solutions of 8×8
///   queens solve --size 6 --db six.db     # the 4 solutions of 6×6
#[derive(ClapArgs, Debug)]
#[command(verbatim_doc_comment)]
pub struct Args {
    #[command(flatten)]
    pub target: DbArgs,
}

pub fn run(args: &Args) -> Result<()> {
    let (conn, n) = db::open_for_reading(&args.target.db, args.target.size)?;
    let mut stmt = conn.prepare("select * from solution")?;
    let headers: Vec<String> = stmt.column_names().iter().map(|c| c.to_string()).collect();
    // A square's name is a letter and at most two digits.
    let layout = Layout::bounded(&headers, 1 + n.to_string().len());
    let mut out = stdout();
    layout.write_header(&mut out, &headers)?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let squares = (0..headers.len())
            .map(|i| row.get::<_, String>(i))
            .collect::<rusqlite::Result<Vec<_>>>()?;
        layout.write_row(&mut out, &squares)?;
    }
    Ok(out.flush()?)
}
