//! The sandbox a user's statement runs in on an SQLite file (`queens
//! query`): a read-only connection, `query_only`, and an authorizer that
//! refuses attaching files and pragmas that set something.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Result;
use rusqlite::hooks::{AuthAction, AuthContext, Authorization};
use rusqlite::{Connection, Statement};

use crate::engine::sqlite::failure::{is_denied, message};
use crate::engine::sqlite::values::value_of;
use crate::error::{Error, usage};
use crate::model::value::Value;

/// Runs the statement on an SQLite file opened read-only and locked down
/// further, handing each row on as it comes.
pub fn run(
    conn: &Connection,
    sql: &str,
    timeout: Option<Duration>,
    headers: &mut dyn FnMut(Vec<String>) -> Result<()>,
    each: &mut dyn FnMut(&[Value]) -> Result<()>,
) -> Result<()> {
    let pragmas = lock_down(conn)?;
    let mut stmt = prepare_read_only(conn, sql, &pragmas)?;
    let width = stmt.column_count();
    if width == 0 {
        return Err(usage(
            "query runs one query that returns rows (select, values, with … select or a \
             reading pragma); this statement returns none",
        ));
    }
    headers(
        stmt.column_names()
            .iter()
            .map(std::string::ToString::to_string)
            .collect(),
    )?;
    stop_after(conn, timeout)?;
    let mut rows = stmt.query([])?;
    let mut values = Vec::with_capacity(width);
    loop {
        let row = match rows.next() {
            Ok(Some(row)) => row,
            Ok(None) => break,
            Err(e) => return Err(stopped_or(e, timeout)),
        };
        values.clear();
        for i in 0..width {
            values.push(value_of(row.get_ref(i)?));
        }
        each(&values)?;
    }
    Ok(())
}

/// Interrupts the statement once `timeout` has passed (SQLite calls the
/// handler every few thousand steps).
fn stop_after(conn: &Connection, timeout: Option<Duration>) -> Result<()> {
    if let Some(timeout) = timeout {
        let deadline = Instant::now() + timeout;
        conn.progress_handler(10_000, Some(move || Instant::now() >= deadline))?;
    }
    Ok(())
}

/// A statement interrupted by `--timeout` says so; other failures are the
/// query's own.
fn stopped_or(error: rusqlite::Error, timeout: Option<Duration>) -> anyhow::Error {
    match (error.sqlite_error_code(), timeout) {
        (Some(rusqlite::ErrorCode::OperationInterrupted), Some(timeout)) => Error::Timeout {
            seconds: timeout.as_secs_f64(),
            waiting: String::new(),
        }
        .into(),
        _ => anyhow::Error::new(error).context("the query failed"),
    }
}

/// The pragmas a statement names, as SQLite's authorizer reports them: the
/// pragma, and its argument if it has one.
type PragmasSeen = Arc<Mutex<Vec<(String, Option<String>)>>>;

/// Beyond the read-only file handle: the connection refuses writes, and
/// SQLite asks `allow` about every action a statement would take.
pub(super) fn lock_down(conn: &Connection) -> Result<PragmasSeen> {
    conn.pragma_update(None, "query_only", true)?;
    let seen = PragmasSeen::default();
    let record = Arc::clone(&seen);
    conn.authorizer(Some(move |context: AuthContext<'_>| {
        let pragma = match context.action {
            AuthAction::Pragma {
                pragma_name,
                pragma_value,
            } => Some((pragma_name.to_string(), pragma_value.map(str::to_string))),
            // A pragma's table function (`select * from pragma_optimize`)
            // shows only as a read of its table here, and runs the pragma
            // later, while rows are read: an acting one is recorded now.
            AuthAction::Read { table_name, .. } => acting_pragma_table(table_name),
            _ => None,
        };
        if let (Some(pragma), Ok(mut seen)) = (pragma, record.lock()) {
            seen.push(pragma);
        }
        allow(context)
    }))?;
    Ok(seen)
}

