//! A board as bytes for the page's console (`export --console`): the
//! database file as sql.js opens it, and the rows a reference answer gives
//! on such a copy, so that a teacher's exercise is checked before the page
//! is written.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use rusqlite::backup::Backup;
use rusqlite::fallible_iterator::FallibleIterator;
use rusqlite::hooks::{AuthAction, AuthContext, Authorization};
use rusqlite::limits::Limit;
use rusqlite::{Batch, Connection, ErrorCode, MAIN_DB, Statement};

use rusqlite::types::ValueRef;

use super::failure::{is_denied, message};
use crate::model::exercises::{AnswerRows, Typed};
use crate::model::verdict::Unanswered;

/// The database `conn` reads, as a file of its own: copied page by page in
/// `conn`'s read transaction (so it is the board the rest of the export
/// reads), then vacuumed, so no free page travels in the page.
pub fn image_of(conn: &Connection) -> Result<Vec<u8>> {
    let mut copy = Connection::open_in_memory()?;
    Backup::new(conn, &mut copy)?
        .run_to_completion(256, std::time::Duration::ZERO, None)
        .context("copying the board for the console")?;
    image_of_memory(&copy)
}

/// An in-memory database as a file's bytes, vacuumed.
pub fn image_of_memory(conn: &Connection) -> Result<Vec<u8>> {
    conn.execute_batch("vacuum")?;
    let mut bytes = conn.serialize(MAIN_DB)?.to_vec();
    // Bytes 18 and 19 of the header say whether the file is in WAL mode
    // (2); a copy carries its source's. sql.js opens the bytes as one file
    // with no -wal beside it, so the copy says rollback journal (1).
    if bytes.len() >= 20 {
        bytes[18] = 1;
        bytes[19] = 1;
    }
    Ok(bytes)
}

/// The columns and rows `sql` answers on the database `image` holds, each
/// value as SQLite types it; Err holds SQLite's own words, or why the
/// answer is no query. It runs as `query` runs a statement (`query::lock_down`):
/// it may only read, attaches nothing and sets no pragma, so a teacher's
/// answer reaches no file.
pub fn answer_rows(image: &[u8], sql: &str) -> Result<AnswerRows, String> {
    bounded_answer_rows(image, sql, None).map_err(|unanswered| match unanswered {
        Unanswered::Fails(why) => why,
        other => other.to_string(),
    })
}

/// How far an answer nobody vouches for (a learner's, `grade`) may go.
#[derive(Clone, Debug)]
pub struct AnswerBounds {
    /// When it is stopped (one answer's time, shared by its boards).
    pub deadline: Instant,
    /// The time it was given, to say.
    pub timeout: Duration,
    /// The most bytes its rows may hold.
    pub most_bytes: u64,
    /// How another thread stops it at once, where one waits for it.
    pub interrupt: Option<AnswerInterrupt>,
}

/// A way for the thread that waits for an answer to stop it: SQLite's
/// interrupt of the connection it runs on. The progress handler stops an
/// answer only between its steps, and one step (a function call over a
/// long text) may take a minute; an interrupt ends that call where SQLite
/// looks for one, and an answer whose connection opens after it is not run.
#[derive(Clone, Default)]
pub struct AnswerInterrupt(Arc<Mutex<(bool, Option<rusqlite::InterruptHandle>)>>);

impl AnswerInterrupt {
    /// Stop the answer running now, and any that starts after.
    pub fn interrupt(&self) {
        if let Ok(mut held) = self.0.lock() {
            held.0 = true;
            if let Some(handle) = &held.1 {
                handle.interrupt();
            }
        }
    }

    /// Keep `conn`'s interrupt, the answer being about to run there;
    /// false where it was interrupted already.
    fn hold(&self, conn: &Connection) -> bool {
        match self.0.lock() {
            Ok(mut held) => {
                held.1 = Some(conn.get_interrupt_handle());
                !held.0
            }
            Err(_) => false,
        }
    }
}

impl std::fmt::Debug for AnswerInterrupt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AnswerInterrupt")
    }
}

/// The most bytes one text or blob of a bounded answer may hold: SQLite
/// refuses to make a longer one ("string or blob too big") rather than
/// fill the memory with `zeroblob(1e9)`.
const MOST_VALUE_BYTES: i32 = 16 << 20;

