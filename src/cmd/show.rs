//! `queens show K`: draw solution K and say which symmetry class it is in.

use std::io::Write;

use anyhow::Result;
use clap::Args as ClapArgs;
use rusqlite::{OptionalExtension, named_params};

use crate::board::Square;
use crate::cmd::{DbArgs, DrawingArgs, stdout};
use crate::db;
use crate::diagram;
use crate::error::usage;

const SOLUTION_BY_NUMBER: &str = include_str!("../../sql/queries/solution_by_number.sql");

/// Draw solution K (in board order, from 1) as a chess diagram.
///
/// Rank N is at the top and the files a… run along the bottom; a queen is Q
/// (or ♛ with --unicode, which also shades the dark squares). Below the
/// diagram: the solution's symmetry class, and which rotation or reflection
/// moves it onto the class's representative (its first member in board
/// order).
///
/// Examples:
///   queens show 1
///   queens show 10 --unicode
///   queens show 3 --db ten.db
#[derive(ClapArgs, Debug)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// The solution's number, as `solve` lists them (1 is the first).
    #[arg(value_name = "K", value_parser = crate::board::parse_solution_number)]
    pub number: i64,

    #[command(flatten)]
    pub target: DbArgs,

    #[command(flatten)]
    pub drawing: DrawingArgs,
}

/// What the database says of one solution.
struct Shown {
    squares: Vec<String>,
    class_no: i64,
    class_size: i64,
    representative_no: i64,
    symmetry: String,
    classes: i64,
    solutions: i64,
}

pub fn run(args: &Args) -> Result<()> {
    let (conn, n) = db::open_for_reading(&args.target.db, args.target.size)?;
    let columns = usize::from(n);
    let found = conn
        .query_row(
            SOLUTION_BY_NUMBER,
            named_params! {":number": args.number},
            |row| {
                Ok(Shown {
                    squares: (1..=columns)
                        .map(|i| row.get(i))
                        .collect::<rusqlite::Result<_>>()?,
                    class_no: row.get(columns + 1)?,
                    class_size: row.get(columns + 2)?,
                    representative_no: row.get(columns + 3)?,
                    symmetry: row.get(columns + 4)?,
                    classes: row.get(columns + 5)?,
                    solutions: row.get(columns + 6)?,
                })
            },
        )
        .optional()?;
    let Some(shown) = found else {
        let total: i64 = conn.query_row("select count(*) from solution", [], |r| r.get(0))?;
        return Err(usage(match total {
            0 => format!(
                "the {n}×{n} board has no solutions, so there is no solution {}",
                args.number
            ),
            _ => format!(
                "there is no solution {}: the {n}×{n} board has {total} (1 to {total})",
                args.number
            ),
        }));
    };
    let description: String = conn.query_row(
        "select description from symmetry where symmetry = ?1",
        [&shown.symmetry],
        |row| row.get(0),
    )?;

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
        shown.solutions,
        shown.squares.join(" ")
    )?;
    writeln!(out)?;
    out.write_all(diagram::draw(n, &queens, args.drawing.style()).as_bytes())?;
    writeln!(out)?;
    writeln!(
        out,
        "Class {} of {}, with {} member{}; {}",
        shown.class_no,
        shown.classes,
        shown.class_size,
        if shown.class_size == 1 { "" } else { "s" },
        class_relation(args.number, &shown, &description)
    )?;
    Ok(out.flush()?)
}

fn class_relation(number: i64, shown: &Shown, description: &str) -> String {
    if number == shown.representative_no {
        "this solution is the class representative.".to_string()
    } else {
        format!(
            "{} ({description}) moves it onto solution {}, the class representative.",
            shown.symmetry, shown.representative_no
        )
    }
}
