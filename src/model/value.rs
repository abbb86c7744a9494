//! A value as either engine hands it back, and its text as the sqlite3
//! shell shows it: the one notion of "a value" the model, the engines and
//! the output share.

use anyhow::{Result, bail};

/// A value read from either database.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Integer(i64),
    Real(f64),
    Text(String),
    /// An exact decimal number as PostgreSQL writes it (`numeric`), digits
    /// and all: a double would change 123456789.123456789 and make 1e-400
    /// zero. SQLite has no such values.
    Decimal(String),
}

impl Value {
    /// As text, the way the sqlite3 shell shows it.
    pub fn text(&self) -> String {
        match self {
            Value::Null => String::new(),
            Value::Integer(i) => i.to_string(),
            Value::Real(f) => real_text(*f),
            Value::Text(t) | Value::Decimal(t) => t.clone(),
        }
    }

    pub fn integer(&self) -> Result<i64> {
        match self {
            Value::Integer(i) => Ok(*i),
            Value::Text(t) | Value::Decimal(t) => Ok(t.parse()?),
            other => bail!("expected a whole number, found {other:?}"),
        }
    }
}

/// Floating point with up to 15 significant digits, in scientific notation
/// when very large or small, like SQLite's own `%!.15g`.
pub fn real_text(f: f64) -> String {
    // As the sqlite3 shell prints them (SQLite itself stores NaN as NULL,
    // but PostgreSQL has it).
    if f.is_nan() {
        return "NaN".to_string();
    }
    if f.is_infinite() {
        return if f < 0.0 { "-Inf" } else { "Inf" }.to_string();
    }
    let magnitude = f.abs();
    if magnitude != 0.0 && !(1e-4..1e15).contains(&magnitude) {
        let text = format!("{f:.14e}");
        let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
        let mantissa = mantissa.trim_end_matches('0').trim_end_matches('.');
        let exponent: i32 = exponent.parse().unwrap_or(0);
        format!(
            "{mantissa}e{}{:02}",
            if exponent < 0 { '-' } else { '+' },
            exponent.abs()
        )
    } else if f.fract() == 0.0 {
        format!("{f:.1}")
    } else {
        let text = format!("{f:.15}");
        text.trim_end_matches('0').to_string()
    }
}
