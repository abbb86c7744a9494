//! Comma-separated values, quoted where they need to be, under a header.

use std::io::{self, Write};

use ::csv::{ErrorKind, Writer, WriterBuilder};
use anyhow::Result;

use super::{Printer, placement_cells};
use crate::model::placement::Placement;
use crate::model::value::Value;

/// Prints CSV through one `csv::Writer` for the whole output.
pub struct CsvPrinter<W: Write> {
    csv: Writer<W>,
    /// A query's column names, or placements' columns from the start.
    headers: Vec<String>,
    written: u64,
    headed: bool,
}

impl<W: Write> CsvPrinter<W> {
    pub fn new(out: W, headers: Vec<String>) -> Self {
        // Flexible: a record is written as it is, whatever its length.
        let csv = WriterBuilder::new().flexible(true).from_writer(out);
        CsvPrinter {
            csv,
            headers,
            written: 0,
            headed: false,
        }
    }

    /// The header, with the first record or at the end.
    fn head(&mut self) -> Result<()> {
        if !self.headed {
            self.headed = true;
            let headers = std::mem::take(&mut self.headers);
            self.write_record(&headers)?;
        }
        Ok(())
    }

    fn write_record(&mut self, record: &[String]) -> io::Result<()> {
        self.csv.write_record(record).map_err(writer_error)
    }
}

impl<W: Write> Printer for CsvPrinter<W> {
    fn headers(&mut self, headers: Vec<String>) -> Result<()> {
        self.headers = headers;
        self.head()
    }

    fn row(&mut self, row: &[Value]) -> Result<()> {
        self.head()?;
        let cells = row.iter().map(Value::text).collect::<Vec<_>>();
        self.write_record(&cells)?;
        self.written += 1;
        Ok(())
    }

    fn placement(&mut self, placement: &Placement) -> Result<()> {
        self.head()?;
        self.write_record(&placement_cells(placement, true))?;
        self.written += 1;
        Ok(())
    }

    fn finish(mut self: Box<Self>) -> Result<u64> {
        self.head()?;
        self.csv.flush()?;
        Ok(self.written)
    }

    fn abandon(mut self: Box<Self>) {
        let _ = self.csv.flush();
    }
}

/// The error of the output itself, where csv's error is one: a closed pipe
/// must be seen as one (`queens solve -f csv | head`). Writing text to a
/// flexible writer fails no other way.
fn writer_error(error: ::csv::Error) -> io::Error {
    match error.into_kind() {
        ErrorKind::Io(error) => error,
        other => io::Error::other(format!("{other:?}")),
    }
}
