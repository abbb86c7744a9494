//! A value as either engine hands it back, and its text as the sqlite3
//! shell shows it: the one notion of "a value" the model, the engines and
//! the output share.

use anyhow::{Result, bail};
use serde::ser::{Error as _, Serialize, Serializer};
use serde_json::value::RawValue;

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
            // PostgreSQL's text protocol sends every number as text: a whole
            // number is read where it is written as one exactly ('8'), not
            // where text only reads like one (' 8', '+8', '08').
            Value::Text(t) | Value::Decimal(t) => t
                .parse::<i64>()
                .ok()
                .filter(|i| i.to_string() == *t)
                .ok_or_else(|| anyhow::anyhow!("'{t}' where a whole number belongs")),
            Value::Real(f) => bail!("{} where a whole number belongs", real_text(*f)),
            Value::Null => bail!("NULL where a whole number belongs"),
        }
    }
}

/// A value in JSON as `query` writes it: numbers as numbers, NULL as null.
impl Serialize for Value {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Null => serializer.serialize_unit(),
            Value::Integer(i) => serializer.serialize_i64(*i),
            // JSON has no infinity; SQLite's json() writes it as a number
            // too large for a double, which readers take back as infinity.
            Value::Real(f) if f.is_infinite() => {
                let text = if *f < 0.0 { "-9.0e+999" } else { "9.0e+999" };
                serialize_number_text(text, serializer)
            }
            // Nor has it NaN: null, as SQLite would store it.
            Value::Real(f) if f.is_nan() => serializer.serialize_unit(),
            Value::Real(f) => serializer.serialize_f64(*f),
            Value::Text(t) => serializer.serialize_str(t),
            // PostgreSQL writes a finite numeric as digits, a point and a
            // sign: a JSON number as it stands, every digit kept.
            Value::Decimal(d) => serialize_number_text(d, serializer),
        }
    }
}

/// `text`, a JSON number that no double holds exactly, written as it is.
fn serialize_number_text<S: Serializer>(text: &str, serializer: S) -> Result<S::Ok, S::Error> {
    let number: &RawValue = serde_json::from_str(text).map_err(S::Error::custom)?;
    number.serialize(serializer)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn json(value: Value) -> String {
        serde_json::to_string(&value).unwrap()
    }

    #[test]
    fn values_serialize_as_json_numbers_where_they_are_numbers() {
        assert_eq!(json(Value::Null), "null");
        assert_eq!(json(Value::Integer(i64::MIN)), "-9223372036854775808");
        assert_eq!(json(Value::Real(1.0)), "1.0");
        assert_eq!(json(Value::Real(0.1 + 0.2)), "0.30000000000000004");
        assert_eq!(json(Value::Real(f64::INFINITY)), "9.0e+999");
        assert_eq!(json(Value::Real(f64::NEG_INFINITY)), "-9.0e+999");
        assert_eq!(json(Value::Real(f64::NAN)), "null");
        assert_eq!(json(Value::Text("a\"b".into())), r#""a\"b""#);
        let digits = "123456789.123456789000";
        assert_eq!(json(Value::Decimal(digits.into())), digits);
        assert_eq!(json(Value::Decimal("1e-400".into())), "1e-400");
    }
}
