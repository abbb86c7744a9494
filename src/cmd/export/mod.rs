//! `queens export`: solutions, pictures or the whole database, to a file or
//! standard output. One file per kind of output (`placements`, `script`,
//! `page` with its `console`, `datasette`), all written through one
//! `Destination`; this file is the order of the work.

mod args;
mod console;
mod datasette;
mod delivery;
mod page;
mod placements;
mod script;

pub use args::{Args, ExportFormat, ScriptDialect};
pub use console::CONSOLE_UP_TO;

use std::io::Write;

use anyhow::Result;

use crate::cmd::say_if_stored;
use crate::engine::{self, Target};
use crate::error::usage;
use crate::model::board::{Board, DEFAULT_SIZE};
use crate::render::console::ConsoleData;
use crate::render::notes::solutions_phrase;
use crate::render::page_mark::PageMark;
use crate::search::OpenBoard;
use delivery::Destination;

pub fn run(args: &Args) -> Result<()> {
    let format = args.chosen_format()?;
    script::refuse_a_dialect_it_cannot_hold(args, format)?;
    placements::refuse_choosing_in_whole(args, format)?;
    let asked = (args.target.asked(|| None)).unwrap_or_else(|| Board::square(DEFAULT_SIZE));
    refuse_a_board_it_cannot_hold(args, format, &asked)?;
    if args.console {
        // Before any other line: sql.js and the exercises are looked for
        // only for a board the console serves.
        console::refuse_too_large(&asked)?;
    }
    let console = page::console_asked(args, format)?;
    let target = args.target.target()?;
    if format == ExportFormat::Datasette {
        target.file(datasette::NEEDS_A_FILE)?;
    }
    // Refuse an unwritable or existing --out before any work is done; a
    // page this command wrote is a draft the same export writes again.
    let is_page = format == ExportFormat::Html;
    let out = Destination::checked(args.out.as_deref(), args.force, is_page, &target)?;
    if is_page && target.is_file_not_there() {
        // The file is made with the board asked for: a page that would be
        // refused for that board is refused before the file is made.
        page::refuse_too_large_a_page(format, asked.cols)?;
        out.refuse_another_export(&page::mark(args, &asked))?;
    }
    if let Some(n) = script::needs_no_board(args, format, &target) {
        let asked = asked.on_columns(n);
        script::write_alone(args, &asked, &out)?;
        out.say_written(&script::said(args.dialect(), &asked.the_board()));
        return Ok(());
    }
    let engine = match format {
        ExportFormat::Datasette => engine::connect(&target)?,
        _ => args.target.engine()?,
    };
    let bar = args.work.bar();
    let workers = args.work.workers(&bar);
    let board = match format {
        ExportFormat::Datasette => {
            datasette::open_board(engine.as_ref(), args.target.size(), workers)?
        }
        _ => OpenBoard::open(engine.as_ref(), args.target.size(), workers)?,
    };
    page::refuse_too_large_a_page(format, board.n())?;
    refuse_a_board_it_cannot_hold(args, format, &board.board)?;
    let mark = page::mark(args, &board.board);
    out.refuse_another_export(&mark)?;
    let console = match console {
        Some(console) => Some(console.data(&board)?),
        None => None,
    };
    let page = (&mark, console.as_ref());
    let count = out.write(|writer| written(args, format, &board, &target, page, writer))?;
    say_what_was_written(args, format, &board, &target, &out, count)
}

/// Writes `format` of `board` into `out`; returns how many solutions.
fn written(
    args: &Args,
    format: ExportFormat,
    board: &OpenBoard,
    target: &Target,
    (mark, console): (&PageMark, Option<&ConsoleData>),
    out: &mut dyn Write,
) -> Result<u64> {
    if let Some(rendering) = placements::rendering(format, args.fixed_size) {
        let chosen = match args.solution {
            Some(k) => Some(placements::solution_number(board, k)?),
            None => None,
        };
        say_if_stored(board)?;
        return placements::write(board, chosen.as_ref(), args, rendering, out);
    }
    match format {
        ExportFormat::Html => {
            say_if_stored(board)?;
            page::write(board, mark, console, out)
        }
        ExportFormat::Datasette => datasette::write(board, target, out).map(|()| 0),
        _ => script::write(board, args, out).map(|()| 0),
    }
}

/// Says what was written where (and, for Datasette, which file it is
/// for, even on standard output).
fn say_what_was_written(
    args: &Args,
    format: ExportFormat,
    board: &OpenBoard,
    target: &Target,
    out: &Destination,
    count: u64,
) -> Result<()> {
    let the_board = board.board.the_board();
    let what = match format {
        ExportFormat::Datasette => return datasette::say_keyed(target, out.path()),
        ExportFormat::Sql => script::said(args.dialect(), &the_board),
        ExportFormat::Html => format!(
            "the page of {the_board} ({}){}",
            solutions_phrase(count),
            if args.console {
                ", with its SQL console,"
            } else {
                ""
            }
        ),
        _ => solutions_phrase(count),
    };
    out.say_written(&what);
    Ok(())
}

/// What holds square boards only, asked of a rectangle: the DuckDB script,
/// whose search joins two halves on the rows they use, every row. Asked of
/// the board the flags name before a file is created for it, and of the
/// board opened (a file's own).
fn refuse_a_board_it_cannot_hold(args: &Args, format: ExportFormat, board: &Board) -> Result<()> {
    let named = board.the_board();
    if board.is_square() {
        return Ok(());
    }
    let what = match (format, args.dialect()) {
        (ExportFormat::Sql, ScriptDialect::Duckdb) => "--dialect duckdb",
        _ => return Ok(()),
    };
    Err(usage(format!(
        "{what} holds square boards only, not {named}; the other formats, and the database \
         in sqlite3, hold it"
    )))
}
