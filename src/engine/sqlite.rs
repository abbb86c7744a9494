//! Opening, creating and rebuilding `queens` databases, so that no command
//! ever leaves a half-built or damaged file behind:
//!
//! - a new database is built in a temporary file beside the target and
//!   renamed into place only when complete;
//! - an existing file is first looked at through a read-only connection, and
//!   only a file that proves to be a `queens` database is ever opened for
//!   writing;
//! - a rebuild (`init --force`) happens inside one transaction;
//! - commands that only read never upgrade, rebuild or repair: a database
//!   written by an older `queens` is refused with the way to upgrade it
//!   (`queens init`), and one whose views its user changed is read as it is;
//! - every change to the model (`change_model`) leaves the user's own
//!   tables, rows, views and triggers as they were, or refuses before it
//!   changes anything.

use std::collections::BTreeMap;
use std::io;
use std::path::Path;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use rusqlite::{Connection, ErrorCode, OpenFlags, Transaction, TransactionBehavior};

use crate::engine::{Inspection, Origin, check_current, check_requested_size, sqlite_name};
use crate::model::board::DEFAULT_SIZE;
use crate::model::schema;
use crate::tempfiles::{new_temp_file, parent_dir};

/// How long a command waits for another process's write to finish.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Opens the database at `path` read-only for a command that only reads,
/// creating it first (for `requested` or the default size) if it does not
/// exist. Returns the connection and the board size. Never writes to an
/// existing file (but for SQLite's own crash recovery): a database of an
/// older schema is refused, with the command that upgrades it.
pub fn open_for_reading(path: &Path, requested: Option<u8>) -> Result<(Connection, u8)> {
    let (origin, inspection) = ensure_exists(path, requested)?;
    if origin == Origin::Created {
        let n = inspection.size;
        eprintln!("queens: created {} for the {n}×{n} board", path.display());
    }
    let shown = path.display().to_string();
    check_requested_size(&shown, inspection.size, requested)?;
    // Version and size again inside the read transaction: they are what
    // every query of the command will see.
    let conn = reading(path)?;
    let version = read_version(&conn, path)?;
    check_current(&shown, version, &format!("queens init --db {shown}"))?;
    let n = schema::stored_size(&conn)
        .map_err(|e| explain_open_error(e, path))?
        .with_context(|| no_board_size(&shown))?;
    check_requested_size(&shown, n, requested)?;
    Ok((conn, n))
}

/// What to say of a database whose board_size table is empty: a rebuild
/// must be given the size, since there is none to keep.
fn no_board_size(shown: &str) -> String {
    format!(
        "{shown} holds no board size (its board_size table is empty); \
         rebuild it with `queens init --force --size N --db {shown}`"
    )
}

/// Makes sure a `queens` database exists at `path`: creates one for
/// `requested` (or the default size) when there is no file, and otherwise
/// checks that the file is a `queens` database this build can read.
pub fn ensure_exists(path: &Path, requested: Option<u8>) -> Result<(Origin, Inspection)> {
    if !path_exists(path)? {
        refuse_dangling_link(path)?;
        let size = requested.unwrap_or(DEFAULT_SIZE);
        if create(path, size)? {
            let version = schema::latest_version();
            return Ok((Origin::Created, Inspection { version, size }));
        }
        // Another process created it first; it is as good as ours if it
        // passes inspection.
    }
    Ok((Origin::Existing, inspect(path)?))
}

/// Reads the schema version and board size of an existing file without
/// writing to it, and refuses anything that is not an undamaged `queens`
/// database this build understands.
pub fn inspect(path: &Path) -> Result<Inspection> {
    let (conn, version) = open_to_inspect(path)?;
    let found = header_of(&conn, version, path)?;
    check_not_damaged(&conn, path)?;
    Ok(found)
}

/// As `inspect`, but without SQLite's check of every page: for `doctor`,
/// which reports on damage rather than refusing it.
pub fn inspect_header(path: &Path) -> Result<Inspection> {
    let (conn, version) = open_to_inspect(path)?;
    header_of(&conn, version, path)
}

