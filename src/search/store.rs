//! Keeping the solutions once found (`queens init --materialize`), so that
//! boards whose search takes minutes answer `count`, `solve`, `show`,
//! `complete` and `export` at once.
//!
//! The parts of the search run on several threads with read-only
//! connections, so the rows cannot go straight into the database: with
//! SQLite's rollback journal a writer that spills its cache would lock those
//! readers out. They are streamed, in board order and in batches of one
//! transaction, into a staging file beside the database; one transaction
//! then copies them in and switches the views over to them.

use std::path::Path;

use anyhow::{Context, Result, bail};
use rusqlite::{Connection, OpenFlags, params_from_iter};

use crate::engine;
use crate::engine::{Reader, Target, sqlite_name};
use crate::model::board::a_board;
use crate::model::schema;
use crate::search::parallel::{self, Workers};
use crate::tempfiles::{new_temp_file, parent_dir};

/// Searches every solution of the `n`×`n` board at `path` and stores them
/// in solution_store. Returns how many were stored.
pub fn materialize(path: &Path, n: u8, workers: Workers) -> Result<u64> {
    let staging = new_temp_file(&parent_dir(path), ".store")
        .with_context(|| format!("cannot stage solutions beside {}", path.display()))?;
    let stored = stage(path, n, workers, staging.path()).with_context(|| {
        format!(
            "could not stage the solutions in {}",
            staging.path().display()
        )
    })?;
    copy_in(path, n, staging.path())?;
    Ok(stored)
}

/// Streams every solution into solution_store in the staging file.
fn stage(path: &Path, n: u8, workers: Workers, staging: &Path) -> Result<u64> {
    let mut stage = Connection::open(sqlite_name(staging))?;
    stage.execute_batch(&schema::store_sql(n)?)?;
    let tx = stage.transaction()?;
    let mut count = 0u64;
    {
        let placeholders = vec!["?"; usize::from(n) + 1].join(", ");
        let mut insert = tx.prepare(&format!(
            "insert into solution_store values ({placeholders})"
        ))?;
        let target = Target::File(path.to_path_buf());
        let (reader, _) = engine::open(&target, Some(n))?;
        parallel::for_each_solution(&target, &reader, n, workers, |squares| {
            count += 1;
            let row = std::iter::once(count.to_string()).chain(squares);
            insert.execute(params_from_iter(row))?;
            Ok(())
        })?;
    }
    tx.commit()?;
    Ok(count)
}

/// Replaces solution_store in the database with the staged one and points
/// the views at it, in one transaction, if the database still holds the
/// board that was searched: another process may have rebuilt it meanwhile.
/// (The facts are derived from the size alone, so the same size means the
/// same board.)
fn copy_in(path: &Path, n: u8, staging: &Path) -> Result<()> {
    let staged =
        Connection::open_with_flags(sqlite_name(staging), OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    engine::change_file_model(path, |tx| {
        let now = schema::stored_size(tx)?;
        if now != Some(n) {
            bail!(
                "{} was rebuilt for {} while its {n}×{n} solutions were searched; nothing was stored",
                path.display(),
                now.map_or("no board".to_string(), a_board)
            );
        }
        schema::drop_store(tx)?;
        tx.execute_batch(&schema::store_sql(n)?)?;
        let placeholders = vec!["?"; usize::from(n) + 1].join(", ");
        let mut insert = tx.prepare(&format!(
            "insert into solution_store values ({placeholders})"
        ))?;
        let mut select = staged.prepare("select * from solution_store order by solution_no")?;
        let mut rows = select.query([])?;
        while let Some(row) = rows.next()? {
            let values = (0..=usize::from(n))
                .map(|i| row.get::<_, rusqlite::types::Value>(i))
                .collect::<rusqlite::Result<Vec<_>>>()?;
            insert.execute(params_from_iter(values))?;
        }
        schema::create_views(tx, n)
    })
}

/// Whether the solutions are stored (only SQLite files store them).
pub fn is_stored(reader: &Reader) -> Result<bool> {
    match reader.sqlite() {
        Some(conn) => schema::has_store(conn),
        None => Ok(false),
    }
}

/// How many solutions are stored, if they are.
pub fn stored_count(reader: &Reader) -> Result<Option<u64>> {
    if !is_stored(reader)? {
        return Ok(None);
    }
    Ok(Some(
        reader.number("select count(*) from solution_store", &[])? as u64,
    ))
}
