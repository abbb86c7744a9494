//! `queens export`: solutions, pictures or the whole database, to a file or
//! standard output.

mod console;

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use clap::{Args as ClapArgs, ValueEnum};

use crate::cmd::{DbArgs, WorkArgs, say_if_stored, stdout};
use crate::engine::{self, Engine, Target};
use crate::error::{shell_word, usage};
use crate::model::board::{DEFAULT_SIZE, Shape};
use crate::model::placement::Placement;
use crate::model::schema;
use crate::render::board_pictures::SvgSize;
use crate::render::datasette;
use crate::render::diagram::Style;
use crate::render::lab::LabData;
use crate::render::notes::solutions_phrase;
use crate::render::outfile::{OutFile, check_target, write_out};
use crate::render::page::{PageData, write_page};
use crate::render::printer::{self, Format, PlacementShape};
use crate::search::selection::Selection;
use crate::search::{Board, Workers, order, reading};

/// Which database an SQL export is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ScriptDialect {
    Sqlite,
    Postgres,
    Duckdb,
}

/// What `export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// Solutions as CSV with a header solution,s1,…,sN.
    Csv,
    /// Solutions as a JSON array of {"solution": K, "squares": [...]}.
    Json,
    /// Solutions as one JSON object per line.
    Ndjson,
    /// The whole database as SQL: `sqlite3 new.db < dump.sql` rebuilds it.
    Sql,
    /// Solutions drawn as a grid of chessboards (SVG).
    Svg,
    /// The model as one self-contained page to explore in a browser: the
    /// board and its lines, every solution, the classes, the search space
    /// and the funnel (HTML; boards up to 13×13).
    Html,
    /// Metadata for Datasette (JSON): a description of every table, view
    /// and column from the SQL's own sentences, and canned queries (the
    /// completions of a placement, whether two squares attack, the class
    /// of a solution). `datasette queens.db -m metadata.json`.
    Datasette,
}

impl ExportFormat {
    /// The format a file name's extension asks for.
    fn from_extension(path: &Path) -> Option<ExportFormat> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        Some(match extension.as_str() {
            "csv" => ExportFormat::Csv,
            "json" => ExportFormat::Json,
            "ndjson" | "jsonl" => ExportFormat::Ndjson,
            "sql" => ExportFormat::Sql,
            "svg" => ExportFormat::Svg,
            "html" | "htm" => ExportFormat::Html,
            _ => return None,
        })
    }

    /// How the placements are rendered, or None for the formats that write
    /// the whole model (SQL, the page).
    fn rendering(self, size: SvgSize) -> Option<Format> {
        match self {
            ExportFormat::Csv => Some(Format::Csv),
            ExportFormat::Json => Some(Format::Json),
            ExportFormat::Ndjson => Some(Format::Ndjson),
            ExportFormat::Svg => Some(Format::Svg(size)),
            ExportFormat::Sql | ExportFormat::Html | ExportFormat::Datasette => None,
        }
    }
}

/// Export solutions (CSV, JSON, NDJSON, SVG), the whole database (SQL), the
/// model as a page to explore in a browser (HTML) or Datasette's metadata.
///
/// Writes to standard output, or with --out to a file: the file is written
/// in full beside its final name and only then moved there, so it is never
/// seen half-written, and an existing file is replaced only with --force.
/// Without --format, the format follows the extension of --out.
///
/// Examples:
///   queens export --format csv --out solutions.csv
///   queens export --format json
///   queens export --out all.svg                # every solution, drawn
///   queens export --out one.svg --solution 5   # just solution 5
///   queens export --format csv --fundamental   # one per symmetry class
///   queens export --out queens.html            # open it in a browser
///   npm install sql.js@1.16.0                  # for the console:
///   queens export --console --out lab.html     # SQL typed in the page
///   queens export --format sql --out dump.sql
///   sqlite3 copy.db < dump.sql                 # a copy of queens.db
///   queens export --format sql --dialect postgres --out model.sql
///   psql -v ON_ERROR_STOP=1 -f model.sql postgres://me@localhost/empty
///   queens export --format sql --dialect duckdb --size 12 --out model.sql
///   duckdb queens.duckdb < model.sql           # the model in DuckDB
///   queens export --format datasette --out metadata.json
///   datasette queens.db -m metadata.json       # queens.db, described
///
/// The PostgreSQL and DuckDB scripts depend on the board alone: without a
/// database file they are written for --size (8 by default) and the
/// board's flags (--torus, --holes, --superqueens), and no file is
/// created. Datasette's metadata is keyed by the database file's name
/// (queens.db: "queens"), so it describes that file and no other.
#[derive(ClapArgs, Debug)]
#[command(verbatim_doc_comment)]
pub struct Args {
    #[command(flatten)]
    pub target: DbArgs,