/// A read-only connection to a file that SQLite can read, with its schema
/// version; refuses directories, devices, FIFOs and empty files by name.
fn open_to_inspect(path: &Path) -> Result<(Connection, usize)> {
    let shown = path.display();
    let metadata = std::fs::metadata(path).with_context(|| format!("cannot read {shown}"))?;
    if metadata.is_dir() {
        bail!("{shown} is a directory, not a database file");
    }
    if !metadata.is_file() {
        bail!(
            "{shown} is not a regular file (a device, FIFO or socket), so not a database file; \
             name another --db"
        );
    }
    if metadata.len() == 0 {
        bail!("{shown} is an empty file, not a queens database; remove it or name another --db");
    }
    let conn = open_read_only(path)?;
    match read_version(&conn, path) {
        Ok(version) => Ok((conn, version)),
        Err(e) if needs_rollback(&e) => {
            drop(conn);
            roll_back_interrupted_write(path)?;
            let conn = open_read_only(path)?;
            let version = read_version(&conn, path)?;
            Ok((conn, version))
        }
        Err(e) => Err(e),
    }
}

/// The board size of a file whose schema version is known, once it has
/// proved to be a `queens` database this build understands.
fn header_of(conn: &Connection, version: usize, path: &Path) -> Result<Inspection> {
    let shown = path.display();
    let latest = schema::latest_version();
    if version > latest {
        bail!(
            "{shown} has schema version {version}, newer than this queens understands \
             (up to {latest}); use a newer queens"
        );
    }
    let has_board: bool = conn
        .query_row(
            "select count(*) > 0 from sqlite_schema where type = 'table' and name = 'board_size'",
            [],
            |row| row.get(0),
        )
        .map_err(|e| explain_open_error(e, path))?;
    if version == 0 && has_board {
        bail!(
            "{shown} has queens' tables but no schema version (user_version 0), as a copy made \
             with the sqlite3 shell's .dump has; set it with \
             `sqlite3 {shown} 'pragma user_version = {latest}'` if it is a copy of a current \
             queens database, or build a new one with `queens init`"
        );
    }
    if version == 0 || !has_board {
        bail!(
            "{shown} is a SQLite database but not a queens database (it has no board_size table); \
             name another --db"
        );
    }
    match schema::stored_size(conn).map_err(|e| explain_open_error(e, path))? {
        Some(size) => Ok(Inspection { version, size }),
        None => bail!(no_board_size(&shown.to_string())),
    }
}

/// Whether the file is a current `queens` database whose board_size table
/// is empty: `init --force --size N` may then build a board in it.
pub fn lacks_board_size(path: &Path) -> bool {
    let Ok((conn, version)) = open_to_inspect(path) else {
        return false;
    };
    version == schema::latest_version()
        && matches!(schema::stored_size(&conn), Ok(None))
        && check_not_damaged(&conn, path).is_ok()
}

/// SQLite's quick check (every page readable, every record well formed),
/// so that a damaged file is refused up front instead of answering wrongly.
fn check_not_damaged(conn: &Connection, path: &Path) -> Result<()> {
    let verdict: String = conn
        .query_row("pragma quick_check(1)", [], |row| row.get(0))
        .map_err(|e| explain_open_error(e, path))?;
    if verdict != "ok" {
        bail!(
            "{} is damaged ({verdict}); `queens doctor --db {}` reports what holds",
            path.display(),
            path.display()
        );
    }
    Ok(())
}

/// The schema version; a negative `user_version` is none that queens
/// writes, and is refused by name.
fn read_version(conn: &Connection, path: &Path) -> Result<usize> {
    let version: i64 = conn
        .query_row("pragma user_version", [], |row| row.get(0))
        .map_err(|e| explain_open_error(e, path))?;
    usize::try_from(version).map_err(|_| {
        anyhow::anyhow!(
            "{} has user_version {version}, which no queens writes; it is not a queens \
             database this queens can read",
            path.display()
        )
    })
}

