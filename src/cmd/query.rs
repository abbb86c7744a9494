//! `queens query`: run one read-only SQL statement and print its rows.

use std::io::Write;

use anyhow::{Context, Result};
use clap::Args as ClapArgs;
use rusqlite::hooks::{AuthAction, AuthContext, Authorization};
use rusqlite::{Connection, Statement};

use crate::cmd::{DbArgs, stdout};
use crate::db;
use crate::engine::Value;
use crate::error::usage;
use crate::table::write_table;

/// Run one SQL statement that only reads, and print its rows as a table.
///
/// For exploring the database without the sqlite3 shell. The database is
/// opened read-only: statements that would change it (insert, update, drop,
/// create, attach, a pragma that writes) are refused and the file is left
/// untouched. One statement per call.
///
/// Examples:
///   queens query "select count(*) from candidate"
///   queens query "select * from square_line where square = 'c5'"
///   queens query --db ten.db "select * from search_space"
#[derive(ClapArgs, Debug)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// The SQL statement to run.
    #[arg(value_name = "SQL")]
    pub sql: String,

    #[command(flatten)]
    pub target: DbArgs,
}

pub fn run(args: &Args) -> Result<()> {
    let target = args.target.target();
    let (reader, _) = db::open(&target, args.target.size)?;
    if args.sql.trim().is_empty() {
        return Err(usage("query needs an SQL statement"));
    }
    let (headers, rows) = match reader.sqlite() {
        Some(conn) => sqlite_table(conn, &args.sql)?,
        None => reader.postgres_table(&args.sql)?,
    };
    if headers.is_empty() {
        return Ok(());
    }
    let mut out = stdout();
    write_table(&mut out, &headers, &rows)?;
    Ok(out.flush()?)
}

/// The statement's column names and rows, from an SQLite file opened
/// read-only and locked down further.
fn sqlite_table(conn: &Connection, sql: &str) -> Result<(Vec<String>, Vec<Vec<String>>)> {
    lock_down(conn)?;
    let mut stmt = prepare_read_only(conn, sql)?;
    let headers: Vec<String> = stmt.column_names().iter().map(|c| c.to_string()).collect();
    let mut rows = Vec::new();
    let mut result = stmt.query([])?;
    while let Some(row) = result.next().context("the query failed")? {
        let cells = (0..headers.len())
            .map(|i| row.get_ref(i).map(|v| Value::from_sqlite(v).text()))
            .collect::<rusqlite::Result<Vec<_>>>()?;
        rows.push(cells);
    }
    Ok((headers, rows))
}

/// Beyond the read-only file handle: the connection refuses writes, and
/// SQLite asks `allow` about every action a statement would take.
fn lock_down(conn: &Connection) -> Result<()> {
    conn.pragma_update(None, "query_only", true)?;
    conn.authorizer(Some(allow))?;
    Ok(())
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

/// Refuses attaching or detaching other files, and pragmas that set
/// something (`pragma writable_schema = on`): they change the connection
/// even where they cannot change the file, and nothing read needs them.
fn allow(context: AuthContext<'_>) -> Authorization {
    match context.action {
        AuthAction::Attach { .. } | AuthAction::Detach { .. } => Authorization::Deny,
        AuthAction::Pragma {
            pragma_name,
            pragma_value: Some(_),
        } if !REPORTING_PRAGMAS.contains(&pragma_name.to_ascii_lowercase().as_str()) => {
            Authorization::Deny
        }
        _ => Authorization::Allow,
    }
}

fn prepare_read_only<'c>(conn: &'c Connection, sql: &str) -> Result<Statement<'c>> {
    let stmt = conn.prepare(sql).map_err(|e| match e {
        rusqlite::Error::MultipleStatement => {
            usage("query runs one statement at a time; remove everything after the first `;`")
        }
        other => match sql_error_text(&other) {
            denied if denied.contains("not authorized") => usage(
                "query only reads this database: attach, detach and pragmas that set a value are refused",
            ),
            text => usage(format!("invalid SQL: {text}")),
        },
    })?;
    if !stmt.readonly() {
        return Err(usage(
            "query only reads: this statement would change the database, which is refused",
        ));
    }
    Ok(stmt)
}

fn sql_error_text(error: &rusqlite::Error) -> String {
    match error {
        rusqlite::Error::SqliteFailure(_, Some(message)) => message.clone(),
        rusqlite::Error::SqlInputError { msg, .. } => msg.clone(),
        other => other.to_string(),
    }
}
