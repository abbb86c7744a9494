//! Tables as the `sqlite3` shell prints them in column mode: a header, a
//! rule of dashes, then the rows, columns left-aligned and two spaces apart.

use std::io::{self, Write};

/// Fixed column widths, for printing rows as they arrive.
pub struct Layout {
    widths: Vec<usize>,
}

impl Layout {
    /// Widths that fit the headers and every value in `rows`.
    pub fn fitting(headers: &[String], rows: &[Vec<String>]) -> Layout {
        let mut widths: Vec<usize> = headers.iter().map(|h| width(h)).collect();
        for row in rows {
            for (w, cell) in widths.iter_mut().zip(row) {
                *w = (*w).max(width(cell));
            }
        }
        Layout { widths }
    }

    /// Widths for headers whose values are known to be at most `widest` long.
    pub fn bounded(headers: &[String], widest: usize) -> Layout {
        let widths = headers.iter().map(|h| width(h).max(widest)).collect();
        Layout { widths }
    }

    pub fn write_header(&self, out: &mut impl Write, headers: &[String]) -> io::Result<()> {
        self.write_row(out, headers)?;
        let rules: Vec<String> = self.widths.iter().map(|&w| "-".repeat(w)).collect();
        self.write_row(out, &rules)
    }

    pub fn write_row(&self, out: &mut impl Write, cells: &[String]) -> io::Result<()> {
        let mut line = String::new();
        for (i, (cell, &w)) in cells.iter().zip(&self.widths).enumerate() {
            if i > 0 {
                line.push_str("  ");
            }
            line.push_str(cell);
            line.extend(std::iter::repeat_n(' ', w.saturating_sub(width(cell))));
        }
        writeln!(out, "{}", line.trim_end())
    }
}

/// Prints a whole table, sized to fit its contents.
pub fn write_table(
    out: &mut impl Write,
    headers: &[String],
    rows: &[Vec<String>],
) -> io::Result<()> {
    let layout = Layout::fitting(headers, rows);
    layout.write_header(out, headers)?;
    for row in rows {
        layout.write_row(out, row)?;
    }
    Ok(())
}

fn width(text: &str) -> usize {
    text.chars().count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::value::real_text;

    #[test]
    fn prints_like_the_sqlite3_shell() {
        let headers = vec!["a".to_string(), "bbbbb".to_string()];
        let rows = vec![
            vec!["1".to_string(), "xyz".to_string()],
            vec!["12345".to_string(), "q".to_string()],
        ];
        let mut out = Vec::new();
        write_table(&mut out, &headers, &rows).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "a      bbbbb\n-----  -----\n1      xyz\n12345  q\n"
        );
    }

    #[test]
    fn reals_read_like_sqlite() {
        assert_eq!(real_text(1.5), "1.5");
        assert_eq!(real_text(40320.0), "40320.0");
        assert_eq!(real_text(6.28156509555295e19), "6.28156509555295e+19");
        assert_eq!(real_text(2.0e-5), "2e-05");
    }
}
