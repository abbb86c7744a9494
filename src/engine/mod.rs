//! The databases a board can live in, behind one interface. Each engine
//! lives in a folder of its own here and is the only code that names its
//! driver: `sqlite/` (a file, the embedded default), `postgres/` (a schema
//! on a server), `citus/` (a PostgreSQL schema spread over a Citus
//! cluster, built on `postgres/`).
//!
//! What an engine provides:
//!
//! - an [`Engine`] for one `--db`: it opens [`Reader`]s on the board (and
//!   siblings that read the same board from other threads), creates,
//!   upgrades and rebuilds the board for `init`, and, where it can, stores
//!   the solutions, distributes the search, dumps itself as SQL and runs
//!   `doctor`'s checks of its own;
//! - a [`Reader`]: one read transaction, in which it runs queens' SQL
//!   (templates from `sql/`, which it expands for its dialect), a user's
//!   statement in a sandbox (`query`), and, on a cluster, the distributed
//!   parts of the search ([`Cluster`]).
//!
//! A fourth engine is a folder here that implements these traits, and one
//! line in [`connect`] that picks it for the `--db` it serves.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;
use std::time::Duration;

use anyhow::{Result, bail};

use crate::error::usage;
use crate::model::board::a_board;
use crate::model::schema;
use crate::model::template::{Dialect, Scope, Sql};
pub use crate::model::value::Value;

pub mod citus;
pub mod postgres;
pub mod sqlite;

/// Where the database is, as `--db` names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// An SQLite file.
    File(PathBuf),
    /// A schema in a PostgreSQL database.
    Server { url: String, schema: String },
}

impl Target {
    /// A path names an SQLite file; a `postgres://` or `postgresql://` URL
    /// names a PostgreSQL database, in which `schema` holds the board.
    /// `--db` is always a path, never one of SQLite's special names: an
    /// empty name and `:memory:` would be databases that vanish when queens
    /// ends, so they are refused.
    pub fn new(db: &Path, schema: &str) -> Result<Target> {
        if db.to_str().is_none() && postgres::is_url(&db.to_string_lossy()) {
            // Not echoed: a URL carries its password.
            return Err(usage(
                "--db looks like a postgres:// URL but is not UTF-8 text; give the URL as text",
            ));
        }
        match db.to_str() {
            Some(url) if postgres::is_url(url) => Ok(Target::Server {
                url: postgres::lower_case_scheme(url),
                schema: schema.to_string(),
            }),
            Some("") => Err(usage("--db needs a file name or a postgres:// URL")),
            // Not echoed: such a string often carries a password.
            Some(text) if postgres::is_keyword_connection_string(text) => Err(usage(
                "--db looks like a PostgreSQL key=value connection string; queens takes a \
                 postgres://USER@HOST:PORT/DBNAME URL (or ./NAME for a file of that name)",
            )),
            // Not echoed either: a URL carries its password.
            Some(text) if postgres::is_url(text.trim()) => Err(usage(
                "--db has blanks around its postgres:// URL; give the URL alone",
            )),
            Some(text) if text.contains("://") => Err(usage(
                "--db looks like a URL, but queens takes only postgres:// and postgresql:// \
                 URLs (or ./NAME for a file of that name)",
            )),
            Some(":memory:") => Err(usage(
                "--db :memory: would be SQLite's in-memory database, gone when queens ends; \
                 name a file (./:memory: for a file of that name)",
            )),
            _ => Ok(Target::File(db.to_path_buf())),
        }
    }

    /// The SQLite file, or a clear refusal for something only files do.
    pub fn file(&self, what: &str) -> Result<&Path> {
        match self {
            Target::File(path) => Ok(path),
            Target::Server { .. } => Err(usage(format!(
                "{what} works on SQLite files only, not on a PostgreSQL --db"
            ))),
        }
    }

