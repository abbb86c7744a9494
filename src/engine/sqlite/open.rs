//! Opening and creating `queens` database files, so that no command ever
//! leaves a half-built or damaged file behind:
//!
//! - a new database is built in a temporary file beside the target and
//!   renamed into place only when complete;
//! - an existing file is first looked at through a read-only connection, and
//!   only a file that proves to be a `queens` database is ever opened for
//!   writing;
//! - commands that only read never upgrade, rebuild or repair: a database
//!   written by an older `queens` is refused with the way to upgrade it
//!   (`queens init`), and one whose views its user changed is read as it is.

use std::collections::BTreeSet;
use std::io;
use std::path::Path;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use rusqlite::{Connection, OpenFlags, TransactionBehavior};

use crate::engine::interface::{
    Inspection, Origin, check_current, check_derived, check_requested_size,
};
use crate::engine::sqlite::build;
use crate::engine::sqlite::failure::{
    explain_memory, explain_open_error, explain_write_error, held_pages, no_board_size,
    refuse_check_short_of_memory,
};
use crate::engine::sqlite::file_name::sqlite_name;
use crate::engine::sqlite::references::keep_user_references;
use crate::error::{Error, shell_word};
use crate::model::board::Board;
use crate::model::schema::{COUNT_SCHEMA, latest_version};
use crate::tempfiles::{discard, keep, new_temp_file, parent_dir};

/// How long a command waits for another process's write to finish.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Opens the database at `path` read-only for a command that only reads,
/// creating it first with the board `new` if it does not exist; refuses
/// a board of another size than `requested`, if given. Returns the
/// connection and the board it reads. Never writes to an existing file
/// (but for SQLite's own crash recovery): a database of an older schema is
/// refused, with the command that upgrades it.
pub fn open_for_reading(
    path: &Path,
    requested: Option<u8>,
    new: &Board,
) -> Result<(Connection, Board)> {
    let (origin, inspection, inspecting) = ensure_exists_keeping(path, new)?;
    if origin == Origin::Created {
        eprintln!("queens: created {} for {}", path.display(), new.the_board());
    }
    let shown = path.display().to_string();
    check_requested_size(&shown, inspection.size, requested)?;
    // Version and size again inside the read transaction: they are what
    // every query of the command will see. The connection that inspected
    // the file reads on, its schema read once.
    let conn = match inspecting {
        Some(conn) => {
            conn.execute_batch("begin")?;
            conn
        }
        None => reading(path)?,
    };
    let version = read_version(&conn, path)?;
    let init_here = format!("queens init --db {}", shell_word(&shown));
    check_current(&shown, version, &init_here)?;
    let n = build::stored_size(&conn)
        .map_err(|e| explain_open_error(e, path))?
        .ok_or_else(|| no_board_size(&shown))?;
    check_requested_size(&shown, n, requested)?;
    check_derived(&shown, build::derived_is_current(&conn, n)?, &init_here)?;
    let board = build::stored_board(&conn, n)?;
    Ok((conn, board))
}

/// Makes sure a `queens` database exists at `path`: creates one with
/// the board `new` when there is no file, and otherwise checks that the
/// file is a `queens` database this build can read.
pub fn ensure_exists(path: &Path, new: &Board) -> Result<(Origin, Inspection)> {
    let (origin, inspection, _) = ensure_exists_keeping(path, new)?;
    Ok((origin, inspection))
}

/// As `ensure_exists`, with the read-only connection that inspected an
/// existing file, outside any transaction.
fn ensure_exists_keeping(
    path: &Path,
    new: &Board,
) -> Result<(Origin, Inspection, Option<Connection>)> {
    if !path_exists(path)? {
        refuse_dangling_link(path)?;
        if create(path, new)? {
            let version = latest_version();
            let size = new.cols;
            return Ok((Origin::Created, Inspection { version, size }, None));
        }
        // Another process created it first; it is as good as ours if it
        // passes inspection.
    }
    let (inspection, conn) = inspect_keeping(path)?;
    Ok((Origin::Existing, inspection, Some(conn)))
}

/// Reads the schema version and board size of an existing file without
/// writing to it, and refuses anything that is not an undamaged `queens`
/// database this build understands; with the connection that read them.
fn inspect_keeping(path: &Path) -> Result<(Inspection, Connection)> {
    let (conn, version) = open_to_inspect(path)?;
    let found = header_of(&conn, version, path)?;
    check_not_damaged(&conn, path)?;
    Ok((found, conn))
}

