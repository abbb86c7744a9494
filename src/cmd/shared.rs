//! What the commands share: the arguments of the database and the board
//! (`DbArgs`), the work (`WorkArgs`), the output, a placement, and the
//! few steps every command takes alike. `cmd/mod.rs` hands them out.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use crate::cmd::progress::Bar;
use crate::engine::{self, Engine, Target};
use crate::error::{Error, usage};
use crate::model::board::{Board, DEFAULT_SIZE, Holes, Square, parse_placement_on};
use crate::model::exercises::{self, Course};
use crate::render::diagram::Style;
use crate::render::infile::read_text_at_most;
use crate::render::outfile::refuse_stdout_database;
use crate::render::printer::Format;
use crate::search::{OpenBoard, Workers};

/// How `query` and `grade` print rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RowFormat {
    /// Columns as the sqlite3 shell's column mode shows them.
    Table,
    /// Comma-separated, with the column names as header.
    Csv,
    /// One JSON array of objects, keyed by column name.
    Json,
    /// One JSON object per line.
    Ndjson,
}

impl From<RowFormat> for Format {
    fn from(format: RowFormat) -> Format {
        match format {
            RowFormat::Table => Format::Table,
            RowFormat::Csv => Format::Csv,
            RowFormat::Json => Format::Json,
            RowFormat::Ndjson => Format::Ndjson,
        }
    }
}

/// A --timeout's seconds: a number more than 0 (a fraction too).
pub fn parse_timeout(text: &str) -> Result<std::time::Duration, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= 1e6 => {
            Ok(std::time::Duration::from_secs_f64(seconds))
        }
        _ => Err(format!(
            "{text:?} is not a number of seconds from more than 0 up to 1000000 (about 11 days)"
        )),
    }
}

/// The options every command shares: which database, and for which board.
#[derive(Args, Debug, Clone)]
pub struct DbArgs {
    /// The database: an SQLite file (always a path, never an SQLite URI),
    /// created with a board of --size when it does not exist, or a
    /// postgres://USER@HOST:PORT/DBNAME URL.
    #[arg(
        short,
        long,
        value_name = "PATH",
        env = "QUEENS_DB",
        hide_env_values = true,
        default_value = "queens.db"
    )]
    pub db: PathBuf,

    /// Board size N (1 to 26): the board a new database is created with (8
    /// when not given), or CxR for C columns (and C queens) on R rows, like
    /// 4x6. Where an SQLite file holds another board, commands that only
    /// read answer for it on a temporary board, leaving the file as it is;
    /// init refuses another size without --force.
    //
    // (Read as the plain board of that size; `asked_over` puts the shape
    // flags on it.)
    #[arg(id = "size", short = 's', long = "size", value_name = "N", allow_negative_numbers = true, value_parser = crate::model::board::parse_board_size)]
    pub sized: Option<Board>,

    #[command(flatten)]
    pub shape: ShapeArgs,

    /// With a postgres:// URL as --db: the schema that holds the board.
    #[arg(
        long,
        value_name = "NAME",
        default_value = "queens",
        help_heading = "PostgreSQL server options"
    )]
    pub schema: String,

    #[command(flatten)]
    pub trust: TrustArgs,
}

/// Another board than the plain one: its shape, as facts of the board.
/// Given to init, they build it; given to a command that only reads, it
/// answers for that board (on a temporary board where the file holds
/// another); not given, a command reads the board the file holds.
#[derive(Args, Debug, Clone, Default)]
pub struct ShapeArgs {
    /// The board wraps round: a line leaving one edge comes back at the
    /// opposite one, so rows, columns and diagonals are cycles of N squares.
    #[arg(long, help_heading = "Other boards")]
    pub torus: bool,

    /// Queens also move as knights: a knight's move is a line of two squares.
    #[arg(long, help_heading = "Other boards")]
    pub superqueens: bool,

    /// Squares no queen may stand on, like a4,d5 (queens still attack
    /// across them).
    #[arg(long, value_name = "SQUARES", value_parser = crate::model::board::parse_holes, help_heading = "Other boards")]
    pub holes: Option<Holes>,

