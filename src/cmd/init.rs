//! `queens init`: create, upgrade or rebuild a database.

use std::io::Write;

use anyhow::Result;
use clap::Args as ClapArgs;

use crate::board::DEFAULT_SIZE;
use crate::cmd::{DbArgs, stdout};
use crate::db::{self, Origin};

/// Create the database for an N×N board, or check and upgrade one.
///
/// A new database holds the board's domains and facts (squares, lines and
/// which squares lie on which lines) and the views candidate,
/// solution_by_definition, solution and search_space, generated for N.
/// Running init again on the same database changes nothing. Asking for
/// another size is refused unless --force is given, which rebuilds the board
/// in one transaction and keeps every table and view that is not queens' own.
///
/// Examples:
///   queens init                          # ./queens.db, 8×8
///   queens init --size 10 --db ten.db    # a 10×10 board in ten.db
///   queens init --size 6 --db ten.db --force
#[derive(ClapArgs, Debug)]
#[command(verbatim_doc_comment)]
pub struct Args {
    #[command(flatten)]
    pub target: DbArgs,

    /// Rebuild an existing database's board, for --size or its own size.
    #[arg(long)]
    pub force: bool,
}

pub fn run(args: &Args) -> Result<()> {
    let path = &args.target.db;
    let requested = args.target.size;
    let shown = path.display();
    let mut out = stdout();

    let (origin, found) = db::ensure_exists(path, requested)?;
    if origin == Origin::Created {
        writeln!(out, "created {shown} with {}", board_words(found.size))?;
        return Ok(out.flush()?);
    }

    if args.force {
        let n = requested.unwrap_or(found.size);
        db::rebuild(path, n)?;
        writeln!(
            out,
            "rebuilt {shown} with {} (it held {})",
            board_words(n),
            board_words(found.size)
        )?;
        return Ok(out.flush()?);
    }

    db::check_requested_size(path, found.size, requested)?;
    let upgraded = db::bring_up_to_date(path)?;
    let what = if upgraded {
        "brought it up to date"
    } else {
        "nothing to do"
    };
    writeln!(
        out,
        "{shown} already holds {}; {what}",
        board_words(found.size)
    )?;
    Ok(out.flush()?)
}

/// "an 8×8 board (the classic board)", "a 10×10 board".
pub fn board_words(n: u8) -> String {
    // Said aloud, 8, 11 and 18 start with a vowel.
    let article = if matches!(n, 8 | 11 | 18) { "an" } else { "a" };
    let classic = if n == DEFAULT_SIZE {
        " (the classic board)"
    } else {
        ""
    };
    format!("{article} {n}×{n} board{classic}")
}
