//! One writer for everything that is printed as records: the rows of any
//! query (`query`), and placements of queens (`solve`, `complete`,
//! `export`). Records are written as they come, in constant memory (but
//! for the first rows of a query's table, held until its widths are known,
//! and the boards of an SVG, drawn together at the end).
//!
//! | format | a query's rows | placements |
//! | --- | --- | --- |
//! | table | columns as the sqlite3 shell's column mode | s1 … sN (and the number, where asked) |
//! | csv | a header of the column names | a header `solution,s1,…,sN` |
//! | json | one array of `{"column": value}` objects | one array of `{"solution": K, "squares": […]}` |
//! | ndjson | one object per line | one object per line |
//! | boards | (refused: rows are not boards) | each drawn, headed "Solution K" |
//! | svg | (refused) | a grid of boards, one picture |

use std::collections::HashSet;
use std::io::Write;

use anyhow::{Result, bail};

use crate::model::board::Square;
use crate::model::placement::Placement;
use crate::model::value::Value;
use crate::render::diagram::{self, Style};
use crate::render::svg::{SvgSize, write_svg};
use crate::render::table::Layout;

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
pub struct PlacementShape {
    pub n: u8,
    pub show_numbers: bool,
    pub with_class_size: bool,
    pub style: Style,
    pub title: String,
}

/// Rows read before a query's table fixes its column widths: the table then
/// streams, and a longer value later only shifts its own line.
const ROWS_TO_MEASURE: usize = 1000;

/// Writes records of one format to `out`.
pub struct Writer<W: Write> {
    out: W,
    format: Format,
    shape: Option<PlacementShape>,
    headers: Vec<String>,
    /// The headers as JSON keys: unique, because a JSON reader keeps only
    /// one value per key.
    keys: Vec<String>,
    /// A query's first rows, held until its table's widths are known.
    held: Vec<Vec<String>>,
    layout: Option<Layout>,
    /// An SVG's placements, drawn together at the end.
    drawn: Vec<Placement>,
    written: u64,
    /// Whether the headers (and a JSON array's `[`) are out.
    headed: bool,
}

impl<W: Write> Writer<W> {
    /// A writer for the rows of a query, whose column names come with
    /// `headers` before the first row.
    pub fn for_rows(out: W, format: Format) -> Result<Self> {
        if matches!(format, Format::Boards | Format::Svg(_)) {
            bail!("a query's rows are printed as a table, CSV, JSON or NDJSON, not as boards");
        }
        Ok(Self::new(out, format, None))
    }

    /// A writer for placements on an `n`×`n` board.
    pub fn for_placements(out: W, format: Format, shape: PlacementShape) -> Self {
        let mut writer = Self::new(out, format, None);
        writer.headers = placement_headers(&shape, shape.show_numbers);
        // A square's name is a letter and at most two digits.
        writer.layout = Some(Layout::bounded(
            &writer.headers,
            1 + shape.n.to_string().len(),
        ));
        writer.shape = Some(shape);
        writer
    }

    fn new(out: W, format: Format, shape: Option<PlacementShape>) -> Self {
        Writer {
            out,
            format,
            shape,
            headers: Vec::new(),
            keys: Vec::new(),
            held: Vec::new(),
            layout: None,
            drawn: Vec::new(),
            written: 0,
            headed: false,
        }
    }

    /// A query's column names, before its first row.
    pub fn headers(&mut self, headers: Vec<String>) -> Result<()> {
        self.keys = unique_keys(&headers);
        self.headers = headers;
        self.head()
    }

    /// Writes what comes before the first record (a CSV header, JSON's
    /// `[`, a placement table's header): with the first record or, if there
    /// is none, at the end, so that a search that fails before it finds
    /// anything prints nothing.
    fn head(&mut self) -> Result<()> {
        if self.headed {
            return Ok(());
        }
        self.headed = true;
        match (self.format, &self.shape) {
            (Format::Table, Some(_)) => {
                let layout = self.layout.as_ref().expect("placements have a layout");
                layout.write_header(&mut self.out, &self.headers)?;
            }
            // A query's table waits for its widths.
            (Format::Table, None) => {}
            (Format::Csv, Some(shape)) => {
                // Like JSON, CSV always carries the solution's number.
                let headers = placement_headers(shape, true);
                write_csv_record(&mut self.out, &headers)?;
            }
            (Format::Csv, None) => write_csv_record(&mut self.out, &self.headers)?,
            (Format::Json, _) => self.out.write_all(b"[")?,
            (Format::Ndjson | Format::Boards | Format::Svg(_), _) => {}
        }
        Ok(())
    }