    /// What to write [default: from the extension of --out].
    #[arg(short, long, value_enum)]
    pub format: Option<ExportFormat>,

    /// The file to write (default, or -: standard output). A FIFO or a
    /// character device is written into; a link is followed; the database
    /// being read is refused.
    #[arg(short, long, value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// Replace --out if it exists.
    #[arg(long)]
    pub force: bool,

    /// Only solution K (in board order, from 1).
    #[arg(long, value_name = "K", allow_negative_numbers = true, value_parser = crate::model::board::parse_solution_number, conflicts_with = "fundamental")]
    pub solution: Option<i64>,

    /// Only one solution per symmetry class, with its class size.
    #[arg(long)]
    pub fundamental: bool,

    /// For svg: give the picture its natural size in pixels, for printing,
    /// instead of scaling it to fit the window it is shown in.
    #[arg(long)]
    pub fixed_size: bool,

    /// For --format sql: a dump of an SQLite file that `sqlite3` reads
    /// (sqlite), a script that `psql` runs on an empty PostgreSQL database
    /// to build the same model in --schema (postgres), or one that DuckDB
    /// runs to build it in the schema in use (duckdb; boards up to 15×15).
    #[arg(long, value_enum, default_value_t = ScriptDialect::Sqlite)]
    pub dialect: ScriptDialect,

    /// For html: a console in the page that runs your SQL on a copy of
    /// the database (SQLite, by sql.js, offline), with exercises that check
    /// an answer on this board and on hidden boards of 5×5, 6×6 and 7×7
    /// (boards from 5×5 to 10×10; from 1×1 with --exercises).
    /// Needs sql.js 1.16.0 from npm: `npm install sql.js@1.16.0` in the
    /// current directory, or --sqljs.
    #[arg(long)]
    pub console: bool,

    /// For --console: a teacher's exercises in place of the built-in ones,
    /// a TOML file of [[exercise]] tables, each with a title, a prompt, the
    /// reference answer (SQL) and, where the order of the rows counts,
    /// ordered = true.
    #[arg(long, value_name = "FILE", requires = "console")]
    pub exercises: Option<PathBuf>,

    /// For --console: the folder of the sql.js package [default:
    /// node_modules/sql.js].
    #[arg(long, value_name = "DIR", requires = "console")]
    pub sqljs: Option<PathBuf>,

    #[command(flatten)]
    pub work: WorkArgs,
}

pub fn run(args: &Args) -> Result<()> {
    let format = chosen_format(args)?;
    refuse_choosing_in_whole(args, format)?;
    refuse_a_console_of_another_board(args, format)?;
    let console = match args.console {
        true => Some(console::prepare(
            format == ExportFormat::Html,
            args.exercises.as_deref(),
            args.sqljs.as_deref(),
        )?),
        false => None,
    };
    let target = args.target.target()?;
    if format == ExportFormat::Datasette {
        target.file("--format datasette (Datasette serves SQLite files)")?;
    }
    // Refuse an unwritable or existing --out before any work is done.
    let out_file = checked_out(args, &target)?;
    if let Some(n) = script_needs_no_board(args, format, &target) {
        return write_script_alone(args, n, out_file.as_ref());
    }
    let engine = match format {
        ExportFormat::Datasette => engine::connect(&target)?,
        _ => args.target.engine()?,
    };
    let bar = args.work.bar();
    let board = open_board(args, format, engine.as_ref(), args.work.workers(&bar))?;
    let chosen = match args.solution {
        Some(k) => Some(solution_number(&board, k)?),
        None => None,
    };
    refuse_too_large_a_page(format, board.n)?;
    refuse_another_shape(args, format, &board)?;
    let lab = match console {
        Some(console) => Some(console.lab(&board)?),
        None => None,
    };
    if !matches!(format, ExportFormat::Sql | ExportFormat::Datasette) {
        say_if_stored(&board)?;
    }
    let exported = |out: &mut dyn Write| -> Result<u64> {
        let size = match args.fixed_size {
            true => SvgSize::Fixed,
            false => SvgSize::Fit,
        };
        match format.rendering(size) {
            None if format == ExportFormat::Html => write_html(&board, lab.as_ref(), out),
            None if format == ExportFormat::Datasette => {
                write_datasette(&board, &target, out).map(|()| 0)
            }
            None => write_sql(&board, args, out).map(|()| 0),
            Some(rendering) => write_placements(&board, chosen.as_ref(), args, rendering, out),
        }
    };
    let named = (board.n, &board.shape);
    deliver(args, format, &target, out_file.as_ref(), named, exported)
}

