//! `queens space`: how reasoning shrinks the search space, step by step.

use std::io::Write;

use anyhow::Result;
use clap::Args as ClapArgs;

use crate::cmd::{DbArgs, stdout};
use crate::model::board::Board;
use crate::render::column_layout::{output_width, write_wrapped_table};
use crate::render::search_space::{
    REASONING_HEADERS, reasoning_row, write_funnel, write_paragraph,
};
use crate::search::reading;

/// Print how the search space shrinks: by reasoning, then column by column.
///
/// First the rows of the search_space view: all ways to put N queens on the
/// N² squares, then choosing rather than permuting, one queen per column,
/// distinct rows, not beside the previous queen's row (the candidate view,
/// counted), and finally the solutions (counted up to 12×12, in about a
/// second there). Numbers up to a billion are written out (16,777,216),
/// larger ones in scientific notation as the view writes them (4.43E+09).
///
/// Then the funnel (the search_funnel view): for k = 0 … N, the ways to
/// put queens in columns 1 … k by the candidate rule and by the placement
/// rule (no two on one line), and a bar of the share the placement rule
/// keeps. The funnel is a search: it is shown up to 12×12 (about a second)
/// and with --funnel beyond (13×13: seconds, 14×14: about half a minute).
///
/// Examples:
///   queens space
///   queens space --db ten.db --unicode
///   queens space --size 13 --db big.db --funnel
#[derive(ClapArgs, Debug)]
#[command(verbatim_doc_comment)]
pub struct Args {
    #[command(flatten)]
    pub target: DbArgs,

    /// Count the funnel on a board larger than 12×12 too (a search that
    /// grows about sixfold a size).
    #[arg(long)]
    pub funnel: bool,

    /// Draw the funnel's bars with block characters.
    #[arg(long)]
    pub unicode: bool,
}

/// The largest board whose funnel `space` counts without --funnel.
const FUNNEL_UP_TO: u8 = 12;

pub fn run(args: &Args) -> Result<()> {
    args.target.on_board(None, |board| {
        let n = board.n();
        let rows: Vec<Vec<String>> = (reading::reasoning(board)?.iter())
            .map(|step| reasoning_row(step).to_vec())
            .collect();
        let headers = REASONING_HEADERS.map(String::from);
        // Fit the terminal, as --help does: the reasoning and calculation
        // columns wrap, no number is dropped.
        let width = output_width();
        let mut out = stdout();
        // (search_funnel counts candidates on square boards without holes.)
        let holed = !board.board.holes.is_empty() || !board.board.is_square();
        writeln!(out, "The search space of {}", board.board.the_board())?;
        writeln!(out)?;
        write_wrapped_table(&mut out, &headers, &rows, width)?;
        if holed {
            write_left_out(&mut out, &board.board, width)?;
        }
        if n == 8 && board.board.is_plain() {
            writeln!(out)?;
            write_paragraph(
                &mut out,
                "Note: the write-up this model comes from gives 5,424 for step 5; the number \
             of permutations of 8 with no neighbours one apart is 5,242 (OEIS A002464).",
                width,
            )?;
        }
        writeln!(out)?;
        if n > FUNNEL_UP_TO && !args.funnel {
            write_paragraph(
                &mut out,
                &format!(
                    "The funnel of a board larger than {FUNNEL_UP_TO}×{FUNNEL_UP_TO} is a search \
                 of seconds to hours:"
                ),
                width,
            )?;
            writeln!(out, "add --funnel to count it.")?;
            return Ok(out.flush()?);
        }
        out.flush()?;
        let funnel = reading::funnel(board)?;
        write_paragraph(
            &mut out,
            "The funnel: ways to put queens in columns 1 … k",
            width,
        )?;
        writeln!(out)?;
        let uncounted = if holed {
            "not counted"
        } else {
            "beyond 64 bits"
        };
        write_funnel(&mut out, &funnel, (args.unicode, uncounted), width)?;
        Ok(out.flush()?)
    })
}

/// Why steps 1 to 5 and the candidate rule's count are left out on this
/// board: they count placements on every square of a square board.
fn write_left_out(out: &mut impl Write, board: &Board, width: usize) -> Result<()> {
    writeln!(out)?;
    let why = if board.is_square() {
        "no queen stands on a hole"
    } else {
        "this board has more rows than columns"
    };
    write_paragraph(
        out,
        &format!(
            "Steps 1 to 5 count placements on every square of a square board; {why}, so they \
             are left out here, and so is the candidate rule's count below."
        ),
        width,
    )
}
