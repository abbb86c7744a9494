//! The database a command talks to: an SQLite file (the embedded default)
//! or a schema on a PostgreSQL server, named by `--db` (a path, or a
//! `postgres://` URL). Commands read through a `Reader`, which runs the
//! same SQL on either, rewritten for PostgreSQL by `dialect`.

use std::cell::RefCell;
use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use postgres::types::{ToSql, Type};
use rusqlite::types::ValueRef;

use crate::dialect;
use crate::error::usage;

/// Where the database is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// An SQLite file.
    File(PathBuf),
    /// A schema in a PostgreSQL database.
    Server { url: String, schema: String },
}

impl Target {
    /// A path names an SQLite file; a `postgres://` or `postgresql://` URL
    /// names a PostgreSQL database, in which `schema` holds the board.
    pub fn new(db: &Path, schema: &str) -> Target {
        match db.to_str() {
            Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
                Target::Server {
                    url: url.to_string(),
                    schema: schema.to_string(),
                }
            }
            _ => Target::File(db.to_path_buf()),
        }
    }

    /// The SQLite file, or a clear refusal for something only files do.
    pub fn file(&self, what: &str) -> Result<&Path> {
        match self {
            Target::File(path) => Ok(path),
            Target::Server { .. } => {
                bail!("{what} works on SQLite files only, not on a PostgreSQL --db")
            }
        }
    }

    /// How messages name it: the path, or the schema and the server without
    /// the password.
    pub fn shown(&self) -> String {
        match self {
            Target::File(path) => path.display().to_string(),
            Target::Server { url, schema } => {
                format!("schema {schema} at {}", without_password(url))
            }
        }
    }
}

/// `postgres://user:secret@host/db` → `postgres://user@host/db`.
pub fn without_password(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let credentials = &url[scheme + 3..at];
            let user = credentials.split(':').next().unwrap_or("");
            format!("{}{user}{}", &url[..scheme + 3], &url[at..])
        }
        _ => url.to_string(),
    }
}

/// A value read from either database.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Integer(i64),
    Real(f64),
    Text(String),
}

impl Value {
    pub fn from_sqlite(value: ValueRef<'_>) -> Value {
        match value {
            ValueRef::Null => Value::Null,
            ValueRef::Integer(i) => Value::Integer(i),
            ValueRef::Real(f) => Value::Real(f),
            ValueRef::Text(t) => Value::Text(String::from_utf8_lossy(t).into_owned()),
            ValueRef::Blob(b) => Value::Text(format!("<{} byte blob>", b.len())),
        }
    }

    /// As text, the way the sqlite3 shell shows it.
    pub fn text(&self) -> String {
        match self {
            Value::Null => String::new(),
            Value::Integer(i) => i.to_string(),
            Value::Real(f) => crate::table::real_text(*f),
            Value::Text(t) => t.clone(),
        }
    }

    pub fn integer(&self) -> Result<i64> {
        match self {
            Value::Integer(i) => Ok(*i),
            Value::Text(t) => Ok(t.parse()?),
            other => bail!("expected a whole number, found {other:?}"),
        }
    }
}

/// A named parameter's value (`:name` in the SQL).
pub enum Param {
    Int(i64),
    Text(String),
}

/// A connection inside a read transaction: every query of one command sees
/// the same board.
pub enum Reader {
    Sqlite(rusqlite::Connection),
    Postgres(RefCell<postgres::Client>),
}

impl Reader {
    /// Calls `each` with every row of `sql`.
    pub fn rows(
        &self,
        sql: &str,
        params: &[(&str, Param)],
        mut each: impl FnMut(&[Value]) -> Result<()>,
    ) -> Result<()> {
        match self {
            Reader::Sqlite(conn) => {
                let mut stmt = conn.prepare_cached(sql)?;
                let width = stmt.column_count();
                let bound: Vec<(&str, &dyn rusqlite::ToSql)> = params
                    .iter()
                    .map(|(name, value)| {
                        let value: &dyn rusqlite::ToSql = match value {
                            Param::Int(i) => i,
                            Param::Text(t) => t,
                        };
                        (*name, value)
                    })
                    .collect();
                let mut rows = stmt.query(bound.as_slice())?;
                let mut values = Vec::with_capacity(width);
                while let Some(row) = rows.next()? {
                    values.clear();
                    for i in 0..width {
                        values.push(Value::from_sqlite(row.get_ref(i)?));
                    }
                    each(&values)?;
                }
                Ok(())
            }
            Reader::Postgres(client) => postgres_rows(&mut client.borrow_mut(), sql, params, each),
        }
    }

