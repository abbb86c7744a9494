//! `export`'s arguments: what it writes, where, and for which board. Pairs
//! of flags that never go together are refused by clap itself, before any
//! work; what depends on the format chosen (which may come from --out's
//! extension) is refused by the file that writes that format.

use std::path::{Path, PathBuf};

use anyhow::Result;
use clap::{Args as ClapArgs, ValueEnum};

use crate::cmd::shared::{DbArgs, WorkArgs};
use crate::error::usage;

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
}

/// Export solutions (CSV, JSON, NDJSON, SVG), the whole database (SQL), the
/// model as a page to explore in a browser (HTML) or Datasette's metadata.
///
/// Writes to standard output, or with --out to a file: the file is written
/// in full beside its final name and only then moved there, so it is never
/// seen half-written, and an existing file is replaced only with --force,
/// but for a page export wrote itself and nobody changed since (its first
/// line says so), which the same export writes again while you draft it. Without --format, the format follows the extension of --out.
///
/// Examples:
///   queens export --format csv --out solutions.csv
///   queens export --format json
///   queens export --out all.svg                # every solution, drawn
///   queens export --out one.svg --solution 5   # just solution 5
///   queens export --format csv --fundamental   # one per symmetry class
///   queens export --out queens.html            # open it in a browser
///   npm install sql.js@1.17.0                  # for the console:
///   queens export --console --out console.html # SQL typed in the page
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

    /// Replace --out if it exists (a page export wrote is replaced by a
    /// page without it; a link to one is not).
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
    #[arg(long, conflicts_with_all = ["dialect", "console"])]
    pub fixed_size: bool,

    /// For --format sql: a dump of an SQLite file that `sqlite3` reads
    /// (sqlite), a script that `psql` runs on an empty PostgreSQL database
    /// to build the same model in --schema (postgres), or one that DuckDB
    /// runs to build it in the schema in use (duckdb; boards up to 15×15)
    /// [default: sqlite].
    #[arg(long, value_enum, conflicts_with_all = ["solution", "fundamental", "console"])]
    pub dialect: Option<ScriptDialect>,

    /// For html: a console in the page that runs your SQL on a copy of
    /// the database (SQLite, by sql.js, offline), with exercises that check
    /// an answer on this board and on three hidden boards of its kind
    /// (tori for a torus, boards with holes for one with holes …), on
    /// boards up to 12×12; a built-in exercise that cannot apply to the
    /// board is left out, and the page says why.
    /// Needs sql.js 1.17.0 from npm: `npm install sql.js@1.17.0` in the
    /// current directory, or --sqljs.
    #[arg(long, conflicts_with_all = ["solution", "fundamental"])]
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

impl Args {
    /// The format --format names, else the one --out's extension asks for.
    pub fn chosen_format(&self) -> Result<ExportFormat> {
        if let Some(format) = self.format {
            return Ok(format);
        }
        match &self.out {
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

    /// The SQL dialect asked for (SQLite's dump where none is).
    pub fn dialect(&self) -> ScriptDialect {
        self.dialect.unwrap_or(ScriptDialect::Sqlite)
    }
}
