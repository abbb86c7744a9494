//! `queens space`: how reasoning shrinks the search space, step by step.

use std::io::Write;

use anyhow::Result;
use clap::Args as ClapArgs;

use crate::cmd::{DbArgs, stdout};
use crate::engine::Reader;
use crate::model::value::Value;
use crate::render::table::{Layout, output_width, wrap, write_wrapped_table};

/// Print how the search space shrinks: by reasoning, then column by column.
///
/// First the rows of the search_space view: all ways to put N queens on the
/// N² squares, then choosing rather than permuting, one queen per column,
/// distinct rows, not beside the previous queen's row (the candidate view,
/// counted), and finally the solutions (counted up to 12×12, in about a
/// second there). Numbers up to a billion are written out (16,777,216),
/// larger ones in scientific notation as the view writes them (4.43E+09).
///
/// Then the funnel (the search_funnel view): for k = 0 … N, the ways to
/// put queens in columns 1 … k by the candidate rule and by the placement
/// rule (no two on one line), and a bar of the share the placement rule
/// keeps. The funnel is a search: it is shown up to 12×12 (about a second)
/// and with --funnel beyond (13×13: seconds, 14×14: about half a minute).
///
/// Examples:
///   queens space
///   queens space --db ten.db --unicode
///   queens space --size 13 --db big.db --funnel
#[derive(ClapArgs, Debug)]
#[command(verbatim_doc_comment)]
pub struct Args {
    #[command(flatten)]
    pub target: DbArgs,

    /// Count the funnel on a board larger than 12×12 too (a search that
    /// grows about sixfold a size).
    #[arg(long)]
    pub funnel: bool,

    /// Draw the funnel's bars with block characters.
    #[arg(long)]
    pub unicode: bool,
}

/// The largest board whose funnel `space` counts without --funnel.
const FUNNEL_UP_TO: u8 = 12;

pub fn run(args: &Args) -> Result<()> {
    let (_engine, reader, n) = args.target.open()?;
    let mut rows = Vec::new();
    reader.each_row(
        "select step, reasoning, calculation, search_space, about from search_space",
        &[],
        |row| {
            // Exact where it fits in 64 bits, else the view's own estimate.
            let size = match &row[3] {
                Value::Null => row[4].text(),
                exact => human_number(exact),
            };
            rows.push(vec![row[0].text(), row[1].text(), row[2].text(), size]);
            Ok(())
        },
    )?;
    let headers = ["step", "reasoning", "calculation", "search space"].map(String::from);
    // Fit the terminal, as --help does: the reasoning and calculation
    // columns wrap, no number is dropped.
    let width = output_width();
    let mut out = stdout();
    writeln!(out, "The search space of the {n}×{n} board")?;
    writeln!(out)?;
    write_wrapped_table(&mut out, &headers, &rows, width)?;
    if n == 8 {
        writeln!(out)?;
        write_paragraph(
            &mut out,
            "Note: the write-up this model comes from gives 5,424 for step 5; the number \
             of permutations of 8 with no neighbours one apart is 5,242 (OEIS A002464).",
            width,
        )?;
    }
    writeln!(out)?;
    if n > FUNNEL_UP_TO && !args.funnel {
        write_paragraph(
            &mut out,
            &format!(
                "The funnel of a board larger than {FUNNEL_UP_TO}×{FUNNEL_UP_TO} is a search \
                 of seconds to hours:"
            ),
            width,
        )?;
        writeln!(out, "add --funnel to count it.")?;
        return Ok(out.flush()?);
    }
    out.flush()?;
    let funnel = funnel_rows(reader.as_ref())?;
    write_paragraph(
        &mut out,
        "The funnel: ways to put queens in columns 1 … k",
        width,
    )?;
    writeln!(out)?;
    write_funnel(&mut out, &funnel, args.unicode, width)?;
    Ok(out.flush()?)
}

/// `text` wrapped to `width`.
fn write_paragraph(out: &mut impl Write, text: &str, width: usize) -> Result<()> {
    for line in wrap(text, width) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// One row of search_funnel: k, then the counts by the candidate rule
/// (None beyond 64 bits) and by the placement rule.
struct FunnelRow {
    queens: i64,
    by_candidate_rule: Option<i64>,
    by_placement_rule: i64,
}

fn funnel_rows(reader: &dyn Reader) -> Result<Vec<FunnelRow>> {
    let mut rows = Vec::new();
    reader.each_row(
        "select queens, by_candidate_rule, by_placement_rule from search_funnel",
        &[],
        |row| {
            rows.push(FunnelRow {
                queens: row[0].integer()?,
                by_candidate_rule: match &row[1] {
                    Value::Null => None,
                    count => Some(count.integer()?),
                },
                by_placement_rule: row[2].integer()?,
            });
            Ok(())
        },
    )?;
    Ok(rows)
}

/// The funnel as a table whose last column is a bar of the share of the
/// candidate rule's placements that the placement rule keeps: full while
/// no two queens can meet on a diagonal, then narrowing column by column.
/// The bar is decoration: it narrows to fit `width`, the numbers do not.
fn write_funnel(
    out: &mut impl Write,
    rows: &[FunnelRow],
    unicode: bool,
    width: usize,
) -> Result<()> {
    let headers = ["k", "candidate rule", "placement rule", "kept"].map(String::from);
    let mut table: Vec<Vec<String>> = rows
        .iter()
        .map(|row| {
            vec![
                row.queens.to_string(),
                row.by_candidate_rule
                    .map_or("beyond 64 bits".to_string(), |c| {
                        human_number(&Value::Integer(c))
                    }),
                human_number(&Value::Integer(row.by_placement_rule)),
            ]
        })
        .collect();
    // Lay the numbers out with room for the narrowest bar, then give the
    // bar what is left, up to its full width.
    let probe: Vec<Vec<String>> = table
        .iter()
        .map(|cells| [&cells[..], &["#".repeat(MIN_BAR_WIDTH + 6)]].concat())
        .collect();
    let breakable = [true, true, true, false];
    let numbers = Layout::within(&headers, &probe, width, &breakable);
    let room = width.saturating_sub(numbers.used() - numbers.width(3) + 6);
    let bar_width = room.clamp(MIN_BAR_WIDTH, BAR_WIDTH);
    for (cells, row) in table.iter_mut().zip(rows) {
        let kept = row
            .by_candidate_rule
            .filter(|&c| c > 0)
            .map(|c| row.by_placement_rule as f64 / c as f64);
        cells.push(kept.map_or(String::new(), |share| {
            format!("{} {}", bar(share, bar_width, unicode), percent(share))
        }));
    }
    let layout = Layout::within(&headers, &table, width, &breakable);
    Ok(layout.write_wrapped(out, &headers, &table)?)
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
