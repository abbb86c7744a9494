//! `queens show K`: draw solution K and say which symmetry class it is in.

use std::io::Write;

use anyhow::{Context, Result};
use clap::Args as ClapArgs;

use crate::cmd::{DbArgs, DrawingArgs, WorkArgs, say_if_stored, stdout};
use crate::error::usage;
use crate::model::board::Board;
use crate::render::diagram;
use crate::render::notes::solutions_phrase;
use crate::search::{OpenBoard, order, parallel, reading};

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
    #[arg(value_name = "K", allow_negative_numbers = true, value_parser = crate::model::board::parse_solution_number)]
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

/// The largest board whose solutions `show` counts to say "K of T" when
/// they are not stored: the split count takes a second or two at 13×13,
/// far longer than finding an early solution of a larger board.
const COUNT_UP_TO: u8 = 13;

pub fn run(args: &Args) -> Result<()> {
    args.target.on_board(Some(&args.work), |board| {
        let total = match board.stored_count()? {
            Some(stored) => Some(stored),
            None if board.n() <= COUNT_UP_TO => Some(parallel::count_solutions(board)?),
            None => None,
        };
        let (found, seen) = order::nth_solution(board, args.number)?;
        let Some(squares) = found else {
            return Err(no_such_solution(
                &board.board.the_board(),
                args.number,
                total.unwrap_or(seen as u64),
            ));
        };
        let shown = class_of(board, squares, args.number)?;
        say_if_stored(board)?;
        let description = reading::symmetry_description(board, &shown.symmetry)?;
        write_shown(args, &board.board, total, &shown, &description)
    })
}

/// The refusal of a K beyond the board's `total` solutions.
fn no_such_solution(board: &str, k: i64, total: u64) -> anyhow::Error {
    usage(match total {
        0 => format!("{board} has no solutions, so no solution {k}"),
        _ => format!("there is no solution {k}: {board} has {total} (1 to {total})"),
    })
}

/// The class of solution number `k`, whose queens stand on `squares`: its
/// size, its representative (the class's first in board order, so at or
/// before `k`, found by walking that far) and the symmetry onto it.
fn class_of(board: &OpenBoard, squares: Vec<String>, k: i64) -> Result<Shown> {
    let class = reading::class_of(board, &squares)
        .with_context(|| format!("solution {k} has no symmetry class"))?;
    let representative_no = if class.representative == squares {
        k
    } else {
        order::place_of(board, &class.representative)?
            .ok_or_else(|| anyhow::anyhow!("the representative of solution {k} is no solution"))?
    };
    Ok(Shown {
        squares,
        class_size: class.class_size,
        representative_no,
        symmetry: class.symmetry,
    })
}

/// Solution K, its diagram and its class, on standard output.
fn write_shown(
    args: &Args,
    board: &Board,
    total: Option<u64>,
    shown: &Shown,
    description: &str,
) -> Result<()> {
    let queens = (shown.squares.iter())
        .map(|name| board.square_named(name))
        .collect::<Result<Vec<_>>>()?;
    let mut out = stdout();
    // The total where it costs less than the answer (see COUNT_UP_TO).
    let of = total
        .map(|total| format!(" of {total}"))
        .unwrap_or_default();
    writeln!(
        out,
        "Solution {}{of}: {}",
        args.number,
        shown.squares.join(" ")
    )?;
    writeln!(out)?;
    let drawing = diagram::draw_on(board, &queens, args.drawing.style());
    out.write_all(drawing.as_bytes())?;
    if !board.holes.is_empty() {
        writeln!(out, "(# marks a hole: no queen stands there.)")?;
    }
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
