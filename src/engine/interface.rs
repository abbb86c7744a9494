//! What every engine implements: an [`Engine`] for one `--db`, the
//! [`Reader`]s it opens, the [`SolutionStore`] that keeps solutions and,
//! on a cluster, the [`Cluster`] that runs the parts of the search.

use std::ops::ControlFlow;
use std::time::Duration;

use anyhow::{Result, bail};

use super::findings::Finding;
use crate::error::usage;
use crate::model::board::Board;
use crate::model::schema;
use crate::model::template::{Dialect, Scope, Sql};
use crate::model::value::Value;

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

/// What a command's other connections need of its first reader to read
/// the same board: on PostgreSQL, the name of its exported snapshot; an
/// SQLite file cannot change while the first reader holds its read lock.
#[derive(Clone, Debug, Default)]
pub struct Snapshot(pub Option<String>);

/// A value bound to a parameter (`param("name")` in a template).
pub enum Param {
    Int(i64),
    Text(String),
}

/// The named values a statement's parameters take.
pub type Params<'a> = [(&'a str, Param)];

/// The reference board: a board built afresh in memory from the same SQL
/// files (by SQLite), whose rows are what any engine's build of that
/// board holds. A server's doctor holds its tables against it.
pub trait ReferenceBoard {
    /// Every row of queens' table `table` in `columns` (queens' own
    /// names, never a user's), each value as text, as the sqlite3 shell
    /// shows it.
    fn rows(&self, table: &str, columns: &[String]) -> Result<Vec<Vec<String>>>;
}

/// How an engine gets the reference board of a board: the registry hands
/// it to the engines that need one, so that no engine names another.
pub type ReferenceFor = fn(&Board) -> Result<Box<dyn ReferenceBoard>>;

/// The board size a database's board_size row holds, if it is one queens
/// makes (1 to 26). Its check constraint can be switched off, and a size
/// read modulo 256 would be another board: such a row counts as no size,
/// which `init --force --size N` replaces.
pub fn board_size_from(n: i64) -> Option<u8> {
    u8::try_from(n)
        .ok()
        .filter(|size| (1..=crate::model::board::MAX_SIZE).contains(size))
}

/// The database `--db` names, as `init` and the reading commands use it.
pub trait Engine: Sync {
    /// How messages name it.
    fn shown(&self) -> String;

    /// Has every board it builds or upgrades from now on carry queens'
    /// descriptions of its relations and columns (`model::description`),
    /// where the database keeps descriptions apart from the statements
    /// (PostgreSQL's `comment on`): `init` asks for them. Nothing to do
    /// on SQLite, whose statements keep their comments.
    fn describe_relations(&mut self) {}

    /// Lets the schema hold objects of `roles`, whose SQL a reader then runs
    /// with its own privileges (`--trust-owner`). Nothing on SQLite: a
    /// file holds no other role's SQL.
    fn trust_owners(&mut self, roles: &[String]) {
        let _ = roles;
    }

    /// Opens the board for a command that only reads: a reader inside one
    /// read transaction, and the board it reads. A file that does not exist is
    /// created first (for `requested` or the default size), once
    /// `arguments_fit` accepts the board it would hold; a server is never
    /// written to.
    fn open(
        &self,
        requested: Option<u8>,
        arguments_fit: &dyn Fn(&Board) -> Result<()>,
    ) -> Result<(Box<dyn Reader>, Board)>;

    /// Another reader of the board the command's first reader reads, for a
    /// worker thread: the same board (on a server, the same snapshot).
    fn sibling(&self, first: &Snapshot) -> Result<Box<dyn Reader>>;

    /// A reader of the tables another reader of the command built beside
    /// the board (`Reader::build_scratch`), from their image, shared by
    /// every reader that loads it. It reads that image alone, never the
    /// board, which the builder read for it inside the command's read
    /// transaction. Only an engine whose dialect's SQL asks for such
    /// tables is asked (SQLite's count, last_queens).
    fn sibling_on_image(&self, image: &std::sync::Arc<Vec<u8>>) -> Result<Box<dyn Reader>> {
        let _ = image;
        anyhow::bail!("this engine keeps no tables of a connection's own")
    }

    /// Whether its search runs in this process (SQLite's), so that threads
    /// beyond the machine's cores only cost memory; a server's runs there.
    fn searches_in_process(&self) -> bool;

    /// The board `open` creates from now on where the database it names
    /// does not exist yet, on the columns it is made with
    /// (`Board::on_columns`). A server's engine creates none on opening
    /// (`init` builds a board, `ensure_exists` and `rebuild`), so any kind
    /// passes there.
    fn create_missing_as(&mut self, board: &Board) -> Result<()>;

    /// The board the database holds, if it holds one.
    fn held_board(&self) -> Result<Option<Board>>;

    /// Makes sure a board exists: creates `new` when there is none. Never
    /// upgrades.
    fn ensure_exists(&self, new: &Board) -> Result<(Origin, Inspection)>;