    /// The options that name it again in a command a message suggests, so
    /// that the command pasted does what the message says: ` --db PATH`
    /// (nothing for the default file), or ` --db URL` without its password
    /// and ` --schema S` (unless the default), each as a shell reads it.
    pub fn as_options(&self) -> String {
        use crate::error::shell_word;
        match self {
            Target::File(path) if path.as_os_str() == "queens.db" => String::new(),
            Target::File(path) => format!(" --db {}", shell_word(&path.display().to_string())),
            Target::Server { url, schema } => {
                let db = shell_word(&postgres::without_password(url));
                match schema.as_str() {
                    "queens" => format!(" --db {db}"),
                    schema => format!(" --db {db} --schema {schema}"),
                }
            }
        }
    }

    /// How messages name it: the path, or the schema and the server without
    /// the password.
    pub fn shown(&self) -> String {
        match self {
            Target::File(path) => path.display().to_string(),
            Target::Server { url, schema } => {
                format!("schema {schema} at {}", postgres::without_password(url))
            }
        }
    }
}

/// The board size a database's board_size row holds, if it is one queens
/// makes (1 to 26). Its check constraint can be switched off, and a size
/// read modulo 256 would be another board: such a row counts as no size,
/// which `init --force --size N` replaces.
pub fn board_size_from(n: i64) -> Option<u8> {
    u8::try_from(n)
        .ok()
        .filter(|size| (1..=crate::model::board::MAX_SIZE).contains(size))
}

/// What a reading command reads when --size asks for another board than
/// the file holds: a temporary board of that size, the file untouched.
pub struct Substitute {
    /// The size the file holds.
    pub held: u8,
    /// The size searched on the temporary board.
    pub searched: u8,
}

/// The engine a command that only reads uses for `target`: as `connect`,
/// except that an SQLite file holding another board than `requested` is
/// left alone and a temporary board of `requested` read instead (a server
/// is never written to, so there the sizes must agree).
pub fn connect_for_reading(
    target: &Target,
    requested: Option<u8>,
) -> Result<(Box<dyn Engine>, Option<Substitute>)> {
    if let (Target::File(path), Some(searched)) = (target, requested)
        && let Some(held) = sqlite::other_size_held(path, searched)
    {
        let engine = sqlite::Engine::temporary(searched)?;
        return Ok((Box::new(engine), Some(Substitute { held, searched })));
    }
    Ok((connect(target)?, None))
}

/// The engine that serves `target`: the registry of engines.
pub fn connect(target: &Target) -> Result<Box<dyn Engine>> {
    Ok(match target {
        Target::File(path) => Box::new(sqlite::Engine::new(path)),
        Target::Server { url, schema } => {
            let server = postgres::Engine::new(url, schema);
            if citus::serves(&server)? {
                Box::new(citus::Engine::new(server))
            } else {
                Box::new(server)
            }
        }
    })
}

/// A failure as a user should read it, where an engine can say more than
/// its driver did (SQLite's "database is locked", in plain words).
pub fn explain(error: anyhow::Error) -> anyhow::Error {
    sqlite::explain_leftover_busy(error)
}

/// `text` with every PostgreSQL URL in it shown without its password (for
/// messages that quote what was typed, such as clap's).
pub fn hide_passwords(text: &str) -> String {
    text.split_inclusive(|c: char| c.is_whitespace() || c == '\'')
        .map(|word| {
            let end = word.trim_end_matches(|c: char| c.is_whitespace() || c == '\'');
            let tail = &word[end.len()..];
            match end.find(|c: char| c.is_ascii_alphabetic()) {
                Some(start) if postgres::is_url(&end[start..]) => {
                    format!(
                        "{}{}{tail}",
                        &end[..start],
                        postgres::without_password(&end[start..])
                    )
                }
                _ => word.to_string(),
            }
        })
        .collect()
}

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

/// A value bound to a parameter (`{:name}` in the SQL).
pub enum Param {
    Int(i64),
    Text(String),
}

/// The named values a statement's parameters take.
pub type Params<'a> = [(&'a str, Param)];

/// One line of `doctor`'s report: what was checked, what was found, and
/// whether it holds (None for information only).
pub struct Finding {
    pub what: &'static str,
    pub found: String,
    pub holds: Option<bool>,
}

pub use crate::model::reading::Comment;