/// Pragmas that take an argument only to say what to report on.
const REPORTING_PRAGMAS: [&str; 9] = [
    "table_info",
    "table_xinfo",
    "index_list",
    "index_info",
    "index_xinfo",
    "foreign_key_list",
    "foreign_key_check",
    "integrity_check",
    "quick_check",
];

/// Refuses attaching or detaching other files, loading an extension, and
/// pragmas that set something (`pragma writable_schema = on`): they change
/// the connection even where they cannot change the file, and nothing read
/// needs them.
fn allow(context: AuthContext<'_>) -> Authorization {
    match context.action {
        AuthAction::Attach { .. } | AuthAction::Detach { .. } => Authorization::Deny,
        // Refused when it runs anyway (extension loading is off), but as
        // an error of the query's; refused here, SQLite says so while it
        // prepares ("not authorized to use function: load_extension"),
        // which is a usage mistake as the other refusals are.
        AuthAction::Function { function_name }
            if function_name.eq_ignore_ascii_case("load_extension") =>
        {
            Authorization::Deny
        }
        AuthAction::Read { table_name, .. } if acting_pragma_table(table_name).is_some() => {
            Authorization::Deny
        }
        AuthAction::Pragma {
            pragma_name,
            pragma_value: Some(_),
        } if !REPORTING_PRAGMAS.contains(&pragma_name.to_ascii_lowercase().as_str()) => {
            Authorization::Deny
        }
        _ => Authorization::Allow,
    }
}

fn prepare_read_only<'c>(
    conn: &'c Connection,
    sql: &str,
    pragmas: &PragmasSeen,
) -> Result<Statement<'c>> {
    let stmt = conn.prepare(sql).map_err(|e| match e {
        rusqlite::Error::MultipleStatement => {
            usage("query runs one statement at a time; remove everything after the first `;`")
        }
        other if is_denied(&other) && names_acting_pragma(pragmas) => would_write(),
        other if is_denied(&other) => usage(
            "query only reads this database: attach, detach and pragmas that set a value are refused",
        ),
        other => usage(format!("invalid SQL: {}", message(&other))),
    })?;
    if stmt.column_count() == 0 && stmt.readonly() && stmt.expanded_sql().is_none() {
        return Err(usage(
            "query needs an SQL statement (this one holds only comments)",
        ));
    }
    if !stmt.readonly() && !only_reports(pragmas) {
        return Err(would_write());
    }
    Ok(stmt)
}

/// The refusal of a statement that would write.
fn would_write() -> anyhow::Error {
    Error::QueryWouldWrite { server: None }.into()
}

/// Whether the statement runs a pragma that acts without a value
/// (`select * from pragma_optimize`).
fn names_acting_pragma(pragmas: &PragmasSeen) -> bool {
    pragmas.lock().is_ok_and(|seen| {
        seen.iter().any(|(name, value)| {
            value.is_none() && ACTING_PRAGMAS.contains(&name.to_ascii_lowercase().as_str())
        })
    })
}

/// Whether the statement is a pragma that only reports (`pragma
/// journal_mode`, with no value to set): SQLite does not call those
/// read-only, but on a read-only connection they can change nothing.
fn only_reports(pragmas: &PragmasSeen) -> bool {
    pragmas.lock().is_ok_and(|seen| {
        !seen.is_empty()
            && seen.iter().all(|(name, value)| {
                value.is_none() && !ACTING_PRAGMAS.contains(&name.to_ascii_lowercase().as_str())
            })
    })
}

/// The pragma `pragma_<name>`, a pragma's table function, runs, where it
/// is one that acts even without a value.
fn acting_pragma_table(table: &str) -> Option<(String, Option<String>)> {
    let table = table.to_ascii_lowercase();
    let name = table.strip_prefix("pragma_")?;
    ACTING_PRAGMAS
        .contains(&name)
        .then(|| (name.to_string(), None))
}

/// Pragmas that act even without a value: they would try to write.
const ACTING_PRAGMAS: [&str; 4] = [
    "wal_checkpoint",
    "optimize",
    "incremental_vacuum",
    "shrink_memory",
];