    /// The plain board, as a new file gets without a flag: given, it asks
    /// for the plain board where the file holds another.
    #[arg(long, conflicts_with_all = ["torus", "superqueens", "holes"], help_heading = "Other boards")]
    pub plain: bool,
}

impl ShapeArgs {
    /// Whether a flag asks for a shape.
    pub fn asks(&self) -> bool {
        self.plain || self.torus || self.superqueens || self.holes.is_some()
    }

    /// `board` with the shape the flags ask for, where they ask for one.
    pub fn over(&self, board: Board) -> Board {
        if self.asks() {
            Board {
                torus: self.torus,
                superqueens: self.superqueens,
                holes: self.holes.clone().map(|h| h.0).unwrap_or_default(),
                ..board
            }
        } else {
            board
        }
    }
}

/// The roles whose objects a PostgreSQL schema may hold for queens to read
/// it (as git's safe.directory): their SQL runs with the reader's
/// privileges, so queens refuses such a schema unless the user names them.
#[derive(Args, Debug, Clone)]
pub struct TrustArgs {
    /// With a postgres:// URL as --db: read the schema although role ROLE,
    /// which lacks your privileges, owns it or objects in it, running its
    /// SQL (its views' bodies, its functions) with your privileges. Give it
    /// once per role (QUEENS_TRUST_OWNER: names separated by commas);
    /// ignored for an SQLite file, which holds no role's SQL.
    #[arg(
        long = "trust-owner",
        value_name = "ROLE",
        env = "QUEENS_TRUST_OWNER",
        hide_env_values = true,
        help_heading = "PostgreSQL server options",
        value_delimiter = ','
    )]
    pub roles: Vec<String>,
}

impl TrustArgs {
    /// Has `engine` accept the named roles' objects in the schema of
    /// `target`, saying on stderr what that allows, one line a role.
    pub fn apply(&self, engine: &mut dyn Engine, target: &Target) {
        let Target::Server { schema, .. } = target else {
            return;
        };
        let roles: Vec<String> = self
            .roles
            .iter()
            .map(|role| role.trim().to_string())
            .filter(|role| !role.is_empty())
            .collect();
        for role in &roles {
            eprintln!(
                "queens: trusting role {role}: its SQL in schema {schema} runs with your privileges"
            );
        }
        engine.trust_owners(&roles);
    }
}

impl DbArgs {
    /// The SQLite file or PostgreSQL schema that --db names; a file that is
    /// standard output itself is refused, before anything is written.
    pub fn target(&self) -> anyhow::Result<Target> {
        let target = Target::new(&self.db, &self.schema)?;
        if let Target::File(path) = &target {
            refuse_stdout_database(path)?;
        }
        Ok(target)
    }

    /// The options a suggested command must repeat to read the same board:
    /// the database (see `Target::as_options`) and --size when given.
    pub fn repeated(&self) -> String {
        let mut options = Target::new(&self.db, &self.schema)
            .map(|target| target.as_options())
            .unwrap_or_default();
        if let Some(size) = &self.sized {
            options.push_str(&format!(" --size {}", size.size()));
        }
        if self.shape.asks() {
            options.push_str(&self.shape.over(Board::square(DEFAULT_SIZE)).shape_flags());
        }
        options
    }

    /// The columns --size asks for (the N of N×N), if it is given.
    pub fn size(&self) -> Option<u8> {
        self.sized.as_ref().map(|size| size.cols)
    }

    /// Whether --size or a shape flag asks for a board.
    pub fn asks(&self) -> bool {
        self.sized.is_some() || self.shape.asks()
    }

    /// The board --size and the shape flags ask for over `held`, the
    /// board the database holds (without, the plain board of the default
    /// size): --size's columns and rows, else `held`'s; the flags' shape,
    /// else `held`'s. The one place the two are combined.
    pub fn asked_over(&self, held: Option<&Board>) -> Board {
        let held = held.cloned().unwrap_or_else(|| Board::square(DEFAULT_SIZE));
        let sized = match &self.sized {
            Some(size) => Board {
                cols: size.cols,
                rows: size.rows,
                ..held
            },
            None => held,
        };
        self.shape.over(sized)
    }

