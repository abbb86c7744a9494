//! The embedded default: the board in an SQLite file, the file a user opens
//! in the sqlite3 shell. The only place `rusqlite` is named.
//!
//! - `open`: opening, inspecting and creating files, never half-built;
//! - `change`: rebuilding and upgrading, keeping what is the user's;
//! - `references`: the rows that break a foreign key, before and after a
//!   change, so that none of the user's is newly broken;
//! - `failure`: what SQLite's errors mean, in a sentence about the file;
//! - `build`: the migrations, facts and views as SQLite runs them;
//! - `query`: the sandbox a user's statement runs in;
//! - `doctor`: what `doctor` checks in a file;
//! - `store`: keeping the solutions once found (`init --materialize`);
//! - `dump`: the whole file as SQL;
//! - `image`: a board as bytes for the page's console;
//! - `values`, `file_name`: values as SQLite hands them back, the name a
//!   path is handed to SQLite by; below every other file, which never
//!   names this one.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use rusqlite::Connection;

use crate::engine::findings::Finding;
use crate::engine::interface::{
    Inspection, Origin, Param, Params, ReferenceBoard, Snapshot, SolutionStore,
};
use crate::error::usage;
use crate::model::board::{Board, DEFAULT_SIZE};
use crate::model::reading::CatalogRelation;
use crate::model::template::{Dialect, Sql};
use crate::model::value::Value;
use values::value_of;

mod build;
mod change;
mod doctor;
mod dump;
mod failure;
mod file_name;
mod image;
mod open;
mod query;
mod references;
mod store;
mod values;

pub use failure::explain_leftover_busy;
pub use image::{
    AnswerBounds, AnswerInterrupt, AnswerNeeds, answer_functions, answer_needs, answer_rows,
    answer_steps, bounded_answer_rows, image_of_file,
};

/// A board built afresh by this queens, in memory, for another engine's
/// `doctor` to compare its tables with, row for row: the SQLite engine
/// derives the facts from the same SQL files, so its rows are what any
/// engine's build holds.
pub struct FreshBoard {
    conn: Connection,
    /// "a 6×6 board", as a refusal of memory names it.
    named: String,
}

impl FreshBoard {
    /// A fresh plain `n`×`n` board.
    pub fn new(n: u8) -> Result<FreshBoard> {
        Self::of(&Board::square(n))
    }

    /// `board`, fresh.
    pub fn of(board: &Board) -> Result<FreshBoard> {
        let named = board.a_board();
        let building = format!("building {named} in memory");
        let conn = build::fresh_board(board).map_err(|e| failure::explain_memory(e, &building))?;
        Ok(FreshBoard { conn, named })
    }

    /// `board`, fresh, as the reference a server's doctor holds its
    /// tables against.
    pub fn reference(board: &Board) -> Result<Box<dyn ReferenceBoard>> {
        Ok(Box::new(Self::of(board)?))
    }

    /// The board as the bytes of a database file (the page's console).
    pub fn image(&self) -> Result<Vec<u8>> {
        let copying = format!("copying {} built in memory", self.named);
        image::image_of_memory(&self.conn).map_err(|e| failure::explain_memory(e, &copying))
    }

    /// Its tables and views as Datasette lists them
    /// (sql/datasette/relations.sql): what the suite holds the model's
    /// `catalog::relations` against.
    pub fn catalog(&self) -> Result<Vec<CatalogRelation>> {
        build::rows_as_text(
            &self.conn,
            crate::model::sql::file("datasette/relations.sql"),
        )?
        .into_iter()
        .map(|row| match <[String; 3]>::try_from(row) {
            Ok([name, kind, sql]) => {
                let columns = build::table_columns(&self.conn, &name)?;
                Ok(CatalogRelation {
                    name,
                    kind,
                    sql,
                    columns,
                })
            }
            Err(_) => anyhow::bail!("sql/datasette/relations.sql answers three columns"),
        })
        .collect()
    }
}

impl ReferenceBoard for FreshBoard {
    fn rows(&self, table: &str, columns: &[String]) -> Result<Vec<Vec<String>>> {
        let rows = crate::model::schema::table_rows(table, columns, Dialect::Sqlite)?;
        build::rows_as_text(&self.conn, &rows)
    }
}

