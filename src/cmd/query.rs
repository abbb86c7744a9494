//! `queens query`: run one read-only SQL statement and print its rows.

use std::cell::RefCell;
use std::io::Read;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::Args as ClapArgs;

use crate::cmd::{DbArgs, RowFormat, parse_timeout, stdout};
use crate::error::usage;
use crate::render::infile::{open_regular, read_at_most};
use crate::render::printer;

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
/// read-only role to run SQL you do not trust (the book's PostgreSQL how-to
/// shows how an administrator makes one).
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

pub fn run(args: &Args) -> Result<()> {
    // A --db that cannot be a database is refused before the statement is read.
    args.target.target()?;
    let text = statement_source(args)?;
    let sql = statement_text(&text)?;
    args.target.on_board(None, |board| {
        let writer = RefCell::new(printer::for_rows(stdout(), args.format.into())?);
        let ran = board.reader().user_query(
            sql,
            args.timeout,
            &mut |headers| writer.borrow_mut().headers(headers),
            &mut |row| writer.borrow_mut().row(row),
        );
        let writer = writer.into_inner();
        match ran {
            Ok(()) => writer.finish().map(drop),
            Err(e) => {
                writer.abandon();
                Err(e)
            }
        }
    })
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
            let opened = open_regular(file).map_err(|e| match e.kind() {
                std::io::ErrorKind::InvalidInput => usage(format!(
                    "--file {shown} is {e}, not a file; give the statement as - to read it \
                     from standard input"
                )),
                _ => {
                    anyhow::Error::new(e).context(format!("cannot read the statement from {shown}"))
                }
            })?;
            read_statement(opened, &shown)
        }
        (None, None) => Err(usage("query needs an SQL statement, - or --file")),
    }
}

/// Reads a statement of at most `MAX_STATEMENT` bytes from `source`.
fn read_statement(source: impl Read, shown: &str) -> Result<String> {
    let bytes = read_at_most(source, MAX_STATEMENT)
        .with_context(|| format!("cannot read the statement from {shown}"))?
        .ok_or_else(|| {
            usage(format!(
                "the statement in {shown} is over {} MiB; query runs one statement",
                MAX_STATEMENT >> 20
            ))
        })?;
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
}
