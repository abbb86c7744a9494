//! The whole model as SQL: a dump of the SQLite file that `sqlite3` reads,
//! or the script that builds the same model in PostgreSQL or DuckDB, which
//! depends on the board alone and so needs no database.

use std::io::Write;

use anyhow::Result;
use clap::ValueEnum;

use crate::cmd::export::args::{Args, ExportFormat, ScriptDialect};
use crate::cmd::export::delivery::Destination;
use crate::engine::{self, Target};
use crate::error::usage;
use crate::model::board::{Board, DEFAULT_SIZE};
use crate::model::schema;
use crate::search::OpenBoard;

/// An explicit --dialect outside --format sql, which it is for, and
/// --dialect duckdb with a --size the DuckDB script cannot hold, refused
/// before any board is opened.
pub fn refuse_a_dialect_it_cannot_hold(args: &Args, format: ExportFormat) -> Result<()> {
    let Some(dialect) = args.dialect else {
        return Ok(());
    };
    if format != ExportFormat::Sql {
        // The name as typed after --dialect, from clap's own list.
        let named = dialect
            .to_possible_value()
            .map(|v| v.get_name().to_string());
        let named = named.unwrap_or_default();
        return Err(usage(format!(
            "--dialect {named} is for --format sql, the script that builds the model"
        )));
    }
    match args.target.size() {
        Some(n) if dialect == ScriptDialect::Duckdb => duckdb_size(n),
        _ => Ok(()),
    }
}

/// The DuckDB script holds boards up to schema::DUCKDB_LARGEST: a usage
/// mistake beyond.
fn duckdb_size(n: u8) -> Result<()> {
    match schema::duckdb_too_large(n) {
        Some(why) => Err(usage(format!("--dialect duckdb: {why}"))),
        None => Ok(()),
    }
}

/// What messages call the SQL written for `the_board` ("the 8×8 board").
pub fn said(dialect: ScriptDialect, the_board: &str) -> String {
    let engine = match dialect {
        ScriptDialect::Sqlite => return "the whole database".to_string(),
        ScriptDialect::Postgres => "PostgreSQL",
        ScriptDialect::Duckdb => "DuckDB",
    };
    format!("the {engine} script of {the_board}")
}

/// The board size of a PostgreSQL or DuckDB script that needs no
/// database: where --db names a file that does not exist, it is not
/// created for it (--size, else 8).
pub fn needs_no_board(args: &Args, format: ExportFormat, target: &Target) -> Option<u8> {
    match (format, args.dialect(), target) {
        (
            ExportFormat::Sql,
            ScriptDialect::Postgres | ScriptDialect::Duckdb,
            Target::File(path),
        ) if std::fs::symlink_metadata(path).is_err() => {
            Some(args.target.size().unwrap_or(DEFAULT_SIZE))
        }
        _ => None,
    }
}

/// The PostgreSQL script of `board` in --schema, or the DuckDB script,
/// with queens' descriptions of its relations and columns as `comment on`.
fn model_script(args: &Args, board: &Board) -> Result<String> {
    if args.dialect() == ScriptDialect::Duckdb {
        duckdb_size(board.cols)?;
    }
    let described = crate::model::description::server_comments(board)?;
    match args.dialect() {
        ScriptDialect::Duckdb => schema::duckdb_script(board, &described),
        _ => engine::postgres_script(&args.target.schema, board, &described),
    }
}

/// Writes the PostgreSQL or DuckDB script of `board` (the flags'), no
/// database opened.
pub fn write_alone(args: &Args, board: &Board, out: &Destination) -> Result<()> {
    let script = model_script(args, board)?;
    out.write(|out| {
        out.write_all(script.as_bytes())?;
        Ok(0)
    })?;
    Ok(())
}

/// The SQL of `board`: the dump of the SQLite file, or the PostgreSQL or
/// DuckDB script that builds the same model.
pub fn write(board: &OpenBoard, args: &Args, out: &mut dyn Write) -> Result<()> {
    match args.dialect() {
        ScriptDialect::Postgres | ScriptDialect::Duckdb => {
            let script = model_script(args, &board.board)?;
            out.write_all(script.as_bytes())?;
            Ok(out.flush()?)
        }
        ScriptDialect::Sqlite => board.reader.dump(out),
    }
}
