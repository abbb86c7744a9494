//! The rows of any query, written as they arrive in the formats `solve`
//! has for placements: a table like the sqlite3 shell's column mode, CSV
//! with a header, a JSON array of objects, or one JSON object per line.

use std::collections::HashSet;
use std::io::Write;

use anyhow::Result;
use clap::ValueEnum;

use crate::engine::Value;
use crate::render::table::Layout;

/// How `query` prints rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RowFormat {
    /// Columns as the sqlite3 shell's column mode shows them.
    Table,
    /// Comma-separated, with the column names as header.
    Csv,
    /// One JSON array of objects, keyed by column name.
    Json,
    /// One JSON object per line.
    Ndjson,
}

/// Rows read before a table's column widths are fixed: the table then
/// streams, and a longer value later only shifts its own line.
const ROWS_TO_MEASURE: usize = 1000;

/// Writes the rows of one statement, in constant memory (but for the
/// first rows of a table, held until the column widths are known).
pub struct RowWriter<W: Write> {
    out: W,
    format: RowFormat,
    headers: Vec<String>,
    /// The headers as JSON keys: unique, because a JSON reader keeps only
    /// one value per key.
    keys: Vec<String>,
    held: Vec<Vec<String>>,
    layout: Option<Layout>,
    written: u64,
    /// Whether the headers came, and with them a JSON array's `[`.
    began: bool,
}

impl<W: Write> RowWriter<W> {
    pub fn new(out: W, format: RowFormat) -> Self {
        RowWriter {
            out,
            format,
            headers: Vec::new(),
            keys: Vec::new(),
            held: Vec::new(),
            layout: None,
            written: 0,
            began: false,
        }
    }

    /// The column names, before the first row.
    pub fn headers(&mut self, headers: Vec<String>) -> Result<()> {
        self.keys = unique_keys(&headers);
        self.headers = headers;
        self.began = true;
        match self.format {
            RowFormat::Csv => self.write_csv(&self.headers.clone())?,
            RowFormat::Json => self.out.write_all(b"[")?,
            RowFormat::Table | RowFormat::Ndjson => {}
        }
        Ok(())
    }

    pub fn row(&mut self, row: &[Value]) -> Result<()> {
        match self.format {
            RowFormat::Table => {
                let cells: Vec<String> = row.iter().map(Value::text).collect();
                match &self.layout {
                    Some(layout) => layout.write_row(&mut self.out, &cells)?,
                    None => {
                        self.held.push(cells);
                        if self.held.len() >= ROWS_TO_MEASURE {
                            self.release()?;
                        }
                    }
                }
            }
            RowFormat::Csv => self.write_csv(&row.iter().map(Value::text).collect::<Vec<_>>())?,
            RowFormat::Json => {
                let lead = if self.written == 0 { "\n  " } else { ",\n  " };
                self.out.write_all(lead.as_bytes())?;
                self.write_object(row)?;
            }
            RowFormat::Ndjson => {
                self.write_object(row)?;
                self.out.write_all(b"\n")?;
            }
        }
        self.written += 1;
        Ok(())
    }

    /// Ends the output; returns how many rows there were.
    pub fn finish(mut self) -> Result<u64> {
        self.release()?;
        if self.format == RowFormat::Json {
            let close = if self.written == 0 { "]\n" } else { "\n]\n" };
            self.out.write_all(close.as_bytes())?;
        }
        self.out.flush()?;
        Ok(self.written)
    }

    /// After a failure part way (a timeout, an error in a later row): the
    /// rows found so far are shown, as true as the ones before them, and a
    /// JSON array begun is closed, so that what was printed still parses.
    pub fn abandon(mut self) {
        if !self.held.is_empty() {
            let _ = self.release();
        }
        if self.format == RowFormat::Json && self.began {
            let close = if self.written == 0 { "]\n" } else { "\n]\n" };
            let _ = self.out.write_all(close.as_bytes());
        }
        let _ = self.out.flush();
    }

    /// Fixes a table's widths and prints its header and the rows held.
    fn release(&mut self) -> Result<()> {
        if self.format != RowFormat::Table || self.layout.is_some() || self.headers.is_empty() {
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

    fn write_csv(&mut self, record: &[String]) -> Result<()> {
        write_csv_record(&mut self.out, record)
    }

    /// `{"column": value, …}` in column order, numbers as numbers.
    fn write_object(&mut self, row: &[Value]) -> Result<()> {
        self.out.write_all(b"{")?;
        for (i, (name, value)) in self.keys.iter().zip(row).enumerate() {
            if i > 0 {
                self.out.write_all(b", ")?;
            }
            serde_json::to_writer(&mut self.out, name)?;
            self.out.write_all(b": ")?;
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
