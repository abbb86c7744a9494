//! The project's own database objects: the versioned tables (`migrations/`),
//! the facts derived from the board size (`sql/facts/`) and the views
//! expanded for that size (`sql/views/`).

use std::sync::LazyLock;

use anyhow::{Context, Result, bail};
use include_dir::{Dir, include_dir};
use rusqlite::{Connection, OptionalExtension, Transaction};
use rusqlite_migration::Migrations;

use crate::model::template::{self, Scope};

static MIGRATION_DIR: Dir = include_dir!("$CARGO_MANIFEST_DIR/migrations");

static MIGRATIONS: LazyLock<Migrations<'static>> = LazyLock::new(|| {
    Migrations::from_directory(&MIGRATION_DIR).expect("migrations/ is laid out as NN-name/up.sql")
});

/// The fact population scripts, in the order their foreign keys need, named
/// by the table each fills.
const FACTS: [(&str, &str); 8] = [
    ("col_lbl", include_str!("../../sql/facts/1-col_lbl.sql")),
    ("row_lbl", include_str!("../../sql/facts/2-row_lbl.sql")),
    ("square", include_str!("../../sql/facts/3-square.sql")),
    ("line", include_str!("../../sql/facts/4-line.sql")),
    (
        "square_line",
        include_str!("../../sql/facts/5-square_line.sql"),
    ),
    ("line_set", include_str!("../../sql/facts/6-line_set.sql")),
    ("safe_next", include_str!("../../sql/facts/7-safe_next.sql")),
    (
        "square_image",
        include_str!("../../sql/facts/8-square_image.sql"),
    ),
];

/// The tables the facts fill, in the order their foreign keys need.
pub fn fact_tables() -> impl DoubleEndedIterator<Item = &'static str> {
    FACTS.iter().map(|(table, _)| *table)
}

/// The names of the views, each after the views it reads.
pub fn view_names() -> impl DoubleEndedIterator<Item = &'static str> {
    VIEWS.iter().map(|(view, _)| *view)
}

/// Every table that is queens' own: those a board needs, the domains that
/// come with the schema, and the stored solutions.
pub fn own_table_names() -> Vec<&'static str> {
    let mut names = vec!["board_size", "mov_dir", "symmetry", "solution_store"];
    names.extend(fact_tables());
    names
}

/// The tables whose rows a rebuild or an upgrade deletes and derives
/// again: the board size and the facts.
pub fn refilled_tables() -> impl Iterator<Item = &'static str> {
    std::iter::once("board_size").chain(fact_tables())
}

/// The columns of each of queens' tables (but solution_store, whose
/// columns depend on the board), as the migrations make them, in order.
static OWN_COLUMNS: LazyLock<Vec<(&'static str, Vec<String>)>> = LazyLock::new(|| {
    let mut conn = Connection::open_in_memory().expect("an in-memory database");
    migrate(&mut conn).expect("the migrations build a fresh database");
    own_table_names()
        .into_iter()
        .filter(|table| *table != "solution_store")
        .map(|table| {
            let columns = table_columns(&conn, table).expect("the migrations make every table");
            (table, columns)
        })
        .collect()
});

/// The names of a table's columns, in order.
pub fn table_columns(conn: &Connection, table: &str) -> Result<Vec<String>> {
    let mut stmt = conn.prepare("select name from pragma_table_info(?1) order by cid")?;
    let columns = stmt
        .query_map([table], |row| row.get(0))?
        .collect::<rusqlite::Result<Vec<String>>>()?;
    Ok(columns)
}

/// The columns queens gives `table`, in order (none for a table that is
/// not queens' or whose columns depend on the board).
pub fn own_columns(table: &str) -> &'static [String] {
    OWN_COLUMNS
        .iter()
        .find(|(name, _)| *name == table)
        .map_or(&[], |(_, columns)| columns.as_slice())
}

/// Refuses a rebuild of the database that messages call `shown` where
/// queens' `table`, found with the columns `found`, has a column of the
/// user's (whose values the rebuild would erase) or lacks one of queens'.
pub fn check_columns(shown: &str, table: &str, found: &[String]) -> Result<()> {
    let own = own_columns(table);
    let is_own = |column: &String| own.iter().any(|o| o.eq_ignore_ascii_case(column));
    if let Some(added) = found.iter().find(|column| !is_own(column)) {
        bail!(
            "{shown} has a column of yours, {added}, in queens' table {table}: rebuilding the \
             board derives {table}'s rows again and would erase its values; nothing was changed \
             (keep them in a table of your own that refers to {table}, or drop the column)"
        );
    }
    if let Some(missing) = own
        .iter()
        .find(|column| !found.iter().any(|f| f.eq_ignore_ascii_case(column)))
    {
        bail!(
            "{shown}: queens' table {table} has lost its column {missing}, so the board cannot \
             be derived in it; nothing was changed (build a new database with `queens init`)"
        );
    }
    Ok(())
}

