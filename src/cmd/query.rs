//! `queens query`: run one read-only SQL statement and print its rows.

use std::cell::RefCell;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::Args as ClapArgs;
use rusqlite::hooks::{AuthAction, AuthContext, Authorization};
use rusqlite::{Connection, Statement};

use crate::cmd::{DbArgs, stdout};
use crate::engine;
use crate::engine::Value;
use crate::error::{sqlite_message, usage};
use crate::render::rows::{RowFormat, RowWriter};

/// Run one SQL statement that only reads, and print its rows.
///
/// For exploring the database without the sqlite3 shell. Rows are printed
/// as they come, so any number of them goes through in little memory, as
/// a table or as CSV, JSON or NDJSON (--format) for programs.
///
/// On an SQLite file the database is opened read-only: statements that
/// would change it (insert, update, drop, create, attach, a pragma that
/// sets something) are refused and the file is left untouched; pragmas
/// that only report (`pragma journal_mode`) are allowed.
///
/// On PostgreSQL the statement must be a query (select, values, table or
/// with … select); it runs as psql would run it, with the privileges of
/// the role in --db, in a read-only transaction, so the server refuses
/// anything that writes. Functions that act without writing (a
/// superuser's pg_terminate_backend, say) still act: connect as a
/// read-only role to run SQL you do not trust (see the README).
///
/// Examples:
///   queens query "select count(*) from candidate"
///   queens query "select * from square_line where square = 'c5'"
///   queens query --db ten.db "select * from search_space"
///   queens query --timeout 5 "select count(*) from solution_by_definition"
///   queens query -f csv "select * from square" > squares.csv
///   queens query - < question.sql
///   queens query --file question.sql -f json
#[derive(ClapArgs, Debug)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// The SQL statement to run; - reads it from standard input.
    #[arg(
        value_name = "SQL",
        required_unless_present = "file",
        conflicts_with = "file"
    )]
    pub sql: Option<String>,

    /// Read the statement from this file (a command-line argument holds at
    /// most 128 KiB on Linux).
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,

    /// Output format.
    #[arg(short, long, value_enum, default_value_t = RowFormat::Table)]
    pub format: RowFormat,

    /// Stop the statement after this many seconds (it prints what it has
    /// found so far, then says it stopped, and exits 1).
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout)]
    pub timeout: Option<Duration>,

    #[command(flatten)]
    pub target: DbArgs,
}

fn parse_timeout(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= 1e6 => Ok(Duration::from_secs_f64(seconds)),
        _ => Err(format!("{text:?} is not a number of seconds (more than 0)")),
    }
}

pub fn run(args: &Args) -> Result<()> {
    let target = args.target.target()?;
    let text = statement_source(args)?;
    let sql = statement_text(&text)?;
    let (reader, _) = engine::open(&target, args.target.size)?;
    let writer = RefCell::new(Some(RowWriter::new(stdout(), args.format)));
    let with_writer = |f: &mut dyn FnMut(&mut RowWriter<_>) -> Result<()>| -> Result<()> {
        match writer.borrow_mut().as_mut() {
            Some(w) => f(w),
            None => Ok(()),
        }
    };
    let ran = match reader.sqlite() {
        Some(conn) => sqlite_rows(conn, sql, args.timeout, &mut |event| {
            with_writer(&mut |w| event.write_to(w))
        }),
        None => reader.postgres_query(
            sql,
            args.timeout,
            &mut |headers| with_writer(&mut |w| w.headers(headers.clone())),
            &mut |row| with_writer(&mut |w| w.row(&row)),
        ),
    };
    let writer = writer.into_inner().expect("the writer is taken only here");
    match ran {
        Ok(()) => writer.finish().map(drop),
        Err(e) => {
            writer.abandon();
            Err(e)
        }
    }
}

/// The most text a statement from standard input or a file may hold: far
/// more than any query needs, and a bound on what `--file /dev/zero` or an
/// endless pipe can make queens hold in memory.
const MAX_STATEMENT: u64 = 16 << 20;

/// The statement as given: the argument, standard input for `-`, or the
/// file named by --file.
fn statement_source(args: &Args) -> Result<String> {
    match (&args.sql, &args.file) {
        (Some(sql), _) if sql == "-" => read_statement(std::io::stdin(), "standard input"),
        (Some(sql), _) => Ok(sql.clone()),
        (None, Some(file)) => {
            let shown = file.display().to_string();
            let opened = std::fs::File::open(file)
                .with_context(|| format!("cannot read the statement from {shown}"))?;
            read_statement(opened, &shown)
        }
        (None, None) => Err(usage("query needs an SQL statement, - or --file")),
    }
}

