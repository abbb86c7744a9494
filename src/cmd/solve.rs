//! `queens solve`: print every solution.

use anyhow::Result;
use clap::Args as ClapArgs;

use crate::cmd::{DbArgs, OutputArgs, WorkArgs, say_if_stored, stdout};
use crate::render::printer::{self, PlacementPrinting};
use crate::search::selection::Selection;

/// Print every solution of the board, one per row, in board order.
///
/// The rows are those of the solution view (select * from solution), each
/// with its number in board order (the K of `queens show K`): column s1
/// holds the square of the queen in column a, s2 the one in column b, and
/// so on. A board without solutions (2×2, 3×3) is said so on stderr.
/// Creates the database (for --size, default 8) if it does not exist.
///
/// The search is split into parts by where the first two queens stand, run
/// on --jobs threads, and printed part after part, in board order.
///
/// With --fundamental, one solution per class of solutions that the board's
/// rotations and reflections turn into one another (the class's first in
/// board order), with the size of its class.
///
/// Examples:
///   queens solve                          # the 92 solutions of 8×8
///   queens solve --fundamental            # the 12 fundamental ones
///   queens solve --format boards          # every solution drawn as a board
///   queens solve --format csv > all.csv
///   queens solve --size 6 --db six.db     # the 4 solutions of 6×6
#[derive(ClapArgs, Debug)]
#[command(verbatim_doc_comment)]
pub struct Args {
    #[command(flatten)]
    pub target: DbArgs,

    /// Only one solution of each symmetry class, with the class size.
    #[arg(long)]
    pub fundamental: bool,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub work: WorkArgs,
}

pub fn run(args: &Args) -> Result<()> {
    args.target.on_board(Some(&args.work), |board| {
        say_if_stored(board)?;
        let selection = Selection::new(args.fundamental);
        let printing = PlacementPrinting {
            board: board.board.clone(),
            show_numbers: true,
            with_class_size: selection.with_class_size(),
            style: args.output.drawing.style(),
            title: String::new(),
        };
        let mut writer = printer::for_placements(stdout(), args.output.format.into(), printing);
        selection.for_each(board, |placement| writer.placement(&placement))?;
        if writer.finish()? == 0 {
            eprintln!("queens: {} has no solutions", board.board.the_board());
        }
        Ok(())
    })
}