    /// The board --size and the shape flags ask for where the database
    /// holds the board `held` gives (`asked_over`), if they ask for one;
    /// `held` is asked only then.
    pub fn asked(&self, held: impl FnOnce() -> Option<Board>) -> Option<Board> {
        self.asks().then(|| self.asked_over(held().as_ref()))
    }

    /// The engine a reading command uses: the one that serves --db, or,
    /// where --size names another board than the file holds, a temporary
    /// board of --size (said on stderr; the file is not touched).
    pub fn engine(&self) -> anyhow::Result<Box<dyn Engine>> {
        let target = self.target()?;
        let asked = |held: Option<&Board>| self.asked_over(held);
        let trust = |engine: &mut dyn Engine| self.trust.apply(engine, &target);
        let (engine, substitute) = engine::connect_for_reading(
            &target,
            self.asks().then_some(&asked as engine::Asked),
            &trust,
        )?;
        if let Some(engine::Substitute { held, searched }) = substitute {
            eprintln!(
                "queens: {} holds {held}, left as it is; answering for {searched} on a \
                 temporary board",
                target.shown()
            );
        }
        Ok(engine)
    }

    /// Opens the board --db names for a command that only reads (its
    /// engine, the progress bar and threads of `work`, or one thread and no
    /// bar without it) and runs `command` on it.
    pub fn on_board<T>(
        &self,
        work: Option<&WorkArgs>,
        command: impl FnOnce(&OpenBoard) -> anyhow::Result<T>,
    ) -> anyhow::Result<T> {
        self.on_board_fitting(work, &|_| Ok(()), command)
    }

    /// As `on_board`, a file that does not exist created only once `fits`
    /// accepts the board it would hold.
    pub fn on_board_fitting<T>(
        &self,
        work: Option<&WorkArgs>,
        fits: &dyn Fn(&Board) -> anyhow::Result<()>,
        command: impl FnOnce(&OpenBoard) -> anyhow::Result<T>,
    ) -> anyhow::Result<T> {
        let engine = self.engine()?;
        let bar = work.map(WorkArgs::bar);
        let workers = match (work, &bar) {
            (Some(work), Some(bar)) => work.workers(bar),
            _ => Workers::unwatched(),
        };
        let board = OpenBoard::open_fitting(engine.as_ref(), self.size(), fits, workers)?;
        command(&board)
    }
}

/// How much of the machine a search may use, and whether it shows progress.
#[derive(Args, Debug, Clone)]
pub struct WorkArgs {
    /// Threads to search with, each on its own connection [default: all cores; on a server, one
    /// for a board under 12×12, whose whole search costs it less than a connection more].
    #[arg(short, long, value_name = "J", allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub jobs: Option<u16>,

    /// No progress bar (there is none anyway when stderr is not a terminal).
    #[arg(short, long)]
    pub quiet: bool,
}

impl WorkArgs {
    /// The progress bar the work draws (none with --quiet).
    pub fn bar(&self) -> Bar {
        Bar::new(self.quiet)
    }

    /// How the work runs, reporting to `bar`.
    pub fn workers<'a>(&self, bar: &'a Bar) -> Workers<'a> {
        Workers {
            jobs: self.jobs.map_or_else(Workers::all_cores, usize::from),
            chosen: self.jobs.is_some(),
            progress: bar,
        }
    }
}

/// How placements of queens can be printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PlacementFormat {
    /// Columns s1 … sN, like the sqlite3 shell's column mode.
    Table,
    /// Comma-separated, with a header solution,s1,…,sN.
    Csv,
    /// One JSON array of {"solution": K, "squares": [...]} objects.
    Json,
    /// One JSON object per line (newline-delimited JSON).
    Ndjson,
    /// Every placement drawn as a board, headed "Solution K".
    Boards,
}