/// What queens says of its relations and columns on the `n`×`n` board. The
/// command gives it (the sentences are Datasette's, which the engines may
/// not name: src/render/ sits beside them).
pub type Describe = fn(n: u8) -> Result<Vec<Comment>>;

impl Finding {
    /// A line of information, neither holding nor failing.
    pub fn info(what: &'static str, found: String) -> Finding {
        Finding {
            what,
            found,
            holds: None,
        }
    }

    /// A check's outcome: whether it holds and what was found, or an error
    /// while checking (a damaged page, a table dropped), which is a failed
    /// check in the engine's words, not the end of the report.
    pub fn of(what: &'static str, outcome: Result<(bool, String)>) -> Finding {
        match outcome {
            Ok((holds, found)) => Finding {
                what,
                found,
                holds: Some(holds),
            },
            Err(e) => Finding {
                what,
                found: crate::error::one_line(&e),
                holds: Some(false),
            },
        }
    }
}

/// The doctors' finding on the board size: the `n`×`n` board, or, where
/// board_size holds `rows` rows, that it does (the largest is checked).
pub fn board_finding(n: u8, rows: i64) -> Finding {
    match rows {
        1 => Finding::info("board", format!("{n}×{n}")),
        rows => Finding {
            what: "board",
            found: format!(
                "board_size holds {rows} rows, where queens keeps one (the largest, {n}×{n}, checked)"
            ),
            holds: Some(false),
        },
    }
}

/// The doctors' finding on queens' tables against a fresh `n`×`n` board:
/// whether they hold, and `what` was compared ("9 tables") or how they
/// differ.
pub fn model_finding(n: u8, what: &str, differences: &[String]) -> (bool, String) {
    match differences.is_empty() {
        true => (
            true,
            format!("{what} as in a fresh {n}×{n} board, row for row"),
        ),
        false => (
            false,
            format!(
                "not as in a fresh {n}×{n} board: {}",
                differences.join("; ")
            ),
        ),
    }
}

/// How many rows of `found` are not in `expected`, and how many of
/// `expected` are not in `found`, counting repeats (a doctor's comparison
/// of a table with a fresh board's).
pub fn multiset_difference(found: &[Vec<String>], expected: &[Vec<String>]) -> (usize, usize) {
    let mut balance: std::collections::HashMap<&[String], i64> = Default::default();
    for row in found {
        *balance.entry(row).or_default() += 1;
    }
    for row in expected {
        *balance.entry(row).or_default() -= 1;
    }
    let extra = balance.values().filter(|&&b| b > 0).sum::<i64>();
    let missing = -balance.values().filter(|&&b| b < 0).sum::<i64>();
    (extra as usize, missing as usize)
}

/// A board built afresh in memory, whose tables any engine's doctor
/// compares its own with.
pub use sqlite::FreshBoard;

/// The database `--db` names, as `init` and the reading commands use it.
pub trait Engine: Sync {
    /// How messages name it.
    fn shown(&self) -> String;

    /// Has `init` describe queens' relations with `describe` where the
    /// database keeps descriptions of its own (nothing to do on SQLite).
    fn describe_with(&mut self, describe: Describe) {
        let _ = describe;
    }

    /// Lets the schema hold objects of `roles`, whose SQL a reader then runs
    /// with its own privileges (`--trust-owner`). Nothing on SQLite: a
    /// file holds no other role's SQL.
    fn trust_owners(&mut self, roles: &[String]) {
        let _ = roles;
    }

    /// Opens the board for a command that only reads: a reader inside one
    /// read transaction, and the board size. A file that does not exist is
    /// created first (for `requested` or the default size), once
    /// `arguments_fit` accepts that size; a server is never written to.
    fn open(
        &self,
        requested: Option<u8>,
        arguments_fit: &dyn Fn(u8) -> Result<()>,
    ) -> Result<(Box<dyn Reader>, u8)>;

    /// Another reader of the board the command's first reader reads, for a
    /// worker thread: the same board (on a server, the same snapshot).
    fn sibling(&self, first: &Snapshot) -> Result<Box<dyn Reader>>;

