//! `queens trace`: the backtracking search, a column at a time or one
//! square at a time.

use std::io::Write;

use anyhow::Result;
use clap::{Args as ClapArgs, ValueEnum};

use crate::cmd::{Bar, Spinner};
use crate::cmd::{DbArgs, stdout};
use crate::error::usage;
use crate::model::reading::WalkStep;
use crate::render::column_layout::output_width;
use crate::render::diagram::Style;
use crate::render::printer::{self, Format};
use crate::render::trace::{
    WalkText, tally_columns, tally_values, walk_columns, walk_values, write_tally,
};
use crate::search::walk::Walk;
use crate::search::{OpenBoard, Progress, reading};

/// Print the backtracking search: a column at a time, or one square at a time.
///
/// A column at a time (the default), as the recursive query searches: the
/// rows of the search_tree_tally view. At level k, the placements of k − 1
/// queens that entered try every square of column k; each square is placed
/// (its lines meet none of the queens'), or killed by the row, the rising
/// diagonal (RGHT-UP) or the falling one (RGHT-DN) it shares with the
/// first queen, in column order, that attacks it. A bar shows the share of
/// the tried squares placed; the last line, the solutions. The tally is a
/// search of the whole tree: up to 12×12 it is counted without asking
/// (11×11: a second, 12×12: about 5 s), beyond only with --long (13×13:
/// about half a minute, each size beyond about six times longer).
///
/// With --walk, one square at a time, depth-first, as a backtracking
/// program searches: queen 1 on a1, queen 2 on b1, b2, …, and from each
/// square that takes a queen the next column from row 1 up. A line a square tried,
/// indented by its column: "placed", or the line that kills it and the
/// queen on it, "b1 × (a1, RGHT), the queen on a1"; each backtrack (the
/// queens lifted when a column is done) and each solution, drawn. Every
/// step is a row of the search_tree view, in the order of the queens' rows;
/// the walk works them out from line_set and square_line as the view does,
/// so it starts at once on any board. It stops after --limit steps (60;
/// --limit all walks the whole tree).
///
/// --format csv, json or ndjson prints the rows alone: the tally's columns
/// (queens, entered, tried, placed, by_row, by_rising, by_falling), or the
/// walk's (step, queens, s1 … sN, placed, anchor, mov_dir, attacker as in
/// search_tree, then solution, the number of the solution a step
/// completes, and lifted, the queens lifted after it).
///
/// Examples:
///   queens trace                           # 8×8, level by level
///   queens trace --size 12 --db twelve.db --unicode
///   queens trace --walk                    # the first 60 squares tried
///   queens trace --walk --size 5 --db five.db --limit all
///   queens trace --walk --limit all -f csv > walk.csv
#[derive(ClapArgs, Debug)]
#[command(verbatim_doc_comment)]
pub struct Args {
    #[command(flatten)]
    pub target: DbArgs,

    /// One square tried at a time, depth-first, instead of a column at a time.
    #[arg(long)]
    pub walk: bool,

    /// With --walk: stop after K squares tried (a whole number from 1), or
    /// all for the whole tree.
    #[arg(long, value_name = "K", requires = "walk", allow_negative_numbers = true, value_parser = parse_limit)]
    pub limit: Option<Limit>,

    /// Count the tally on a board larger than 12×12 too (a search that
    /// grows about sixfold a size).
    #[arg(long, conflicts_with = "walk")]
    pub long: bool,

    /// Output format.
    #[arg(short, long, value_enum, default_value_t = TraceFormat::Text)]
    pub format: TraceFormat,

    /// Draw bars with block characters, and boards with a queen glyph and
    /// shaded dark squares.
    #[arg(long)]
    pub unicode: bool,

    /// No progress bar (there is none anyway when stderr is not a terminal).
    #[arg(short, long)]
    pub quiet: bool,
}

/// How `trace` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TraceFormat {
    /// For people: a table with bars, or the walk as an indented tree
    /// (`table` too, the name the other commands give it).
    #[value(alias = "table")]
    Text,
    /// Comma-separated, with the column names as header.
    Csv,
    /// One JSON array of objects, keyed by column name.
    Json,
    /// One JSON object per line.
    Ndjson,
}

/// How many steps the walk prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    Steps(u64),
    All,
}

/// The steps --walk prints when --limit is not given: a screenful or two.
const DEFAULT_LIMIT: u64 = 60;

/// The largest board whose tally `trace` counts without --long.
const TALLY_UP_TO: u8 = 12;