/// Whether SQLite refused to read because a write was cut off mid-commit
/// and its journal must be played back first, which a read-only
/// connection cannot do.
fn needs_rollback(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        matches!(
            cause.downcast_ref::<rusqlite::Error>(),
            Some(rusqlite::Error::SqliteFailure(e, _))
                if e.extended_code == rusqlite::ffi::SQLITE_READONLY_ROLLBACK
        )
    })
}

/// Lets SQLite restore the database from the journal of an interrupted
/// write (its own crash recovery), which needs a writable connection. Only
/// called for a file already seen to be a SQLite database.
fn roll_back_interrupted_write(path: &Path) -> Result<()> {
    let conn = open_writable(path)?;
    conn.query_row("select count(*) from sqlite_schema", [], |row| {
        row.get::<_, i64>(0)
    })
    .map_err(|e| explain_open_error(e, path))?;
    Ok(())
}

/// A read-only connection inside one read transaction, which holds SQLite's
/// shared lock until the connection closes: another process's rebuild waits
/// for it, and every query through it sees the same board.
pub(crate) fn reading(path: &Path) -> Result<Connection> {
    let conn = open_read_only(path)?;
    conn.execute_batch("begin")?;
    Ok(conn)
}

/// A read-only connection: nothing done through it can change the file.
pub fn open_read_only(path: &Path) -> Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(sqlite_name(path), flags)
        .map_err(|e| explain_open_error(e, path))?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    Ok(conn)
}

/// A read-write connection to an existing `queens` database (never creates
/// a file). Its transactions take the write lock when they begin, so that
/// a writer waits its turn (`busy_timeout`) instead of failing at once when
/// another process writes. Foreign keys are not enforced on it: queens
/// clears and derives its facts again, and enforcement would fire the
/// user's own `on delete` actions on their rows; `change_model` checks
/// every reference afterwards instead.
pub fn open_writable(path: &Path) -> Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let mut conn = Connection::open_with_flags(sqlite_name(path), flags)
        .map_err(|e| explain_open_error(e, path))?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    conn.pragma_update(None, "foreign_keys", false)?;
    conn.set_transaction_behavior(TransactionBehavior::Immediate);
    Ok(conn)
}

/// Builds a complete database for an `n`×`n` board in a temporary file next
/// to `path`, then moves it to `path`. Returns false, and leaves the other
/// file alone, if something else appeared at `path` meanwhile.
pub fn create(path: &Path, n: u8) -> Result<bool> {
    let dir = parent_dir(path);
    if !dir.is_dir() {
        bail!(
            "cannot create {}: directory {} does not exist",
            path.display(),
            dir.display()
        );
    }
    let temp = new_temp_file(&dir, ".db-building")
        .with_context(|| format!("cannot create {}", path.display()))?;
    {
        let mut conn = Connection::open(sqlite_name(temp.path()))?;
        conn.pragma_update(None, "foreign_keys", true)?;
        build(&mut conn, n).map_err(|e| explain_write_error(e, path))?;
        conn.close().map_err(|(_, e)| e)?;
    }
    match temp.persist_noclobber(path) {
        Ok(_) => Ok(true),
        Err(e) if e.error.kind() == io::ErrorKind::AlreadyExists => Ok(false),
        Err(e) => Err(e.error).with_context(|| format!("cannot create {}", path.display())),
    }
}

/// Replaces the board of an existing `queens` database with an `n`×`n` one,
/// in one transaction: either the old board or the new one, never a mixture.
/// The stored solutions go with the old board.
pub fn rebuild(path: &Path, n: u8) -> Result<()> {
    let shown = path.display().to_string();
    change_model(path, |tx| {
        refuse_user_columns(tx, &shown)?;
        schema::drop_store(tx)?;
        schema::clear(tx)?;
        schema::populate(tx, n).map_err(|e| name_user_index(tx, e, &shown))
    })
}

