//! Opening, creating and rebuilding `queens` databases, so that no command
//! ever leaves a half-built or damaged file behind:
//!
//! - a new database is built in a temporary file beside the target and
//!   renamed into place only when complete;
//! - an existing file is first looked at through a read-only connection, and
//!   only a file that proves to be a `queens` database is ever opened for
//!   writing;
//! - a rebuild (`init --force`) happens inside one transaction.

use std::io;
use std::path::Path;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use rusqlite::{Connection, ErrorCode, OpenFlags, TransactionBehavior};

use crate::board::{DEFAULT_SIZE, a_board};
use crate::engine::{Reader, Target};
use crate::error::usage;
use crate::outfile::{new_temp_file, parent_dir};
use crate::pg;
use crate::schema;

/// How long a command waits for another process's write to finish.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// What an existing `queens` database holds, as read without writing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Inspection {
    /// The schema version (SQLite's `user_version`).
    pub version: usize,
    /// The board size.
    pub size: u8,
}

/// Whether a command found the database or had to create it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    Created,
    Existing,
}

/// Opens the board at `target` for a command that only reads, creating it
/// first (for `requested` or the default size) if there is none. Returns a
/// reader inside one read transaction, and the board size.
pub fn open(target: &Target, requested: Option<u8>) -> Result<(Reader, u8)> {
    match target {
        Target::File(path) => {
            let (conn, n) = open_for_reading(path, requested)?;
            Ok((Reader::Sqlite(conn), n))
        }
        Target::Server { url, schema } => pg::open_for_reading(url, schema, requested),
    }
}

/// Another reader of a board already opened with `open`, for a worker
/// thread: it neither creates nor checks.
pub fn open_reader(target: &Target) -> Result<Reader> {
    match target {
        Target::File(path) => Ok(Reader::Sqlite(reading(path)?)),
        Target::Server { url, schema } => pg::reader(url, schema),
    }
}

/// Opens the database at `path` read-only for a command that only reads,
/// creating it first (for `requested` or the default size) if it does not
/// exist. Returns the connection and the board size.
pub fn open_for_reading(path: &Path, requested: Option<u8>) -> Result<(Connection, u8)> {
    let (origin, inspection) = ensure_exists(path, requested)?;
    if origin == Origin::Created {
        let n = inspection.size;
        eprintln!("queens: created {} for the {n}×{n} board", path.display());
    }
    let shown = path.display().to_string();
    check_requested_size(&shown, inspection.size, requested)?;
    bring_up_to_date(path)?;
    let conn = reading(path)?;
    let n = schema::stored_size(&conn)
        .map_err(|e| explain_open_error(e, path))?
        .with_context(|| format!("{shown} lost its board while being opened"))?;
    check_requested_size(&shown, n, requested)?;
    Ok((conn, n))
}