/// As `answer_rows`, within `bounds` where given: stopped at its
/// deadline (SQLite's progress handler), each value at most
/// `MOST_VALUE_BYTES`, the rows at most `most_bytes`.
pub fn bounded_answer_rows(
    image: &[u8],
    sql: &str,
    bounds: Option<&AnswerBounds>,
) -> Result<AnswerRows, Unanswered> {
    let fails = |e: rusqlite::Error| match e.sqlite_error_code() {
        Some(ErrorCode::OutOfMemory) => Unanswered::NoMemory,
        _ => Unanswered::Fails(message(&e)),
    };
    let mut conn = Connection::open_in_memory().map_err(fails)?;
    conn.deserialize_read_exact(MAIN_DB, image, image.len(), true)
        .map_err(fails)?;
    super::query::lock_down(&conn).map_err(|e| Unanswered::Fails(e.to_string()))?;
    if let Some(bounds) = bounds {
        conn.set_limit(Limit::SQLITE_LIMIT_LENGTH, MOST_VALUE_BYTES)
            .map_err(fails)?;
        let deadline = bounds.deadline;
        conn.progress_handler(1_000, Some(move || Instant::now() >= deadline))
            .map_err(fails)?;
        if let Some(interrupt) = &bounds.interrupt
            && !interrupt.hold(&conn)
        {
            return Err(Unanswered::Stopped(bounds.timeout));
        }
    }
    let stopped_or = |e: rusqlite::Error| match (e.sqlite_error_code(), bounds) {
        (Some(ErrorCode::OperationInterrupted), Some(bounds)) => {
            Unanswered::Stopped(bounds.timeout)
        }
        _ => fails(e),
    };
    let mut statement = prepared_answer(&conn, sql).map_err(stopped_or)?;
    let columns: Vec<String> = (statement.column_names().into_iter())
        .map(str::to_string)
        .collect();
    // A parameter (`?`, `:a`, `$x`) is left unbound, so reads NULL, as
    // sql.js reads it in the page: the answer is judged alike on both.
    let mut rows = statement.raw_query();
    let mut all = Vec::new();
    let mut bytes = 0u64;
    while let Some(row) = rows.next().map_err(stopped_or)? {
        let values = (0..columns.len())
            .map(|i| row.get_ref(i).map(typed).map_err(fails))
            .collect::<Result<Vec<Typed>, Unanswered>>()?;
        bytes += values.iter().map(size_of).sum::<u64>() + 24;
        if let Some(bounds) = bounds
            && bytes > bounds.most_bytes
        {
            return Err(Unanswered::TooLarge(bounds.most_bytes));
        }
        all.push(values);
    }
    Ok(AnswerRows { columns, rows: all })
}

/// `sql` prepared as an answer: one statement that reads rows; else
/// SQLite's error, or one of its own (the authorizer's refusal) whose
/// words say why it is no answer. Its statements are counted before any
/// runs, each prepared on its own (a second one is any text after the
/// first but blanks, comments and `;`), so that a second statement is
/// "more than one statement" whatever it reads: even a table the first
/// would make, which rusqlite's `prepare` fails to find.
fn prepared_answer<'c>(conn: &'c Connection, sql: &str) -> rusqlite::Result<Statement<'c>> {
    let no_answer = |why: &str| {
        rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_MISUSE),
            Some(why.to_string()),
        )
    };
    let mut statements = Batch::new(conn, sql);
    let first = statements.next().map_err(|e| match e {
        other if is_denied(&other) => no_answer(
            "it would attach a file, load an extension or set a pragma, which an answer may not",
        ),
        other => other,
    })?;
    let Some(statement) = first else {
        return Err(no_answer("it holds no statement (only comments)"));
    };
    if !matches!(statements.next(), Ok(None)) {
        return Err(no_answer("it holds more than one statement"));
    }
    if !statement.readonly() || statement.column_count() == 0 {
        return Err(no_answer(
            "an answer is a query that reads rows, and this one does not",
        ));
    }
    Ok(statement)
}

/// About the bytes a value holds in memory.
fn size_of(value: &Typed) -> u64 {
    match value {
        Typed::Text(bytes) | Typed::Blob(bytes) => 32 + bytes.len() as u64,
        _ => 32,
    }
}

/// A value as SQLite types it, every byte kept.
fn typed(value: ValueRef<'_>) -> Typed {
    match value {
        ValueRef::Null => Typed::Null,
        ValueRef::Integer(i) => Typed::Integer(i),
        ValueRef::Real(f) => Typed::Real(f),
        ValueRef::Text(t) => Typed::Text(t.to_vec()),
        ValueRef::Blob(b) => Typed::Blob(b.to_vec()),
    }
}

/// The functions an answer may call where `queens grade` runs it: each
/// name (lower-case) and how many arguments it takes (-1: any number), as
/// SQLite says on a connection opened as `bounded_answer_rows` opens one,
/// on the board `image` holds. The console's page carries them and
/// refuses a function its own SQLite (sql.js) has beyond them, so that an
/// answer it calls right is graded right.
pub fn answer_functions(image: &[u8]) -> Result<Vec<(String, i64)>, String> {
    let said = |e: rusqlite::Error| message(&e);
    let mut conn = Connection::open_in_memory().map_err(said)?;
    conn.deserialize_read_exact(MAIN_DB, image, image.len(), true)
        .map_err(said)?;
    super::query::lock_down(&conn).map_err(|e| e.to_string())?;
    // Every function this SQLite has, built in or registered: one row per
    // name and number of arguments.
    let mut statement = conn
        .prepare("select distinct lower(name), narg from pragma_function_list order by 1, 2")
        .map_err(said)?;
    let functions = statement
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
        .and_then(|rows| rows.collect())
        .map_err(said)?;
    Ok(functions)
}

/// What an answer asks of the SQLite that runs it, beyond the SQL itself:
/// the functions it calls and the virtual table modules it reads (an
/// eponymous table such as dbstat), each lower-case, once.
#[derive(Default, Debug)]
pub struct AnswerNeeds {
    pub functions: Vec<String>,
    pub modules: Vec<String>,
}