    /// Whether its search runs in this process (SQLite's), so that threads
    /// beyond the machine's cores only cost memory; a server's runs there.
    fn searches_in_process(&self) -> bool;

    /// Makes sure the board exists: creates one for `requested` (or the
    /// default size) when there is none. Never upgrades.
    fn ensure_exists(&self, requested: Option<u8>) -> Result<(Origin, Inspection)>;

    /// Whether the database is queens' but holds no board size, so that
    /// `init --force --size N` may build one in it.
    fn lacks_board_size(&self) -> Result<bool>;

    /// Replaces the board with an `n`×`n` one, in one transaction, keeping
    /// what is the user's or refusing before anything changes.
    fn rebuild(&self, n: u8) -> Result<()>;

    /// Upgrades a board written by an older queens; whether it had to.
    fn bring_up_to_date(&self) -> Result<bool>;

    /// Refuses, before anything is changed, a database whose search cannot
    /// be distributed.
    fn refuse_without_cluster(&self) -> Result<()> {
        Err(usage(
            "--distributed needs a postgres:// URL of a Citus coordinator, not a file",
        ))
    }

    /// Spreads the board over a cluster: the number of workers, and
    /// whether anything had to be done.
    fn distribute(&self) -> Result<(i64, bool)> {
        bail!("{} cannot be distributed", self.shown())
    }

    /// Begins storing the solutions of the `n`×`n` board (`init
    /// --materialize`), which the caller then hands over in board order.
    fn store_solutions(&self, n: u8) -> Result<Box<dyn SolutionStore + '_>> {
        let _ = n;
        Err(usage(
            "--materialize works on SQLite files only, not on a PostgreSQL --db",
        ))
    }

    /// What `doctor` finds in the database (which must hold a board of
    /// `requested`, if given): every check the engine can make, without
    /// changing anything.
    fn doctor(&self, requested: Option<u8>) -> Result<Vec<Finding>> {
        let _ = requested;
        Err(usage(
            "doctor works on SQLite files only, not on a PostgreSQL --db",
        ))
    }
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

    /// Whether the `solution` view of the `n`×`n` board is the one this
    /// build writes; one the user replaced, or an older queens wrote, is
    /// read as it stands.
    fn has_own_solution_view(&self, n: u8) -> Result<bool> {
        let _ = n;
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

/// The columns of each of queens' tables (but solution_store, whose
/// columns depend on the board), as the migrations make them: read once
/// from a database built in memory, for every engine to compare its tables
/// with.
static MODEL_COLUMNS: LazyLock<Vec<(&'static str, Vec<String>)>> =
    LazyLock::new(|| sqlite::fresh_columns().expect("the migrations build a fresh database"));

/// The columns queens gives `table`, in order (none for a table that is not
/// queens' or whose columns depend on the board).
pub fn model_columns(table: &str) -> &'static [String] {
    MODEL_COLUMNS
        .iter()
        .find(|(name, _)| *name == table)
        .map_or(&[], |(_, columns)| columns.as_slice())
}

/// Every table and view a server schema of queens holds for an `n`×`n`
/// board, as a catalog lists them: those of a fresh board (derived from
/// the same SQL files by every engine) and queens_version, which only a
/// server keeps (SQLite has `user_version`). For `init`'s descriptions.
pub fn server_catalog(n: u8) -> Result<Vec<crate::model::reading::CatalogRelation>> {
    let mut catalog = sqlite::FreshBoard::new(n)?.catalog()?;
    catalog.push(crate::model::reading::CatalogRelation {
        name: "queens_version".into(),
        kind: "table".into(),
        sql: crate::model::template::without_final_semicolon(&schema::version_table()?).into(),
        columns: vec!["version".into()],
    });
    Ok(catalog)
}

/// The SQL script that builds the `n`×`n` model in PostgreSQL schema
/// `schema` (for `export --dialect postgres`, from any engine).
pub fn postgres_script(schema: &str, n: u8) -> Result<String> {
    postgres::build_script(schema, n)
}