/// A board in the SQLite file at a path.
pub struct Engine {
    path: PathBuf,
    /// Set for a board built for one command only: the file, removed when
    /// the engine is dropped (or on Ctrl-C).
    temporary: Option<tempfile::NamedTempFile>,
    /// The kind of board a reading command's `open` creates a missing file
    /// with, where one was asked for: without, the plain one.
    asked: Option<Board>,
}

impl Drop for Engine {
    /// A temporary board goes off the lists of files to remove with it.
    fn drop(&mut self) {
        if let Some(file) = self.temporary.take() {
            crate::tempfiles::discard(file);
        }
    }
}

impl Engine {
    pub fn new(path: &Path) -> Engine {
        Engine {
            path: path.to_path_buf(),
            temporary: None,
            asked: None,
        }
    }

    /// `board` built afresh in the system's temporary directory for one
    /// command, and removed when it is done.
    pub fn temporary(board: &Board) -> Result<Engine> {
        let file = open::create_temporary(board)?;
        Ok(Engine {
            path: file.path().to_path_buf(),
            temporary: Some(file),
            asked: Some(board.clone()),
        })
    }

    /// How a sibling reads the board the first reader reads (`first`, as
    /// its `snapshot` gave it).
    fn shared(&self, first: &Snapshot) -> Result<open::Shared> {
        Ok(match first.0.as_deref() {
            None => open::Shared::Locked,
            Some("") => open::Shared::EmptyLog,
            Some(hex) => open::Shared::Snapshot(from_hex(hex).with_context(|| {
                format!(
                    "could not tell which board the first connection to {} reads; run the \
                         command again",
                    self.path.display()
                )
            })?),
        })
    }

    /// `result`, its error naming the board as `shown` does: a temporary
    /// board's file has a name the user never gave, which no message
    /// shows (the errors of opening a file name its path).
    fn naming_shown<T>(&self, result: Result<T>) -> Result<T> {
        let Some(temporary) = &self.temporary else {
            return result;
        };
        result.map_err(|error| {
            let path = temporary.path().display().to_string();
            let said = crate::error::one_line(&error);
            if !said.contains(&path) {
                return error;
            }
            let shown = crate::engine::interface::Engine::shown(self);
            anyhow::anyhow!(said.replace(&path, &shown))
        })
    }

    /// A reader on `conn`, holding the `image` its `queens_count` database
    /// reads, if any.
    fn reader(&self, conn: Connection, image: Option<Arc<Vec<u8>>>) -> Reader {
        Reader {
            conn,
            shown: crate::engine::interface::Engine::shown(self),
            _image: image,
        }
    }
}

/// The board an existing queens file holds (None when the file is
/// missing or cannot be read as a queens file: opening it then says why).
/// A read refused memory is an error: it tells nothing of the board, and
/// taking it for none would have the command refuse the size asked for.
pub fn held_board(path: &Path) -> Result<Option<Board>> {
    if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return Ok(None);
    }
    let read = || -> Result<Board> {
        let held = open::inspect_header(path)?.size;
        build::stored_board(&open::reading(path)?, held)
    };
    let reading = format!("reading {}", path.display());
    crate::error::none_unless_out_of_memory(
        read().map_err(|e| failure::explain_memory(e, &reading)),
    )
}

impl crate::engine::interface::Engine for Engine {
    fn shown(&self) -> String {
        match &self.temporary {
            Some(_) => "the temporary board".to_string(),
            None => self.path.display().to_string(),
        }
    }

    fn open(
        &self,
        requested: Option<u8>,
        arguments_fit: &dyn Fn(&Board) -> Result<()>,
    ) -> Result<(Box<dyn crate::engine::interface::Reader>, Board)> {
        let new = Board::of_kind(self.asked.as_ref(), requested.unwrap_or(DEFAULT_SIZE));
        if !open::path_exists(&self.path)? {
            arguments_fit(&new)?;
        }
        let (conn, board) =
            self.naming_shown(open::open_for_reading(&self.path, requested, &new))?;
        Ok((Box::new(self.reader(conn, None)), board))
    }

    /// Yes: the search runs in this process, on its cores.
    fn searches_in_process(&self) -> bool {
        true
    }

    fn sibling(&self, first: &Snapshot) -> Result<Box<dyn crate::engine::interface::Reader>> {
        let shown = crate::engine::interface::Engine::shown(self);
        let conn = reading_named(
            &shown,
            open::reading_shared(&self.path, &self.shared(first)?),
        );
        let conn = self.naming_shown(conn)?;
        Ok(Box::new(self.reader(conn, None)))
    }