/// Every table and view that is queens' own.
pub fn own_names() -> Vec<&'static str> {
    let mut names = own_table_names();
    names.extend(view_names());
    names
}

/// The fact population scripts, in order.
pub fn fact_sql() -> Vec<String> {
    FACTS.iter().map(|(_, sql)| sql.to_string()).collect()
}

/// The view templates, each after the views it reads.
const VIEWS: [(&str, &str); 9] = [
    ("candidate", include_str!("../../sql/views/1-candidate.sql")),
    (
        "solution_by_definition",
        include_str!("../../sql/views/2-solution_by_definition.sql"),
    ),
    ("solution", SOLUTION),
    (
        "search_space",
        include_str!("../../sql/views/4-search_space.sql"),
    ),
    (
        "numbered_solution",
        include_str!("../../sql/views/5-numbered_solution.sql"),
    ),
    (
        "solution_queen",
        include_str!("../../sql/views/6-solution_queen.sql"),
    ),
    (
        "solution_class",
        include_str!("../../sql/views/7-solution_class.sql"),
    ),
    (
        "fundamental_solution",
        include_str!("../../sql/views/8-fundamental_solution.sql"),
    ),
    (
        "stored_solution",
        include_str!("../../sql/views/9-stored_solution.sql"),
    ),
];

/// The schema version this build of `queens` writes and understands.
pub fn latest_version() -> usize {
    MIGRATION_DIR.dirs().count()
}

/// Brings the tables up to the latest version, in one transaction. A
/// failure names SQLite's reason, not the whole migration's SQL.
pub fn migrate(conn: &mut Connection) -> Result<()> {
    MIGRATIONS.to_latest(conn).map_err(|e| {
        let (reason, clash) = match e {
            rusqlite_migration::Error::RusqliteError { err, .. } => (
                crate::error::sqlite_message(&err),
                // A plain SQL error here means the tables are not what
                // user_version says; a full disk or a lock is not that.
                matches!(err, rusqlite::Error::SqlInputError { .. })
                    || err.sqlite_error_code() == Some(rusqlite::ErrorCode::Unknown),
            ),
            other => (other.to_string(), false),
        };
        let hint = if clash {
            "; its user_version may not match the tables it holds"
        } else {
            ""
        };
        anyhow::anyhow!("could not bring the database schema up to date ({reason}){hint}")
    })
}

/// The rows `sql` finds in a fresh database of this build's schema (before
/// any board is derived): what the migrations themselves write, for
/// `doctor` to compare a file with.
pub fn fresh_rows(sql: &str) -> Result<Vec<Vec<String>>> {
    let mut conn = Connection::open_in_memory()?;
    migrate(&mut conn)?;
    rows_as_text(&conn, sql)
}

/// A fresh database of this build's schema holding an `n`×`n` board, in
/// memory: what `doctor` compares a file with.
pub fn fresh_board(n: u8) -> Result<Connection> {
    let mut conn = Connection::open_in_memory()?;
    migrate(&mut conn)?;
    let tx = conn.transaction()?;
    populate(&tx, n)?;
    tx.commit()?;
    Ok(conn)
}

/// Every row of `sql`, each value as text.
pub fn rows_as_text(conn: &Connection, sql: &str) -> Result<Vec<Vec<String>>> {
    let mut stmt = conn.prepare(sql)?;
    let width = stmt.column_count();
    let rows = stmt
        .query_map([], |row| {
            (0..width)
                .map(|i| {
                    row.get_ref(i)
                        .map(|v| crate::model::value::Value::from_sqlite(v).text())
                })
                .collect()
        })?
        .collect::<rusqlite::Result<Vec<Vec<String>>>>()?;
    Ok(rows)
}

/// The board size stored in the database, if any.
pub fn stored_size(conn: &Connection) -> Result<Option<u8>> {
    let n: Option<i64> = conn
        .query_row("select n from board_size", [], |row| row.get(0))
        .optional()?;
    Ok(n.map(|n| n as u8))
}

/// The number of 64-bit words that a line set of an `n`×`n` board needs:
/// the board has 6n − 2 lines (n rows, n columns, 2n − 1 diagonals each way).
pub fn line_set_words(n: u8) -> i64 {
    (6 * u64::from(n) - 2).div_ceil(64) as i64
}

/// How many queens the solution view places before it works out the lines
/// they cover, U_k, once for each placement (see sql/views/3-solution.sql).
/// About half the board: measured on 10×10, 12×12 and 14×14, cutting after
/// column N/2 + 1 was as fast as any other single cut and faster than most
/// (BENCHMARKS.md, "Carrying the lines already covered").
pub fn placed_first(n: u8) -> i64 {
    (i64::from(n) / 2 + 1).min(n.into())
}

/// The numbers the search templates need for an `n`×`n` board: the size,
/// the words of a line set, and where the search carries U_k forward.
fn search_scope(n: u8) -> Scope {
    Scope::default()
        .with("N", n.into())
        .with("W", line_set_words(n))
        .with("CUT", placed_first(n))
        .with("PART", 0)
}