    /// Whether the database is queens' but holds no board size, so that
    /// `init --force --size N` may build one in it.
    fn lacks_board_size(&self) -> Result<bool>;

    /// Replaces the board with `board`, in one transaction, keeping what
    /// is the user's or refusing before anything changes.
    fn rebuild(&self, board: &Board) -> Result<()>;

    /// Upgrades a board written by an older queens; whether it had to.
    fn bring_up_to_date(&self) -> Result<bool>;

    /// Spreads the board over a cluster: first refuses, before `build`
    /// runs and so before anything is changed, a database whose search
    /// cannot be distributed; then has `build` make the board, and spreads
    /// it. Returns the number of workers and whether anything had to be
    /// done.
    fn distribute(&self, build: &mut dyn FnMut() -> Result<()>) -> Result<(i64, bool)>;

    /// Begins storing the solutions of the `n`×`n` board (`init
    /// --materialize`), which the caller then hands over in board order.
    fn store_solutions(&self, n: u8) -> Result<Box<dyn SolutionStore + '_>>;

    /// What `doctor` finds in the database (which must hold a board of
    /// `requested`, if given): every check the engine can make, without
    /// changing anything.
    fn doctor(&self, requested: Option<u8>) -> Result<Vec<Finding>>;
}

/// The solutions of a board, being stored as they are found.
pub trait SolutionStore {
    /// The next solution in board order.
    fn push(&mut self, squares: &[String]) -> Result<()>;
    /// Keeps them all, in one transaction; returns how many.
    fn commit(self: Box<Self>) -> Result<u64>;
}

/// One read transaction on a board: every query through it sees the same
/// board.
pub trait Reader: Send {
    /// The dialect queens' SQL is expanded for.
    fn dialect(&self) -> Dialect;

    /// Calls `each` with the rows of `sql` (expanded for this reader's
    /// dialect), its parameters bound from `params` by name, until it
    /// breaks; says whether it did.
    fn rows_until(
        &self,
        sql: &Sql,
        params: &Params,
        each: &mut dyn FnMut(&[Value]) -> Result<ControlFlow<()>>,
    ) -> Result<ControlFlow<()>>;

    /// Runs `script`, which builds tables of this reader's own beside the
    /// board, in memory, from what this reader reads of it (the board is
    /// not written), and returns their image, which
    /// `Engine::sibling_on_image` loads.
    fn build_scratch(&self, script: &str) -> Result<std::sync::Arc<Vec<u8>>> {
        let _ = script;
        anyhow::bail!("this engine keeps no tables of a connection's own")
    }

    /// The snapshot the command's other connections share with this one.
    fn snapshot(&self) -> Snapshot;

    /// Runs a user's statement for `query`, in the engine's sandbox:
    /// `headers` gets the column names, then `each` every row as it comes.
    fn user_query(
        &self,
        statement: &str,
        timeout: Option<Duration>,
        headers: &mut dyn FnMut(Vec<String>) -> Result<()>,
        each: &mut dyn FnMut(&[Value]) -> Result<()>,
    ) -> Result<()>;

    /// Whether the `solution` view of `board` (the board it reads) is the
    /// one this build writes; one the user replaced, or an older queens
    /// wrote, is read as it stands.
    fn has_own_solution_view(&self, board: &Board) -> Result<bool> {
        let _ = board;
        Ok(true)
    }

    /// How many solutions are stored (`init --materialize`), if they are.
    fn stored_count(&self) -> Result<Option<u64>> {
        Ok(None)
    }

    /// The distributed search, where the board is spread over a cluster.
    fn cluster(&self) -> Result<Option<&dyn Cluster>> {
        Ok(None)
    }

    /// Writes the whole database as SQL that rebuilds it (`export --format
    /// sql`), where the engine can.
    fn dump(&self, out: &mut dyn std::io::Write) -> Result<()>;

    /// The board as the bytes of an SQLite file, for the page's console,
    /// where the reader reads such a file: SQLite's own file as this
    /// reader sees it. None on a server, whose board the caller builds
    /// afresh in SQLite (`engine::FreshBoard`) from the same SQL files.
    fn image(&self) -> Result<Option<Vec<u8>>> {
        Ok(None)
    }
}