/// Refuses a rebuild that would erase what the user keeps in a column they
/// added to one of queens' tables whose rows it derives again, or to the
/// stored solutions, which it drops.
fn refuse_user_columns(conn: &Connection, shown: &str) -> Result<()> {
    for table in schema::refilled_tables() {
        schema::check_columns(shown, table, &schema::table_columns(conn, table)?)?;
    }
    if schema::has_store(conn)? {
        let n = schema::stored_size(conn)?.unwrap_or(0);
        let own: Vec<String> = std::iter::once("solution_no".to_string())
            .chain((1..=n).map(|k| format!("s{k}")))
            .collect();
        if let Some(added) = schema::table_columns(conn, "solution_store")?
            .into_iter()
            .find(|column| !own.iter().any(|o| o.eq_ignore_ascii_case(column)))
        {
            bail!(
                "{shown} has a column of yours, {added}, in queens' table solution_store, which \
                 a rebuild drops with the stored solutions; nothing was changed (keep your \
                 values in a table of your own, or drop the column)"
            );
        }
    }
    Ok(())
}

/// A failure while deriving the facts again, in plain words where an index
/// of the user's on one of queens' tables caused it: SQLite evaluates the
/// index for every new row, and an index on an expression calling a
/// function that only the program that made it defines cannot be
/// evaluated here.
fn name_user_index(conn: &Connection, error: anyhow::Error, shown: &str) -> anyhow::Error {
    let message = error
        .chain()
        .find_map(|cause| cause.downcast_ref::<rusqlite::Error>())
        .map(crate::error::sqlite_message);
    let Some(message) = message else {
        return error;
    };
    let function = message.strip_prefix("no such function: ");
    let own_tables = schema::refilled_tables().collect::<Vec<_>>();
    let indexes = user_indexes(conn, &own_tables).unwrap_or_default();
    let culprit = indexes.iter().find(|(_, _, sql)| {
        function.is_some_and(|f| sql.to_ascii_lowercase().contains(&f.to_ascii_lowercase()))
    });
    match (culprit, function) {
        (Some((index, table, _)), Some(function)) => anyhow::anyhow!(
            "{shown} has an index of yours, {index}, on queens' table {table}, which calls the \
             function {function}: only the program that made the index defines it, so the new \
             rows cannot be indexed; nothing was changed (drop the index first, or rebuild from \
             that program)"
        ),
        _ if !indexes.is_empty() => {
            let names: Vec<String> = indexes
                .iter()
                .map(|(index, table, _)| format!("{index} on {table}"))
                .collect();
            anyhow::anyhow!(
                "{shown}: deriving the board again failed ({message}) while SQLite kept your \
                 indexes up to date ({}); nothing was changed",
                names.join(", ")
            )
        }
        _ => anyhow::anyhow!("could not derive the board ({message}); nothing was changed"),
    }
}

/// The indexes the user made on `tables` (queens makes its own as part of
/// its migrations): name, table and SQL.
fn user_indexes(conn: &Connection, tables: &[&str]) -> Result<Vec<(String, String, String)>> {
    let fresh = fresh_index_names()?;
    let mut stmt = conn.prepare(
        "select name, tbl_name, sql from sqlite_schema where type = 'index' and sql is not null",
    )?;
    let indexes = stmt
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
        .collect::<rusqlite::Result<Vec<(String, String, String)>>>()?;
    Ok(indexes
        .into_iter()
        .filter(|(name, table, _)| {
            tables.iter().any(|t| t.eq_ignore_ascii_case(table)) && !fresh.contains(name)
        })
        .collect())
}

/// The names of the indexes queens' migrations make.
fn fresh_index_names() -> Result<Vec<String>> {
    Ok(
        schema::fresh_rows("select name from sqlite_schema where type = 'index'")?
            .into_iter()
            .flatten()
            .collect(),
    )
}

/// Whether the database was written by an older `queens`: an older schema
/// version, or views that this build would write differently.
fn is_outdated_on(conn: &Connection) -> Result<bool> {
    let version: i64 = conn.query_row("pragma user_version", [], |row| row.get(0))?;
    if version < schema::latest_version() as i64 {
        return Ok(true);
    }
    match schema::stored_size(conn)? {
        Some(n) => Ok(!schema::views_are_current(conn, n)?),
        None => Ok(true),
    }
}