    /// The tables were built in the first reader's `queens_count`
    /// database, in memory, which the count's SQL names (SQLite loads an
    /// image into an attached database, never into `temp`). A refusal of
    /// memory names the board, as every reader's does.
    fn sibling_on_image(
        &self,
        image: &Arc<Vec<u8>>,
    ) -> Result<Box<dyn crate::engine::interface::Reader>> {
        let shown = crate::engine::interface::Engine::shown(self);
        let conn = reading_named(&shown, open::reading_image(image))?;
        Ok(Box::new(self.reader(conn, Some(Arc::clone(image)))))
    }

    fn ensure_exists(&self, new: &Board) -> Result<(Origin, Inspection)> {
        open::ensure_exists(&self.path, new)
    }

    fn create_missing_as(&mut self, asked: &Board) -> Result<()> {
        self.asked = Some(asked.clone());
        Ok(())
    }

    fn held_board(&self) -> Result<Option<Board>> {
        let conn = open::reading(&self.path)?;
        match build::stored_size(&conn)? {
            Some(n) => Ok(Some(build::stored_board(&conn, n)?)),
            None => Ok(None),
        }
    }

    fn lacks_board_size(&self) -> Result<bool> {
        Ok(open::lacks_board_size(&self.path))
    }

    fn rebuild(&self, board: &Board) -> Result<()> {
        change::rebuild(&self.path, board)
    }

    fn bring_up_to_date(&self) -> Result<bool> {
        change::bring_up_to_date(&self.path)
    }

    fn distribute(&self, _build: &mut dyn FnMut() -> Result<()>) -> Result<(i64, bool)> {
        Err(usage(
            "--distributed needs a postgres:// URL of a Citus coordinator, not a file",
        ))
    }

    fn store_solutions(&self, n: u8) -> Result<Box<dyn SolutionStore + '_>> {
        Ok(Box::new(store::Staging::begin(&self.path, n)?))
    }

    fn doctor(&self, requested: Option<u8>) -> Result<Vec<Finding>> {
        doctor::findings(&self.path, requested)
    }
}

/// Why the count's table of the last queens could not be built: memory,
/// or facts that do not hold (a file damaged where `quick_check` does not
/// look), which `doctor` names.
fn last_queens_failed(error: &rusqlite::Error, shown: &str) -> anyhow::Error {
    if error.sqlite_error_code() == Some(rusqlite::ErrorCode::OutOfMemory) {
        return no_memory_for_last_queens();
    }
    anyhow::anyhow!(
        "{shown}: the count's table of the last queens could not be built from the board's \
         facts ({error}); queens doctor checks them"
    )
}

/// A process too short of memory for the count's table of the last queens.
fn no_memory_for_last_queens() -> anyhow::Error {
    crate::error::Error::OutOfMemory {
        what: "for the count's table of the last queens".to_string(),
    }
    .into()
}

/// A read-only connection inside one read transaction.
pub struct Reader {
    conn: Connection,
    /// The board, as errors name it (`Engine::shown`).
    shown: String,
    /// The image its `queens_count` database reads in place, shared with
    /// the command's other readers: held here only to be dropped after
    /// `conn`, which is declared first.
    _image: Option<Arc<Vec<u8>>>,
}

impl crate::engine::interface::Reader for Reader {
    fn dialect(&self) -> Dialect {
        Dialect::Sqlite
    }

    /// A statement SQLite runs out of memory for says so, naming the
    /// board it read: never a fault of the board.
    fn rows_until(
        &self,
        sql: &Sql,
        params: &Params,
        each: &mut dyn FnMut(&[Value]) -> Result<ControlFlow<()>>,
    ) -> Result<ControlFlow<()>> {
        self.naming_memory(self.each_row(sql, params, each))
    }

