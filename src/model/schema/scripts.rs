//! The scripts that build the model elsewhere: PostgreSQL's (with
//! `comment on` for its descriptions) and DuckDB's.

use anyhow::{Context, Result, bail};

use crate::model::board::Board;
use crate::model::reading::Comment;
use crate::model::sql;
use crate::model::template::{self, Dialect, Scope};

use super::build::{build_scope, derived_checksum, shaped_facts, version_table};
use super::names::migrations_after;
use super::tuning::board_scope;

/// The PostgreSQL script of `board` (sql/build/script.sql): with `fresh_in` a schema, the whole model built
/// in it (tables, version, facts, views), which queens runs in one
/// transaction; without, the board derived again over the old one, in the
/// schema on the search path.
pub fn postgres_build(board: &Board, fresh_in: Option<&str>) -> Result<String> {
    let scope = postgres_scope(board, fresh_in)?.with("SCRIPT", 0);
    let sql = template::render(sql::file("build/script.sql"), &scope)
        .context("could not expand sql/build/script.sql")?;
    Ok(sql.text)
}

/// The PostgreSQL script of `board` that psql runs
/// (`export --format sql --dialect postgres`): the whole model in a new
/// schema `schema`, the statements `comments` last, in one transaction
/// that psql stops at its first error (sql/build/script.sql, SCRIPT).
pub fn postgres_script(board: &Board, schema: &str, comments: &str) -> Result<String> {
    let scope = postgres_scope(board, Some(schema))?
        .with("SCRIPT", 1)
        .with_fragment("COMMENTS", comments);
    let sql = template::render(sql::file("build/script.sql"), &scope)
        .context("could not expand sql/build/script.sql")?;
    Ok(sql.text)
}

/// What sql/build/script.sql reads on PostgreSQL (`postgres_build`).
fn postgres_scope(board: &Board, fresh_in: Option<&str>) -> Result<Scope> {
    let mut scope = board_scope(
        board.cols,
        shaped_facts(build_scope(Scope::for_dialect(Dialect::Postgres)), board),
    )
    .with("STORED", 0)
    .with("FRESH", fresh_in.is_some().into())
    .with("DROP_STORE", 1)
    .with_word(
        "DERIVED_CHECKSUM",
        &template::string_literal(&derived_checksum(board, false, Dialect::Postgres)?),
    );
    if let Some(schema) = fresh_in {
        let migrations: String = (migrations_after(0, Dialect::Postgres)?.iter())
            .map(|up| format!("{up}\n"))
            .collect();
        scope = scope
            .with_word("SCHEMA", schema)
            .with_fragment("MIGRATIONS", &migrations)
            .with_fragment("VERSION_TABLE", &version_table()?);
    }
    Ok(scope)
}

/// `comment on` for one of queens' relations or columns
/// (sql/postgres/comment_on.sql), for `dialect`: in `schema` on
/// PostgreSQL, unqualified in DuckDB's script. The names are queens' own
/// (plain lower-case words); the text becomes a string literal.
pub fn comment_on(dialect: Dialect, schema: &str, comment: &Comment) -> Result<String> {
    let scope = Scope::for_dialect(dialect)
        .with_word("SCHEMA", schema)
        .with_word("KIND", &comment.kind)
        .with_word("RELATION", &comment.relation)
        .with_word("COLUMN_NAME", comment.column.as_deref().unwrap_or_default())
        .with("COLUMN", comment.column.is_some().into())
        .with_word("TEXT", &template::string_literal(&comment.text));
    Ok(
        template::render(sql::file("postgres/comment_on.sql"), &scope)
            .context("could not expand sql/postgres/comment_on.sql")?
            .text,
    )
}

/// The `comment on` statements of `described` (`comment_on`), one after
/// another, with the template's own heading left out.
pub fn comments_on<'a>(
    dialect: Dialect,
    schema: &str,
    described: impl IntoIterator<Item = &'a Comment>,
) -> Result<String> {
    let mut statements = String::new();
    for comment in described {
        let statement = comment_on(dialect, schema, comment)?;
        for line in statement.lines().filter(|line| !line.starts_with("--")) {
            statements.push_str(line);
            statements.push('\n');
        }
    }
    Ok(statements)
}