/// Makes sure a `queens` database exists at `path`: creates one for
/// `requested` (or the default size) when there is no file, and otherwise
/// checks that the file is a `queens` database this build can read.
pub fn ensure_exists(path: &Path, requested: Option<u8>) -> Result<(Origin, Inspection)> {
    if !path_exists(path)? {
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

/// Refuses a `--size` that disagrees with the board of the database that
/// messages call `shown` (a file, or a PostgreSQL schema).
pub fn check_requested_size(shown: &str, stored: u8, requested: Option<u8>) -> Result<()> {
    match requested {
        Some(n) if n != stored => Err(usage(format!(
            "{shown} holds {}, not {n}×{n}; \
             rebuild it with `queens init --size {n} --force` and the same --db, or name another --db",
            a_board(stored)
        ))),
        _ => Ok(()),
    }
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
/// version; refuses directories and empty files by name.
fn open_to_inspect(path: &Path) -> Result<(Connection, usize)> {
    let shown = path.display();
    if path.is_dir() {
        bail!("{shown} is a directory, not a database file");
    }
    let len = std::fs::metadata(path)
        .with_context(|| format!("cannot read {shown}"))?
        .len();
    if len == 0 {
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
    if version == 0 || !has_board {
        bail!(
            "{shown} is a SQLite database but not a queens database (it has no board_size table); \
             name another --db"
        );
    }
    match schema::stored_size(conn).map_err(|e| explain_open_error(e, path))? {
        Some(size) => Ok(Inspection { version, size }),
        None => {
            bail!("{shown} holds no board size; rebuild it with `queens init --force --db {shown}`")
        }
    }
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

fn read_version(conn: &Connection, path: &Path) -> Result<usize> {
    let version: i64 = conn
        .query_row("pragma user_version", [], |row| row.get(0))
        .map_err(|e| explain_open_error(e, path))?;
    Ok(usize::try_from(version).unwrap_or(usize::MAX))
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
fn reading(path: &Path) -> Result<Connection> {
    let conn = open_read_only(path)?;
    conn.execute_batch("begin")?;
    Ok(conn)
}

/// A read-only connection: nothing done through it can change the file.
pub fn open_read_only(path: &Path) -> Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags).map_err(|e| explain_open_error(e, path))?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    Ok(conn)
}

/// A read-write connection to an existing `queens` database (never creates
/// a file), with foreign keys enforced.
pub fn open_writable(path: &Path) -> Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags).map_err(|e| explain_open_error(e, path))?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    conn.pragma_update(None, "foreign_keys", true)?;
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
        let mut conn = Connection::open(temp.path())?;
        conn.pragma_update(None, "foreign_keys", true)?;
        build(&mut conn, n)?;
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
pub fn rebuild(path: &Path, n: u8) -> Result<()> {
    let replace_board = || -> Result<()> {
        let mut conn = open_writable(path)?;
        schema::migrate(&mut conn)?;
        let tx = conn.transaction()?;
        schema::drop_store(&tx)?;
        schema::clear(&tx)?;
        schema::populate(&tx, n)?;
        tx.commit()?;
        Ok(())
    };
    replace_board().map_err(|e| explain_write_error(e, path))
}

/// Whether the database was written by an older `queens`: an older schema
/// version, or views that this build would write differently. Read in one
/// transaction, so that version, size and views belong together.
pub fn is_outdated(path: &Path) -> Result<bool> {
    is_outdated_on(&reading(path)?)
}

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

/// Upgrades a database written by an older `queens`: migrates the tables,
/// then derives the facts and views again for its board, in one
/// transaction that first checks, under the write lock, that the work is
/// still needed (another process may have done it, or changed the board).
/// Should it be interrupted after the migration, the stale views still mark
/// the database as outdated, so the next command finishes the job. Returns
/// whether anything had to change.
pub fn bring_up_to_date(path: &Path) -> Result<bool> {
    if !is_outdated(path)? {
        return Ok(false);
    }
    let upgrade = || -> Result<bool> {
        let mut conn = open_writable(path)?;
        schema::migrate(&mut conn)?;
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        if !is_outdated_on(&tx)? {
            return Ok(false);
        }
        let n = schema::stored_size(&tx)?
            .with_context(|| format!("{} holds no board size", path.display()))?;
        schema::clear(&tx)?;
        schema::populate(&tx, n)?;
        tx.commit()?;
        Ok(true)
    };
    upgrade().map_err(|e| explain_write_error(e, path))
}

fn build(conn: &mut Connection, n: u8) -> Result<()> {
    schema::migrate(conn)?;
    let tx = conn.transaction()?;
    schema::populate(&tx, n)?;
    tx.commit()?;
    Ok(())
}

fn path_exists(path: &Path) -> Result<bool> {
    path.try_exists()
        .with_context(|| format!("cannot look at {}", path.display()))
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
            "{shown} is busy: another process is writing to it; try again in a moment"
        ),
        _ => error.context(format!("cannot read {shown}")),
    }
}