/// As `inspect`, but without SQLite's check of every page: for `doctor`,
/// which reports on damage rather than refusing it.
pub fn inspect_header(path: &Path) -> Result<Inspection> {
    let (conn, version) = open_to_inspect(path)?;
    header_of(&conn, version, path)
}

/// As `inspect_header`, for `doctor`, which reports what it finds rather
/// than refusing: a board_size table of several rows gives the largest of
/// its sizes. Also how many rows board_size holds, and the connection,
/// inside one read transaction begun before the board is read (the schema
/// version, read once to open the file, is read again inside it): every
/// check of one `doctor` run reads the one board it inspected, while
/// another process rebuilds the file (a rollback journal's writer waits
/// for the shared lock; in WAL the transaction keeps its snapshot).
pub fn inspect_for_doctor(path: &Path) -> Result<(Connection, Inspection, i64)> {
    let (conn, _) = open_to_inspect(path)?;
    conn.execute_batch("begin")?;
    let version = read_version(&conn, path)?;
    let rows: i64 = conn
        .query_row("select count(*) from board_size", [], |row| row.get(0))
        .unwrap_or(0);
    if rows > 1 && version <= latest_version() {
        let size = build::largest_stored_size(&conn)
            .map_err(|e| explain_open_error(e, path))?
            .unwrap_or(0);
        return Ok((conn, Inspection { version, size }, rows));
    }
    let found = header_of(&conn, version, path)?;
    Ok((conn, found, rows))
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
    let latest = latest_version();
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
             `sqlite3 {} 'pragma user_version = {latest}'` if it is a copy of a current \
             queens database, or build a new one beside it with `queens init --db new.db`",
            shell_word(&shown.to_string())
        );
    }
    if version == 0 || !has_board {
        // A course's database keeps its tables: queens versions a file by
        // its user_version, which another program may use for its own, so
        // the board goes in a file of its own, attached where it is read.
        let board = if path.file_name() == Some("queens.db".as_ref()) {
            "board.db"
        } else {
            "queens.db"
        };
        bail!(
            "{shown} is an SQLite database of other tables, not a queens board (it has no \
             board_size table); queens keeps a board in a file of its own: build it with \
             `queens init --db {board}` and attach it to yours (in sqlite3: \
             attach '{board}' as q; select * from q.solution)"
        );
    }
    match build::stored_size(conn).map_err(|e| explain_open_error(e, path))? {
        Some(size) => Ok(Inspection { version, size }),
        None => Err(no_board_size(&shown.to_string()).into()),
    }
}

/// Whether the file is a current `queens` database whose board_size table
/// holds no one size (no row, or several): `init --force --size N` may
/// then build a board in it.
pub fn lacks_board_size(path: &Path) -> bool {
    let Ok((conn, version)) = open_to_inspect(path) else {
        return false;
    };
    let no_one_size = match build::stored_size(&conn) {
        Ok(size) => size.is_none(),
        Err(e) => matches!(e.downcast_ref::<Error>(), Some(Error::SeveralSizes(_))),
    };
    version == latest_version() && no_one_size && check_not_damaged(&conn, path).is_ok()
}