    /// The tables are built in `temp`, kept in memory (a temporary file
    /// would need a writable directory), and copied into memory taken with
    /// a check, so that a process short of memory (`ulimit -v`) says so in
    /// one line rather than aborting. The readers load the image as
    /// `queens_count`, which the count's SQL names: SQLite loads no image
    /// into `temp`.
    fn build_scratch(&self, script: &str) -> Result<Arc<Vec<u8>>> {
        open::keep_temp_in_memory(&self.conn)?;
        self.conn
            .execute_batch(script)
            .map_err(|e| last_queens_failed(&e, &self.shown))?;
        let data = self
            .conn
            .serialize(rusqlite::TEMP_DB)
            .map_err(|_| no_memory_for_last_queens())?;
        let mut image = Vec::new();
        image
            .try_reserve_exact(data.len())
            .map_err(|_| no_memory_for_last_queens())?;
        image.extend_from_slice(&data);
        Ok(Arc::new(image))
    }

    /// None for a file in a rollback journal mode, "" for a WAL file
    /// whose log was empty, else the WAL snapshot in hexadecimal (or a
    /// word that is none, which the siblings refuse).
    fn snapshot(&self) -> Snapshot {
        Snapshot(match open::shared_board(&self.conn) {
            Ok(open::Shared::Snapshot(bytes)) => Some(crate::model::hex::hex(&bytes)),
            Ok(open::Shared::EmptyLog) => Some(String::new()),
            Ok(open::Shared::Locked) => None,
            // Which board the first reader reads could not be told: no
            // other connection may guess (it could read another board).
            Err(_) => Some("unknown".to_string()),
        })
    }

    fn user_query(
        &self,
        statement: &str,
        timeout: Option<Duration>,
        headers: &mut dyn FnMut(Vec<String>) -> Result<()>,
        each: &mut dyn FnMut(&[Value]) -> Result<()>,
    ) -> Result<()> {
        self.naming_memory(query::run(&self.conn, statement, timeout, headers, each))
    }

    fn has_own_solution_view(&self, board: &Board) -> Result<bool> {
        let differing = self.naming_memory(build::views_differing_on(&self.conn, board))?;
        Ok(!differing.contains(&"solution"))
    }

    fn stored_count(&self) -> Result<Option<u64>> {
        let count = || -> Result<Option<u64>> {
            if !build::has_store(&self.conn)? {
                return Ok(None);
            }
            let count: i64 =
                self.conn
                    .query_row("select count(*) from solution_store", [], |row| row.get(0))?;
            Ok(Some(count as u64))
        };
        self.naming_memory(count())
    }

    fn dump(&self, out: &mut dyn std::io::Write) -> Result<()> {
        self.naming_memory(dump::write_dump(&self.conn, out))
    }

    fn image(&self) -> Result<Option<Vec<u8>>> {
        self.naming_memory(image::image_of(&self.conn).map(Some))
    }
}

/// `result`, where SQLite ran out of memory said as a refusal of memory
/// while reading the board `shown`; any other failure as it is.
fn reading_named<T>(shown: &str, result: Result<T>) -> Result<T> {
    result.map_err(|e| failure::explain_memory(e, &format!("reading {shown}")))
}

impl Reader {
    /// `result`, where SQLite ran out of memory said as a refusal of
    /// memory while reading the board, naming it; any other failure as
    /// it is.
    fn naming_memory<T>(&self, result: Result<T>) -> Result<T> {
        reading_named(&self.shown, result)
    }

    /// Runs `sql` with `params`, giving each row to `each` until it breaks.
    fn each_row(
        &self,
        sql: &Sql,
        params: &Params,
        each: &mut dyn FnMut(&[Value]) -> Result<ControlFlow<()>>,
    ) -> Result<ControlFlow<()>> {
        let mut stmt = self.conn.prepare_cached(&sql.text)?;
        for name in &sql.params {
            let Some((_, value)) = params.iter().find(|(given, _)| given == name) else {
                anyhow::bail!("no value for parameter :{name}");
            };
            let index = stmt
                .parameter_index(&format!(":{name}"))?
                .ok_or_else(|| anyhow::anyhow!("no parameter :{name} in the statement"))?;
            match value {
                Param::Int(i) => stmt.raw_bind_parameter(index, i)?,
                Param::Text(t) => stmt.raw_bind_parameter(index, t)?,
            }
        }
        let width = stmt.column_count();
        let mut rows = stmt.raw_query();
        let mut values = Vec::with_capacity(width);
        while let Some(row) = rows.next()? {
            values.clear();
            for i in 0..width {
                values.push(value_of(row.get_ref(i)?));
            }
            if each(&values)?.is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }
}

fn from_hex(text: &str) -> Option<Vec<u8>> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}