impl From<PlacementFormat> for Format {
    fn from(format: PlacementFormat) -> Format {
        match format {
            PlacementFormat::Table => Format::Table,
            PlacementFormat::Csv => Format::Csv,
            PlacementFormat::Json => Format::Json,
            PlacementFormat::Ndjson => Format::Ndjson,
            PlacementFormat::Boards => Format::Boards,
        }
    }
}

/// How commands that list placements print them.
#[derive(Args, Debug, Clone)]
pub struct OutputArgs {
    /// Output format.
    #[arg(short, long, value_enum, default_value_t = PlacementFormat::Table)]
    pub format: PlacementFormat,

    #[command(flatten)]
    pub drawing: DrawingArgs,
}

/// How boards are drawn.
#[derive(Args, Debug, Clone)]
pub struct DrawingArgs {
    /// Draw boards with a queen glyph and shaded dark squares.
    #[arg(long)]
    pub unicode: bool,
}

impl DrawingArgs {
    pub fn style(&self) -> Style {
        if self.unicode {
            Style::Unicode
        } else {
            Style::Ascii
        }
    }
}

/// Queens given on the command line, for commands that ask about them.
#[derive(Args, Debug, Clone)]
pub struct PlacementArgs {
    /// The squares of the queens, like c5 f2 or "c5,f2" (any order and case).
    #[arg(value_name = "SQUARE", required = true)]
    pub squares: Vec<String>,
}

impl PlacementArgs {
    /// The squares on `board`; a name that cannot be read there, or a hole
    /// of the board, where no queen may stand, is a usage error.
    pub fn on(&self, board: &Board) -> anyhow::Result<Vec<Square>> {
        let queens = parse_placement_on(&self.squares, board.cols, board.rows)
            .map_err(|e| Error::Usage(e.to_string()))?;
        refuse_holes(&queens, board)?;
        Ok(queens)
    }

    /// Whether the squares fit `board`: for a file that is not there yet,
    /// the board it would hold, before it is created.
    pub fn fit(&self, board: &Board) -> anyhow::Result<()> {
        self.on(board).map(drop)
    }
}

/// A queen on a hole of `board`: a usage error.
fn refuse_holes(queens: &[Square], board: &Board) -> anyhow::Result<()> {
    match queens.iter().find(|q| board.holes.contains(q)) {
        Some(hole) => Err(Error::Usage(format!(
            "{} is a hole of {}: no queen stands there",
            hole.name(),
            board.the_board()
        ))
        .into()),
        None => Ok(()),
    }
}

/// Says on stderr when a command reads stored solutions instead of
/// searching (`init --materialize`).
pub fn say_if_stored(board: &OpenBoard) -> anyhow::Result<()> {
    if let Some(count) = board.stored_count()? {
        eprintln!(
            "queens: reading the {count} solutions stored in {} (no search)",
            board.engine.shown()
        );
    }
    Ok(())
}

/// Standard output, buffered; a closed pipe surfaces as an error that the
/// caller treats as a quiet end.
pub fn stdout() -> std::io::BufWriter<std::io::StdoutLock<'static>> {
    std::io::BufWriter::new(std::io::stdout().lock())
}

/// The largest exercises file read: far more than any course needs, and a
/// device that never ends is not read forever.
const MOST_EXERCISE_BYTES: u64 = 1 << 20;

/// The course in a teacher's exercises file (`export --console
/// --exercises`, `grade --exercises`), or a one-line refusal naming it.
pub fn read_course(path: &Path) -> anyhow::Result<Course> {
    let shown = path.display();
    let text = read_text_at_most(path, MOST_EXERCISE_BYTES)
        .map_err(|why| usage(format!("cannot read the exercises {shown}: {why}")))?;
    exercises::parse(&text).map_err(|why| usage(format!("{shown}: {why}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn timeouts_are_positive_seconds() {
        assert_eq!(parse_timeout("1.5"), Ok(Duration::from_millis(1500)));
        for bad in ["0", "-1", "x", "nan", "inf"] {
            assert!(parse_timeout(bad).is_err(), "{bad}");
        }
    }
}
