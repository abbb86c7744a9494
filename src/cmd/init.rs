//! `queens init`: create, upgrade or rebuild a database.

use std::io::Write;

use anyhow::Result;
use clap::Args as ClapArgs;

use crate::cmd::{DbArgs, WorkArgs, stdout};
use crate::engine::{self, Engine, Origin};
use crate::error::usage;
use crate::model::board::{Board, DEFAULT_SIZE};
use crate::model::words::counted;
use crate::search::{Workers, store};

/// Create the database for an N×N board, or check and upgrade one.
///
/// A new database holds the board's domains and facts (squares, lines and
/// which squares lie on which lines, the symmetries) and the views,
/// generated for N: candidate, solution_by_definition, solution,
/// search_space, numbered_solution, solution_queen, solution_class,
/// fundamental_solution, stored_solution, search_funnel, search_tree and
/// search_tree_tally.
/// Running init again on the same database changes nothing, except to
/// upgrade a database written by an older queens (which the other commands
/// refuse to read). Asking for another size is refused unless --force is
/// given, which rebuilds the board in one transaction and keeps every row
/// of your own tables, your views and your triggers as they are: where a
/// row of yours would point at a square the new board lacks, or a trigger
/// of yours sits on one of queens' tables, it refuses and changes nothing.
///
/// With --materialize the solutions are searched once (on --jobs threads)
/// and stored in the table solution_store; the views and commands then read
/// them instead of searching. A rebuild drops them.
///
/// With --distributed (a postgres:// URL of a Citus coordinator) the facts
/// become reference tables, copied to every worker, and the parts of the
/// search the rows of the distributed table search_part; count, solve and
/// export then run as one statement on all workers at once, and count
/// keeps each part's count in search_part_count, so that a count stopped
/// part way resumes. The schema stays distributed through later rebuilds.
///
/// Examples:
///   queens init                          # ./queens.db, 8×8
///   queens init --size 10 --db ten.db    # a 10×10 board in ten.db
///   queens init --size 6 --db ten.db --force
///   queens init --size 14 --db big.db --materialize   # 365596 solutions, kept
#[derive(ClapArgs, Debug)]
#[command(verbatim_doc_comment)]
pub struct Args {
    #[command(flatten)]
    pub target: DbArgs,

    /// Rebuild an existing database's board, for --size or its own size.
    #[arg(long)]
    pub force: bool,

    /// Also search every solution once and store it, so that count, solve,
    /// show, complete and export answer without searching.
    #[arg(long)]
    pub materialize: bool,

    /// Spread the board over a Citus cluster: --db names its coordinator.
    #[arg(long, help_heading = "PostgreSQL server options")]
    pub distributed: bool,

    #[command(flatten)]
    pub work: WorkArgs,
}

pub fn run(args: &Args) -> Result<()> {
    let target = args.target.target()?;
    if args.materialize {
        // Said before anything is built: stored solutions live in files.
        target.file("--materialize")?;
    }
    let mut engine = engine::connect(&target)?;
    // Trusted before the board is read, so that the command's one walk of
    // the schema's dependencies is made with the roles named.
    args.target.trust.apply(engine.as_mut(), &target);
    // The board asked for, over the one the database holds (none yet: the
    // plain board), read only where a flag or --size asks for one.
    let asked = args.target.asked(|| engine.held_board().ok().flatten());
    engine.describe_relations();
    let engine = engine.as_ref();
    let mut n = 0;
    let mut build = || -> Result<()> {
        n = build_and_say(args, engine, asked.as_ref())?;
        Ok(())
    };
    if args.distributed {
        if args.materialize {
            return Err(usage(
                "--materialize stores solutions in an SQLite file; it does not go with --distributed",
            ));
        }
        let (workers, done) = engine.distribute(&mut build)?;
        let how = if done {
            "distributed"
        } else {
            "already distributed"
        };
        writeln!(
            stdout(),
            "{how} over {}: count, solve and export search on all of them",
            counted(workers, "Citus worker")
        )?;
    } else {
        build()?;
    }
    let mut out = stdout();
    if args.materialize {
        let board = store::the_board_built(engine, n, Workers::unwatched())?;
        if let Some(count) = board.stored_count()? {
            writeln!(out, "its {count} solutions are stored already")?;
        } else {
            drop(board);
            let bar = args.work.bar();
            let count = store::materialize(engine, n, args.work.workers(&bar))?;
            writeln!(
                out,
                "stored its {count} solutions; count, solve, show, complete and export now read them"
            )?;
        }
    }
    Ok(out.flush()?)
}

/// Creates, rebuilds or upgrades the board as asked, says what was done
/// and returns the board size.
fn build_and_say(args: &Args, engine: &dyn Engine, asked: Option<&Board>) -> Result<u8> {
    let (said, n) = prepare_board(args, engine, asked)?;
    let mut out = stdout();
    writeln!(out, "{said}")?;
    out.flush()?;
    Ok(n)
}

/// Creates, rebuilds or upgrades the database as asked (`asked`: the
/// board the flags and --size ask for, if they do); returns what was done,
/// in words, and the board size.
fn prepare_board(args: &Args, engine: &dyn Engine, asked: Option<&Board>) -> Result<(String, u8)> {
    let requested = args.target.size();
    let shown = engine.shown();
    if let (true, Some(n)) = (args.force, requested)
        && engine.lacks_board_size()?
    {
        let built = Board::of_kind(asked, n);
        engine.rebuild(&built)?;
        let said = format!(
            "rebuilt {shown}: now {}, was without a board",
            board_words(&built)
        );
        return Ok((said, n));
    }
    let new = Board::of_kind(asked, requested.unwrap_or(DEFAULT_SIZE));
    let (origin, found) = engine.ensure_exists(&new)?;
    if origin == Origin::Created {
        return Ok((
            format!("created {shown} with {}", board_words(&new)),
            found.size,
        ));
    }
    let held = (engine.held_board()?).unwrap_or_else(|| Board::square(found.size));
    if args.force {
        let n = requested.unwrap_or(found.size);
        // Without a flag of its own, the board keeps its shape.
        let built = Board::of_kind(Some(asked.unwrap_or(&held)), n);
        engine.rebuild(&built)?;
        let was = if held.is_plain() {
            format!("{0}×{0}", found.size)
        } else {
            held.a_board()
        };
        let said = format!("rebuilt {shown}: now {}, was {was}", board_words(&built));
        return Ok((said, n));
    }
    engine::check_requested_size(&shown, found.size, requested)?;
    if let Some(asked) = asked.filter(|asked| held.is_another_kind(asked)) {
        return Err(usage(format!(
            "{shown} holds {}, not {}; add --force to rebuild it",
            held.a_board(),
            asked.on_columns(found.size).a_board()
        )));
    }
    let upgraded = engine.bring_up_to_date()?;
    // With --materialize, what is done next is said next.
    let what = match (upgraded, args.materialize) {
        (true, _) => "; brought it up to date",
        (false, false) => "; nothing to do",
        (false, true) => "",
    };
    Ok((
        format!("{shown} already holds {}{what}", board_words(&held)),
        found.size,
    ))
}

/// "an 8×8 board (the classic board)", "a 10×10 board", "a 7×7 torus".
fn board_words(board: &Board) -> String {
    let classic = if board.cols == DEFAULT_SIZE && board.is_plain() {
        " (the classic board)"
    } else {
        ""
    };
    format!("{}{classic}", board.a_board())
}