impl dyn Reader + '_ {
    /// Calls `each` with every row of `sql`, its parameters bound from
    /// `params` by name.
    pub fn rows(
        &self,
        sql: &Sql,
        params: &Params,
        each: &mut dyn FnMut(&[Value]) -> Result<()>,
    ) -> Result<()> {
        let mut every = |row: &[Value]| each(row).map(|()| ControlFlow::Continue(()));
        self.rows_until(sql, params, &mut every).map(drop)
    }

    /// Calls `each` with every row of the statement `text`, which has no
    /// template markers of its own.
    pub fn each_row(
        &self,
        text: &str,
        params: &Params,
        mut each: impl FnMut(&[Value]) -> Result<()>,
    ) -> Result<()> {
        let sql = crate::model::template::render(text, &Scope::for_dialect(self.dialect()))?;
        self.rows(&sql, params, &mut each)
    }

    /// The first row of `sql`, if any.
    pub fn first(&self, sql: &Sql, params: &Params) -> Result<Option<Vec<Value>>> {
        let mut first = None;
        let _stopped = self.rows_until(sql, params, &mut |row| {
            first = Some(row.to_vec());
            Ok(ControlFlow::Break(()))
        })?;
        Ok(first)
    }

    /// The number a statement without markers answers (a `count(*)`).
    pub fn number(&self, text: &str) -> Result<i64> {
        let sql = crate::model::template::render(text, &Scope::for_dialect(self.dialect()))?;
        self.number_of(&sql, &[])
    }

    /// The number `sql` answers.
    pub fn number_of(&self, sql: &Sql, params: &Params) -> Result<i64> {
        match self.first(sql, params)? {
            Some(row) if !row.is_empty() => row[0].integer(),
            _ => bail!("no answer to {}", sql.text),
        }
    }
}

/// The search of a board spread over a cluster, each call one statement
/// that every worker runs on the parts it holds.
pub trait Cluster {
    /// The weight of each part, in part order.
    fn part_weights(&self) -> Result<Vec<u64>>;
    /// The number of solutions in the parts numbered `first` to `last`.
    fn count(&self, n: u8, first: usize, last: usize) -> Result<u64>;
    /// Every solution in the parts numbered `first` to `last`, in board
    /// order.
    fn each_solution(
        &self,
        n: u8,
        first: usize,
        last: usize,
        each: &mut dyn FnMut(Vec<String>) -> Result<()>,
    ) -> Result<()>;
    /// How many (solution, symmetry) pairs of those parts have the
    /// symmetry leave the solution in place.
    fn pairs_in_place(&self, n: u8, first: usize, last: usize) -> Result<u64>;
    /// The searched parts whose counts an earlier count kept, or why no
    /// count is kept on this board.
    fn kept_parts(&self) -> Result<KeptParts>;
    /// Counts the searched parts numbered `first` to `last` that have no
    /// kept count, and keeps their counts once all of them are counted.
    fn keep_counts(&self, n: u8, first: usize, last: usize) -> Result<()>;
    /// The kept counts, added up.
    fn kept_count(&self) -> Result<KeptCount>;
}

/// What a count finds kept on a cluster before it starts.
pub enum KeptParts {
    /// The part numbers of the searched parts whose counts are kept.
    Kept(Vec<usize>),
    /// No count is kept on this board, for the reason given (a sentence).
    NotKept(String),
}

/// The kept counts of a cluster's parts, added up: `solutions` is the
/// number of solutions once `kept` equals `searched`.
#[derive(Debug, PartialEq, Eq)]
pub struct KeptCount {
    pub solutions: u64,
    pub searched: u64,
    pub kept: u64,
}

/// Refuses, for a command that only reads, a database whose schema is
/// older than this build's: reading must not upgrade it.
/// `init_here` is the command that upgrades it (`queens init --db …`).
pub fn check_current(shown: &str, version: usize, init_here: &str) -> Result<()> {
    let latest = schema::latest_version();
    if version < latest {
        bail!(
            "{shown} was written by an older queens (schema version {version}, this one reads \
             {latest}); upgrade it with `{init_here}`, which keeps your own tables"
        );
    }
    Ok(())
}

/// Refuses, for a command that only reads, a board whose facts and views
/// were derived from other SQL text than this build's (`derived_current`
/// false): reading must not derive them again, and the old ones may answer
/// otherwise. `init_here` is the command that derives them again.
pub fn check_derived(shown: &str, derived_current: bool, init_here: &str) -> Result<()> {
    if !derived_current {
        bail!(
            "{shown}'s facts and views were derived by another queens, from other SQL than \
             this one's; derive them again with `{init_here}`, which keeps your own tables"
        );
    }
    Ok(())
}

/// Refuses a `--size` that disagrees with the board of the database that
/// messages call `shown` (a file, or a PostgreSQL schema).
pub fn check_requested_size(shown: &str, stored: u8, requested: Option<u8>) -> Result<()> {
    match requested {
        Some(n) if n != stored => Err(usage(format!(
            "{shown} holds {}, not {n}×{n}; \
             rebuild it with `queens init --size {n} --force` and the same --db, or name another --db",
            Board::square(stored).a_board()
        ))),
        _ => Ok(()),
    }
}

/// Refuses, as a usage mistake and before anything is written, a board
/// that cannot be built (`Board::unfit`).
pub fn refuse_unfit(board: &Board) -> Result<()> {
    match board.unfit() {
        Some(why) => Err(usage(why)),
        None => Ok(()),
    }
}