/// --console with flags for another board than the plain one, and the
/// page of a rectangle, said before a file is created for that board.
fn refuse_a_console_of_another_board(args: &Args, format: ExportFormat) -> Result<()> {
    let n = args.target.size().unwrap_or(DEFAULT_SIZE);
    match args
        .target
        .shape_over(Shape::default)
        .filter(|s| !s.is_plain())
    {
        Some(shape) if args.console => Err(plain_only("--console", &shape.a_board(n))),
        Some(shape) => refuse_a_rectangle(args, format, &shape, n),
        None => Ok(()),
    }
}

/// What holds the plain board only, asked of another: the page's console
/// (its exercises are checked on hidden plain boards); and what holds
/// square boards only, asked of a rectangle: the page, whose drawings and
/// walk are square, and the DuckDB script, whose search joins two halves
/// on the rows they use, every row.
fn refuse_another_shape(args: &Args, format: ExportFormat, board: &Board) -> Result<()> {
    if board.shape.is_plain() {
        return Ok(());
    }
    let named = board.shape.the_board(board.n);
    if args.console {
        return Err(plain_only("--console", &named));
    }
    refuse_a_rectangle(args, format, &board.shape, board.n)
}

/// The page and the DuckDB script asked of a rectangle (see
/// `refuse_another_shape`): a usage mistake.
fn refuse_a_rectangle(args: &Args, format: ExportFormat, shape: &Shape, n: u8) -> Result<()> {
    if shape.rows.is_none() {
        return Ok(());
    }
    let what = match (format, args.dialect) {
        (ExportFormat::Html, _) => "--format html",
        (ExportFormat::Sql, ScriptDialect::Duckdb) => "--dialect duckdb",
        _ => return Ok(()),
    };
    Err(usage(format!(
        "{what} holds square boards only, not {}; the other formats, and the database \
         in sqlite3, hold it",
        shape.the_board(n)
    )))
}

/// `what` builds or draws the plain board only, not `other`.
fn plain_only(what: &str, other: &str) -> anyhow::Error {
    usage(format!(
        "{what} holds the plain board only, not {other}; the other formats, and the \
         database in sqlite3, hold it"
    ))
}

/// The page holds every solution: refused beyond PAGE_UP_TO.
fn refuse_too_large_a_page(format: ExportFormat, n: u8) -> Result<()> {
    if format == ExportFormat::Html && n > PAGE_UP_TO {
        bail!(
            "the page holds every solution, and the {n}×{n} board's are too many for one page; \
             --format html writes boards up to {PAGE_UP_TO}×{PAGE_UP_TO}"
        );
    }
    Ok(())
}

/// A usage error where --solution or --fundamental asks a format that
/// writes everything for a part.
fn refuse_choosing_in_whole(args: &Args, format: ExportFormat) -> Result<()> {
    refuse_a_dialect_it_cannot_hold(args, format)?;
    let whole = match format {
        ExportFormat::Sql => Some("the sql format writes the whole database"),
        ExportFormat::Html => Some("the html page holds every solution"),
        ExportFormat::Datasette => Some("the datasette metadata describes the whole database"),
        _ => None,
    };
    match (whole, args.solution.is_some() || args.fundamental) {
        (Some(whole), true) => Err(usage(format!(
            "--solution and --fundamental choose solutions; {whole}"
        ))),
        _ => Ok(()),
    }
}