    /// One row of a query.
    pub fn row(&mut self, row: &[Value]) -> Result<()> {
        self.head()?;
        let cells = || row.iter().map(Value::text).collect::<Vec<_>>();
        match self.format {
            Format::Table => match &self.layout {
                Some(layout) => layout.write_row(&mut self.out, &cells())?,
                None => {
                    self.held.push(cells());
                    if self.held.len() >= ROWS_TO_MEASURE {
                        self.release()?;
                    }
                }
            },
            Format::Csv => write_csv_record(&mut self.out, &cells())?,
            Format::Json => {
                self.json_lead()?;
                self.write_object(row)?;
            }
            Format::Ndjson => {
                self.write_object(row)?;
                self.out.write_all(b"\n")?;
            }
            Format::Boards | Format::Svg(_) => {
                bail!("a query's rows cannot be drawn as boards")
            }
        }
        self.written += 1;
        Ok(())
    }

    /// One placement.
    pub fn placement(&mut self, placement: &Placement) -> Result<()> {
        self.head()?;
        let Some(shape) = &self.shape else {
            bail!("this writer prints a query's rows, not placements");
        };
        match self.format {
            Format::Table => {
                let mut cells = Vec::new();
                if shape.show_numbers {
                    cells.push(placement.solution.to_string());
                }
                cells.extend(placement.squares.iter().cloned());
                cells.extend(placement.class_size.map(|size| size.to_string()));
                let layout = self.layout.as_ref().expect("placements have a layout");
                layout.write_row(&mut self.out, &cells)?;
            }
            Format::Csv => {
                let mut record = vec![placement.solution.to_string()];
                record.extend(placement.squares.iter().cloned());
                record.extend(placement.class_size.map(|size| size.to_string()));
                write_csv_record(&mut self.out, &record)?;
            }
            Format::Json => {
                self.json_lead()?;
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
                    .map(|name| Square::parse(name, shape.n))
                    .collect::<Result<Vec<_>>>()?;
                let drawing = diagram::draw(shape.n, &queens, shape.style);
                self.out.write_all(drawing.as_bytes())?;
            }
            Format::Svg(_) => self.drawn.push(placement.clone()),
        }
        self.written += 1;
        Ok(())
    }

    /// Ends the output; returns how many records there were.
    pub fn finish(mut self) -> Result<u64> {
        self.head()?;
        self.release()?;
        self.close_array()?;
        if let (Format::Svg(size), Some(shape)) = (self.format, &self.shape) {
            write_svg(&mut self.out, shape.n, &shape.title, &self.drawn, size)?;
        }
        self.out.flush()?;
        Ok(self.written)
    }

    /// After a failure part way (a timeout, an error in a later row): the
    /// records found so far are shown, as true as the ones before them, and
    /// a JSON array begun is closed, so that what was printed still parses.
    pub fn abandon(mut self) {
        if !self.held.is_empty() {
            let _ = self.release();
        }
        if self.headed {
            let _ = self.close_array();
        }
        let _ = self.out.flush();
    }

    /// Before each object of a JSON array: a new line, after a comma but for
    /// the first.
    fn json_lead(&mut self) -> Result<()> {
        let lead = if self.written == 0 { "\n  " } else { ",\n  " };
        Ok(self.out.write_all(lead.as_bytes())?)
    }

    /// A JSON array's `]`, on a line of its own after its objects.
    fn close_array(&mut self) -> Result<()> {
        if self.format == Format::Json {
            let close = if self.written == 0 { "]\n" } else { "\n]\n" };
            self.out.write_all(close.as_bytes())?;
        }
        Ok(())
    }

