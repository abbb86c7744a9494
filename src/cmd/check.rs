//! `queens check`: is a placement of queens valid, and how far from a solution?

use std::io::Write;
use std::process::ExitCode;

use crate::cmd::{DbArgs, PlacementArgs, WorkArgs, stdout};
use crate::model::board::{Board, Square};
use crate::model::words::counted;
use crate::render::notes::{attack_sentence, completions_out_of_reach, solutions_phrase};
use crate::search::questions::{
    SEARCH_COMPLETIONS_UP_TO, attacking_pairs, completion_numbers, completions_within_reach,
};
use anyhow::Result;
use clap::Args as ClapArgs;

/// Check a placement: name each attacking pair, or count its completions.
///
/// Two queens attack each other when their squares' line sets meet: the
/// database finds L(a) ∩ L(b) in square_line and names the shared line by
/// its anchor and direction. Squares go in any order and case, separated by
/// spaces or commas. Exit code 0 for a valid placement, 1 when queens
/// attack, 2 for squares that cannot be read. Completions are counted up to
/// 15×15 (from 13×13 by listing the solutions on all cores, with a
/// progress bar: with a queen in column a or b, only those that start
/// with it), and on larger boards whose solutions are stored.
///
/// Examples:
///   queens check c5 f2                     # attack along the RGHT-DN line anchored at a7
///   queens check a1 b5 c8 d6 e3 f7 g2 h4   # a complete solution (solution 1)
///   queens check "a2, b6"                  # valid, and how many solutions complete it
#[derive(ClapArgs, Debug)]
#[command(verbatim_doc_comment)]
pub struct Args {
    #[command(flatten)]
    pub queens: PlacementArgs,

    #[command(flatten)]
    pub target: DbArgs,

    #[command(flatten)]
    pub work: WorkArgs,
}

/// The placement's verdict: exit code 0 when it is valid, 1 when queens
/// attack (said on stdout either way).
pub fn run(args: &Args) -> Result<ExitCode> {
    let fits = |board: &Board| args.queens.fit(board);
    args.target
        .on_board_fitting(Some(&args.work), &fits, |board| {
            let n = board.n();
            let queens = args.queens.on(&board.board)?;
            let mut out = stdout();
            let attacks = attacking_pairs(board, &queens)?;
            if !attacks.is_empty() {
                for attack in &attacks {
                    writeln!(out, "{}", attack_sentence(attack))?;
                }
                let pairs = attacks.len();
                writeln!(out, "invalid: {}", counted(pairs as u64, "attacking pair"))?;
                out.flush()?;
                return Ok(ExitCode::FAILURE);
            }
            if !completions_within_reach(board)? {
                let what = match queens.len() {
                    k if k == usize::from(n) => "valid: a complete solution".to_string(),
                    1 => "valid: 1 queen".to_string(),
                    k => format!("valid: {k} queens, no two attacking"),
                };
                writeln!(
                    out,
                    "{what}; solutions containing it not looked for: {}",
                    completions_out_of_reach(n, SEARCH_COMPLETIONS_UP_TO, &args.target.repeated())
                )?;
                out.flush()?;
                return Ok(ExitCode::SUCCESS);
            }
            let completions = completion_numbers(board, &queens)?;
            let verdict = valid_verdict(args, n, &queens, &completions);
            writeln!(out, "{verdict}")?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        })
}

/// What `check` says of a valid placement of `queens` on the `n`×`n`
/// board, which the solutions numbered `completions` contain.
fn valid_verdict(args: &Args, n: u8, queens: &[Square], completions: &[i64]) -> String {
    if queens.len() == usize::from(n) {
        let number = completions.first().copied().unwrap_or_default();
        return format!("valid: a complete solution (solution {number})");
    }
    let count = completions.len() as u64;
    let queens_phrase = match queens.len() {
        1 => "1 queen".to_string(),
        k => format!("{k} queens, no two attacking"),
    };
    // One queen is "it", more are "them".
    let them = if queens.len() == 1 { "it" } else { "them" };
    match count {
        0 => format!("valid: {queens_phrase}, but no solution contains {them}"),
        _ => {
            let names: Vec<String> = queens.iter().map(|q| q.name()).collect();
            format!(
                "valid: {queens_phrase}; {} complete{} {them} (list with `queens complete {}{}`)",
                solutions_phrase(count),
                if count == 1 { "s" } else { "" },
                names.join(" "),
                args.target.repeated()
            )
        }
    }
}
