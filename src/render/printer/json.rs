//! JSON: one array of objects, or one object per line (NDJSON), each
//! object serialized by serde as it comes.

use std::collections::HashSet;
use std::io::Write;

use anyhow::Result;
use serde::{Serialize, Serializer};

use super::Printer;
use crate::model::placement::Placement;
use crate::model::value::Value;

/// Prints one JSON array, an object on each line between its brackets.
pub struct JsonPrinter<W: Write> {
    out: W,
    /// A query's column names as the objects' keys.
    keys: Vec<String>,
    written: u64,
    /// Whether the array's `[` is out.
    opened: bool,
}

impl<W: Write> JsonPrinter<W> {
    pub fn new(out: W) -> Self {
        JsonPrinter {
            out,
            keys: Vec::new(),
            written: 0,
            opened: false,
        }
    }

    /// Before each object: the array's `[` before the first, then a new
    /// line, after a comma but for the first.
    fn lead(&mut self) -> Result<()> {
        self.open()?;
        let lead = if self.written == 0 { "\n  " } else { ",\n  " };
        self.out.write_all(lead.as_bytes())?;
        self.written += 1;
        Ok(())
    }

    fn open(&mut self) -> Result<()> {
        if !self.opened {
            self.opened = true;
            self.out.write_all(b"[")?;
        }
        Ok(())
    }

    /// The array's `]`, on a line of its own after its objects.
    fn close(&mut self) -> Result<()> {
        let close = if self.written == 0 { "]\n" } else { "\n]\n" };
        self.out.write_all(close.as_bytes())?;
        Ok(())
    }
}

impl<W: Write> Printer for JsonPrinter<W> {
    fn headers(&mut self, headers: Vec<String>) -> Result<()> {
        self.keys = unique_keys(&headers);
        self.open()
    }

    fn row(&mut self, row: &[Value]) -> Result<()> {
        self.lead()?;
        let object = RowObject {
            keys: &self.keys,
            row,
        };
        Ok(serde_json::to_writer(&mut self.out, &object)?)
    }

    fn placement(&mut self, placement: &Placement) -> Result<()> {
        self.lead()?;
        Ok(serde_json::to_writer(&mut self.out, placement)?)
    }

    fn finish(mut self: Box<Self>) -> Result<u64> {
        self.open()?;
        self.close()?;
        self.out.flush()?;
        Ok(self.written)
    }

    fn abandon(mut self: Box<Self>) {
        if self.opened {
            let _ = self.close();
        }
        let _ = self.out.flush();
    }
}

/// Prints one JSON object per line.
pub struct NdjsonPrinter<W: Write> {
    out: W,
    /// A query's column names as the objects' keys.
    keys: Vec<String>,
    written: u64,
}

impl<W: Write> NdjsonPrinter<W> {
    pub fn new(out: W) -> Self {
        NdjsonPrinter {
            out,
            keys: Vec::new(),
            written: 0,
        }
    }

    fn end_line(&mut self) -> Result<()> {
        self.out.write_all(b"\n")?;
        self.written += 1;
        Ok(())
    }
}

impl<W: Write> Printer for NdjsonPrinter<W> {
    fn headers(&mut self, headers: Vec<String>) -> Result<()> {
        self.keys = unique_keys(&headers);
        Ok(())
    }

    fn row(&mut self, row: &[Value]) -> Result<()> {
        let object = RowObject {
            keys: &self.keys,
            row,
        };
        serde_json::to_writer(&mut self.out, &object)?;
        self.end_line()
    }

    fn placement(&mut self, placement: &Placement) -> Result<()> {
        serde_json::to_writer(&mut self.out, placement)?;
        self.end_line()
    }

    fn finish(mut self: Box<Self>) -> Result<u64> {
        self.out.flush()?;
        Ok(self.written)
    }

    fn abandon(mut self: Box<Self>) {
        let _ = self.out.flush();
    }
}

/// A query's row as `{"column":value,…}`, in column order, compact as
/// `solve` writes its JSON.
struct RowObject<'a> {
    keys: &'a [String],
    row: &'a [Value],
}

impl Serialize for RowObject<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.keys.iter().zip(self.row))
    }
}

/// Column names made unique the way SQLite names the columns of
/// `create table … as select` with a repeated name: the second `x` is
/// `x:1`, the third `x:2`, skipping any name the query already has. A JSON
/// reader keeps only one value per key.
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
