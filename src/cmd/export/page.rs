//! The model as one page to explore in a browser, with its SQL console
//! where --console asks for one.

use std::io::Write;

use anyhow::{Result, bail};

use crate::cmd::export::args::{Args, ExportFormat};
use crate::cmd::export::console::{self, Console};
use crate::model::board::Board;
use crate::render::console::ConsoleData;
use crate::render::page::{PageData, write_page};
use crate::render::page_mark::PageMark;
use crate::search::selection::Selection;
use crate::search::{OpenBoard, reading};

/// The largest board the page is written for: 13×13's 73,712 solutions
/// make a page of about 1 MB; 14×14's would be five times that.
const PAGE_UP_TO: u8 = 13;

/// The console --console asks for, found and checked before the board is
/// read (None without --console).
pub fn console_asked(args: &Args, format: ExportFormat) -> Result<Option<Console>> {
    if args.console {
        Ok(Some(console::prepare(
            format == ExportFormat::Html,
            args.exercises.as_deref(),
            args.sqljs.as_deref(),
        )?))
    } else {
        Ok(None)
    }
}

/// Which export writes the page of `board` (its first line): its board,
/// and its console with the course --exercises names, where it has one.
pub fn mark(args: &Args, board: &Board) -> PageMark {
    let console = args.console.then_some(args.exercises.as_deref());
    PageMark::of(&board.the_board(), console)
}

/// The page holds every solution: refused beyond PAGE_UP_TO.
pub fn refuse_too_large_a_page(format: ExportFormat, n: u8) -> Result<()> {
    if format == ExportFormat::Html && n > PAGE_UP_TO {
        bail!(
            "the page holds every solution, and the {n}×{n} board's are too many for one page; \
             --format html writes boards up to {PAGE_UP_TO}×{PAGE_UP_TO}"
        );
    }
    Ok(())
}

/// The page of the model: every fact it shows read from the database's
/// relations (square, square_line, symmetry, square_image, search_space,
/// search_funnel) and its solutions from the search, in board order.
/// Its first line is `mark`. Returns how many solutions it holds.
pub fn write(
    board: &OpenBoard,
    mark: &PageMark,
    console: Option<&ConsoleData>,
    out: &mut dyn Write,
) -> Result<u64> {
    let mut data = PageData::from_shown(&reading::board_shown(board)?)?;
    data.shaped(&board.board)?;
    let mut count = 0;
    Selection::All.for_each(board, |placement| {
        count += 1;
        data.add_solution(&placement.squares)
    })?;
    write_page(out, mark, &data, console)?;
    Ok(count)
}