/// --dialect postgres or duckdb outside --format sql, which it is for, and
/// --dialect duckdb with a --size the DuckDB script cannot hold, refused
/// before any board is opened.
fn refuse_a_dialect_it_cannot_hold(args: &Args, format: ExportFormat) -> Result<()> {
    let dialect = match args.dialect {
        ScriptDialect::Sqlite => return Ok(()),
        ScriptDialect::Postgres => "postgres",
        ScriptDialect::Duckdb => "duckdb",
    };
    if format != ExportFormat::Sql {
        return Err(usage(format!(
            "--dialect {dialect} is for --format sql, the script that builds the model"
        )));
    }
    match args.target.size() {
        Some(n) if args.dialect == ScriptDialect::Duckdb => duckdb_size(n),
        _ => Ok(()),
    }
}

/// The DuckDB script holds boards up to schema::DUCKDB_LARGEST: a usage
/// mistake beyond.
fn duckdb_size(n: u8) -> Result<()> {
    match schema::duckdb_too_large(n) {
        Some(why) => Err(usage(format!("--dialect duckdb: {why}"))),
        None => Ok(()),
    }
}

/// What messages call the script of `the_board` ("the 8×8 board") in
/// `dialect`.
fn script_said(dialect: ScriptDialect, the_board: &str) -> String {
    let engine = match dialect {
        ScriptDialect::Sqlite => return "the whole database".to_string(),
        ScriptDialect::Postgres => "PostgreSQL",
        ScriptDialect::Duckdb => "DuckDB",
    };
    format!("the {engine} script of {the_board}")
}

/// The board exported. Datasette's metadata describes the file itself,
/// never a temporary board.
fn open_board<'a>(
    args: &Args,
    format: ExportFormat,
    engine: &'a dyn Engine,
    workers: Workers<'a>,
) -> Result<Board<'a>> {
    match format {
        ExportFormat::Datasette => datasette_board(engine, args.target.size(), workers),
        _ => Board::open(engine, args.target.size(), workers),
    }
}

/// Writes what `exported` writes to standard output or --out, and says
/// what was written where (and, for Datasette, which file it is for).
fn deliver(
    args: &Args,
    format: ExportFormat,
    target: &Target,
    out_file: Option<&OutFile>,
    (n, shape): (u8, &Shape),
    exported: impl Fn(&mut dyn Write) -> Result<u64>,
) -> Result<()> {
    match (out_file, &args.out) {
        (None, _) | (_, None) => {
            let mut out = stdout();
            exported(&mut out)?;
            out.flush()?;
            if format == ExportFormat::Datasette {
                let keyed = datasette_keyed(target, None)?;
                eprintln!("queens: Datasette's metadata {keyed}");
            }
        }
        (Some(out_file), Some(path)) => {
            let mut count = 0;
            write_out(out_file, args.force, |out| {
                count = exported(out)?;
                Ok(())
            })?;
            let what = match format {
                ExportFormat::Sql => script_said(args.dialect, &shape.the_board(n)),
                ExportFormat::Datasette => {
                    let keyed = datasette_keyed(target, Some(path))?;
                    format!("Datasette's metadata to {}, {keyed}", path.display())
                }
                ExportFormat::Html => format!(
                    "the page of {} ({}){}",
                    shape.the_board(n),
                    solutions_phrase(count),
                    match args.console {
                        true => ", with its SQL console,",
                        false => "",
                    }
                ),
                _ => solutions_phrase(count),
            };
            match format {
                ExportFormat::Datasette => eprintln!("queens: wrote {what}"),
                _ => eprintln!("queens: wrote {what} to {}", path.display()),
            }
        }
    }
    Ok(())
}

/// The board size of a PostgreSQL script that needs no database: the
/// script depends on the board size alone, so where --db names a file that
/// does not exist it is not created for it (--size, else 8).
fn script_needs_no_board(args: &Args, format: ExportFormat, target: &Target) -> Option<u8> {
    match (format, args.dialect, target) {
        (
            ExportFormat::Sql,
            ScriptDialect::Postgres | ScriptDialect::Duckdb,
            Target::File(path),
        ) if std::fs::symlink_metadata(path).is_err() => {
            Some(args.target.size().unwrap_or(DEFAULT_SIZE))
        }
        _ => None,
    }
}

