//! Values across the wire: parameters bound by name, and the values of rows
//! typed as SQLite would give them.

use std::ops::ControlFlow;

use anyhow::{Result, bail};
use postgres::fallible_iterator::FallibleIterator;
use postgres::types::{ToSql, Type};
use postgres::{Client, Row, SimpleQueryMessage};

use crate::engine::interface::{Param, Params};
use crate::model::template::Sql;
use crate::model::value::Value;

/// Calls `each` with every row of `sql`. Without parameters it goes
/// through the simple protocol, which returns every value as text (so
/// numeric and other types need no conversion); with parameters, through a
/// prepared statement, `$1` bound to the first of `sql.params`.
pub fn rows(
    client: &mut Client,
    sql: &Sql,
    params: &Params,
    each: &mut dyn FnMut(&[Value]) -> Result<ControlFlow<()>>,
) -> Result<ControlFlow<()>> {
    if sql.params.is_empty() {
        for message in client.simple_query(&sql.text)? {
            if let SimpleQueryMessage::Row(row) = message {
                let values: Vec<Value> = (0..row.len())
                    .map(|i| {
                        row.get(i)
                            .map_or(Value::Null, |t| Value::Text(t.to_string()))
                    })
                    .collect();
                if each(&values)?.is_break() {
                    return Ok(ControlFlow::Break(()));
                }
            }
        }
        return Ok(ControlFlow::Continue(()));
    }
    let mut bound: Vec<&(dyn ToSql + Sync)> = Vec::new();
    for name in &sql.params {
        let Some((_, value)) = params.iter().find(|(given, _)| given == name) else {
            bail!("no value for parameter {name}");
        };
        bound.push(match value {
            Param::Int(i) => i,
            Param::Text(t) => t,
        });
    }
    let mut rows = client.query_raw(&sql.text, bound)?;
    while let Some(row) = rows.next()? {
        let values = (0..row.len())
            .map(|i| value(&row, i))
            .collect::<Result<Vec<_>>>()?;
        if each(&values)?.is_break() {
            return Ok(ControlFlow::Break(()));
        }
    }
    Ok(ControlFlow::Continue(()))
}

fn value(row: &Row, i: usize) -> Result<Value> {
    let column = &row.columns()[i];
    let value = match *column.type_() {
        Type::INT2 => row
            .get::<_, Option<i16>>(i)
            .map(|v| Value::Integer(v.into())),
        Type::INT4 => row
            .get::<_, Option<i32>>(i)
            .map(|v| Value::Integer(v.into())),
        Type::INT8 => row.get::<_, Option<i64>>(i).map(Value::Integer),
        Type::FLOAT4 => row.get::<_, Option<f32>>(i).map(|v| Value::Real(v.into())),
        Type::FLOAT8 => row.get::<_, Option<f64>>(i).map(Value::Real),
        Type::BOOL => row
            .get::<_, Option<bool>>(i)
            .map(|v| Value::Integer(v.into())),
        Type::TEXT | Type::VARCHAR | Type::BPCHAR | Type::NAME => {
            row.get::<_, Option<String>>(i).map(Value::Text)
        }
        ref other => bail!(
            "column {} has type {other}, which queens does not read",
            column.name()
        ),
    };
    Ok(value.unwrap_or(Value::Null))
}

/// A value PostgreSQL gave as text, typed by its column: whole and real
/// numbers become numbers and truth values 1 or 0 (as SQLite's values
/// are), NULL stays NULL. A numeric stays exact: a whole number that fits
/// 64 bits becomes one, any other finite numeric keeps its digits, and its
/// NaN and infinities become the double's, to print as a double's do.
/// Other types stay text.
pub fn typed(text: Option<String>, kind: &Type) -> Value {
    let Some(text) = text else {
        return Value::Null;
    };
    let number = match *kind {
        Type::INT2 | Type::INT4 | Type::INT8 | Type::OID => text.parse().ok().map(Value::Integer),
        // As SQLite answers a comparison: 1 or 0.
        Type::BOOL => Some(Value::Integer(i64::from(text == "true"))),
        Type::FLOAT4 | Type::FLOAT8 => text.parse().ok().map(Value::Real),
        Type::NUMERIC => Some(match text.as_str() {
            "NaN" => Value::Real(f64::NAN),
            "Infinity" => Value::Real(f64::INFINITY),
            "-Infinity" => Value::Real(f64::NEG_INFINITY),
            _ => text
                .parse()
                .map_or_else(|_| Value::Decimal(text.clone()), Value::Integer),
        }),
        _ => None,
    };
    number.unwrap_or(Value::Text(text))
}