/// SQLite's quick check (every page readable, every record well formed),
/// so that a damaged file is refused up front instead of answering wrongly.
fn check_not_damaged(conn: &Connection, path: &Path) -> Result<()> {
    let verdict: String = conn
        // (main's alone: the check of every schema would open `temp`,
        // which the count then could not keep in memory, attach_scratch.)
        .query_row("pragma main.quick_check(1)", [], |row| row.get(0))
        .map_err(|e| explain_open_error(e, path))?;
    let checking = format!("checking {}", path.display());
    refuse_check_short_of_memory([verdict.as_str()], &checking, || held_pages(conn, path))?;
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

/// The first bytes of every rollback journal SQLite writes.
const JOURNAL_MAGIC: [u8; 8] = [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7];

/// Refuses to let SQLite play back a `-journal` file beside the database
/// that SQLite did not write: SQLite would find it no journal and delete
/// it, and it may be a file of the user's that only shares the name.
fn refuse_foreign_journal(path: &Path) -> Result<()> {
    use std::io::Read;
    let real = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let mut journal = real.into_os_string();
    journal.push("-journal");
    let journal = std::path::PathBuf::from(journal);
    let mut start = [0u8; 8];
    let read = std::fs::File::open(&journal).and_then(|mut f| f.read_exact(&mut start));
    if read.is_ok() && start == JOURNAL_MAGIC {
        return Ok(());
    }
    bail!(
        "{} is not a journal SQLite wrote, and SQLite would delete it before reading {}; \
         move it out of the way (it is left as it is)",
        journal.display(),
        path.display()
    )
}

/// Lets SQLite restore the database from the journal of an interrupted
/// write (its own crash recovery), which needs a writable connection. Only
/// called for a file already seen to be a SQLite database.
fn roll_back_interrupted_write(path: &Path) -> Result<()> {
    refuse_foreign_journal(path)?;
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

/// How the other connections of a command read the board its first
/// reader reads, in an SQLite file.
pub(crate) enum Shared {
    /// A rollback journal: the first reader's shared lock keeps the file
    /// as it is until the command ends (no writer can commit meanwhile).
    Locked,
    /// WAL, the log empty when the first reader began: it reads the
    /// database file alone, and while it does no checkpoint may write into
    /// that file; a commit since then is in the log.
    EmptyLog,
    /// WAL: the first reader's snapshot, as SQLite's snapshot interface
    /// gives it, to be opened again by the others.
    Snapshot(Vec<u8>),
}

/// What the other connections of a command need to read the board
/// `first`'s read transaction reads. In WAL mode a rebuild commits while
/// readers read, so each of them opens the first reader's snapshot.
pub(crate) fn shared_board(first: &Connection) -> Result<Shared> {
    let mode: String = first.query_row("pragma journal_mode", [], |row| row.get(0))?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Ok(Shared::Locked);
    }
    Ok(match current_snapshot(first) {
        Some(bytes) => Shared::Snapshot(bytes),
        None => Shared::EmptyLog,
    })
}

/// The snapshot `conn`'s open read transaction reads, as bytes; None when
/// SQLite cannot name it, which in WAL mode means the log holds no commit.
// The one file that calls SQLite's C interface itself (Cargo.toml).
#[allow(unsafe_code)]
fn current_snapshot(conn: &Connection) -> Option<Vec<u8>> {
    use rusqlite::ffi;
    let mut snapshot: *mut ffi::sqlite3_snapshot = std::ptr::null_mut();
    // SAFETY: the handle is the open connection's own; SQLite allocates
    // the snapshot, which is copied out and freed before returning.
    unsafe {
        let code = ffi::sqlite3_snapshot_get(conn.handle(), c"main".as_ptr(), &mut snapshot);
        if code != ffi::SQLITE_OK || snapshot.is_null() {
            return None;
        }
        let bytes = (*snapshot).hidden.to_vec();
        ffi::sqlite3_snapshot_free(snapshot);
        Some(bytes)
    }
}

/// A read-only connection inside one read transaction on the board the
/// first reader reads (`shared`, which it still holds open, so no
/// checkpoint can have overwritten it), or one line saying that the file
/// changed in a way that no longer lets it be read so.
pub(crate) fn reading_shared(path: &Path, shared: &Shared) -> Result<Connection> {
    let conn = reading(path)?;
    enter_shared(conn, path, shared)
}

/// Makes `conn`, inside its read transaction, ready to build tables of
/// its own beside the board, in `temp`: kept in memory, never in a file,
/// so that building them needs no writable directory and leaves nothing
/// behind. SQLite refuses this once the transaction has opened `temp`,
/// which no reading command does before it builds.
pub(crate) fn keep_temp_in_memory(conn: &Connection) -> Result<()> {
    conn.pragma_update(None, "temp_store", "memory")?;
    Ok(())
}

/// A connection that reads `image` alone, as its database of a reader's
/// own tables (`schema::COUNT_SCHEMA`), read-only, in place (its main
/// database is an empty one in memory): the readers of one command share
/// one image, which the first reader of the board built inside the
/// command's read of it, so that each reads what the command reads without
/// opening the file or reading its schema. The caller keeps `image` alive
/// until the connection is closed.
pub(crate) fn reading_image(image: &[u8]) -> Result<Connection> {
    configure_once();
    let conn = Connection::open_in_memory_with_flags(
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    conn.execute_batch(&format!("attach ':memory:' as {COUNT_SCHEMA}"))?;
    read_image(&conn, image)?;
    Ok(conn)
}

/// Makes `conn`'s database of its own tables read `image`, read-only, in
/// place: the readers of one command share one image. The caller keeps
/// `image` alive until `conn` is closed.
// The one file that calls SQLite's C interface itself (Cargo.toml).
#[allow(unsafe_code)]
fn read_image(conn: &Connection, image: &[u8]) -> Result<()> {
    use rusqlite::ffi;
    let size = i64::try_from(image.len())?;
    let schema = std::ffi::CString::new(COUNT_SCHEMA)?;
    // SAFETY: the connection is open and the database `schema` names
    // attached and unread; SQLITE_DESERIALIZE_READONLY makes SQLite only
    // read the bytes (the pointer is not const in SQLite's signature only),
    // and without SQLITE_DESERIALIZE_FREEONCLOSE it never frees them; the
    // caller keeps them alive for as long as the connection.
    let code = unsafe {
        ffi::sqlite3_deserialize(
            conn.handle(),
            schema.as_ptr(),
            image.as_ptr().cast_mut(),
            size,
            size,
            ffi::SQLITE_DESERIALIZE_READONLY,
        )
    };
    if code != ffi::SQLITE_OK {
        bail!("could not load the count's table of the last queens (SQLite code {code})");
    }
    Ok(())
}

/// `conn`, which has begun its read transaction, moved onto the board
/// `shared` says the first reader reads.
fn enter_shared(conn: Connection, path: &Path, shared: &Shared) -> Result<Connection> {
    if matches!(shared, Shared::Locked) {
        return Ok(conn);
    }
    // A connection knows the file is in WAL mode only once it has read
    // from it (SQLite's documentation gives this very hint).
    conn.query_row("pragma application_id", [], |row| row.get::<_, i64>(0))?;
    let same = match shared {
        Shared::Snapshot(bytes) => open_snapshot(&conn, bytes),
        _ => current_snapshot(&conn).is_none(),
    };
    if !same {
        bail!(
            "{} was changed by another process while this command read it (in WAL mode), \
             and the board it began reading cannot be read again; run the command again",
            path.display()
        );
    }
    Ok(conn)
}

/// Moves `conn`'s read transaction onto the snapshot `bytes`; whether it
/// could.
// The one file that calls SQLite's C interface itself (Cargo.toml).
#[allow(unsafe_code)]
fn open_snapshot(conn: &Connection, bytes: &[u8]) -> bool {
    use rusqlite::ffi;
    let mut copy = ffi::sqlite3_snapshot { hidden: [0; 48] };
    if bytes.len() != copy.hidden.len() {
        return false;
    }
    copy.hidden.copy_from_slice(bytes);
    // SAFETY: the connection is open, in a read transaction with no
    // statement running, as sqlite3_snapshot_open requires; `copy`
    // outlives the call.
    let code = unsafe { ffi::sqlite3_snapshot_open(conn.handle(), c"main".as_ptr(), &mut copy) };
    code == ffi::SQLITE_OK
}

/// How long opening a file may take. Opening a regular file is at once;
/// a FIFO swapped in for the file after it was checked (a symbolic link
/// changed between the check and SQLite's own open) would block the open
/// until something writes to it, for ever.
const OPEN_DEADLINE: Duration = Duration::from_secs(10);

/// SQLite's open of `path` with `flags`, given up after `OPEN_DEADLINE`
/// with one line (the thread left blocked ends with the process).
fn open_within_deadline(path: &Path, flags: OpenFlags) -> Result<Connection> {
    let name = sqlite_name(path);
    let (sender, receiver) = std::sync::mpsc::channel();
    let watched = std::thread::Builder::new()
        .spawn(move || drop(sender.send(Connection::open_with_flags(name, flags))));
    if watched.is_err() {
        // A system out of threads (ulimit -u, the search's own threads
        // taking the last of them) still opens the file, unwatched.
        return Connection::open_with_flags(sqlite_name(path), flags)
            .map_err(|e| explain_open_error(e, path));
    }
    match receiver.recv_timeout(OPEN_DEADLINE) {
        Ok(opened) => opened.map_err(|e| explain_open_error(e, path)),
        Err(_) => bail!(
            "cannot open {}: opening it did not end within {} s, as a regular file's does \
             (a FIFO or a device in its place?); name a database file",
            path.display(),
            OPEN_DEADLINE.as_secs()
        ),
    }
}

/// SQLite's process-wide settings, before its first connection:
/// * no memory statistics, which SQLite otherwise keeps under one global
///   mutex that every allocation of every thread takes (the parts of a
///   split search run on several threads at once);
/// * no page cache taken in bulk. SQLite otherwise takes room for 20
///   pages at once for each cache, that of each table a query makes for
///   itself too (a part of `count` makes several), and frees it with the
///   table: on a search thread glibc gave each such block back to the
///   system (`madvise`, which interrupts every core) and faulted it in
///   again for the next, about 100 times in a 12×12 count. Pages taken
///   one by one are reused.
// The one file that calls SQLite's C interface itself (Cargo.toml).
#[allow(unsafe_code)]
fn configure_once() {
    static CONFIGURED: std::sync::Once = std::sync::Once::new();
    CONFIGURED.call_once(|| {
        // SAFETY: called once, before this process opens any connection
        // through this path; SQLite refuses (SQLITE_MISUSE) rather than
        // misbehaves if it is already initialised, and that is ignored.
        // Each option is given the arguments SQLite reads for it: an int,
        // and a pointer (none: no buffer of ours) with two ints.
        unsafe {
            rusqlite::ffi::sqlite3_config(rusqlite::ffi::SQLITE_CONFIG_MEMSTATUS, 0);
            let no_buffer = std::ptr::null_mut::<std::ffi::c_void>();
            rusqlite::ffi::sqlite3_config(rusqlite::ffi::SQLITE_CONFIG_PAGECACHE, no_buffer, 0, 0);
        }
    });
}

/// A read-only connection: nothing done through it can change the file.
pub fn open_read_only(path: &Path) -> Result<Connection> {
    configure_once();
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = open_within_deadline(path, flags)?;
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
    let mut conn = open_within_deadline(path, flags)?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    conn.pragma_update(None, "foreign_keys", false)?;
    conn.set_transaction_behavior(TransactionBehavior::Immediate);
    Ok(conn)
}

/// Builds a complete database for `board` in a temporary file next to
/// `path`, then moves it to `path`. Returns false, and leaves the other
/// file alone, if something else appeared at `path` meanwhile.
pub fn create(path: &Path, board: &Board) -> Result<bool> {
    refuse_unfit(board)?;
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
        build(&mut conn, board).map_err(|e| explain_write_error(e, path))?;
        conn.close().map_err(|(_, e)| e)?;
    }
    match keep(temp, path, false) {
        Ok(()) => Ok(true),
        Err(e) => {
            let error = e.error;
            discard(e.file);
            match error.kind() {
                io::ErrorKind::AlreadyExists => Ok(false),
                _ => Err(error).with_context(|| format!("cannot create {}", path.display())),
            }
        }
    }
}

/// Builds a complete database for `board` in a new temporary file of the
/// system's temporary directory, for one command to read: the file
/// goes when the returned handle is dropped.
pub fn create_temporary(board: &Board) -> Result<tempfile::NamedTempFile> {
    refuse_unfit(board)?;
    let dir = std::env::temp_dir();
    let temp = new_temp_file(&dir, ".board")
        .context("cannot make a temporary board in the temporary directory (TMPDIR)")?;
    let built = || -> Result<()> {
        let mut conn = Connection::open(sqlite_name(temp.path()))?;
        conn.pragma_update(None, "foreign_keys", true)?;
        build(&mut conn, board)?;
        conn.close().map_err(|(_, e)| e)?;
        Ok(())
    };
    // (The directory is named, never the temporary file's own name; a
    // refusal of memory is no fault of the directory.)
    built().map_err(|e| {
        let e = explain_memory(e, "building the temporary board");
        if crate::error::is_out_of_memory(&e) {
            return e;
        }
        explain_write_error(e, &dir).context(format!(
            "cannot build the temporary board in {}",
            dir.display()
        ))
    })?;
    Ok(temp)
}

pub use crate::engine::interface::refuse_unfit;

fn build(conn: &mut Connection, board: &Board) -> Result<()> {
    build::migrate(conn)?;
    let tx = conn.transaction()?;
    build::populate(&tx, board)?;
    keep_user_references(&tx, &BTreeSet::new(), "the new database")?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_sqlite_is_built_as_cargo_config_asks() {
        // .cargo/config.toml: the snapshot interface in, and the one
        // process-wide page cache out (with it, the threads of a split
        // search queue for its mutex at every page they read).
        let conn = Connection::open_in_memory().unwrap();
        let mut statement = conn.prepare("pragma compile_options").unwrap();
        let options: Vec<String> = statement
            .query_map([], |row| row.get(0))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        assert!(
            options.iter().any(|o| o == "ENABLE_SNAPSHOT"),
            "{options:?}"
        );
        assert!(
            !options.iter().any(|o| o == "ENABLE_MEMORY_MANAGEMENT"),
            "{options:?}"
        );
    }

    #[test]
    fn an_open_that_blocks_is_given_up_with_one_line() {
        // What SQLite meets when a FIFO is swapped in for the file after
        // it was checked: an open that waits for a writer.
        let dir = tempfile::TempDir::new().unwrap();
        let fifo = dir.path().join("swapped.db");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let started = std::time::Instant::now();
        let error = open_read_only(&fifo).expect_err("a FIFO opened");
        assert!(
            error.to_string().contains("did not end within 10 s"),
            "{error}"
        );
        assert!(started.elapsed() < OPEN_DEADLINE + Duration::from_secs(5));
    }
}