/// What `sql` asks of SQLite on the database `image` holds, as SQLite
/// itself reports it to an authorizer while it prepares the statement
/// (nothing runs): every function called, and every table read that is
/// none of the database's own but a module's.
pub fn answer_needs(image: &[u8], sql: &str) -> Result<AnswerNeeds, String> {
    let said = |e: rusqlite::Error| e.to_string();
    let mut conn = Connection::open_in_memory().map_err(said)?;
    conn.deserialize_read_exact(MAIN_DB, image, image.len(), true)
        .map_err(said)?;
    // The modules SQLite has before the answer is prepared, as the page's
    // list was taken: a table function such as json_each or
    // pragma_table_info is made a module only once a statement names it,
    // in both builds alike.
    let modules: Vec<String> = conn
        .prepare("select name from pragma_module_list")
        .and_then(|mut s| s.query_map([], |row| row.get(0))?.collect())
        .map_err(said)?;
    let seen: Arc<Mutex<Vec<(bool, String)>>> = Arc::default();
    let record = Arc::clone(&seen);
    conn.authorizer(Some(move |context: AuthContext<'_>| {
        let need = match context.action {
            AuthAction::Function { function_name } => Some((true, function_name)),
            AuthAction::Read { table_name, .. } => Some((false, table_name)),
            _ => None,
        };
        if let (Some((function, name)), Ok(mut seen)) = (need, record.lock()) {
            seen.push((function, name.to_lowercase()));
        }
        Authorization::Allow
    }))
    .map_err(said)?;
    conn.prepare(sql).map_err(said)?;
    conn.authorizer(None::<fn(AuthContext<'_>) -> Authorization>)
        .map_err(said)?;
    let seen: Vec<(bool, String)> = match seen.lock() {
        Ok(seen) => seen.clone(),
        Err(_) => return Err("the answer's needs were lost".to_string()),
    };
    let own = |name: &str| -> bool {
        conn.query_row(
            "select count(*) > 0 from sqlite_schema where lower(name) = ?1",
            [name],
            |row| row.get(0),
        )
        .unwrap_or(true)
    };
    let mut needs = AnswerNeeds::default();
    for (function, name) in &seen {
        let into = match function {
            true => &mut needs.functions,
            false if modules.contains(name) && !own(name) => &mut needs.modules,
            false => continue,
        };
        if !into.contains(name) {
            into.push(name.clone());
        }
    }
    Ok(needs)
}

/// How many SQLite steps (virtual machine instructions, counted in
/// thousands) `sql` takes to run to its end on the database `image` holds:
/// a measure of its work that is the same on every run and every machine,
/// as SQLite's own progress handler counts it. None where it takes more
/// than `most` thousand, where it is stopped; Err as `answer_rows` says.
pub fn answer_steps(image: &[u8], sql: &str, most: u64) -> Result<Option<u64>, String> {
    let said = |e: rusqlite::Error| e.to_string();
    let mut conn = Connection::open_in_memory().map_err(said)?;
    conn.deserialize_read_exact(MAIN_DB, image, image.len(), true)
        .map_err(said)?;
    super::query::lock_down(&conn).map_err(|e| e.to_string())?;
    let steps = Arc::new(Mutex::new(0_u64));
    let counted = Arc::clone(&steps);
    conn.progress_handler(
        1000,
        Some(move || {
            let Ok(mut steps) = counted.lock() else {
                return true;
            };
            *steps += 1;
            *steps > most
        }),
    )
    .map_err(said)?;
    let mut statement = conn.prepare(sql).map_err(said)?;
    if !statement.readonly() {
        return Err("an answer is a query that reads rows, and this one does not".into());
    }
    let mut rows = statement.query([]).map_err(said)?;
    loop {
        match rows.next() {
            Ok(Some(_)) => {}
            Ok(None) => break,
            Err(rusqlite::Error::SqliteFailure(e, _))
                if e.code == rusqlite::ErrorCode::OperationInterrupted =>
            {
                return Ok(None);
            }
            Err(e) => return Err(said(e)),
        }
    }
    let steps = *steps.lock().map_err(|_| "the count of steps was lost")?;
    Ok(Some(steps))
}

/// The SQLite file at `path`, as `image_of` copies a database.
pub fn image_of_file(path: &std::path::Path) -> Result<Vec<u8>> {
    image_of(&Connection::open(path)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bundled SQLite is built with its math functions, as sql.js is
    /// (.cargo/config.toml), so that an answer calling them is judged
    /// alike in the page and in `queens grade`.
    #[test]
    fn answers_may_call_sqlite_s_math_functions() {
        let empty = image_of_memory(&Connection::open_in_memory().unwrap()).unwrap();
        let functions = answer_functions(&empty).unwrap();
        for (name, narg) in [("sqrt", 1), ("power", 2), ("mod", 2), ("pi", 0)] {
            assert!(
                functions.contains(&(name.to_string(), narg)),
                "{name}/{narg}"
            );
        }
    }
}