const SOLUTION: &str = include_str!("../../sql/views/3-solution.sql");

/// One part of the search for an `n`×`n` board (`n` ≥ 4): the solution
/// view's select with the first two queens fixed on the squares bound to
/// `:s1` and `:s2`, inside the step that carries the covered lines forward
/// (a condition on the view's columns would not reach in there).
pub fn part_search_sql(n: u8) -> Result<String> {
    let sql = template::render(SOLUTION, &search_scope(n).with("PART", 1))
        .context("could not expand the template of a part of the search")?;
    Ok(sql.trim_end().trim_end_matches(';').to_string())
}

/// The table that keeps the solutions once found (`init --materialize`).
const SOLUTION_STORE: &str = include_str!("../../sql/tables/solution_store.sql");

/// Every view's `create view` statement for an `n`×`n` board, by name;
/// `stored` when the solutions are kept in solution_store.
pub fn view_sql(n: u8, stored: bool) -> Result<Vec<(&'static str, String)>> {
    let scope = search_scope(n).with("STORED", stored.into());
    VIEWS
        .iter()
        .map(|(name, text)| {
            let sql = template::render(text, &scope)
                .with_context(|| format!("could not expand the template of view {name}"))?;
            Ok((*name, sql.trim_end().to_string()))
        })
        .collect()
}

/// Fills an empty, migrated database with the facts and views of an
/// `n`×`n` board. Runs inside the caller's transaction.
pub fn populate(tx: &Transaction, n: u8) -> Result<()> {
    tx.execute("insert into board_size (n) values (?1)", [n])
        .context("could not store the board size")?;
    for (table, sql) in FACTS {
        tx.execute_batch(sql)
            .with_context(|| format!("could not derive the facts of {table}"))?;
    }
    create_views(tx, n)
}

/// Creates the views for an `n`×`n` board, reading stored solutions if
/// solution_store exists. Runs inside the caller's transaction.
pub fn create_views(tx: &Transaction, n: u8) -> Result<()> {
    drop_views(tx)?;
    for (view, sql) in view_sql(n, has_store(tx)?)? {
        tx.execute_batch(&sql)
            .with_context(|| format!("could not create view {view}"))?;
    }
    Ok(())
}

fn drop_views(tx: &Transaction) -> Result<()> {
    for (view, _) in VIEWS.iter().rev() {
        tx.execute_batch(&format!("drop view if exists {view}"))?;
    }
    Ok(())
}

/// Whether the solutions are stored (solution_store exists).
pub fn has_store(conn: &Connection) -> Result<bool> {
    Ok(conn.query_row(
        "select count(*) > 0 from sqlite_schema where type = 'table' and name = 'solution_store'",
        [],
        |row| row.get(0),
    )?)
}

/// The `create table` statement of solution_store for an `n`×`n` board.
pub fn store_sql(n: u8) -> Result<String> {
    template::render(SOLUTION_STORE, &Scope::default().with("N", n.into()))
}

/// Removes the stored solutions (for a rebuild, which may change the
/// board). Runs inside the caller's transaction.
pub fn drop_store(tx: &Transaction) -> Result<()> {
    tx.execute_batch("drop table if exists main.solution_store")?;
    Ok(())
}

/// Removes the facts and views of the board, leaving the tables (with any
/// stored solutions, and every object that is not the project's own) in
/// place. Runs inside the caller's transaction.
pub fn clear(tx: &Transaction) -> Result<()> {
    drop_views(tx)?;
    for (table, _) in FACTS.iter().rev() {
        tx.execute_batch(&format!("delete from {table}"))
            .with_context(|| format!("could not clear {table}"))?;
    }
    tx.execute_batch("delete from board_size")?;
    Ok(())
}

/// Whether the stored views are exactly those this build would create.
pub fn views_are_current(conn: &Connection, n: u8) -> Result<bool> {
    Ok(differing_views(conn, n)?.is_empty())
}

/// The views that are missing, or not as this build would create them.
pub fn differing_views(conn: &Connection, n: u8) -> Result<Vec<&'static str>> {
    let mut differing = Vec::new();
    for (view, expected) in view_sql(n, has_store(conn)?)? {
        let stored: Option<String> = conn
            .query_row(
                "select sql from sqlite_schema where type = 'view' and name = ?1",
                [view],
                |row| row.get(0),
            )
            .optional()?;
        if stored.as_deref() != Some(as_stored(&expected).as_str()) {
            differing.push(view);
        }
    }
    Ok(differing)
}

/// The text SQLite keeps of a `create view` statement: it upper-cases the
/// leading keywords and drops the final semicolon.
fn as_stored(create_view: &str) -> String {
    let body = create_view.trim_end().trim_end_matches(';');
    match body.get(..11) {
        Some(head) if head.eq_ignore_ascii_case("create view") => {
            format!("CREATE VIEW{}", &body[11..])
        }
        _ => body.to_string(),
    }
}
