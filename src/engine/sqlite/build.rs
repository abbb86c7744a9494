//! Queens' objects in an SQLite file: the migrations that version its
//! tables (SQLite's `user_version`), the facts and views of a board, and
//! the stored solutions, as `model::schema` expands them for SQLite.

use std::sync::LazyLock;

use anyhow::{Context, Result};
use rusqlite::hooks::{AuthAction, AuthContext, Authorization};
use rusqlite::{Connection, OptionalExtension, Transaction};
use rusqlite_migration::{M, Migrations};

use crate::engine::sqlite::failure::message;
use crate::engine::sqlite::values::value_of;
use crate::error::Error;
use crate::model::board::Board;
use crate::model::template::{self, Dialect, Scope};
use crate::model::{schema, sql};

/// The migrations' SQL for SQLite, expanded once.
static MIGRATION_SQL: LazyLock<Vec<String>> = LazyLock::new(|| {
    schema::migrations_after(0, Dialect::Sqlite).expect("the migrations expand for SQLite")
});

static MIGRATIONS: LazyLock<Migrations<'static>> =
    LazyLock::new(|| Migrations::new(MIGRATION_SQL.iter().map(|up| M::up(up)).collect()));

/// Brings the tables up to the latest version, in one transaction. A
/// failure names SQLite's reason, not the whole migration's SQL; one that
/// waited in vain for another process keeps SQLite's error, so that the
/// caller says the file is busy (`failure::explain_write_error`).
///
/// The version is read before the migrations' transaction takes the write
/// lock, so two processes upgrading one file at once may both set out from
/// the old version: the second then fails on what the first made (a table
/// that already exists). Where the version has moved on meanwhile, the
/// upgrade is tried once more from where the other process left it.
pub fn migrate(conn: &mut Connection) -> Result<()> {
    let before = user_version(conn)?;
    match MIGRATIONS.to_latest(conn) {
        Err(_) if user_version(conn)? != before => MIGRATIONS.to_latest(conn),
        done => done,
    }
    .map_err(|e| {
        let (reason, clash) = match e {
            // Busy and out of memory say nothing of the tables: the
            // caller names them as it names them for any write.
            rusqlite_migration::Error::RusqliteError { err, .. }
                if waited_in_vain(&err)
                    || err.sqlite_error_code() == Some(rusqlite::ErrorCode::OutOfMemory) =>
            {
                return anyhow::Error::from(err);
            }
            rusqlite_migration::Error::RusqliteError { err, .. } => (
                message(&err),
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

/// A name the file holds already that the migrations from its version on
/// would make, as (the kind the file's object is, its name, the kind the
/// migrations make): an object of the user's that an upgrade would
/// otherwise trip over, or take over as queens' own.
pub struct TakenName {
    pub theirs: String,
    pub name: String,
    pub ours: String,
}

/// The first name the migrations after the file's version make that the
/// file holds already (in any case: SQLite's names ignore it), if any.
pub fn taken_name(conn: &Connection) -> Result<Option<TakenName>> {
    let version = user_version(conn)?;
    for (ours, name) in migration_names(version)?.made {
        // Triggers have names of their own; tables, views and indexes
        // share theirs.
        let theirs: Option<String> = conn
            .query_row(
                "select type from main.sqlite_schema where name = ?1 collate nocase \
                 and (type = 'trigger') = (?2 = 'trigger')",
                [&name, &ours],
                |row| row.get(0),
            )
            .optional()?;
        if let Some(theirs) = theirs {
            return Ok(Some(TakenName { theirs, name, ours }));
        }
    }
    Ok(None)
}

/// An index of the user's (as `(index, table)`) on one of queens' tables
/// that the migrations after the file's version drop and make again (the
/// way SQLite changes a table's constraints), which would go with it.
pub fn index_an_upgrade_drops(conn: &Connection) -> Result<Option<(String, String)>> {
    let version = user_version(conn)?;
    let names = migration_names(version)?;
    for table in &names.dropped {
        let mut statement = conn.prepare(
            "select name, tbl_name from main.sqlite_schema \
             where type = 'index' and sql is not null and tbl_name = ?1 collate nocase",
        )?;
        let indexes = statement
            .query_map([table], |row| Ok((row.get::<_, String>(0)?, row.get(1)?)))?
            .collect::<rusqlite::Result<Vec<(String, String)>>>()?;
        // (queens' own indexes of that version are made again with it)
        if let Some(yours) = indexes
            .into_iter()
            .find(|(index, _)| !names.held.contains(&index.to_lowercase()))
        {
            return Ok(Some(yours));
        }
    }
    Ok(None)
}

/// What the migrations after a version do to names, as SQLite itself
/// reports it to an authorizer while they run on a fresh database brought
/// to that version first.
#[derive(Default)]
struct MigrationNames {
    /// The names (with their kinds) they make that the database at that
    /// version did not hold.
    made: Vec<(String, String)>,
    /// The tables of that version they drop (and make again).
    dropped: Vec<String>,
    /// The names the database at that version held, lower-case.
    held: Vec<String>,
}

fn migration_names(version: i64) -> Result<MigrationNames> {
    let Ok(version) = usize::try_from(version) else {
        return Ok(MigrationNames::default());
    };
    if version >= schema::latest_version() {
        return Ok(MigrationNames::default());
    }
    let mut conn = Connection::open_in_memory()?;
    MIGRATIONS.to_version(&mut conn, version)?;
    let held: Vec<String> =
        rows_as_text(&conn, "select lower(name) from main.sqlite_schema")?.concat();
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let record = std::sync::Arc::clone(&seen);
    conn.authorizer(Some(move |context: AuthContext<'_>| {
        let action = match context.action {
            AuthAction::CreateTable { table_name } => Some(("table", table_name)),
            AuthAction::CreateIndex { index_name, .. } => Some(("index", index_name)),
            AuthAction::CreateView { view_name } => Some(("view", view_name)),
            AuthAction::CreateTrigger { trigger_name, .. } => Some(("trigger", trigger_name)),
            AuthAction::DropTable { table_name } => Some(("dropped", table_name)),
            _ => None,
        };
        if let (Some((kind, name)), Ok(mut seen)) = (action, record.lock()) {
            seen.push((kind.to_string(), name.to_string()));
        }
        Authorization::Allow
    }))?;
    MIGRATIONS.to_latest(&mut conn)?;
    conn.authorizer(None::<fn(AuthContext<'_>) -> Authorization>)?;
    let seen = seen
        .lock()
        .map_err(|_| anyhow::anyhow!("the migrations' names were lost"))?;
    let mut names = MigrationNames {
        held: held.clone(),
        ..MigrationNames::default()
    };
    for (kind, name) in seen.iter() {
        let lower = name.to_lowercase();
        match kind.as_str() {
            "dropped" if held.contains(&lower) && !names.dropped.contains(&lower) => {
                names.dropped.push(lower);
            }
            "dropped" => {}
            _ if held.contains(&lower) => {}
            _ if names.made.iter().any(|(_, n)| n.eq_ignore_ascii_case(name)) => {}
            _ => names.made.push((kind.clone(), name.clone())),
        }
    }
    Ok(names)
}

/// The schema version the file says it has.
pub fn user_version(conn: &Connection) -> Result<i64> {
    Ok(conn.query_row("pragma user_version", [], |row| row.get(0))?)
}

/// Whether SQLite gave up waiting for another connection's lock.
fn waited_in_vain(err: &rusqlite::Error) -> bool {
    matches!(
        err.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
    )
}

/// A fresh database of this build's schema, in memory, before any board.
fn fresh_schema() -> Result<Connection> {
    let mut conn = Connection::open_in_memory()?;
    migrate(&mut conn)?;
    Ok(conn)
}

/// The rows `sql` finds in a fresh database of this build's schema (before
/// any board is derived): what the migrations themselves write, for
/// `doctor` to compare a file with.
pub fn fresh_rows(sql: &str) -> Result<Vec<Vec<String>>> {
    rows_as_text(&fresh_schema()?, sql)
}

/// A fresh database of this build's schema holding `board`, in memory:
/// what `doctor` compares a file with.
pub fn fresh_board(board: &Board) -> Result<Connection> {
    let mut conn = fresh_schema()?;
    let tx = conn.transaction()?;
    populate(&tx, board)?;
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
                .map(|i| row.get_ref(i).map(|v| value_of(v).text()))
                .collect()
        })?
        .collect::<rusqlite::Result<Vec<Vec<String>>>>()?;
    Ok(rows)
}

/// The names of a table's columns, in order.
pub fn table_columns(conn: &Connection, table: &str) -> Result<Vec<String>> {
    let mut stmt = conn.prepare("select name from pragma_table_info(?1) order by cid")?;
    let columns = stmt
        .query_map([table], |row| row.get(0))?
        .collect::<rusqlite::Result<Vec<String>>>()?;
    Ok(columns)
}

/// The board size stored in the database, if any. A board_size table of
/// more than one row (its one-row index dropped, a row added) is no board:
/// every query would mix the sizes, so it is refused with `Error::SeveralSizes`.
pub fn stored_size(conn: &Connection) -> Result<Option<u8>> {
    let rows: i64 = conn.query_row("select count(*) from board_size", [], |row| row.get(0))?;
    if rows > 1 {
        return Err(Error::SeveralSizes(rows).into());
    }
    let n: Option<i64> = conn
        .query_row("select n from board_size", [], |row| row.get(0))
        .optional()?;
    Ok(n.and_then(crate::engine::interface::board_size_from))
}

/// The largest board size stored, however many rows board_size holds: for
/// a rebuild, which replaces them all.
pub fn largest_stored_size(conn: &Connection) -> Result<Option<u8>> {
    let n: Option<i64> = conn.query_row("select max(n) from board_size", [], |row| row.get(0))?;
    Ok(n.and_then(crate::engine::interface::board_size_from))
}

/// The board stored in the database, of `n` columns (board_size's), with
/// its shape (sql/queries/board_shape.sql): the plain board in a file of
/// an older schema, which has no table board_shape or hole to record one
/// (nor board_rows, a square board).
pub fn stored_board(conn: &Connection, n: u8) -> Result<Board> {
    let recorded: i64 = conn.query_row(
        "select count(*) from main.sqlite_schema where type = 'table' \
         and name in ('board_shape', 'hole')",
        [],
        |row| row.get(0),
    )?;
    if recorded < 2 {
        return Ok(Board::square(n));
    }
    let records_rows: bool = conn.query_row(
        "select count(*) > 0 from main.sqlite_schema where type = 'table' and name = 'board_rows'",
        [],
        |row| row.get(0),
    )?;
    let sql = template::render_statement(
        sql::file("queries/board_shape.sql"),
        &Scope::default().with("RECORDS_ROWS", records_rows.into()),
    )?;
    let (torus, superqueens, holes, rows): (bool, bool, String, i64) =
        conn.query_row(&sql.text, [], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
        })?;
    Board::from_stored(n, torus, superqueens, &holes, rows)
}

/// Fills an empty, migrated database with the facts and views of
/// `board`. Runs inside the caller's transaction.
pub fn populate(tx: &Transaction, board: &Board) -> Result<()> {
    tx.execute("insert into board_size (n) values (?1)", [board.cols])
        .context("could not store the board size")?;
    for (table, sql) in schema::fact_sql(board, Dialect::Sqlite)? {
        tx.execute_batch(&sql)
            .with_context(|| format!("could not derive the facts of {table}"))?;
    }
    create_views(tx, board)
}

/// Creates the views for `board`, reading stored solutions if
/// solution_store exists, and records the checksum of the text the facts
/// and views come from. Runs inside the caller's transaction.
pub fn create_views(tx: &Transaction, board: &Board) -> Result<()> {
    drop_views(tx)?;
    let stored = has_store(tx)?;
    for (view, sql) in schema::view_sql(board, stored, Dialect::Sqlite)? {
        tx.execute_batch(&sql)
            .with_context(|| format!("could not create view {view}"))?;
    }
    record_derivation(tx, board, stored)
}

/// Records the checksum of the text the facts and views of `board` come
/// from (queens_derived made again if it was dropped), and
/// checks that the record reads back: a table changed so that it cannot
/// keep it would leave readers refusing the board `init` says it mended.
fn record_derivation(tx: &Transaction, board: &Board, stored: bool) -> Result<()> {
    let table = template::render(
        sql::file("tables/queens_derived.sql"),
        &Scope::for_dialect(Dialect::Sqlite).with("REMADE", 1),
    )?;
    tx.execute_batch(&table.text)?;
    let checksum = schema::derived_checksum(board, stored, Dialect::Sqlite)?;
    tx.execute("delete from main.queens_derived", [])?;
    tx.execute(
        "insert into main.queens_derived (checksum) values (?1)",
        [&checksum],
    )?;
    if recorded_derivation(tx)? != Some(checksum) {
        anyhow::bail!(
            "queens' table queens_derived does not keep what queens writes in it (it was \
             changed); nothing was changed (`queens doctor` names what differs)"
        );
    }
    Ok(())
}

/// Whether the facts and views of the `n`×`n` board were derived from the
/// text this build derives them from, as queens_derived records (a file
/// of an older schema, without the table, records nothing).
pub fn derived_is_current(conn: &Connection, n: u8) -> Result<bool> {
    let board = stored_board(conn, n)?;
    let expected = schema::derived_checksum(&board, has_store(conn)?, Dialect::Sqlite)?;
    Ok(recorded_derivation(conn)? == Some(expected))
}

/// The checksum queens_derived records, where it is queens' own table (an
/// ordinary table, no view or virtual table) holding one checksum, as
/// text; None where it records nothing that could be this build's.
fn recorded_derivation(conn: &Connection) -> Result<Option<String>> {
    let own_table: bool = conn.query_row(
        "select count(*) = 1 from main.sqlite_schema where type = 'table' \
         and name = 'queens_derived' and sql not like 'CREATE VIRTUAL%'",
        [],
        |row| row.get(0),
    )?;
    if !own_table {
        return Ok(None);
    }
    // A checksum that is not text (a blob of the same bytes, say) is none.
    let recorded: Vec<Option<String>> = conn
        .prepare(
            "select case when typeof(checksum) = 'text' then checksum end \
             from main.queens_derived",
        )?
        .query_map([], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    Ok(match recorded.as_slice() {
        [Some(checksum)] => Some(checksum.clone()),
        _ => None,
    })
}

fn drop_views(tx: &Transaction) -> Result<()> {
    tx.execute_batch(&schema::drop_views_sql(Dialect::Sqlite)?)?;
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

/// Removes the stored solutions (for the copy of new ones). Runs inside
/// the caller's transaction.
pub fn drop_store(tx: &Transaction) -> Result<()> {
    tx.execute_batch("drop table if exists main.solution_store")?;
    Ok(())
}

/// Removes the views and facts of the board (sql/build/clear_board.sql,
/// as PostgreSQL's rebuild does), and, `drop_store`, the stored solutions
/// (for a rebuild, which may change the board), leaving every object that
/// is not the project's own in place. Runs inside the caller's transaction.
pub fn clear(tx: &Transaction, drop_store: bool) -> Result<()> {
    tx.execute_batch(&schema::clear_board_sql(Dialect::Sqlite, drop_store)?)
        .context("could not clear the board")?;
    Ok(())
}

/// Whether the stored views are exactly those this build would create.
pub fn views_are_current(conn: &Connection, n: u8) -> Result<bool> {
    Ok(differing_views(conn, n)?.is_empty())
}

/// The views that are missing, or not as this build would create them.
pub fn differing_views(conn: &Connection, n: u8) -> Result<Vec<&'static str>> {
    views_differing_on(conn, &stored_board(conn, n)?)
}

/// As `differing_views`, for `board`, the board the file holds.
pub fn views_differing_on(conn: &Connection, board: &Board) -> Result<Vec<&'static str>> {
    let mut differing = Vec::new();
    for (view, expected) in schema::view_sql(board, has_store(conn)?, Dialect::Sqlite)? {
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
/// leading keywords and drops the final semicolon and the blanks before it.
fn as_stored(create_view: &str) -> String {
    let body = create_view.trim_end().trim_end_matches(';').trim_end();
    match body.get(..11) {
        Some(head) if head.eq_ignore_ascii_case("create view") => {
            format!("CREATE VIEW{}", &body[11..])
        }
        _ => body.to_string(),
    }
}
