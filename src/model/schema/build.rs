//! A board's objects expanded for one engine: the facts, the views, the
//! stored solutions, the questions with parameters, the checksum of what
//! a board was derived from, and the whole model for reading (`sql/expanded/`).

use std::sync::{Mutex, PoisonError};

use anyhow::{Context, Result};
use sha2::{Digest, Sha256};

use crate::model::board::Board;
use crate::model::hex::hex;
use crate::model::sql;
use crate::model::template::{self, Dialect, Scope, Sql};

use super::names::{FACTS, VIEWS, fact_tables, latest_version, view_names};
use super::tuning::{LINE_SET_WORDS, board_scope};

/// `scope` with the shape of `board`, for the facts and for the words the
/// search tests (`board_scope`): ROWS, a rectangle's rows (0 on a square
/// board), TORUS and SUPERQUEENS, 1 or 0, and the list HOLES, the holes'
/// names (squares `Board` checked), and HOLED, 1 where there are any.
pub fn with_shape(scope: Scope, board: &Board) -> Scope {
    let holes: Vec<String> = board.holes.iter().map(|h| h.name()).collect();
    scope
        .with("ROWS", board.stored_rows())
        .with("TORUS", board.torus.into())
        .with("SUPERQUEENS", board.superqueens.into())
        .with("HOLED", (!board.holes.is_empty()).into())
        .with_list("HOLES", holes.iter().map(String::as_str))
}

/// The fact population scripts of `board` (its size is board_size's) for
/// `dialect`, by table, in order.
pub fn fact_sql(board: &Board, dialect: Dialect) -> Result<Vec<(&'static str, String)>> {
    let scope = shaped_facts(Scope::for_dialect(dialect), board);
    FACTS
        .iter()
        .map(|(table, text)| {
            let sql = template::render(text, &scope)
                .with_context(|| format!("could not expand the facts of {table}"))?;
            Ok((*table, sql.text))
        })
        .collect()
}

/// Every row of table `table` in `columns` (sql/queries/table_rows.sql):
/// queens' own names, or a user's quoted by the caller.
pub fn table_rows(table: &str, columns: &[String], dialect: Dialect) -> Result<String> {
    let scope = Scope::for_dialect(dialect)
        .with_word("TABLE", table)
        .with_list("COLUMNS", columns.iter().map(String::as_str));
    Ok(question("queries/table_rows.sql", scope)?.text)
}

/// A question of `sql/queries/` that holds nothing of the board's size,
/// expanded for the dialect of `scope`.
pub fn question(path: &str, scope: Scope) -> Result<Sql> {
    template::render_statement(sql::file(path), &scope)
        .with_context(|| format!("could not expand sql/{path}"))
}

/// A question of `sql/queries/` or `sql/distributed/` for an `n`×`n`
/// board, expanded for `dialect`, with the fragments of `scope` inserted.
pub fn query(path: &str, n: u8, scope: Scope) -> Result<Sql> {
    template::render_statement(sql::file(path), &board_scope(n, scope))
        .with_context(|| format!("could not expand sql/{path}"))
}

/// The script `sql/{path}` (statements, each ending in `;`), expanded in
/// `scope`.
pub(super) fn query_in(path: &str, scope: &Scope) -> Result<Sql> {
    template::render(sql::file(path), scope).with_context(|| format!("could not expand sql/{path}"))
}

/// Every view's `create view` statement for `board`, by name; `stored`
/// when the solutions are kept in solution_store.
pub fn view_sql(
    board: &Board,
    stored: bool,
    dialect: Dialect,
) -> Result<Vec<(&'static str, String)>> {
    // A command that opens a board asks for its views twice (their
    // checksum, then which of them are queens' own), and expanding them
    // all takes milliseconds: the last few boards' are kept.
    type Expanded = ((Board, bool, Dialect), Vec<(&'static str, String)>);
    static KEPT: Mutex<Vec<Expanded>> = Mutex::new(Vec::new());
    let key = (board.clone(), stored, dialect);
    let kept = || KEPT.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, views)) = kept().iter().find(|(of, _)| *of == key) {
        return Ok(views.clone());
    }
    let views = expand_views(board, stored, dialect)?;
    let mut kept = kept();
    if kept.len() == 4 {
        kept.remove(0);
    }
    kept.push((key, views.clone()));
    Ok(views)
}

