//! `queens doctor`: check a database and report what holds.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use clap::Args as ClapArgs;

use crate::cmd::stdout;
use crate::engine::{self, Target};
use crate::model::words::counted;
use crate::render::outfile::refuse_stdout_database;

/// Check a database and print a report; exit 0 only when everything holds.
///
/// Reads the database without changing it. On an SQLite file: schema version, SQLite's integrity
/// and foreign-key checks, the fact invariants for its size (N² squares,
/// 6N − 2 lines, 4N² memberships), the encodings derived from square_line,
/// the symmetries and square_image against the native checker's, whether
/// its views are the ones this queens writes (naming those that are not),
/// the stored solutions if any (each a solution of the board, numbered in
/// board order, as many as the native counter finds up to 14×14), the
/// number of solutions against the native counter (up to 12×12), and
/// whether solution and solution_by_definition agree (up to 10×10).
///
/// In a schema on PostgreSQL or Citus (in one read-only transaction,
/// creating nothing there): schema version, board size, every table of
/// queens' row for row against a board built afresh at the same size,
/// that every view of queens' is there, the number of solutions against
/// the native counter (up to 12×12), and, on a distributed board, that
/// search_part holds the parts of this board's search.
///
/// Examples:
///   queens doctor
///   queens doctor --db ten.db
///   queens doctor --db postgres://me@localhost/mydb --schema queens
#[derive(ClapArgs, Debug)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// The database to check (never created or changed): an SQLite file,
    /// or a postgres://USER@HOST:PORT/DBNAME URL.
    #[arg(
        short,
        long,
        value_name = "PATH",
        env = "QUEENS_DB",
        hide_env_values = true,
        default_value = "queens.db"
    )]
    pub db: std::path::PathBuf,

    /// The board size the database must hold (1 to 26); any if not given.
    #[arg(short, long, value_name = "N", allow_negative_numbers = true, value_parser = crate::model::board::parse_size)]
    pub size: Option<u8>,

    /// With a postgres:// URL as --db: the schema that holds the board.
    #[arg(
        long,
        value_name = "NAME",
        default_value = "queens",
        help_heading = "PostgreSQL server options"
    )]
    pub schema: String,

    #[command(flatten)]
    pub trust: crate::cmd::TrustArgs,
}

/// The report's verdict: exit code 0 when every check holds, else 1.
pub fn run(args: &Args) -> Result<ExitCode> {
    let target = Target::new(&args.db, &args.schema)?;
    if let Target::File(path) = &target {
        refuse_stdout_database(path)?;
    }
    let mut engine = engine::connect(&target)?;
    args.trust.apply(engine.as_mut(), &target);
    let findings = engine.doctor(args.size)?;
    let mut out = stdout();
    writeln!(out, "{}", target.shown())?;
    for finding in &findings {
        let mark = match finding.holds {
            Some(true) => "ok  ",
            Some(false) => "FAIL",
            None => "    ",
        };
        writeln!(out, "  {mark}  {:<14} {}", finding.what, finding.found)?;
    }
    let failed = findings.iter().filter(|f| f.holds == Some(false)).count();
    if failed == 0 {
        writeln!(out, "all checks hold")?;
        out.flush()?;
        Ok(ExitCode::SUCCESS)
    } else {
        writeln!(out, "{} failed", counted(failed as u64, "check"))?;
        out.flush()?;
        Ok(ExitCode::FAILURE)
    }
}
