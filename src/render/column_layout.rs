//! Column layout, as the `sqlite3` shell prints tables in column mode: a header, a
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

/// The width to lay text out in: the terminal's when stdout is one, else
/// `COLUMNS` when set (as clap's help reads it, so that a pipe can ask for
/// a width), else 80.
pub fn output_width() -> usize {
    let term = console::Term::stdout();
    if term.is_term()
        && let Some((_rows, columns)) = term.size_checked()
        && columns > 0
    {
        return usize::from(columns);
    }
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&c| c > 0)
        .unwrap_or(80)
}

/// `text` broken into lines of at most `limit` characters at spaces; a word
/// longer than `limit` stands alone on its line rather than being cut,
/// since a cut number or name would read as another one.
pub fn wrap(text: &str, limit: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && width(&line) + 1 + width(word) > limit {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// Prints a table in at most `limit` characters a line where its words
/// allow: the widest columns give up width first, down to their longest
/// word, and their cells wrap onto further lines, the other cells of the
/// row standing on its first line.
pub fn write_wrapped_table(
    out: &mut impl Write,
    headers: &[String],
    rows: &[Vec<String>],
    limit: usize,
) -> io::Result<()> {
    let breakable = vec![true; headers.len()];
    Layout::within(headers, rows, limit, &breakable).write_wrapped(out, headers, rows)
}

impl Layout {
    /// Widths that fit `rows` in `limit` characters a line where the
    /// words of the `breakable` columns allow: the widest of them give up
    /// width first, down to their longest word.
    pub fn within(
        headers: &[String],
        rows: &[Vec<String>],
        limit: usize,
        breakable: &[bool],
    ) -> Layout {
        let mut layout = Layout::fitting(headers, rows);
        let longest_word = |column: usize| {
            std::iter::once(&headers[column])
                .chain(rows.iter().filter_map(|row| row.get(column)))
                .flat_map(|cell| cell.split_whitespace())
                .map(width)
                .max()
                .unwrap_or(0)
        };
        let floors: Vec<usize> = (0..headers.len())
            .map(|c| match breakable.get(c) {
                Some(true) => longest_word(c),
                _ => layout.widths[c],
            })
            .collect();
        while layout.used() > limit {
            // The widest column that can still give up a character.
            let Some(widest) = (0..layout.widths.len())
                .filter(|&c| layout.widths[c] > floors[c])
                .max_by_key(|&c| (layout.widths[c], c))
            else {
                break;
            };
            layout.widths[widest] -= 1;
        }
        layout
    }

    /// The characters a full line takes: columns and separators.
    pub fn used(&self) -> usize {
        self.widths.iter().sum::<usize>() + 2 * self.widths.len().saturating_sub(1)
    }

    /// The width of column `column`.
    pub fn width(&self, column: usize) -> usize {
        self.widths.get(column).copied().unwrap_or(0)
    }

    /// The header, its rule and `rows`, cells wrapped at spaces to their
    /// column's width.
    pub fn write_wrapped(
        &self,
        out: &mut impl Write,
        headers: &[String],
        rows: &[Vec<String>],
    ) -> io::Result<()> {
        self.write_wrapped_row(out, headers)?;
        let rules: Vec<String> = self.widths.iter().map(|&w| "-".repeat(w)).collect();
        self.write_row(out, &rules)?;
        for row in rows {
            self.write_wrapped_row(out, row)?;
        }
        Ok(())
    }

    fn write_wrapped_row(&self, out: &mut impl Write, cells: &[String]) -> io::Result<()> {
        let wrapped: Vec<Vec<String>> = cells
            .iter()
            .zip(&self.widths)
            // A cell that fits keeps its own spacing (a bar's padding).
            .map(|(cell, &w)| {
                if width(cell) <= w {
                    vec![cell.clone()]
                } else {
                    wrap(cell, w)
                }
            })
            .collect();
        let height = wrapped.iter().map(Vec::len).max().unwrap_or(0);
        for line in 0..height {
            let parts: Vec<String> = wrapped
                .iter()
                .map(|lines| lines.get(line).cloned().unwrap_or_default())
                .collect();
            self.write_row(out, &parts)?;
        }
        Ok(())
    }
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
    fn wide_columns_wrap_at_spaces_to_fit() {
        let headers = vec!["n".to_string(), "words".to_string(), "x".to_string()];
        let rows = vec![vec![
            "1".to_string(),
            "one two three four".to_string(),
            "12,345".to_string(),
        ]];
        let mut out = Vec::new();
        write_wrapped_table(&mut out, &headers, &rows, 20).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "n  words      x\n-  ---------  ------\n1  one two    12,345\n   three\n   four\n"
        );
        assert_eq!(wrap("", 5), [""]);
        assert_eq!(wrap("abcdefg hi", 5), ["abcdefg", "hi"]);
    }

    #[test]
    fn reals_read_like_sqlite() {
        assert_eq!(real_text(1.5), "1.5");
        assert_eq!(real_text(40320.0), "40320.0");
        assert_eq!(real_text(6.28156509555295e19), "6.28156509555295e+19");
        assert_eq!(real_text(2.0e-5), "2e-05");
    }
}
