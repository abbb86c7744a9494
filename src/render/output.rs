//! Writing placements (solutions, completions, fundamental solutions) in the
//! formats `solve`, `complete` and `export` share.

use std::io::{self, Write};

use anyhow::Result;
use clap::ValueEnum;

use crate::model::board::Square;
use crate::render::diagram::{self, Style};
use crate::render::table::Layout;
use crate::search::selection::Placement;

/// How placements are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Columns s1 … sN, like the sqlite3 shell's column mode.
    Table,
    /// Comma-separated, with a header solution,s1,…,sN.
    Csv,
    /// One JSON array of {"solution": K, "squares": [...]} objects.
    Json,
    /// One JSON object per line (newline-delimited JSON).
    Ndjson,
    /// Every placement drawn as a board, headed "Solution K".
    Boards,
}

impl Format {
    /// Whether a program, rather than a person, is the likely reader.
    pub fn is_machine_readable(self) -> bool {
        matches!(self, Format::Csv | Format::Json | Format::Ndjson)
    }
}

/// Writes placements one at a time in one format, so that any number of
/// them streams through in constant memory.
pub struct PlacementWriter<W: Write> {
    out: W,
    format: Format,
    n: u8,
    style: Style,
    show_numbers: bool,
    with_class_size: bool,
    layout: Layout,
    written: u64,
    /// Whether the headers are out.
    headed: bool,
}

impl<W: Write> PlacementWriter<W> {
    /// A writer for an `n`×`n` board. `show_numbers` adds a solution column
    /// to tables; `with_class_size` adds the class size everywhere.
    pub fn new(out: W, format: Format, n: u8, show_numbers: bool, with_class_size: bool) -> Self {
        let headers = table_headers(n, show_numbers, with_class_size);
        // A square's name is a letter and at most two digits.
        let layout = Layout::bounded(&headers, 1 + n.to_string().len());
        PlacementWriter {
            out,
            format,
            n,
            style: Style::Ascii,
            show_numbers,
            with_class_size,
            layout,
            written: 0,
            headed: false,
        }
    }

    /// Draw boards with this style.
    pub fn with_style(mut self, style: Style) -> Self {
        self.style = style;
        self
    }

    /// Writes what comes before the first placement.
    /// The headers (a table's, CSV's, JSON's `[`), written with the first
    /// placement or, if there is none, by `finish`: a search that fails
    /// before it finds anything (a Citus worker gone) prints nothing.
    fn head(&mut self) -> Result<()> {
        if self.headed {
            return Ok(());
        }
        self.headed = true;
        let headers = table_headers(self.n, self.show_numbers, self.with_class_size);
        match self.format {
            Format::Table => self.layout.write_header(&mut self.out, &headers)?,
            Format::Csv => {
                // Like JSON, CSV always carries the solution's number.
                let csv_headers = table_headers(self.n, true, self.with_class_size);
                self.write_csv_record(&csv_headers)?;
            }
            Format::Json => self.out.write_all(b"[")?,
            Format::Ndjson | Format::Boards => {}
        }
        Ok(())
    }

    pub fn write(&mut self, placement: &Placement) -> Result<()> {
        self.head()?;
        match self.format {
            Format::Table => {
                let mut cells = Vec::new();
                if self.show_numbers {
                    cells.push(placement.solution.to_string());
                }
                cells.extend(placement.squares.iter().cloned());
                cells.extend(placement.class_size.map(|size| size.to_string()));
                self.layout.write_row(&mut self.out, &cells)?;
            }
            Format::Csv => {
                let mut record = vec![placement.solution.to_string()];
                record.extend(placement.squares.iter().cloned());
                record.extend(placement.class_size.map(|size| size.to_string()));
                self.write_csv_record(&record)?;
            }
            Format::Json => {
                let lead = if self.written == 0 { "\n  " } else { ",\n  " };
                self.out.write_all(lead.as_bytes())?;
                serde_json::to_writer(&mut self.out, placement)?;
            }
            Format::Ndjson => {
                serde_json::to_writer(&mut self.out, placement)?;
                self.out.write_all(b"\n")?;
            }
            Format::Boards => {
                if self.written > 0 {
                    writeln!(self.out)?;
                }
                writeln!(self.out, "{}", board_heading(placement))?;
                let queens = placement
                    .squares
                    .iter()
                    .map(|name| Square::parse(name, self.n))
                    .collect::<Result<Vec<_>>>()?;
                self.out
                    .write_all(diagram::draw(self.n, &queens, self.style).as_bytes())?;
            }
        }
        self.written += 1;
        Ok(())
    }

    /// Writes what comes after the last placement; returns how many there were.
    pub fn finish(mut self) -> Result<u64> {
        self.head()?;
        if self.format == Format::Json {
            let close = if self.written == 0 { "]\n" } else { "\n]\n" };
            self.out.write_all(close.as_bytes())?;
        }
        self.out.flush()?;
        Ok(self.written)
    }

    fn write_csv_record(&mut self, record: &[String]) -> Result<()> {
        crate::render::rows::write_csv_record(&mut self.out, record)
    }
}

/// "Solution 5", or "Solution 5 (class of 8)" for a fundamental solution.
fn board_heading(placement: &Placement) -> String {
    match placement.class_size {
        Some(size) => format!("Solution {} (class of {size})", placement.solution),
        None => format!("Solution {}", placement.solution),
    }
}

fn table_headers(n: u8, show_numbers: bool, with_class_size: bool) -> Vec<String> {
    let mut headers = Vec::new();
    if show_numbers {
        headers.push("solution".to_string());
    }
    headers.extend((1..=n).map(|k| format!("s{k}")));
    if with_class_size {
        headers.push("class_size".to_string());
    }
    headers
}

/// "1 solution", "92 solutions".
pub fn solutions_phrase(count: u64) -> String {
    if count == 1 {
        "1 solution".to_string()
    } else {
        format!("{count} solutions")
    }
}

/// Standard error is where counts go when the output is for a program.
pub fn note(format: Format, out: &mut impl Write, text: &str) -> io::Result<()> {
    if format.is_machine_readable() {
        eprintln!("{text}");
        Ok(())
    } else {
        writeln!(out, "{text}")
    }
}
