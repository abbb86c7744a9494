//! Keeping the solutions once found (`queens init --materialize`) in the
//! file's table solution_store.
//!
//! The parts of the search run on several threads with read-only
//! connections, so the rows cannot go straight into the database: with
//! SQLite's rollback journal a writer that spills its cache would lock those
//! readers out. They are streamed, in board order and in one transaction,
//! into a staging file beside the database; once the search is done and
//! its readers are gone, one transaction copies them in and switches the
//! views over to them.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use rusqlite::{Connection, OpenFlags, params_from_iter};
use tempfile::NamedTempFile;

use crate::engine::interface::SolutionStore;
use crate::engine::sqlite::file_name::sqlite_name;
use crate::engine::sqlite::{build, change};
use crate::model::board::Board;
use crate::model::schema::{store_row_sql, store_sql};
use crate::tempfiles::{discard, new_temp_file, parent_dir};

/// Solutions on their way into the file at `path`, staged beside it.
pub struct Staging {
    path: PathBuf,
    n: u8,
    /// Both held until dropped: the connection closes before its file goes.
    conn: Option<Connection>,
    file: Option<NamedTempFile>,
    count: u64,
    /// The insert of one solution (sql/tables/solution_store_row.sql).
    insert: String,
}

impl Staging {
    /// A staging file for the solutions of the `n`×`n` board at `path`.
    pub fn begin(path: &Path, n: u8) -> Result<Staging> {
        let file = new_temp_file(&parent_dir(path), ".store")
            .with_context(|| format!("cannot stage solutions beside {}", path.display()))?;
        let conn = Connection::open(sqlite_name(file.path()))?;
        conn.execute_batch(&store_sql(n)?)?;
        conn.execute_batch("begin")?;
        Ok(Staging {
            path: path.to_path_buf(),
            n,
            conn: Some(conn),
            file: Some(file),
            count: 0,
            insert: store_row_sql(n)?,
        })
    }

    fn conn(&self) -> &Connection {
        self.conn
            .as_ref()
            .expect("the staging connection is open until dropped")
    }

    fn staging_file(&self) -> &Path {
        let file = self.file.as_ref();
        file.expect("the staging file is there until dropped")
            .path()
    }

    /// (Named by the user's file: the staging file's own name is one they
    /// never asked for.)
    fn staged(&self) -> String {
        format!(
            "could not stage the solutions beside {}",
            self.path.display()
        )
    }
}

impl Drop for Staging {
    /// The connection closes first, so that `discard` takes a journal
    /// SQLite could not remove (the disk full) with the staging file.
    fn drop(&mut self) {
        drop(self.conn.take());
        if let Some(file) = self.file.take() {
            discard(file);
        }
    }
}

impl SolutionStore for Staging {
    fn push(&mut self, squares: &[String]) -> Result<()> {
        self.count += 1;
        let mut insert = self
            .conn()
            .prepare_cached(&self.insert)
            .with_context(|| self.staged())?;
        let row = std::iter::once(self.count.to_string()).chain(squares.iter().cloned());
        insert
            .execute(params_from_iter(row))
            .with_context(|| self.staged())?;
        Ok(())
    }

    fn commit(self: Box<Self>) -> Result<u64> {
        self.conn()
            .execute_batch("commit")
            .with_context(|| self.staged())?;
        copy_in(&self.path, self.n, self.staging_file())?;
        Ok(self.count)
    }
}

/// Replaces solution_store in the database with the staged one and points
/// the views at it, in one transaction, if the database still holds the
/// board that was searched: another process may have rebuilt it meanwhile.
/// (The facts are derived from the size alone, so the same size means the
/// same board.)
fn copy_in(path: &Path, n: u8, staging: &Path) -> Result<()> {
    let staged =
        Connection::open_with_flags(sqlite_name(staging), OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    change::change_model(path, |tx| {
        let now = build::stored_size(tx)?;
        if now != Some(n) {
            bail!(
                "{} was rebuilt for {} while its {n}×{n} solutions were searched; nothing was stored",
                path.display(),
                now.map_or("no board".to_string(), |n| Board::square(n).a_board())
            );
        }
        build::drop_store(tx)?;
        tx.execute_batch(&store_sql(n)?)?;
        let mut insert = tx.prepare(&store_row_sql(n)?)?;
        let mut select = staged.prepare("select * from solution_store order by solution_no")?;
        let mut rows = select.query([])?;
        while let Some(row) = rows.next()? {
            let values = (0..=usize::from(n))
                .map(|i| row.get::<_, rusqlite::types::Value>(i))
                .collect::<rusqlite::Result<Vec<_>>>()?;
            insert.execute(params_from_iter(values))?;
        }
        build::create_views(tx, &build::stored_board(tx, n)?)
    })
}