fn expand_views(
    board: &Board,
    stored: bool,
    dialect: Dialect,
) -> Result<Vec<(&'static str, String)>> {
    let scope = board_scope(board.cols, with_shape(Scope::for_dialect(dialect), board))
        .with("STORED", stored.into());
    VIEWS
        .iter()
        .map(|(name, text)| {
            let sql = template::render(text, &scope)
                .with_context(|| format!("could not expand the template of view {name}"))?;
            Ok((*name, sql.text.trim_end().to_string()))
        })
        .collect()
}

/// The checksum (SHA-256, in hex) of the SQL text that derives the facts
/// and views of `board` for `dialect` (`stored` as for `view_sql`): what
/// queens_derived holds where they are this build's.
pub fn derived_checksum(board: &Board, stored: bool, dialect: Dialect) -> Result<String> {
    let mut sha = Sha256::new();
    for (_, sql) in fact_sql(board, dialect)?
        .iter()
        .chain(&view_sql(board, stored, dialect)?)
    {
        // Each text's length first, so that no two lists hash alike.
        sha.update(sql.len().to_le_bytes());
        sha.update(sql.as_bytes());
    }
    Ok(hex(&sha.finalize()))
}

/// The `create table` statement of solution_store for an `n`×`n` board.
pub fn store_sql(n: u8) -> Result<String> {
    let sql = template::render(
        sql::file("tables/solution_store.sql"),
        &Scope::default().with("N", n.into()),
    )?;
    Ok(sql.text)
}

/// The insert of one row into solution_store for an `n`×`n` board
/// (sql/tables/solution_store_row.sql): its number, then its squares.
pub fn store_row_sql(n: u8) -> Result<String> {
    let sql = template::render_statement(
        sql::file("tables/solution_store_row.sql"),
        &Scope::default().with("N", n.into()),
    )?;
    Ok(sql.text)
}

/// What every template of sql/build/ may read besides the dialect: the
/// lists of queens' views and fact tables, each in the order they are
/// made, and the latest schema version.
pub(super) fn build_scope(scope: Scope) -> Scope {
    scope
        .with_list("VIEWS", view_names())
        .with_list("FACT_TABLES", fact_tables())
        .with("VERSION", latest_version() as i64)
}

/// `scope` with what the facts of `board` need: the board's
/// own tables (a count on a board with holes writes line_set and
/// safe_next again, as if it had none, into tables of its own:
/// `whole_board`).
pub(crate) fn shaped_facts(scope: Scope, board: &Board) -> Scope {
    with_shape(scope, board)
        .with("WORDS", LINE_SET_WORDS)
        .with("WHOLE", 0)
        .with_word("LINE_SET", "line_set")
        .with_word("SAFE_NEXT", "safe_next")
}

/// The statements that drop queens' views (sql/build/drop_views.sql).
pub fn drop_views_sql(dialect: Dialect) -> Result<String> {
    let sql = template::render(
        sql::file("build/drop_views.sql"),
        &build_scope(Scope::for_dialect(dialect)),
    )?;
    Ok(sql.text)
}

/// The statements that clear the board before it is derived again, the
/// same for every engine (sql/build/clear_board.sql); `drop_store`: the
/// stored solutions go with the old board.
pub fn clear_board_sql(dialect: Dialect, drop_store: bool) -> Result<String> {
    let scope = build_scope(Scope::for_dialect(dialect)).with("DROP_STORE", drop_store.into());
    Ok(template::render(sql::file("build/clear_board.sql"), &scope)?.text)
}

/// The `create table` statement of queens_version, PostgreSQL's record of
/// its schema version (sql/build/queens_version.sql), from its first
/// keyword on: as the build runs it, and as a catalog keeps it.
pub fn version_table() -> Result<String> {
    let sql = template::render(
        sql::file("build/queens_version.sql"),
        &Scope::for_dialect(Dialect::Postgres),
    )?;
    let heading: usize = (sql.text.lines())
        .take_while(|line| line.starts_with("--"))
        .map(|line| line.len() + 1)
        .sum();
    Ok(sql.text[heading..].to_string())
}
