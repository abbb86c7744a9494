//! `queens show K`: draw solution K and say which symmetry class it is in.

use std::io::Write;

use anyhow::Result;
use clap::Args as ClapArgs;

use crate::cmd::{DbArgs, DrawingArgs, WorkArgs, say_if_stored, stdout};
use crate::engine::{Param, Reader};
use crate::error::usage;
use crate::model::board::Square;
use crate::model::schema;
use crate::model::template::Scope;
use crate::render::diagram;
use crate::render::sink::solutions_phrase;
use crate::search::parallel;
use crate::search::selection::plain;

/// Draw solution K (in board order, from 1) as a chess diagram.
///
/// Rank N is at the top and the files a… run along the bottom; a queen is Q
/// (or ♛ with --unicode, which also shades the dark squares). Below the
/// diagram: how many solutions the board's rotations and reflections make
/// of it (its class), and which of them moves it onto the class's
/// representative, the class's first member in board order.
///
/// Examples:
///   queens show 1
///   queens show 10 --unicode
///   queens show 3 --db ten.db
#[derive(ClapArgs, Debug)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// The solution's number, as `solve` lists them (1 is the first).
    #[arg(value_name = "K", value_parser = crate::model::board::parse_solution_number)]
    pub number: i64,

    #[command(flatten)]
    pub target: DbArgs,

    #[command(flatten)]
    pub drawing: DrawingArgs,

    #[command(flatten)]
    pub work: WorkArgs,
}

/// What the database says of one solution.
struct Shown {
    squares: Vec<String>,
    class_size: i64,
    representative_no: i64,
    symmetry: String,
}

pub fn run(args: &Args) -> Result<()> {
    let (engine, reader, n) = args.target.open()?;
    let reader = reader.as_ref();
    let bar = args.work.bar();
    let total = match reader.stored_count()? {
        Some(stored) => stored,
        None => parallel::count_solutions(engine.as_ref(), reader, n, args.work.workers(&bar))?,
    };
    let Some(shown) = solution_and_class(reader, n, args.number)? else {
        return Err(usage(match total {
            0 => format!(
                "the {n}×{n} board has no solutions, so no solution {}",
                args.number
            ),
            _ => format!(
                "there is no solution {}: the {n}×{n} board has {total} (1 to {total})",
                args.number
            ),
        }));
    };
    say_if_stored(reader, engine.as_ref())?;
    let description = reader
        .first(
            &plain(
                reader,
                "select description from symmetry where symmetry = {:symmetry}",
            )?,
            &[("symmetry", Param::Text(shown.symmetry.clone()))],
        )?
        .map(|row| row[0].text())
        .unwrap_or_default();
    write_shown(args, n, total, &shown, &description)
}

/// Solution K, its diagram and its class, on standard output.
fn write_shown(args: &Args, n: u8, total: u64, shown: &Shown, description: &str) -> Result<()> {
    let queens = shown
        .squares
        .iter()
        .map(|name| Square::parse(name, n))
        .collect::<Result<Vec<_>>>()?;
    let mut out = stdout();
    writeln!(
        out,
        "Solution {} of {}: {}",
        args.number,
        total,
        shown.squares.join(" ")
    )?;
    writeln!(out)?;
    out.write_all(diagram::draw(n, &queens, args.drawing.style()).as_bytes())?;
    writeln!(out)?;
    let class = format!(
        "The board's symmetries make {} of it",
        solutions_phrase(shown.class_size as u64)
    );
    if args.number == shown.representative_no {
        writeln!(
            out,
            "{class}; it is the first of them, the class representative."
        )?;
    } else {
        writeln!(
            out,
            "{class}; {} ({description}) moves it onto solution {}, the first of them, \
             the class representative.",
            shown.symmetry, shown.representative_no
        )?;
    }
    Ok(out.flush()?)
}

fn solution_and_class(reader: &dyn Reader, n: u8, number: i64) -> Result<Option<Shown>> {
    let sql = schema::query(
        "queries/class_of.sql",
        n,
        Scope::for_dialect(reader.dialect()),
    )?;
    let columns = usize::from(n);
    let Some(row) = reader.first(&sql, &[("number", Param::Int(number))])? else {
        return Ok(None);
    };
    Ok(Some(Shown {
        squares: row[1..=columns].iter().map(|v| v.text()).collect(),
        class_size: row[columns + 1].integer()?,
        representative_no: row[columns + 2].integer()?,
        symmetry: row[columns + 3].text(),
    }))
}
