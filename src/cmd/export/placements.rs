//! The solutions as CSV, JSON, NDJSON or SVG: all of them, one (--solution)
//! or one a symmetry class (--fundamental).

use std::io::Write;

use anyhow::Result;

use crate::cmd::export::args::{Args, ExportFormat};
use crate::error::usage;
use crate::model::placement::Placement;
use crate::render::board_pictures::SvgSize;
use crate::render::diagram::Style;
use crate::render::notes::solutions_phrase;
use crate::render::printer::{self, Format, PlacementPrinting};
use crate::search::selection::Selection;
use crate::search::{OpenBoard, order};

/// How `format` renders placements, or None for the formats that write
/// the whole model (SQL, the page, Datasette's metadata).
pub fn rendering(format: ExportFormat, fixed_size: bool) -> Option<Format> {
    let size = if fixed_size {
        SvgSize::Fixed
    } else {
        SvgSize::Fit
    };
    match format {
        ExportFormat::Csv => Some(Format::Csv),
        ExportFormat::Json => Some(Format::Json),
        ExportFormat::Ndjson => Some(Format::Ndjson),
        ExportFormat::Svg => Some(Format::Svg(size)),
        ExportFormat::Sql | ExportFormat::Html | ExportFormat::Datasette => None,
    }
}

/// A usage error where --solution or --fundamental asks a format that
/// writes everything.
pub fn refuse_choosing_in_whole(args: &Args, format: ExportFormat) -> Result<()> {
    let whole = match format {
        ExportFormat::Sql => "the sql format writes the whole database",
        ExportFormat::Html => "the html page holds every solution",
        ExportFormat::Datasette => "the datasette metadata describes the whole database",
        _ => return Ok(()),
    };
    if args.solution.is_some() || args.fundamental {
        Err(usage(format!(
            "--solution and --fundamental choose solutions; {whole}"
        )))
    } else {
        Ok(())
    }
}

/// Solution `k` in board order, found by walking the search that far; a
/// `k` beyond the board's solutions is a usage error.
pub fn solution_number(board: &OpenBoard, k: i64) -> Result<Placement> {
    match order::nth_solution(board, k)? {
        (Some(squares), _) => Ok(Placement {
            solution: k,
            squares,
            class_size: None,
        }),
        (None, total) => Err(usage(format!(
            "--solution {k}: {} has {}",
            board.board.the_board(),
            solutions_phrase(total as u64)
        ))),
    }
}

/// Writes the selected placements in `format`; returns how many.
pub fn write(
    board: &OpenBoard,
    chosen: Option<&Placement>,
    args: &Args,
    format: Format,
    out: &mut dyn Write,
) -> Result<u64> {
    let selection = Selection::new(args.fundamental);
    let printing = PlacementPrinting {
        board: board.board.clone(),
        show_numbers: false,
        with_class_size: selection.with_class_size(),
        style: Style::Ascii,
        title: String::new(),
    };
    if let Format::Svg(_) = format {
        // A picture's title says how many boards it has: count them first.
        let mut all = Vec::new();
        each_selected(board, chosen, args, |placement| {
            all.push(placement);
            Ok(())
        })?;
        let title = picture_title(&board.board.the_board(), args, all.len());
        let mut writer =
            printer::for_placements(out, format, PlacementPrinting { title, ..printing });
        for placement in &all {
            writer.placement(placement)?;
        }
        return writer.finish();
    }
    let mut writer = printer::for_placements(out, format, printing);
    each_selected(board, chosen, args, |placement| {
        writer.placement(&placement)
    })?;
    writer.finish()
}

/// Calls `each` with the placements the arguments select.
fn each_selected(
    board: &OpenBoard,
    chosen: Option<&Placement>,
    args: &Args,
    mut each: impl FnMut(Placement) -> Result<()>,
) -> Result<()> {
    match chosen {
        Some(placement) => each(placement.clone()),
        None => Selection::new(args.fundamental).for_each(board, each),
    }
}

/// "Solution 3 of the 8×8 board", of the board `board` names.
fn picture_title(board: &str, args: &Args, count: usize) -> String {
    match (args.solution, args.fundamental) {
        (Some(k), _) => format!("Solution {k} of {board}"),
        (None, true) => format!("The {count} fundamental solutions of {board}"),
        (None, false) => format!("The {} of {board}", solutions_phrase(count as u64)),
    }
}
