//! The board a command works on, open, as one value: the engine that holds
//! it, a reader inside one read transaction, the board it reads, and how a
//! search on it runs. Every question of `search/` takes it, as cargo's operations take
//! one `CompileOptions`.

use std::thread;

use anyhow::Result;

use crate::engine::{Engine, Reader};
use crate::model::board::Board;
use crate::model::schema;
use crate::model::template::{Scope, Sql};
use crate::model::words::counted;
use crate::search::progress::{Progress, Unwatched};

/// How the work is run: on how many threads, and who watches its progress.
#[derive(Clone, Copy)]
pub struct Workers<'a> {
    pub jobs: usize,
    /// Whether the user chose `jobs` (`--jobs`): else a server's small
    /// board is searched on the command's first connection alone
    /// (`for_the_board`).
    pub chosen: bool,
    pub progress: &'a dyn Progress,
}

impl<'a> Workers<'a> {
    /// As many threads as the machine has cores.
    pub fn all_cores() -> usize {
        thread::available_parallelism().map_or(1, std::num::NonZero::get)
    }

    /// At most one thread a core where the search runs in this process:
    /// more only cost memory (each its stack and connection), and under an
    /// address-space limit (`ulimit -v`) they could not all start. Said in
    /// one line when it cuts what `--jobs` asked for.
    fn within_the_machine(self, engine: &dyn Engine) -> Workers<'a> {
        let cores = Workers::all_cores();
        if !engine.searches_in_process() || self.jobs <= cores {
            return self;
        }
        eprintln!(
            "queens: --jobs {}: this machine has {}, so the search runs on {}",
            self.jobs,
            counted(cores as u64, "core"),
            counted(cores as u64, "thread")
        );
        Workers {
            jobs: cores,
            ..self
        }
    }

    /// One thread where a server searches a board under
    /// `SPLIT_ON_A_SERVER_FROM` and the user chose no `--jobs`: each
    /// thread's connection costs the server a login, queens' checks of the
    /// schema and its first plans (about 70 ms of its CPU on the test
    /// servers), more than the whole search of such a board takes it
    /// (90 ms at 11×11 on PostgreSQL 15, 5 ms at 8×8). The search then
    /// runs on the connection that opened the board.
    fn for_the_board(self, engine: &dyn Engine, board: &Board) -> Workers<'a> {
        if self.chosen || engine.searches_in_process() || !under_the_split(board) {
            return self;
        }
        Workers { jobs: 1, ..self }
    }

    /// Every core, nobody watching: for questions that search nothing.
    pub fn unwatched() -> Workers<'static> {
        Workers {
            jobs: Workers::all_cores(),
            chosen: false,
            progress: &Unwatched,
        }
    }
}

/// The smallest board a server searches on more than one connection when
/// the user chose no `--jobs` (`Workers::for_the_board`): from 12×12 the
/// whole search (about 0.5 s of PostgreSQL 15's CPU) outweighs the
/// connections it is split over.
pub const SPLIT_ON_A_SERVER_FROM: u8 = 12;

/// Whether `board` is under `SPLIT_ON_A_SERVER_FROM` both ways: a
/// rectangle of 11 columns and 12 rows searches as long as 12×12 does.
fn under_the_split(board: &Board) -> bool {
    board.cols < SPLIT_ON_A_SERVER_FROM && board.rows < SPLIT_ON_A_SERVER_FROM
}

/// Boards below this size are searched in one query: they have no
/// solutions to split (2×2, 3×3) or only one (1×1), and no column b to
/// split by on 1×1.
pub const SMALLEST_SPLIT: u8 = 4;

/// One board, opened for reading.
pub struct OpenBoard<'a> {
    /// The database that holds it; other threads' readers come from it.
    pub engine: &'a dyn Engine,
    /// The command's first reader: every question reads the board it sees.
    pub reader: Box<dyn Reader>,
    /// The board it reads, as its facts say.
    pub board: Board,
    pub workers: Workers<'a>,
}

impl<'a> OpenBoard<'a> {
    /// The board `engine` holds (created first if it is a file that does
    /// not exist, for `requested` or the default size).
    pub fn open(
        engine: &'a dyn Engine,
        requested: Option<u8>,
        workers: Workers<'a>,
    ) -> Result<OpenBoard<'a>> {
        OpenBoard::open_fitting(engine, requested, &|_| Ok(()), workers)
    }

    /// As `open`, a file that does not exist created only once
    /// `arguments_fit` accepts the board it would hold.
    pub fn open_fitting(
        engine: &'a dyn Engine,
        requested: Option<u8>,
        arguments_fit: &dyn Fn(&Board) -> Result<()>,
        workers: Workers<'a>,
    ) -> Result<OpenBoard<'a>> {
        let (reader, board) = engine.open(requested, arguments_fit)?;
        let workers = workers
            .within_the_machine(engine)
            .for_the_board(engine, &board);
        Ok(OpenBoard {
            engine,
            reader,
            board,
            workers,
        })
    }

    /// The board's size: its columns, each a column of the questions' SQL.
    pub fn n(&self) -> u8 {
        self.board.cols
    }

    /// The reader, for the engine interface's calls.
    pub fn reader(&self) -> &dyn Reader {
        self.reader.as_ref()
    }

    /// `sql/{path}` expanded for this board's size and its reader's
    /// dialect.
    pub fn statement(&self, path: &str) -> Result<Sql> {
        schema::query(path, self.n(), self.scope())
    }

    /// The scope queens' templates are expanded in for this board's reader
    /// and shape.
    pub fn scope(&self) -> Scope {
        schema::with_shape(Scope::for_dialect(self.reader.dialect()), &self.board)
    }

    /// Whether the solution view is read in one query rather than searched
    /// in parts: on boards too small to split, where a server searches on
    /// one thread a board too small to split over its connections, and
    /// when the view is not the one this build writes (replaced by the
    /// user, or written by an older queens), which is read as it stands.
    pub fn read_whole(&self) -> Result<bool> {
        Ok(self.n() < SMALLEST_SPLIT
            || self.whole_on_a_server()?
            || !self.reader.has_own_solution_view(&self.board)?)
    }

    /// Whether a server searches this board in one query on the command's
    /// first connection: one thread, a board under
    /// `SPLIT_ON_A_SERVER_FROM` (`Workers::for_the_board`), not spread over
    /// a cluster's workers. Its parts would each cost the server a
    /// statement's round trip and plan for a few milliseconds of search.
    fn whole_on_a_server(&self) -> Result<bool> {
        Ok(!self.engine.searches_in_process()
            && self.workers.jobs == 1
            && under_the_split(&self.board)
            && self.reader.cluster()?.is_none())
    }

    /// The number a counting statement (`sql/{path}`) answers.
    pub fn number(&self, path: &str) -> Result<i64> {
        self.reader().number_of(&self.statement(path)?, &[])
    }

    /// How many solutions are stored (`init --materialize`), if they are.
    pub fn stored_count(&self) -> Result<Option<u64>> {
        self.reader.stored_count()
    }
}