    /// Fixes a query table's widths and prints its header and the rows held.
    fn release(&mut self) -> Result<()> {
        if self.format != Format::Table || self.layout.is_some() || self.headers.is_empty() {
            return Ok(());
        }
        let layout = Layout::fitting(&self.headers, &self.held);
        layout.write_header(&mut self.out, &self.headers)?;
        for row in self.held.drain(..) {
            layout.write_row(&mut self.out, &row)?;
        }
        self.layout = Some(layout);
        Ok(())
    }

    /// `{"column":value,…}` in column order, numbers as numbers: compact,
    /// as `solve` writes its JSON.
    fn write_object(&mut self, row: &[Value]) -> Result<()> {
        self.out.write_all(b"{")?;
        for (i, (name, value)) in self.keys.iter().zip(row).enumerate() {
            if i > 0 {
                self.out.write_all(b",")?;
            }
            serde_json::to_writer(&mut self.out, name)?;
            self.out.write_all(b":")?;
            match value {
                Value::Null => serde_json::to_writer(&mut self.out, &())?,
                Value::Integer(i) => serde_json::to_writer(&mut self.out, i)?,
                Value::Real(f) if f.is_finite() => serde_json::to_writer(&mut self.out, f)?,
                // JSON has no infinity; SQLite's json() writes it as a
                // number too large for a double, which readers take back
                // as infinity.
                Value::Real(f) if f.is_infinite() => {
                    let sign = if *f < 0.0 { "-" } else { "" };
                    write!(self.out, "{sign}9.0e+999")?
                }
                Value::Real(_) => serde_json::to_writer(&mut self.out, &())?,
                Value::Text(t) => serde_json::to_writer(&mut self.out, t)?,
                // PostgreSQL writes a finite numeric as digits, a point and
                // a sign: a JSON number as it stands, every digit kept.
                Value::Decimal(d) => self.out.write_all(d.as_bytes())?,
            }
        }
        self.out.write_all(b"}")?;
        Ok(())
    }
}

/// "Solution 5", or "Solution 5 (class of 8)" for a fundamental solution.
fn board_heading(placement: &Placement) -> String {
    match placement.class_size {
        Some(size) => format!("Solution {} (class of {size})", placement.solution),
        None => format!("Solution {}", placement.solution),
    }
}

fn placement_headers(shape: &PlacementShape, numbered: bool) -> Vec<String> {
    let mut headers = Vec::new();
    if numbered {
        headers.push("solution".to_string());
    }
    headers.extend((1..=shape.n).map(|k| format!("s{k}")));
    if shape.with_class_size {
        headers.push("class_size".to_string());
    }
    headers
}

/// Column names made unique the way SQLite names the columns of
/// `create table … as select` with a repeated name: the second `x` is
/// `x:1`, the third `x:2`, skipping any name the query already has.
fn unique_keys(headers: &[String]) -> Vec<String> {
    let named: HashSet<&str> = headers.iter().map(String::as_str).collect();
    let mut used: HashSet<String> = HashSet::new();
    let mut keys = Vec::with_capacity(headers.len());
    for name in headers {
        let key = if used.contains(name) {
            (1..)
                .map(|k| format!("{name}:{k}"))
                .find(|key| !named.contains(key.as_str()) && !used.contains(key))
                .unwrap_or_default()
        } else {
            name.clone()
        };
        used.insert(key.clone());
        keys.push(key);
    }
    keys
}

/// One CSV record, quoted where it needs to be, and its line ending.
pub fn write_csv_record(out: &mut impl Write, record: &[String]) -> Result<()> {
    let mut csv = csv::Writer::from_writer(Vec::new());
    csv.write_record(record)?;
    let bytes = csv.into_inner().map_err(|e| e.into_error())?;
    out.write_all(&bytes)?;
    Ok(())
}

/// "1 solution", "92 solutions".
pub fn solutions_phrase(count: u64) -> String {
    if count == 1 {
        "1 solution".to_string()
    } else {
        format!("{count} solutions")
    }
}

/// Counts and notes go to standard error when the output is for a program.
pub fn note(format: Format, out: &mut impl Write, text: &str) -> std::io::Result<()> {
    if format.is_machine_readable() {
        eprintln!("{text}");
        Ok(())
    } else {
        writeln!(out, "{text}")
    }
}