/// For `init`: upgrades a database written by an older `queens` (migrates
/// the tables, then derives the facts and views again for its board), in
/// one transaction that first checks, under the write lock, that the work
/// is still needed. Returns whether anything had to change.
pub fn bring_up_to_date(path: &Path) -> Result<bool> {
    if !is_outdated_on(&reading(path)?)? {
        return Ok(false);
    }
    let mut upgraded = false;
    change_model(path, |tx| {
        if !is_outdated_on(tx)? {
            return Ok(());
        }
        let shown = path.display().to_string();
        let n = schema::stored_size(tx)?.with_context(|| no_board_size(&shown))?;
        refuse_user_columns(tx, &shown)?;
        schema::clear(tx)?;
        schema::populate(tx, n).map_err(|e| name_user_index(tx, e, &shown))?;
        upgraded = true;
        Ok(())
    })?;
    Ok(upgraded)
}

/// Runs `change` on queens' own objects in the database at `path`, in one
/// transaction that holds the write lock from its start, after migrating
/// the tables to this build's schema. Nothing of the user's is changed:
///
/// - a trigger of theirs on one of queens' tables or views would fire (or
///   be dropped with the view), so its presence refuses the change;
/// - their foreign keys are not enforced while queens' rows are replaced,
///   so no `on delete` action of theirs fires; afterwards every reference
///   is checked, and a row of theirs that would point at a row the new
///   board lacks refuses the change, naming their table.
///
/// A refusal rolls everything back: the file is as it was.
pub fn change_model(path: &Path, change: impl FnOnce(&Transaction) -> Result<()>) -> Result<()> {
    let shown = path.display().to_string();
    let attempt = || -> Result<()> {
        let mut conn = open_writable(path)?;
        refuse_user_triggers(&conn, &shown)?;
        let broken_before = broken_references(&conn)?;
        schema::migrate(&mut conn)?;
        let tx = conn.transaction()?;
        refuse_user_triggers(&tx, &shown)?;
        change(&tx)?;
        keep_user_references(&tx, &broken_before, &shown)?;
        tx.commit()?;
        Ok(())
    };
    attempt().map_err(|e| explain_write_error(e, path))
}

/// Refuses a change that would fire, drop or trip over an object of the
/// user's: a trigger on one of queens' tables or views (queens itself makes
/// none), an index on the stored solutions (dropped with them), or a table
/// or view of theirs under a name queens uses for the other kind.
fn refuse_user_triggers(conn: &Connection, shown: &str) -> Result<()> {
    let own_tables = schema::own_table_names();
    let own_views: Vec<&str> = schema::view_names().collect();
    let mut stmt = conn.prepare(
        "select type, name, tbl_name from sqlite_schema
         where type in ('trigger', 'table', 'view') or (type = 'index' and sql is not null)",
    )?;
    let objects = stmt
        .query_map([], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, String>(2)?,
            ))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let is_one_of = |names: &[&str], name: &str| names.iter().any(|o| o.eq_ignore_ascii_case(name));
    for (kind, name, table) in &objects {
        let ours = is_one_of(&own_tables, table) || is_one_of(&own_views, table);
        let refusal = match kind.as_str() {
            "trigger" if ours => format!(
                "a trigger of yours, {name}, on queens' {table}: rebuilding the board would fire it or drop it"
            ),
            "index" if table.eq_ignore_ascii_case("solution_store") => format!(
                "an index of yours, {name}, on queens' solution_store, which a rebuild drops"
            ),
            "table" if is_one_of(&own_views, name) => {
                format!("a table of yours, {name}, where queens keeps a view")
            }
            "view" if is_one_of(&own_tables, name) => {
                format!("a view of yours, {name}, where queens keeps a table")
            }
            _ => continue,
        };
        bail!(
            "{shown} has {refusal}; nothing was changed (move it out of the way first, or use another --db)"
        );
    }
    Ok(())
}