    /// The first row of `sql`, if any.
    pub fn first(&self, sql: &str, params: &[(&str, Param)]) -> Result<Option<Vec<Value>>> {
        let mut first = None;
        self.rows(sql, params, |row| {
            if first.is_none() {
                first = Some(row.to_vec());
            }
            Ok(())
        })?;
        Ok(first)
    }

    /// The number `sql` answers (a `count(*)`, say).
    pub fn number(&self, sql: &str, params: &[(&str, Param)]) -> Result<i64> {
        match self.first(sql, params)? {
            Some(row) if !row.is_empty() => row[0].integer(),
            _ => bail!("no answer to {sql}"),
        }
    }

    /// For `query` on PostgreSQL: one statement's column names and rows, as
    /// text. The reader's transaction is read-only, so a statement that
    /// writes fails; preparing it first refuses more than one statement.
    pub fn postgres_table(&self, sql: &str) -> Result<(Vec<String>, Vec<Vec<String>>)> {
        let Reader::Postgres(client) = self else {
            bail!("postgres_table needs a PostgreSQL reader");
        };
        let mut client = client.borrow_mut();
        let statement = client.prepare(sql).map_err(|e| refused(&e))?;
        let headers = statement
            .columns()
            .iter()
            .map(|c| c.name().to_string())
            .collect();
        let mut rows = Vec::new();
        for message in client.simple_query(sql).map_err(|e| refused(&e))? {
            if let postgres::SimpleQueryMessage::Row(row) = message {
                rows.push(
                    (0..row.len())
                        .map(|i| row.get(i).unwrap_or("").to_string())
                        .collect(),
                );
            }
        }
        Ok((headers, rows))
    }

    /// The SQLite connection, for what only SQLite files do.
    pub fn sqlite(&self) -> Option<&rusqlite::Connection> {
        match self {
            Reader::Sqlite(conn) => Some(conn),
            Reader::Postgres(_) => None,
        }
    }
}

/// Runs `sql` on PostgreSQL. Without parameters it goes through the simple
/// protocol, which returns every value as text (so numeric and other types
/// need no conversion); with parameters, through a prepared statement.
fn postgres_rows(
    client: &mut postgres::Client,
    sql: &str,
    params: &[(&str, Param)],
    mut each: impl FnMut(&[Value]) -> Result<()>,
) -> Result<()> {
    let (sql, names) = dialect::postgres(sql);
    if names.is_empty() {
        for message in client.simple_query(&sql)? {
            if let postgres::SimpleQueryMessage::Row(row) = message {
                let values: Vec<Value> = (0..row.len())
                    .map(|i| {
                        row.get(i)
                            .map_or(Value::Null, |t| Value::Text(t.to_string()))
                    })
                    .collect();
                each(&values)?;
            }
        }
        return Ok(());
    }
    let mut bound: Vec<&(dyn ToSql + Sync)> = Vec::new();
    for name in &names {
        let Some((_, value)) = params
            .iter()
            .find(|(n, _)| n.trim_start_matches(':') == name)
        else {
            bail!("no value for parameter :{name}");
        };
        bound.push(match value {
            Param::Int(i) => i,
            Param::Text(t) => t,
        });
    }
    for row in client.query(&sql, &bound)? {
        let values = (0..row.len())
            .map(|i| postgres_value(&row, i))
            .collect::<Result<Vec<_>>>()?;
        each(&values)?;
    }
    Ok(())
}

/// PostgreSQL's refusal of a statement, as a usage error in plain words.
fn refused(error: &postgres::Error) -> anyhow::Error {
    match error.as_db_error() {
        Some(db) if db.code() == &postgres::error::SqlState::READ_ONLY_SQL_TRANSACTION => {
            usage("query only reads: this statement would change the database, which is refused")
        }
        Some(db) => usage(format!("invalid SQL: {}", db.message())),
        None => anyhow::anyhow!("{error}"),
    }
}

fn postgres_value(row: &postgres::Row, i: usize) -> Result<Value> {
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
