//! `queens space`: how reasoning shrinks the search space, step by step.

use std::io::Write;

use anyhow::Result;
use clap::Args as ClapArgs;

use crate::cmd::{DbArgs, stdout};
use crate::model::value::Value;
use crate::render::table::write_table;

/// Print how the search space shrinks, one reasoning step per row.
///
/// The rows of the search_space view: all ways to put N queens on the N²
/// squares, then choosing rather than permuting, one queen per column,
/// distinct rows, not beside the previous queen's row (the candidate view,
/// counted), and finally the solutions (counted). Large numbers are shown in
/// scientific notation. Counting the candidates takes a while for boards
/// beyond 11×11.
///
/// Examples:
///   queens space
///   queens space --db ten.db
#[derive(ClapArgs, Debug)]
#[command(verbatim_doc_comment)]
pub struct Args {
    #[command(flatten)]
    pub target: DbArgs,
}

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
    let mut out = stdout();
    writeln!(out, "The search space of the {n}×{n} board")?;
    writeln!(out)?;
    write_table(&mut out, &headers, &rows)?;
    if n == 8 {
        writeln!(out)?;
        writeln!(
            out,
            "Note: the write-up this model comes from gives 5,424 for step 5; the number\n\
             of permutations of 8 with no neighbours one apart is 5,242 (OEIS A002464)."
        )?;
    }
    Ok(out.flush()?)
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
