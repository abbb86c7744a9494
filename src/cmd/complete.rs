//! `queens complete`: every solution that contains the given queens.

use std::io::Write;

use anyhow::{Result, bail};
use clap::Args as ClapArgs;

use crate::cmd::{DbArgs, OutputArgs, PlacementArgs, WorkArgs, say_if_stored, stdout};
use crate::model::board::Board;
use crate::render::notes::{attack_sentence, completions_out_of_reach, note, solutions_phrase};
use crate::render::printer::{self, PlacementPrinting};
use crate::search::questions::{
    SEARCH_COMPLETIONS_UP_TO, attacking_pairs, completions_within_reach, for_each_completion,
};

/// List every solution that has queens on all the given squares.
///
/// The database answers by relational division: the solutions whose set of
/// queens (solution_queen) contains the given set. Squares go in any order
/// and case, separated by spaces or commas. The number found follows the
/// list (on stderr for csv, json and ndjson, so that the output stays
/// clean for programs); "no completion" when there is none. Queens that
/// attack each other have no completion: that is said on stderr, with
/// the line they share, and the exit code is 1, as for `check`. Up to
/// 12×12 the completions come at once; 13×13 to 15×15 list the solutions
/// on all cores first, with a progress bar (14×14: seconds, 15×15: about
/// a minute), only those that start with the queen given in column a or
/// b where there is one (the ones before it are counted, for their
/// numbers); beyond, the solutions must be stored (`init --materialize`).
///
/// Examples:
///   queens complete a2 b6
///   queens complete a1 b5 --format boards
///   queens complete "c4, d2" --format json
#[derive(ClapArgs, Debug)]
#[command(verbatim_doc_comment)]
pub struct Args {
    #[command(flatten)]
    pub queens: PlacementArgs,

    #[command(flatten)]
    pub target: DbArgs,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub work: WorkArgs,
}

pub fn run(args: &Args) -> Result<()> {
    let fits = |board: &Board| args.queens.fit(board);
    args.target
        .on_board_fitting(Some(&args.work), &fits, |board| {
            let n = board.n();
            let queens = args.queens.on(&board.board)?;
            if let Some(attack) = attacking_pairs(board, &queens)?.first() {
                bail!("no completion: {}", attack_sentence(attack));
            }
            if !completions_within_reach(board)? {
                bail!(completions_out_of_reach(
                    n,
                    SEARCH_COMPLETIONS_UP_TO,
                    &args.target.repeated()
                ));
            }
            say_if_stored(board)?;
            let mut out = stdout();
            let printing = PlacementPrinting {
                board: board.board.clone(),
                show_numbers: true,
                with_class_size: false,
                style: args.output.drawing.style(),
                title: String::new(),
            };
            let format = args.output.format.into();
            let mut writer = printer::for_placements(&mut out, format, printing);
            for_each_completion(board, &queens, |placement| writer.placement(&placement))?;
            let found = writer.finish()?;
            let summary = if found > 0 {
                format!("{} found", solutions_phrase(found))
            } else {
                "no completion".to_string()
            };
            note(format, &mut out, &summary)?;
            Ok(out.flush()?)
        })
}