/// The DuckDB script of an `n`×`n` board of `shape` (`duckdb_build`) with
/// `described` as `comment on` statements, for DuckDB's `duckdb_tables()`,
/// `duckdb_views()` and `duckdb_columns()`. The columns of views go
/// undescribed: DuckDB 1.4 refuses a comment on a column of a view made
/// with a list of column names, as each of queens' views is. Nor are
/// queens_version and queens_derived described: the script, run once and
/// never upgraded, has neither.
pub fn duckdb_script(board: &Board, described: &[Comment]) -> Result<String> {
    let kept = described.iter().filter(|comment| {
        let unkept = ["queens_version", "queens_derived"].contains(&comment.relation.as_str());
        let view_column = comment.kind == "view" && comment.column.is_some();
        !(unkept || view_column)
    });
    let comments = format!(
        "-- What each relation and column holds, for duckdb_tables() and the like.\n{}",
        comments_on(Dialect::Duckdb, "", kept)?
    );
    duckdb_script_with(board, &comments)
}

/// Why an `n`×`n` board is too large for the DuckDB script, if it is: its
/// solution view writes a solution's rows as hexadecimal digits of one
/// 64-bit integer.
pub fn duckdb_too_large(n: u8) -> Option<String> {
    (n > DUCKDB_LARGEST).then(|| {
        format!(
            "the DuckDB script holds boards up to {DUCKDB_LARGEST}×{DUCKDB_LARGEST} (its \
             solution view writes a solution's rows in one 64-bit integer), not {n}×{n}"
        )
    })
}

/// The largest board the DuckDB script holds: its solution view writes a
/// solution's rows as hexadecimal digits of one 64-bit integer.
pub const DUCKDB_LARGEST: u8 = 15;

/// The DuckDB script of an `n`×`n` board of `shape`
/// (sql/build/script.sql): the whole model (tables, facts, views), which
/// DuckDB runs as it is, in one transaction. Boards above
/// `DUCKDB_LARGEST` are refused.
pub fn duckdb_build(board: &Board) -> Result<String> {
    duckdb_script_with(board, "")
}

/// `duckdb_build`, with the statements `comments` last in its transaction.
fn duckdb_script_with(board: &Board, comments: &str) -> Result<String> {
    if let Some(why) = duckdb_too_large(board.cols) {
        bail!(why);
    }
    let migrations: String = (migrations_after(0, Dialect::Duckdb)?.iter())
        .map(|up| format!("{up}\n"))
        .collect();
    let scope = board_scope(
        board.cols,
        shaped_facts(build_scope(Scope::for_dialect(Dialect::Duckdb)), board),
    )
    .with("STORED", 0)
    .with("FRESH", 1)
    .with("SCRIPT", 1)
    .with_fragment("MIGRATIONS", &migrations)
    .with_fragment("COMMENTS", comments);
    // The names the script makes, read off the script itself, for its
    // first statement to check (sql/build/names_free.sql).
    let render = |scope: &Scope| {
        template::render(sql::file("build/script.sql"), scope)
            .context("could not expand sql/build/script.sql")
    };
    let unchecked = render(
        &scope
            .clone()
            .with_list("RELATIONS", [])
            .with_list("INDEXES", []),
    )?;
    let (relations, indexes) = names_made(&unchecked.text);
    let scope = scope
        .with_list("RELATIONS", relations.iter().map(String::as_str))
        .with_list("INDEXES", indexes.iter().map(String::as_str));
    Ok(render(&scope)?.text)
}

/// The names `sql` makes, each once: its tables and views, and apart its
/// indexes. Each `create [unique] table|view|index NAME` begins a line,
/// as queens writes its SQL.
fn names_made(sql: &str) -> (Vec<String>, Vec<String>) {
    let (mut relations, mut indexes) = (Vec::new(), Vec::new());
    for line in sql.lines() {
        let mut words = line.split_whitespace().map(str::to_ascii_lowercase);
        if words.next().as_deref() != Some("create") {
            continue;
        }
        let mut kind = words.next().unwrap_or_default();
        if kind == "unique" {
            kind = words.next().unwrap_or_default();
        }
        let name = words.next().unwrap_or_default();
        let name = name.split('(').next().unwrap_or_default().to_string();
        let into = match kind.as_str() {
            "table" | "view" => &mut relations,
            "index" => &mut indexes,
            _ => continue,
        };
        if !into.contains(&name) {
            into.push(name);
        }
    }
    (relations, indexes)
}
