//! Values as SQLite hands them back, for every file that reads rows.

use rusqlite::types::ValueRef;

use crate::model::value::Value;

/// A value as SQLite hands it back.
pub fn value_of(value: ValueRef<'_>) -> Value {
    match value {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(i) => Value::Integer(i),
        ValueRef::Real(f) => Value::Real(f),
        ValueRef::Text(t) => Value::Text(String::from_utf8_lossy(t).into_owned()),
        ValueRef::Blob(b) => Value::Text(format!("<{} byte blob>", b.len())),
    }
}
