//! A board as bytes for the page's console (`export --console`): the
//! database file as sql.js opens it, and the rows a reference answer gives
//! on such a copy, so that a teacher's exercise is checked before the page
//! is written.

use std::sync::{Arc, Mutex};

use anyhow::{Context, Result};
use rusqlite::backup::Backup;
use rusqlite::hooks::{AuthAction, AuthContext, Authorization};
use rusqlite::{Connection, MAIN_DB};

use rusqlite::types::ValueRef;

use super::failure::is_denied;
use crate::model::exercises::{AnswerRows, Typed};

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
    let said = |e: rusqlite::Error| e.to_string();
    let mut conn = Connection::open_in_memory().map_err(said)?;
    conn.deserialize_read_exact(MAIN_DB, image, image.len(), true)
        .map_err(said)?;
    super::query::lock_down(&conn).map_err(|e| e.to_string())?;
    let mut statement = conn.prepare(sql).map_err(|e| match e {
        rusqlite::Error::MultipleStatement => "it holds more than one statement".to_string(),
        other if is_denied(&other) => {
            "it would attach a file, load an extension or set a pragma, which an answer may not"
                .to_string()
        }
        other => said(other),
    })?;
    if statement.column_count() == 0 && statement.expanded_sql().is_none() {
        return Err("it holds no statement (only comments)".into());
    }
    if !statement.readonly() || statement.column_count() == 0 {
        return Err("an answer is a query that reads rows, and this one does not".into());
    }
    let columns: Vec<String> = (statement.column_names().into_iter())
        .map(str::to_string)
        .collect();
    let mut rows = statement.query([]).map_err(said)?;
    let mut all = Vec::new();
    while let Some(row) = rows.next().map_err(said)? {
        let values = (0..columns.len())
            .map(|i| row.get_ref(i).map(typed).map_err(said))
            .collect::<Result<Vec<Typed>, String>>()?;
        all.push(values);
    }
    Ok(AnswerRows { columns, rows: all })
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
