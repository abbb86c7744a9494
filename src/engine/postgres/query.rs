//! The user's statement on PostgreSQL (`queens query`): one query, wrapped
//! as a subquery so that the server accepts nothing else, run in the
//! command's read-only transaction with the privileges of the role in the
//! URL, as psql would run it. Rows stream as they come.

use std::time::Duration;

use anyhow::{Result, bail};
use postgres::Client;
use postgres::error::SqlState;
use postgres::fallible_iterator::FallibleIterator;
use postgres::types::{ToSql, Type};

use crate::engine::postgres::connect::statement;
use crate::engine::postgres::values::typed;
use crate::engine::postgres::wait::{gave_up_waiting_or, lock_holder};
use crate::error::{Error, usage};
use crate::model::template::Scope;
use crate::model::value::Value;

/// The user's statement `sql` wrapped as a subquery
/// (sql/postgres/user_query.sql), selecting its rows, or, `as_text`, each
/// row's values as one array of text.
fn wrapped(sql: &str, as_text: bool) -> Result<String> {
    let scope = Scope::default()
        .with("AS_TEXT", i64::from(as_text))
        .with_fragment("STATEMENT", sql);
    statement("postgres/user_query.sql", scope)
}

/// Runs one query for `query`: its column names go to `headers`, then
/// each row, as it arrives, to `each`. `timeout` becomes the statement's
/// `statement_timeout`, which also ends its waits for locks.
pub fn run(
    client: &mut Client,
    place: (&str, &str),
    sql: &str,
    timeout: Option<Duration>,
    headers: &mut dyn FnMut(Vec<String>) -> Result<()>,
    each: &mut dyn FnMut(&[Value]) -> Result<()>,
) -> Result<()> {
    if let Some(timeout) = timeout {
        let milliseconds = timeout.as_millis().max(1).to_string();
        let scope = Scope::default().with_word("MILLISECONDS", &milliseconds);
        client.batch_execute(&statement("postgres/statement_timeout.sql", scope)?)?;
    }
    // Preparing takes the statement's locks too, so every step may stop
    // for --timeout or give up waiting for a lock.
    let explain = |e: postgres::Error| explain(e, place, timeout);
    // The statement must be one query as it stands: wrapped, a statement
    // that closes the parenthesis itself (`… ) as x, (select …`) would
    // read as another query, with other columns.
    client.prepare(sql).map_err(explain)?;
    let described_form = wrapped(sql, false)?;
    let described = client
        .prepare(&described_form)
        .map_err(|e| modifying_with(&e).unwrap_or_else(|| explain(e)))?;
    let columns = described.columns();
    headers(columns.iter().map(|c| c.name().to_string()).collect())?;
    let kinds: Vec<Type> = columns.iter().map(|c| c.type_().clone()).collect();
    // Every value as text, so that any type reads: the server's own text
    // form, typed back by the column's type.
    let statement = client.prepare(&wrapped(sql, true)?).map_err(explain)?;
    let no_params: [&(dyn ToSql + Sync); 0] = [];
    // Rows stream from the server as they are read, in flat memory.
    let mut rows = client.query_raw(&statement, no_params).map_err(explain)?;
    while let Some(row) = rows.next().map_err(explain)? {
        each(&values_of(&row, &kinds)?)?;
    }
    Ok(())
}

/// The values of one row of the query, each typed by its column.
fn values_of(row: &postgres::Row, kinds: &[Type]) -> Result<Vec<Value>> {
    let texts: Vec<Option<String>> = row.try_get(0).map_err(|e| {
        anyhow::anyhow!(
            "cannot read the query's rows ({e}); queens reads them as UTF-8, \
             so the query must not change client_encoding"
        )
    })?;
    if texts.len() != kinds.len() {
        bail!("the query's rows do not have the columns it declares");
    }
    Ok(texts
        .into_iter()
        .zip(kinds)
        .map(|(t, kind)| typed(t, kind))
        .collect())
}

/// The server's refusal or interruption of the query, in plain words:
/// stopped by --timeout (naming a lock it waited for, if any), given up
/// waiting for a lock, or refused.
fn explain(
    error: postgres::Error,
    place: (&str, &str),
    timeout: Option<Duration>,
) -> anyhow::Error {
    let (url, schema) = place;
    match (error.code(), timeout) {
        (Some(code), Some(timeout)) if *code == SqlState::QUERY_CANCELED => {
            let waited = lock_holder(url, schema)
                .map(|(table, mode)| {
                    format!(", waiting for another session's {mode} on table {table}")
                })
                .unwrap_or_default();
            Error::Timeout {
                seconds: timeout.as_secs_f64(),
                waiting: waited,
            }
            .into()
        }
        (Some(code), _) if *code == SqlState::LOCK_NOT_AVAILABLE => {
            gave_up_waiting_or(error.into(), url, schema)
        }
        _ => refused(&error),
    }
}

/// The refusal of a statement that prepares alone but not as a subquery
/// because a WITH in it changes data (`with d as (delete … returning *)
/// select …`): PostgreSQL allows such a WITH only at the top level, and
/// says so with feature_not_supported. The statement would write, so it
/// is refused as every writing statement is.
fn modifying_with(error: &postgres::Error) -> Option<anyhow::Error> {
    let db = error.as_db_error()?;
    (db.code() == &SqlState::FEATURE_NOT_SUPPORTED).then(|| {
        Error::QueryWouldWrite {
            server: Some(db.message().to_string()),
        }
        .into()
    })
}

/// PostgreSQL's refusal of a statement, as a usage error in plain words.
fn refused(error: &postgres::Error) -> anyhow::Error {
    match error.as_db_error() {
        Some(db) if db.code() == &postgres::error::SqlState::READ_ONLY_SQL_TRANSACTION => {
            Error::QueryWouldWrite { server: None }.into()
        }
        Some(db) if db.code() == &postgres::error::SqlState::INSUFFICIENT_PRIVILEGE => {
            usage(format!(
                "query runs with the privileges of the role in --db, which the server refused: {}",
                db.message()
            ))
        }
        Some(db) if db.code() == &postgres::error::SqlState::SYNTAX_ERROR => usage(format!(
            "invalid SQL: {} (query runs one query: select, values, table or with … select)",
            db.message()
        )),
        // Errors of the statement's text and names (class 42) are the
        // user's input; others arise as the query runs (a division by
        // zero after 2,000 rows) and end it like any failure.
        Some(db) if db.code().code().starts_with("42") => {
            usage(format!("invalid SQL: {}", db.message()))
        }
        Some(db) => anyhow::anyhow!("the query failed: {}", db.message()),
        None => anyhow::anyhow!("{error}"),
    }
}
