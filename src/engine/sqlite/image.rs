//! A board as bytes for the page's console (`export --console`): the
//! database file as sql.js opens it, and the rows a reference answer gives
//! on such a copy, so that a teacher's exercise is checked before the page
//! is written.

use anyhow::{Context, Result};
use rusqlite::backup::Backup;
use rusqlite::{Connection, MAIN_DB};

use super::values::value_of;
use crate::model::value::Value;

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

/// The rows `sql` answers on the database `image` holds, each value as
/// SQLite hands it back; Err holds SQLite's own words, or why the answer
/// is no query. It runs as `query` runs a statement (`query::lock_down`):
/// it may only read, attaches nothing and sets no pragma, so a teacher's
/// answer reaches no file.
pub fn answer_rows(image: &[u8], sql: &str) -> Result<Vec<Vec<Value>>, String> {
    let said = |e: rusqlite::Error| e.to_string();
    let mut conn = Connection::open_in_memory().map_err(said)?;
    conn.deserialize_read_exact(MAIN_DB, image, image.len(), true)
        .map_err(said)?;
    super::query::lock_down(&conn).map_err(|e| e.to_string())?;
    let mut statement = conn.prepare(sql).map_err(|e| match e {
        rusqlite::Error::MultipleStatement => "it holds more than one statement".to_string(),
        other if other.to_string().contains("not authorized") => {
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
    let width = statement.column_count();
    let mut rows = statement.query([]).map_err(said)?;
    let mut all = Vec::new();
    while let Some(row) = rows.next().map_err(said)? {
        let values = (0..width)
            .map(|i| row.get_ref(i).map(value_of).map_err(said))
            .collect::<Result<Vec<Value>, String>>()?;
        all.push(values);
    }
    Ok(all)
}
