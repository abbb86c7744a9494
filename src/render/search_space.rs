//! The search space as `space` and the page show it: the reasoning table's
//! numbers written for people, and the funnel as a table with a bar of the
//! share each column keeps.

use std::io::Write;

use anyhow::Result;

use crate::model::reading::{FunnelStep, ReasoningStep};
use crate::model::value::Value;
use crate::render::column_layout::{Layout, wrap};

/// The reasoning table's headers, as `space` prints them.
pub const REASONING_HEADERS: [&str; 4] = ["step", "reasoning", "calculation", "search space"];

/// A step of the reasoning as a row of cells: the size exact where it fits
/// in 64 bits, else the view's own estimate.
pub fn reasoning_row(step: &ReasoningStep) -> [String; 4] {
    let size = match &step.search_space {
        Value::Null => step.about.clone(),
        exact => human_number(exact),
    };
    [
        step.step.clone(),
        step.reasoning.clone(),
        step.calculation.clone(),
        size,
    ]
}

/// `text` wrapped to `width`.
pub fn write_paragraph(out: &mut impl Write, text: &str, width: usize) -> Result<()> {
    for line in wrap(text, width) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// The funnel as a table whose last column is a bar of the share of the
/// candidate rule's placements that the placement rule keeps: full while
/// no two queens can meet on a diagonal, then narrowing column by column.
/// `uncounted` is said where the candidate rule has no count: beyond 64
/// bits, or on a board with holes, where the count is the full board's.
pub fn write_funnel(
    out: &mut impl Write,
    rows: &[FunnelStep],
    (unicode, uncounted): (bool, &str),
    width: usize,
) -> Result<()> {
    let headers = ["k", "candidate rule", "placement rule", "kept"].map(String::from);
    let table: Vec<Vec<String>> = rows
        .iter()
        .map(|row| {
            vec![
                row.queens.to_string(),
                row.by_candidate_rule
                    .map_or(uncounted.to_string(), |c| human_number(&Value::Integer(c))),
                human_number(&Value::Integer(row.by_placement_rule)),
            ]
        })
        .collect();
    let shares: Vec<Option<f64>> = rows
        .iter()
        .map(|row| {
            row.by_candidate_rule
                .filter(|&c| c > 0)
                .map(|c| row.by_placement_rule as f64 / c as f64)
        })
        .collect();
    write_bar_table(out, &headers, table, &shares, unicode, width)
}

/// A table of numbers whose last column (the last of `headers`) is a bar
/// of each row's share, with the share in per cent (none where a row has
/// no share). The bar is decoration: it narrows to fit `width`, the
/// numbers do not; the numbers' columns wrap at spaces where they must.
pub fn write_bar_table(
    out: &mut impl Write,
    headers: &[String],
    mut table: Vec<Vec<String>>,
    shares: &[Option<f64>],
    unicode: bool,
    width: usize,
) -> Result<()> {
    let bar_column = headers.len() - 1;
    // Lay the numbers out with room for the narrowest bar, then give the
    // bar what is left, up to its full width.
    let probe: Vec<Vec<String>> = table
        .iter()
        .map(|cells| [&cells[..], &["#".repeat(MIN_BAR_WIDTH + 6)]].concat())
        .collect();
    let mut breakable = vec![true; headers.len()];
    breakable[bar_column] = false;
    let numbers = Layout::within(headers, &probe, width, &breakable);
    let room = width.saturating_sub(numbers.used() - numbers.width(bar_column) + 6);
    let bar_width = room.clamp(MIN_BAR_WIDTH, BAR_WIDTH);
    for (cells, share) in table.iter_mut().zip(shares) {
        cells.push(share.map_or(String::new(), |share| {
            format!("{} {}", bar(share, bar_width, unicode), percent(share))
        }));
    }
    let layout = Layout::within(headers, &table, width, &breakable);
    Ok(layout.write_wrapped(out, headers, &table)?)
}

/// The bar's width where the terminal has room, and the least it shrinks to.
const BAR_WIDTH: usize = 30;
const MIN_BAR_WIDTH: usize = 5;

/// A bar `width` characters wide at `share` = 1, in eighths of a character
/// with block characters, in whole `#`s without.
fn bar(share: f64, width: usize, unicode: bool) -> String {
    let share = share.clamp(0.0, 1.0);
    if !unicode {
        let filled = (share * width as f64).round() as usize;
        let filled = if share > 0.0 { filled.max(1) } else { 0 };
        return format!("{}{}", "#".repeat(filled), " ".repeat(width - filled));
    }
    let eighths = (share * (width * 8) as f64).round() as usize;
    let eighths = if share > 0.0 { eighths.max(1) } else { 0 };
    let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8];
    let used = eighths / 8 + usize::from(!partial.is_empty());
    format!(
        "{}{partial}{}",
        "█".repeat(eighths / 8),
        " ".repeat(width - used)
    )
}

/// 100%, 53%, 4.6%, 0.27%: two significant digits below 10 %.
fn percent(share: f64) -> String {
    let p = share * 100.0;
    if p >= 9.95 || p == 0.0 {
        format!("{p:.0}%")
    } else if p >= 0.995 {
        format!("{p:.1}%")
    } else {
        format!("{p:.2}%")
    }
}

/// Up to a billion with thousands separators (40,320); beyond, scientific
/// notation with three significant digits (1.78E+14).
pub fn human_number(value: &Value) -> String {
    let number = match value {
        Value::Integer(i) if i.unsigned_abs() < 1_000_000_000 => return grouped(*i),
        Value::Integer(i) => *i as f64,
        Value::Real(f) => *f,
        // PostgreSQL's exact numbers arrive as text.
        Value::Text(t) | Value::Decimal(t) => match (t.parse::<i64>(), t.parse::<f64>()) {
            (Ok(i), _) => return human_number(&Value::Integer(i)),
            (_, Ok(f)) => f,
            _ => return t.clone(),
        },
        Value::Null => return String::new(),
    };
    if number.abs() < 1e9 && number.fract() == 0.0 {
        return grouped(number as i64);
    }
    let text = format!("{number:.2E}");
    match text.split_once('E') {
        Some((mantissa, exponent)) => {
            let exponent: i32 = exponent.parse().unwrap_or(0);
            let sign = if exponent < 0 { '-' } else { '+' };
            format!("{mantissa}E{sign}{:02}", exponent.abs())
        }
        None => text,
    }
}

fn grouped(number: i64) -> String {
    let digits = number.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    if number < 0 { format!("-{out}") } else { out }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_like_the_reasoning_table() {
        assert_eq!(human_number(&Value::Integer(92)), "92");
        assert_eq!(human_number(&Value::Integer(40320)), "40,320");
        assert_eq!(human_number(&Value::Integer(16777216)), "16,777,216");
        assert_eq!(human_number(&Value::Integer(4426165368)), "4.43E+09");
        assert_eq!(human_number(&Value::Integer(178462987637760)), "1.78E+14");
        assert_eq!(human_number(&Value::Real(3.6e73)), "3.60E+73");
        assert_eq!(
            human_number(&Value::Text("62815650955529472000".into())),
            "6.28E+19"
        );
    }
}