/// The PostgreSQL script of the `n`×`n` board of `shape` in --schema, or
/// the DuckDB script, with queens' descriptions of its relations and
/// columns as `comment on`.
fn model_script(args: &Args, n: u8, shape: &Shape) -> Result<String> {
    if args.dialect == ScriptDialect::Duckdb {
        duckdb_size(n)?;
    }
    let described = crate::cmd::server_descriptions(n)?;
    match args.dialect {
        ScriptDialect::Duckdb => schema::duckdb_script(n, shape, &described),
        _ => engine::postgres_script(&args.target.schema, n, shape, &described),
    }
}

/// Writes the PostgreSQL or DuckDB script of the `n`×`n` board of the
/// shape the flags ask for, no database opened.
fn write_script_alone(args: &Args, n: u8, out_file: Option<&OutFile>) -> Result<()> {
    let shape = args.target.shape_over(Shape::default).unwrap_or_default();
    refuse_a_rectangle(args, ExportFormat::Sql, &shape, n)?;
    let script = model_script(args, n, &shape)?;
    match (out_file, &args.out) {
        (Some(out_file), Some(path)) => {
            write_out(out_file, args.force, |out| {
                Ok(out.write_all(script.as_bytes())?)
            })?;
            eprintln!(
                "queens: wrote {} to {}",
                script_said(args.dialect, &shape.the_board(n)),
                path.display()
            );
        }
        _ => {
            let mut out = stdout();
            out.write_all(script.as_bytes())?;
            out.flush()?;
        }
    }
    Ok(())
}

/// The name Datasette gives the database file: its name without the
/// extension. The metadata is keyed by it, so it describes nothing in a
/// file of another name.
fn datasette_name(path: &Path) -> String {
    path.file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Which file the metadata belongs to and the command that serves them
/// together: said because Datasette matches them by file name, silently.
fn datasette_keyed(target: &Target, metadata: Option<&Path>) -> Result<String> {
    let path = target.file("--format datasette")?;
    let metadata = metadata.map_or("FILE".to_string(), |m| shell_word(&m.to_string_lossy()));
    Ok(format!(
        "for {} only (Datasette names it \"{}\"): datasette {} -m {metadata}",
        path.display(),
        datasette_name(path),
        shell_word(&path.to_string_lossy()),
    ))
}

/// The file --out names, checked before any work is done (None for
/// standard output).
fn checked_out(args: &Args, target: &Target) -> Result<Option<OutFile>> {
    match args.out.as_deref() {
        Some(path) if path != Path::new("-") => {
            let database = match target {
                Target::File(db) => Some(db.as_path()),
                Target::Server { .. } => None,
            };
            Ok(Some(check_target(path, args.force, database)?))
        }
        _ => Ok(None),
    }
}

/// Writes the selected placements in `format`; returns how many.
fn write_placements(
    board: &Board,
    chosen: Option<&Placement>,
    args: &Args,
    format: Format,
    out: &mut dyn Write,
) -> Result<u64> {
    let selection = Selection::new(args.fundamental);
    let shape = PlacementShape {
        n: board.n,
        rows: board.shape.rows_of(board.n),
        holes: board.shape.holes.clone(),
        show_numbers: false,
        with_class_size: selection.with_class_size(),
        style: Style::Ascii,
        title: String::new(),
    };
    if let Format::Svg(_) = format {
        // A picture's title says how many boards it has: count them first.
        let mut all = Vec::new();
        each_selected(board, chosen, args, |placement| {
            all.push(placement);
            Ok(())
        })?;
        let title = picture_title(&board.shape.the_board(board.n), args, all.len());
        let mut writer = printer::for_placements(out, format, PlacementShape { title, ..shape });
        for placement in &all {
            writer.placement(placement)?;
        }
        return writer.finish();
    }
    let mut writer = printer::for_placements(out, format, shape);
    each_selected(board, chosen, args, |placement| {
        writer.placement(&placement)
    })?;
    writer.finish()
}

/// The board Datasette will serve: the file's own, which --size, if given,
/// must name (a temporary board of another size is not what Datasette
/// reads).
fn datasette_board<'a>(
    engine: &'a dyn Engine,
    requested: Option<u8>,
    workers: Workers<'a>,
) -> Result<Board<'a>> {
    let board = Board::open(engine, None, workers)?;
    let n = board.n;
    match requested {
        Some(other) if other != n => Err(usage(format!(
            "--format datasette describes {} as Datasette serves it, and it holds the {n}×{n} \
             board, not {other}×{other}; leave out --size, or name a file with that board",
            engine.shown()
        ))),
        _ => Ok(board),
    }
}

