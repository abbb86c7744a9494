//! Columns as the sqlite3 shell's column mode prints them.

use std::io::Write;

use anyhow::{Result, bail};

use super::{PlacementPrinting, Printer, placement_cells, placement_headers};
use crate::model::placement::Placement;
use crate::model::value::Value;
use crate::render::column_layout::Layout;

/// Rows read before a query's table fixes its column widths: the table then
/// streams, and a longer value later only shifts its own line.
const ROWS_TO_MEASURE: usize = 1000;

/// Prints a table: a header, a rule, then the records, one per line.
pub struct TablePrinter<W: Write> {
    out: W,
    headers: Vec<String>,
    /// The columns' widths: fixed from the start for placements, whose
    /// squares' names are short; for a query, once its first rows are read.
    layout: Option<Layout>,
    /// A query's first rows, held until its table's widths are known.
    held: Vec<Vec<String>>,
    /// For placements: whether a line starts with the solution's number.
    /// None for a query's rows.
    numbered: Option<bool>,
    written: u64,
    headed: bool,
}

impl<W: Write> TablePrinter<W> {
    pub fn for_rows(out: W) -> Self {
        TablePrinter {
            out,
            headers: Vec::new(),
            layout: None,
            held: Vec::new(),
            numbered: None,
            written: 0,
            headed: false,
        }
    }

    pub fn for_placements(out: W, printing: &PlacementPrinting) -> Self {
        let headers = placement_headers(printing, printing.show_numbers);
        // A square's name is a letter and at most two digits.
        let layout = Layout::bounded(&headers, 1 + printing.board.cols.to_string().len());
        TablePrinter {
            headers,
            layout: Some(layout),
            numbered: Some(printing.show_numbers),
            ..Self::for_rows(out)
        }
    }

    /// A placement table's header, with the first record or at the end (a
    /// query's table waits for its widths).
    fn head(&mut self) -> Result<()> {
        if !self.headed {
            self.headed = true;
            if let Some(layout) = &self.layout {
                layout.write_header(&mut self.out, &self.headers)?;
            }
        }
        Ok(())
    }

    /// Fixes a query table's widths and prints its header and the rows held.
    fn release(&mut self) -> Result<()> {
        if self.layout.is_some() || self.headers.is_empty() {
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
}

impl<W: Write> Printer for TablePrinter<W> {
    fn headers(&mut self, headers: Vec<String>) -> Result<()> {
        self.headers = headers;
        Ok(())
    }

    fn row(&mut self, row: &[Value]) -> Result<()> {
        self.head()?;
        let cells = row.iter().map(Value::text).collect::<Vec<_>>();
        match &self.layout {
            Some(layout) => layout.write_row(&mut self.out, &cells)?,
            None => {
                self.held.push(cells);
                if self.held.len() >= ROWS_TO_MEASURE {
                    self.release()?;
                }
            }
        }
        self.written += 1;
        Ok(())
    }

    fn placement(&mut self, placement: &Placement) -> Result<()> {
        let Some(numbered) = self.numbered else {
            bail!("this printer prints a query's rows, not placements");
        };
        self.head()?;
        let layout = self.layout.as_ref().expect("placements have a layout");
        layout.write_row(&mut self.out, &placement_cells(placement, numbered))?;
        self.written += 1;
        Ok(())
    }

    fn finish(mut self: Box<Self>) -> Result<u64> {
        self.head()?;
        self.release()?;
        self.out.flush()?;
        Ok(self.written)
    }

    fn abandon(mut self: Box<Self>) {
        if !self.held.is_empty() {
            let _ = self.release();
        }
        let _ = self.out.flush();
    }
}