fn parse_limit(text: &str) -> Result<Limit, String> {
    if text.eq_ignore_ascii_case("all") {
        return Ok(Limit::All);
    }
    match text.parse::<u64>() {
        Ok(k) if k > 0 => Ok(Limit::Steps(k)),
        // Digits alone, too many for a count of steps.
        Err(_) if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => Err(format!(
            "{text} steps is too large a limit; --limit all walks the whole tree"
        )),
        _ => Err(format!(
            "{text:?} is not a number of steps (a whole number from 1) or all"
        )),
    }
}

pub fn run(args: &Args) -> Result<()> {
    args.target.on_board(None, |board| {
        if args.walk {
            walk(args, board)
        } else {
            tally(args, board)
        }
    })
}

/// The machine format `format` stands for, if it is one.
fn machine_format(format: TraceFormat) -> Option<Format> {
    match format {
        TraceFormat::Text => None,
        TraceFormat::Csv => Some(Format::Csv),
        TraceFormat::Json => Some(Format::Json),
        TraceFormat::Ndjson => Some(Format::Ndjson),
    }
}

/// A column at a time: search_tree_tally.
fn tally(args: &Args, board: &OpenBoard) -> Result<()> {
    let n = board.n();
    if n > TALLY_UP_TO && !args.long {
        return Err(usage(format!(
            "the tally of the {n}×{n} board searches the whole tree, seconds to hours \
             beyond {TALLY_UP_TO}×{TALLY_UP_TO}: add --long to count it, or watch the \
             search with --walk, which starts at once"
        )));
    }
    let spinner = Spinner::start(args.quiet, "counting search_tree_tally");
    let levels = reading::tree_tally(board);
    spinner.finish();
    let levels = levels?;
    let Some(format) = machine_format(args.format) else {
        let mut out = stdout();
        write_tally(
            &mut out,
            &board.board,
            &levels,
            args.unicode,
            output_width(),
        )?;
        return Ok(out.flush()?);
    };
    let mut writer = printer::for_rows(stdout(), format)?;
    writer.headers(tally_columns(&levels))?;
    for level in &levels {
        writer.row(&tally_values(level))?;
    }
    writer.finish()?;
    Ok(())
}

/// One square at a time: the walk, up to --limit steps, with a progress
/// bar over the squares of column a where it runs long.
fn walk(args: &Args, board: &OpenBoard) -> Result<()> {
    let n = board.n();
    let rows = board.board.rows;
    let mut walk = Walk::new((n, rows), reading::square_lines(board)?)?;
    let limit = match args.limit.unwrap_or(Limit::Steps(DEFAULT_LIMIT)) {
        Limit::Steps(k) => k,
        Limit::All => u64::MAX,
    };
    let bar = Bar::new(args.quiet);
    bar.start(usize::from(rows));
    let written = match machine_format(args.format) {
        Some(format) => walk_rows(&mut walk, format, limit, &bar),
        None => walk_text(&mut walk, (args, board), limit, &bar),
    };
    bar.finish();
    written
}

/// The walk's steps up to `limit`, advancing `bar` each time queen 1
/// moves on.
fn steps_within<'a>(
    walk: &'a mut Walk,
    limit: u64,
    bar: &'a Bar,
) -> impl Iterator<Item = WalkStep> + 'a {
    let limit = usize::try_from(limit).unwrap_or(usize::MAX);
    walk.take(limit).inspect(move |step| {
        if step.squares.len() == 1 && step.step > 1 {
            bar.advance(1);
        }
    })
}

fn walk_rows(walk: &mut Walk, format: Format, limit: u64, bar: &Bar) -> Result<()> {
    let n = walk.n();
    let mut writer = printer::for_rows(stdout(), format)?;
    writer.headers(walk_columns(n))?;
    for step in steps_within(walk, limit, bar) {
        writer.row(&walk_values(n, &step))?;
    }
    writer.finish()?;
    Ok(())
}

fn walk_text(
    walk: &mut Walk,
    (args, board): (&Args, &OpenBoard),
    limit: u64,
    bar: &Bar,
) -> Result<()> {
    let width = output_width();
    let style = if args.unicode {
        Style::Unicode
    } else {
        Style::Ascii
    };
    let text = WalkText::new(&board.board, style, width);
    let mut out = stdout();
    text.write_header(&mut out)?;
    for step in steps_within(walk, limit, bar) {
        text.write_step(&mut out, &step)?;
    }
    text.write_end(&mut out, walk.steps(), walk.solutions(), walk.is_over())?;
    Ok(out.flush()?)
}
