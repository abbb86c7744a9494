//! What `queens doctor` checks in a schema on a server: the version and
//! the board size, every table of queens' row for row against the
//! reference board, built afresh at the same size and shape (by the SQLite
//! engine, in memory, which the registry hands over), that
//! every view is there, and the number of solutions against the native
//! counter. Everything is read in one read-only transaction, and nothing
//! is created on the server, not even a temporary table: a damaged board
//! is reported, never mended.

use anyhow::{Result, bail};
use postgres::SimpleQueryMessage;

use crate::checker;
use crate::engine::findings::{Finding, board_finding, model_finding, multiset_difference};
use crate::engine::interface::{
    ReferenceBoard, ReferenceFor, board_size_from, check_requested_size,
};
use crate::engine::postgres::connect::{
    Legacy, Trust, connect_to_schema, held_board, inspect, no_board_size, statement,
    without_password,
};
use crate::engine::postgres::read::reading_first;
use crate::engine::postgres::reader::Reader;
use crate::engine::postgres::wait::gave_up_waiting_or;
use crate::error::Error;
use crate::model::board::Board;
use crate::model::catalog::own_columns;
use crate::model::schema::{board_table_names, latest_version, view_names};
use crate::model::template::Dialect;
use crate::model::template::Scope;

/// Largest board whose solutions doctor counts (12×12 takes a few seconds
/// on a server).
const COUNT_UP_TO: u8 = 12;

/// The checks an engine built on this one adds (Citus: the parts of the
/// search), made in the same transaction on the `n`×`n` board.
pub type MoreChecks<'a> = &'a dyn Fn(&Reader, u8) -> Vec<Finding>;

/// Every finding for `schema` at `url`, which must hold a board of
/// `requested` if given, its tables held against the board `reference`
/// builds; `more` adds an engine's own.
pub fn findings(
    (url, schema, trusted): (&str, &str, &Trust),
    requested: Option<u8>,
    reference: ReferenceFor,
    more: MoreChecks,
) -> Result<Vec<Finding>> {
    let reader = open(url, schema, trusted).map_err(|e| gave_up_waiting_or(e, url, schema))?;
    let (n, size_rows) = board(&reader, schema)?;
    check_requested_size(&format!("schema {schema}"), n, requested)?;
    let board = held_board(&mut *reader.client(), schema, n)?;
    let size = board_finding((n, board.rows), size_rows);
    let mut findings = vec![ask(&reader, "schema version", || version(&reader)), size];
    if !board.is_plain() {
        findings.push(Finding::info("shape", board.flags().trim().to_string()));
    }
    findings.push(ask(&reader, "model", || {
        model(&reader, &*reference(&board)?, &board)
    }));
    findings.push(ask(&reader, "views", || views(&reader, schema)));
    findings.push(ask(&reader, "derived", || derived(&reader, schema, n)));
    findings.push(if n <= COUNT_UP_TO {
        ask(&reader, "solutions", || solutions(&reader, &board))
    } else {
        Finding::info(
            "solutions",
            format!("not counted beyond {COUNT_UP_TO}×{COUNT_UP_TO}"),
        )
    });
    findings.extend(more(&reader, n));
    Ok(findings)
}

/// The schema's reader, once it is known to hold a board: a schema of
/// nothing of queens' is refused, since doctor creates nothing.
fn open(url: &str, schema: &str, trusted: &Trust) -> Result<Reader> {
    let (mut client, checked) = connect_to_schema(url, schema, trusted, Legacy::Refuse)?;
    if inspect(&mut client, checked)?.is_none() {
        return Err(Error::NoBoard {
            place: format!("schema {schema} at {}", without_password(url)),
            advice: "doctor checks a board and never creates one".to_string(),
        }
        .into());
    }
    reading_first(client, url, checked)
}

/// Runs one check inside a savepoint of the read transaction: an error
/// while checking (a table dropped, a column changed) is a failed check
/// with the server's words, and the checks after it still run.
pub fn ask(
    reader: &Reader,
    what: &'static str,
    check: impl FnOnce() -> Result<(bool, String)>,
) -> Finding {
    // Each borrow of the connection ends before the check borrows it.
    let begun = reader.client().batch_execute("savepoint doctor");
    let outcome = match begun {
        Ok(()) => check(),
        Err(e) => Err(e.into()),
    };
    let end = match outcome {
        Ok(_) => "release savepoint doctor",
        Err(_) => "rollback to savepoint doctor",
    };
    let ended = reader.client().batch_execute(end);
    Finding::of(what, outcome.and_then(|found| Ok(ended.map(|()| found)?)))
}

/// Every row `sql` answers, each value as text (NULL as the empty text, as
/// the SQLite engine gives it), through the simple protocol.
pub fn text_rows(reader: &Reader, sql: &str) -> Result<Vec<Vec<String>>> {
    let mut rows = Vec::new();
    for message in reader.client().simple_query(sql)? {
        if let SimpleQueryMessage::Row(row) = message {
            rows.push(
                (0..row.len())
                    .map(|i| row.get(i).unwrap_or_default().to_string())
                    .collect(),
            );
        }
    }
    Ok(rows)
}