/// How many rows of each table break a foreign key, by table.
fn broken_references(conn: &Connection) -> Result<BTreeMap<String, (i64, String)>> {
    let mut stmt = conn.prepare(
        "select \"table\", count(*), min(parent) from pragma_foreign_key_check group by \"table\"",
    )?;
    let rows = stmt
        .query_map([], |row| {
            Ok((row.get::<_, String>(0)?, (row.get(1)?, row.get(2)?)))
        })?
        .collect::<rusqlite::Result<BTreeMap<_, _>>>()?;
    Ok(rows)
}

/// After a change: queens' own tables must refer only to rows that exist,
/// and no table of the user's may have more broken references than before.
fn keep_user_references(
    conn: &Connection,
    before: &BTreeMap<String, (i64, String)>,
    shown: &str,
) -> Result<()> {
    let own = schema::own_names();
    for (table, (broken, parent)) in broken_references(conn)? {
        if own.contains(&table.as_str()) {
            bail!("{broken} rows of {table} break a foreign key after building the board");
        }
        let had = before.get(&table).map_or(0, |(count, _)| *count);
        if broken > had {
            bail!(
                "{shown}: {} rows of your table {table} refer to rows of queens' {parent} that \
                 the new board would not have; nothing was changed (delete those rows or drop \
                 the reference first, or use another --db)",
                broken - had
            );
        }
    }
    Ok(())
}

fn build(conn: &mut Connection, n: u8) -> Result<()> {
    schema::migrate(conn)?;
    let tx = conn.transaction()?;
    schema::populate(&tx, n)?;
    keep_user_references(&tx, &BTreeMap::new(), "the new database")?;
    tx.commit()?;
    Ok(())
}

pub(crate) fn path_exists(path: &Path) -> Result<bool> {
    path.try_exists()
        .with_context(|| format!("cannot look at {}", path.display()))
}

/// A symbolic link whose target is missing is not a place to create a
/// database: the new file would replace the link.
fn refuse_dangling_link(path: &Path) -> Result<()> {
    if let Ok(link) = std::fs::read_link(path) {
        bail!(
            "{} is a symbolic link to {}, which does not exist; name another --db",
            path.display(),
            link.display()
        );
    }
    Ok(())
}

/// Says plainly when a write failed because the file (or its directory)
/// may not be written.
fn explain_write_error(error: anyhow::Error, path: &Path) -> anyhow::Error {
    let read_only = error.chain().any(|cause| {
        cause
            .downcast_ref::<rusqlite::Error>()
            .and_then(|e| e.sqlite_error_code())
            == Some(ErrorCode::ReadOnly)
    });
    if read_only {
        anyhow::anyhow!(
            "cannot change {}: it is read-only (no write permission on the file or its directory); \
             commands that only read still work",
            path.display()
        )
    } else {
        error.context(format!("could not write {}", path.display()))
    }
}

/// Turns SQLite's terse open and read errors into a sentence about the file.
fn explain_open_error(error: impl Into<anyhow::Error>, path: &Path) -> anyhow::Error {
    let error = error.into();
    let code = error
        .downcast_ref::<rusqlite::Error>()
        .and_then(|e| e.sqlite_error_code());
    let shown = path.display();
    match code {
        Some(ErrorCode::NotADatabase) => anyhow::anyhow!("{shown} is not a SQLite database"),
        Some(ErrorCode::DatabaseCorrupt) => {
            anyhow::anyhow!("{shown} is damaged (SQLite reports a malformed database)")
        }
        Some(ErrorCode::CannotOpen) => anyhow::anyhow!("cannot open {shown}"),
        Some(ErrorCode::DatabaseBusy) | Some(ErrorCode::DatabaseLocked) => anyhow::anyhow!(
            "{shown} is busy: another process is using it (writing, or reading while queens writes); try again when it is done"
        ),
        _ => error.context(format!("cannot read {shown}")),
    }
}