/// Reads a statement of at most `MAX_STATEMENT` bytes from `source`.
fn read_statement(source: impl Read, shown: &str) -> Result<String> {
    let mut bytes = Vec::new();
    source
        .take(MAX_STATEMENT + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read the statement from {shown}"))?;
    if bytes.len() as u64 > MAX_STATEMENT {
        return Err(usage(format!(
            "the statement in {shown} is over {} MiB; query runs one statement",
            MAX_STATEMENT >> 20
        )));
    }
    String::from_utf8(bytes)
        .map_err(|_| usage(format!("the statement in {shown} is not UTF-8 text")))
}

/// The statement without the blanks and semicolons that may end it; a
/// statement of nothing but those (or comments) is a usage error.
fn statement_text(sql: &str) -> Result<&str> {
    let trimmed = sql.trim_end_matches(|c: char| c.is_whitespace() || c == ';');
    if trimmed.trim().is_empty() {
        return Err(usage("query needs an SQL statement"));
    }
    if first_word(trimmed).eq_ignore_ascii_case("copy") {
        return Err(usage(
            "query does not run COPY, which reads or writes files; \
             `queens export` writes solutions to files",
        ));
    }
    Ok(trimmed)
}

/// The statement's first word, past blanks, brackets and comments.
fn first_word(sql: &str) -> &str {
    let mut rest = sql;
    loop {
        let trimmed = rest.trim_start_matches(|c: char| c.is_whitespace() || c == '(');
        if let Some(comment) = trimmed.strip_prefix("--") {
            rest = comment.split_once('\n').map_or("", |(_, after)| after);
        } else if let Some(comment) = trimmed.strip_prefix("/*") {
            rest = comment.split_once("*/").map_or("", |(_, after)| after);
        } else {
            let end = trimmed
                .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                .unwrap_or(trimmed.len());
            return &trimmed[..end];
        }
    }
}

/// What a statement yields, in order: its column names, then its rows.
enum Event<'a> {
    Headers(Vec<String>),
    Row(&'a [Value]),
}

impl Event<'_> {
    fn write_to(&self, writer: &mut RowWriter<impl Write>) -> Result<()> {
        match self {
            Event::Headers(headers) => writer.headers(headers.clone()),
            Event::Row(row) => writer.row(row),
        }
    }
}

/// Runs the statement on an SQLite file opened read-only and locked down
/// further, handing each row on as it comes.
fn sqlite_rows(
    conn: &Connection,
    sql: &str,
    timeout: Option<Duration>,
    each: &mut dyn FnMut(Event<'_>) -> Result<()>,
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
    each(Event::Headers(
        stmt.column_names().iter().map(|c| c.to_string()).collect(),
    ))?;
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
            values.push(Value::from_sqlite(row.get_ref(i)?));
        }
        each(Event::Row(&values))?;
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
        (Some(rusqlite::ErrorCode::OperationInterrupted), Some(timeout)) => anyhow::anyhow!(
            "the query was stopped after {} s (--timeout)",
            timeout.as_secs_f64()
        ),
        _ => anyhow::Error::new(error).context("the query failed"),
    }
}

/// The pragmas a statement names, as SQLite's authorizer reports them: the
/// pragma, and its argument if it has one.
type PragmasSeen = Arc<Mutex<Vec<(String, Option<String>)>>>;

/// Beyond the read-only file handle: the connection refuses writes, and
/// SQLite asks `allow` about every action a statement would take.
fn lock_down(conn: &Connection) -> Result<PragmasSeen> {
    conn.pragma_update(None, "query_only", true)?;
    let seen = PragmasSeen::default();
    let record = Arc::clone(&seen);
    conn.authorizer(Some(move |context: AuthContext<'_>| {
        if let AuthAction::Pragma {
            pragma_name,
            pragma_value,
        } = context.action
            && let Ok(mut seen) = record.lock()
        {
            seen.push((pragma_name.to_string(), pragma_value.map(str::to_string)));
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

fn prepare_read_only<'c>(
    conn: &'c Connection,
    sql: &str,
    pragmas: &PragmasSeen,
) -> Result<Statement<'c>> {
    let stmt = conn.prepare(sql).map_err(|e| match e {
        rusqlite::Error::MultipleStatement => {
            usage("query runs one statement at a time; remove everything after the first `;`")
        }
        other => match sqlite_message(&other) {
            denied if denied.contains("not authorized") => usage(
                "query only reads this database: attach, detach and pragmas that set a value are refused",
            ),
            text => usage(format!("invalid SQL: {text}")),
        },
    })?;
    if stmt.column_count() == 0 && stmt.readonly() && stmt.expanded_sql().is_none() {
        return Err(usage(
            "query needs an SQL statement (this one holds only comments)",
        ));
    }
    if !stmt.readonly() && !only_reports(pragmas) {
        return Err(usage(
            "query only reads: this statement would change the database, which is refused",
        ));
    }
    Ok(stmt)
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

/// Pragmas that act even without a value: they would try to write.
const ACTING_PRAGMAS: [&str; 4] = [
    "wal_checkpoint",
    "optimize",
    "incremental_vacuum",
    "shrink_memory",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_statement_of_nothing_is_a_usage_error() {
        for sql in ["", " ;", ";;\n", "  \t"] {
            assert!(statement_text(sql).is_err(), "{sql:?}");
        }
        assert_eq!(statement_text("select 1;  ").unwrap(), "select 1");
    }

    #[test]
    fn copy_is_refused_however_it_is_dressed() {
        for sql in [
            "copy t to '/tmp/x'",
            " /* hi */ COPY (select 1) to stdout",
            "-- c\n(copy x from y)",
        ] {
            assert!(statement_text(sql).is_err(), "{sql:?}");
        }
        assert_eq!(first_word("/* a */ -- b\n  select 1"), "select");
        assert!(statement_text("select 'copy'").is_ok());
    }

    #[test]
    fn timeouts_are_positive_seconds() {
        assert_eq!(parse_timeout("1.5"), Ok(Duration::from_millis(1500)));
        for bad in ["0", "-1", "x", "nan", "inf"] {
            assert!(parse_timeout(bad).is_err(), "{bad}");
        }
    }
}