/// The board size, read in the transaction, and how many rows board_size
/// holds.
fn board(reader: &Reader, schema: &str) -> Result<(u8, i64)> {
    let sizes: Vec<u8> = text_rows(reader, "select n from board_size")?
        .iter()
        .filter_map(|row| board_size_from(row[0].parse().ok()?))
        .collect();
    let Some(&n) = sizes.iter().max() else {
        return Err(no_board_size(schema).into());
    };
    Ok((n, sizes.len() as i64))
}

fn version(reader: &Reader) -> Result<(bool, String)> {
    let rows = text_rows(reader, "select version from queens_version")?;
    let latest = latest_version().to_string();
    let found: Vec<&str> = rows.iter().map(|row| row[0].as_str()).collect();
    Ok((
        found == [latest.as_str()],
        format!("{} (this queens writes {latest})", found.join(", ")),
    ))
}

/// Every table of queens' (but solution_store, which a server never
/// holds) must hold the rows of a board built afresh at the same size and
/// of the same shape, in queens' columns, compared as text. A fact changed
/// or deleted answers wrongly without breaking any key, so only this
/// comparison finds it.
fn model(reader: &Reader, fresh: &dyn ReferenceBoard, board: &Board) -> Result<(bool, String)> {
    let tables = board_table_names();
    let mut differences = Vec::new();
    for table in &tables {
        differences.extend(table_differences(reader, fresh, table)?);
    }
    Ok(model_finding(
        (board.cols, board.rows),
        &format!("{} tables", tables.len()),
        &differences,
    ))
}

/// How queens' `table` in the schema differs from the same table of the
/// fresh board: a column gone, a column added, then its rows.
fn table_differences(
    reader: &Reader,
    fresh: &dyn ReferenceBoard,
    table: &str,
) -> Result<Vec<String>> {
    let own = own_columns(table);
    let columns: Vec<String> = reader
        .client()
        .query(
            &statement("postgres/table_columns.sql", Scope::default())?,
            &[&reader.schema, &table],
        )?
        .iter()
        .map(|row| row.get(0))
        .collect();
    if columns.is_empty() {
        return Ok(vec![format!("table {table} is missing")]);
    }
    let lost: Vec<&str> = own
        .iter()
        .filter(|c| !columns.contains(c))
        .map(String::as_str)
        .collect();
    if !lost.is_empty() {
        return Ok(vec![format!(
            "{table} lacks queens' columns ({})",
            lost.join(", ")
        )]);
    }
    let mut differences = Vec::new();
    let added: Vec<&str> = columns
        .iter()
        .filter(|c| !own.contains(c))
        .map(String::as_str)
        .collect();
    if !added.is_empty() {
        differences.push(format!(
            "{table} has columns queens does not make ({})",
            added.join(", ")
        ));
    }
    let rows = crate::model::schema::table_rows(table, own, Dialect::Postgres)?;
    let found = text_rows(reader, &rows)?;
    let (extra, missing) = multiset_difference(&found, &fresh.rows(table, own)?);
    if extra + missing > 0 {
        differences.push(format!(
            "{table}: {extra} rows a fresh board does not have, {missing} of its rows missing"
        ));
    }
    Ok(differences)
}

/// Every view queens makes must be in the schema (a view's text on a
/// server is PostgreSQL's rewriting of queens', so only its presence is
/// checked; its rows are, through the count of solutions).
/// The facts and views must have been derived from this build's SQL text,
/// as queens_derived records.
fn derived(reader: &Reader, schema: &str, n: u8) -> Result<(bool, String)> {
    let current = super::connect::derived_is_current(&mut *reader.client(), schema, n)?;
    Ok((
        current,
        if current {
            "the facts and views come from this queens' SQL (queens_derived)".to_string()
        } else {
            "the facts and views come from other SQL than this queens' (queens_derived); \
             `queens init` with the same --db and --schema derives them again"
                .to_string()
        },
    ))
}

fn views(reader: &Reader, schema: &str) -> Result<(bool, String)> {
    let present: Vec<String> = reader
        .client()
        .query(
            &statement("postgres/views.sql", Scope::default())?,
            &[&schema],
        )?
        .iter()
        .map(|row| row.get(0))
        .collect();
    let missing: Vec<&str> = view_names()
        .filter(|view| !present.iter().any(|p| p == view))
        .collect();
    Ok(if !missing.is_empty() {
        (
            false,
            format!(
                "{} missing; `queens init --force --size N` with the same --db and --schema \
                 builds them again",
                missing.join(", ")
            ),
        )
    } else if !super::connect::has_own_solution_view(&mut *reader.client(), schema)? {
        (
            false,
            "solution is not the view queens wrote with the others (replaced since, or restored \
             from a dump), and `count`, `solve` and `export` read it as it stands; \
             `queens init --force --size N` with the same --db and --schema writes it again"
                .to_string(),
        )
    } else {
        (
            true,
            format!("all {} of queens' views are there", view_names().count()),
        )
    })
}

/// The solution view's count against the native counter's, by the rules
/// of the board's shape.
fn solutions(reader: &Reader, board: &Board) -> Result<(bool, String)> {
    let found: u64 = match text_rows(reader, "select count(*) from solution")?.first() {
        Some(row) => row[0].parse()?,
        None => bail!("no answer to select count(*) from solution"),
    };
    let native = if board.is_plain() {
        checker::count_solutions(board.cols)
    } else {
        board.count()
    };
    Ok((
        found == native,
        format!("{found} (native counter: {native})"),
    ))
}
