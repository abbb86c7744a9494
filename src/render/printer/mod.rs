//! Printers of everything that is printed as records: the rows of any
//! query (`query`), and placements of queens (`solve`, `complete`,
//! `export`). One type per format, each behind [`Printer`]; [`for_rows`]
//! and [`for_placements`] pick it. Records are written as they come, in
//! constant memory (but for the first rows of a query's table, held until
//! its widths are known, and the boards of an SVG, drawn together at the
//! end).
//!
//! | format | a query's rows | placements |
//! | --- | --- | --- |
//! | table | columns as the sqlite3 shell's column mode | s1 … sN (and the number, where asked) |
//! | csv | a header of the column names | a header `solution,s1,…,sN` |
//! | json | one array of `{"column": value}` objects | one array of `{"solution": K, "squares": […]}` |
//! | ndjson | one object per line | one object per line |
//! | boards | (refused: rows are not boards) | each drawn, headed "Solution K" |
//! | svg | (refused) | a grid of boards, one picture |

mod boards;
mod csv;
mod json;
mod svg;
mod table;

use std::io::Write;

use anyhow::{Result, bail};

use crate::model::placement::Placement;
use crate::model::value::Value;
use crate::render::board_pictures::SvgSize;
use crate::render::diagram::Style;

use self::boards::BoardsPrinter;
use self::csv::CsvPrinter;
use self::json::{JsonPrinter, NdjsonPrinter};
use self::svg::SvgPrinter;
use self::table::TablePrinter;

/// How records are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Table,
    Csv,
    Json,
    Ndjson,
    Boards,
    Svg(SvgSize),
}

impl Format {
    /// Whether a program, rather than a person, is the likely reader.
    pub fn is_machine_readable(self) -> bool {
        matches!(self, Format::Csv | Format::Json | Format::Ndjson)
    }
}

/// What placements are shown with: the board they are on, whether a table
/// shows their numbers, whether they carry a class size, how a board is
/// drawn, and an SVG's title.
#[derive(Clone, Debug)]
pub struct PlacementPrinting {
    /// Its columns, rows and holes (drawn as holes: no queen stands there).
    pub board: crate::model::board::Board,
    pub show_numbers: bool,
    pub with_class_size: bool,
    pub style: Style,
    pub title: String,
}

/// Writes records of one format. A printer from [`for_rows`] takes
/// `headers` then `row`s; one from [`for_placements`] takes `placement`s.
/// What comes before the first record (a CSV header, JSON's `[`, a table's
/// header) is written with it or, if there is none, at the end, so that a
/// search that fails before it finds anything prints nothing.
pub trait Printer {
    /// A query's column names, before its first row. A printer that only
    /// draws placements (boards, SVG) refuses them: `for_rows` never makes
    /// one, so this is a mistake in queens, said once here.
    fn headers(&mut self, headers: Vec<String>) -> Result<()> {
        let _ = headers;
        bail!("a query's rows cannot be drawn as boards")
    }

    /// One row of a query (refused as `headers` is, by a drawing printer).
    fn row(&mut self, row: &[Value]) -> Result<()> {
        let _ = row;
        bail!("a query's rows cannot be drawn as boards")
    }

    /// One placement.
    fn placement(&mut self, placement: &Placement) -> Result<()>;

    /// Ends the output; returns how many records there were.
    fn finish(self: Box<Self>) -> Result<u64>;

    /// After a failure part way (a timeout, an error in a later row): the
    /// records found so far are shown, as true as the ones before them, and
    /// a JSON array begun is closed, so that what was printed still parses.
    fn abandon(self: Box<Self>);
}

/// A printer for the rows of a query, whose column names come with
/// `headers` before the first row.
pub fn for_rows<'a>(out: impl Write + 'a, format: Format) -> Result<Box<dyn Printer + 'a>> {
    Ok(match format {
        Format::Table => Box::new(TablePrinter::for_rows(out)),
        Format::Csv => Box::new(CsvPrinter::new(out, Vec::new())),
        Format::Json => Box::new(JsonPrinter::new(out)),
        Format::Ndjson => Box::new(NdjsonPrinter::new(out)),
        Format::Boards | Format::Svg(_) => {
            bail!("a query's rows are printed as a table, CSV, JSON or NDJSON, not as boards")
        }
    })
}

/// A printer for placements on the board and as `printing` asks.
pub fn for_placements<'a>(
    out: impl Write + 'a,
    format: Format,
    printing: PlacementPrinting,
) -> Box<dyn Printer + 'a> {
    match format {
        Format::Table => Box::new(TablePrinter::for_placements(out, &printing)),
        // Like JSON, CSV always carries the solution's number.
        Format::Csv => Box::new(CsvPrinter::new(out, placement_headers(&printing, true))),
        Format::Json => Box::new(JsonPrinter::new(out)),
        Format::Ndjson => Box::new(NdjsonPrinter::new(out)),
        Format::Boards => Box::new(BoardsPrinter::new(out, printing)),
        Format::Svg(size) => Box::new(SvgPrinter::new(out, printing, size)),
    }
}

/// The columns of placements: `solution` where `numbered`, the squares,
/// and `class_size` where the placements carry one.
fn placement_headers(printing: &PlacementPrinting, numbered: bool) -> Vec<String> {
    let mut headers = Vec::new();
    if numbered {
        headers.push("solution".to_string());
    }
    headers.extend((1..=printing.board.cols).map(|k| format!("s{k}")));
    if printing.with_class_size {
        headers.push("class_size".to_string());
    }
    headers
}

/// A placement's cells under [`placement_headers`].
fn placement_cells(placement: &Placement, numbered: bool) -> Vec<String> {
    let mut cells = Vec::new();
    if numbered {
        cells.push(placement.solution.to_string());
    }
    cells.extend(placement.squares.iter().cloned());
    cells.extend(placement.class_size.map(|size| size.to_string()));
    cells
}