/// Datasette's metadata for the file: Datasette names a database after
/// its file's name without the extension.
fn write_datasette(board: &Board, target: &Target, out: &mut dyn Write) -> Result<()> {
    let database = datasette_name(target.file("--format datasette")?);
    let catalog = reading::catalog(board)?;
    let document = datasette::metadata(&database, board.n, &catalog);
    serde_json::to_writer_pretty(&mut *out, &document)?;
    writeln!(out)?;
    Ok(())
}

fn chosen_format(args: &Args) -> Result<ExportFormat> {
    if let Some(format) = args.format {
        return Ok(format);
    }
    match &args.out {
        Some(path) => ExportFormat::from_extension(path).ok_or_else(|| {
            usage(format!(
                "cannot tell the format from {}; add --format csv, json, ndjson, sql, svg, html or datasette",
                path.display()
            ))
        }),
        None => Err(usage(
            "export needs --format (csv, json, ndjson, sql, svg, html or datasette) or an --out file",
        )),
    }
}

/// Solution `k` in board order, found by walking the search that far; a
/// `k` beyond the board's solutions is a usage error.
fn solution_number(board: &Board, k: i64) -> Result<Placement> {
    let n = board.n;
    match order::nth_solution(board, k)? {
        (Some(squares), _) => Ok(Placement {
            solution: k,
            squares,
            class_size: None,
        }),
        (None, total) => Err(usage(format!(
            "--solution {k}: {} has {}",
            board.shape.the_board(n),
            solutions_phrase(total as u64)
        ))),
    }
}

/// The SQL export: a dump of the SQLite file, or the PostgreSQL or DuckDB
/// script that builds the same model.
fn write_sql(board: &Board, args: &Args, out: &mut dyn Write) -> Result<()> {
    match args.dialect {
        ScriptDialect::Postgres | ScriptDialect::Duckdb => {
            let script = model_script(args, board.n, &board.shape)?;
            out.write_all(script.as_bytes())?;
            Ok(out.flush()?)
        }
        ScriptDialect::Sqlite => board.reader.dump(out),
    }
}

/// Calls `each` with the placements the arguments select.
fn each_selected(
    board: &Board,
    chosen: Option<&Placement>,
    args: &Args,
    mut each: impl FnMut(Placement) -> Result<()>,
) -> Result<()> {
    match chosen {
        Some(placement) => each(placement.clone()),
        None => Selection::new(args.fundamental).for_each(board, each),
    }
}

/// "Solution 3 of the 8×8 board", of the board `board` names.
fn picture_title(board: &str, args: &Args, count: usize) -> String {
    match (args.solution, args.fundamental) {
        (Some(k), _) => format!("Solution {k} of {board}"),
        (None, true) => format!("The {count} fundamental solutions of {board}"),
        (None, false) => format!("The {} of {board}", solutions_phrase(count as u64)),
    }
}

/// The largest board the page is written for: 13×13's 73,712 solutions
/// make a page of about 1 MB; 14×14's would be five times that.
const PAGE_UP_TO: u8 = 13;

/// The page of the model: every fact it shows read from the database's
/// relations (square, square_line, symmetry, square_image, search_space,
/// search_funnel) and its solutions from the search, in board order.
/// Returns how many solutions it holds.
fn write_html(board: &Board, lab: Option<&LabData>, out: &mut dyn Write) -> Result<u64> {
    let mut data = PageData::from_shown(&reading::board_shown(board)?)?;
    data.shaped(&board.shape)?;
    let mut count = 0;
    Selection::All.for_each(board, |placement| {
        count += 1;
        data.add_solution(&placement.squares)
    })?;
    write_page(out, &data, lab)?;
    Ok(count)
}
