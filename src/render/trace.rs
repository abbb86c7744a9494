//! The search tree as `trace` prints it: a column at a time (the tally of
//! search_tree_tally, with a bar of the share each level keeps), or one
//! square at a time, depth-first (the walk's steps, each a row of
//! search_tree), as text for people or as rows for the printers.

use std::io::Write;

use anyhow::Result;

use crate::model::board::{Board, Square};
use crate::model::reading::{TallyLevel, WalkStep};
use crate::model::value::Value;
use crate::model::words::{counted, plural};
use crate::render::diagram::{Style, draw_on};
use crate::render::search_space::{human_number, write_bar_table, write_paragraph};

/// The columns of search_tree_tally, as the machine formats name them
/// (by_knight on a superqueens board, whose `levels` count it).
pub fn tally_columns(levels: &[TallyLevel]) -> Vec<String> {
    let mut columns = [
        "queens",
        "entered",
        "tried",
        "placed",
        "by_row",
        "by_rising",
        "by_falling",
    ]
    .map(String::from)
    .to_vec();
    if counts_knights(levels) {
        columns.push("by_knight".into());
    }
    columns
}

/// Whether the tally counts the squares a knight's move kills (a
/// superqueens board's).
fn counts_knights(levels: &[TallyLevel]) -> bool {
    levels.iter().any(|level| level.by_knight.is_some())
}

/// A level of the tally as a row under [`tally_columns`].
pub fn tally_values(level: &TallyLevel) -> Vec<Value> {
    let mut values = vec![
        level.queens,
        level.entered,
        level.tried,
        level.placed,
        level.by_row,
        level.by_rising,
        level.by_falling,
    ];
    values.extend(level.by_knight);
    values.into_iter().map(Value::Integer).collect()
}

/// The solutions the tally counts: the placements of N queens.
pub fn tally_solutions(n: u8, levels: &[TallyLevel]) -> i64 {
    (levels.iter())
        .find(|level| level.queens == i64::from(n))
        .map_or(0, |level| level.placed)
}

/// The tally for people: what it is, a table with a bar of the share of
/// the tried squares each level places, and the solutions found on
/// `board` (named as "the 8×8 board", "the 7×7 torus").
pub fn write_tally(
    out: &mut impl Write,
    board: &Board,
    levels: &[TallyLevel],
    unicode: bool,
    width: usize,
) -> Result<()> {
    let (n, named) = (board.cols, board.the_board());
    let (or_knight, by_knight) = if counts_knights(levels) {
        (
            ", the falling one (RGHT-DN) or a knight's move",
            vec!["by knight"],
        )
    } else {
        (" or the falling one (RGHT-DN)", vec![])
    };
    write_paragraph(
        out,
        &format!(
            "The search of {named} a column at a time, as the recursive query runs it \
             (search_tree_tally): at level k the placements of k − 1 queens that enter try \
             every square of column k; a square is placed, or killed by the row (RGHT), the \
             rising diagonal (RGHT-UP){or_knight} it shares with a queen."
        ),
        width,
    )?;
    writeln!(out)?;
    let mut headers = [
        "k",
        "entered",
        "tried",
        "placed",
        "by row",
        "by rising",
        "by falling",
    ]
    .to_vec();
    headers.extend(by_knight);
    headers.push("kept");
    let headers: Vec<String> = headers.into_iter().map(String::from).collect();
    let table: Vec<Vec<String>> = (levels.iter())
        .map(|level| {
            let mut cells = vec![level.queens.to_string()];
            cells.extend(tally_values(level)[1..].iter().map(human_number));
            cells
        })
        .collect();
    let shares: Vec<Option<f64>> = (levels.iter())
        .map(|level| (level.tried > 0).then(|| level.placed as f64 / level.tried as f64))
        .collect();
    write_bar_table(out, &headers, table, &shares, unicode, width)?;
    writeln!(out)?;
    let solutions = tally_solutions(n, levels);
    writeln!(
        out,
        "{} {} found: the placements of {}.",
        human_number(&Value::Integer(solutions)),
        plural(solutions, "solution"),
        counted(n, "queen")
    )?;
    Ok(())
}

/// The columns of the walk's steps: search_tree's, after the step's
/// number, then the solution a step completes and the queens lifted after
/// it (their squares, separated by spaces).
pub fn walk_columns(n: u8) -> Vec<String> {
    let mut columns = vec!["step".to_string(), "queens".to_string()];
    columns.extend((1..=n).map(|k| format!("s{k}")));
    columns.extend(
        [
            "placed", "anchor", "mov_dir", "attacker", "solution", "lifted",
        ]
        .map(String::from),
    );
    columns
}

/// A step as a row under [`walk_columns`].
pub fn walk_values(n: u8, step: &WalkStep) -> Vec<Value> {
    let text = |s: &String| Value::Text(s.clone());
    let mut row = vec![
        Value::Integer(step.step as i64),
        Value::Integer(step.squares.len() as i64),
    ];
    row.extend((0..usize::from(n)).map(|k| step.squares.get(k).map_or(Value::Null, text)));
    row.push(Value::Integer(i64::from(step.kill.is_none())));
    match &step.kill {
        Some(kill) => row.extend([&kill.anchor, &kill.mov_dir, &kill.attacker].map(text)),
        None => row.extend([Value::Null, Value::Null, Value::Null]),
    }
    row.push(
        step.solution
            .map_or(Value::Null, |k| Value::Integer(k as i64)),
    );
    row.push(if step.lifted.is_empty() {
        Value::Null
    } else {
        Value::Text(step.lifted.join(" "))
    });
    row
}

/// The walk for people: a line a step, indented by the column tried, so
/// that the tree's shape shows; each backtrack and each solution, with
/// its board, marked.
pub struct WalkText {
    /// The board walked: named in the header, drawn with its holes.
    board: Board,
    style: Style,
    /// Spaces a column indents its squares by.
    indent: usize,
    /// The characters a line may take, where the words allow.
    width: usize,
}

impl WalkText {
    /// For `board` in `width` characters: named ("the 7×7 torus"), drawn in
    /// `style`, its holes marked.
    pub fn new(board: &Board, style: Style, width: usize) -> WalkText {
        let n = board.cols;
        // The longest line: a step's number, the deepest indent, and
        // "z26 × (a26, RGHT-DN), the queen on y25".
        let indent = if 7 + 2 * usize::from(n - 1) + 40 <= width {
            2
        } else {
            1
        };
        WalkText {
            board: board.clone(),
            style,
            indent,
            width,
        }
    }

    /// What the walk is.
    pub fn write_header(&self, out: &mut impl Write) -> Result<()> {
        let named = self.board.the_board();
        write_paragraph(
            out,
            &format!(
                "The search of {named} one square at a time, depth-first, as a \
                 backtracking program runs it: queen k is tried on each square of column k \
                 from row 1 up; a square dies on the line it shares with the first queen \
                 that attacks it. Each line is worked out as the walk goes, from line_set \
                 and square_line by the view search_tree's rule, so that it starts at once; \
                 it is the row search_tree holds for that step, ordered by the queens' rows \
                 (the tests hold them row for row)."
            ),
            self.width,
        )?;
        Ok(writeln!(out)?)
    }

    /// One step, the backtrack after it, and a solution's board.
    pub fn write_step(&self, out: &mut impl Write, step: &WalkStep) -> Result<()> {
        let column = step.squares.len() - 1;
        let pad = " ".repeat(self.indent * column);
        let square = step.squares.last().map_or("", String::as_str);
        let what = match (&step.kill, step.solution) {
            (Some(kill), _) => format!(
                "× ({}, {}), the queen on {}",
                kill.anchor, kill.mov_dir, kill.attacker
            ),
            (None, Some(k)) => format!("placed: solution {k}, {}", step.squares.join(" ")),
            (None, None) => "placed".to_string(),
        };
        writeln!(out, "{:>5}  {pad}{square} {what}", step.step)?;
        if step.solution.is_some() {
            let queens: Vec<Square> = (step.squares.iter())
                .filter_map(|name| self.board.square_named(name).ok())
                .collect();
            writeln!(out)?;
            let drawing = draw_on(&self.board, &queens, self.style);
            for line in drawing.lines() {
                writeln!(out, "       {line}")?;
            }
            writeln!(out)?;
        }
        if !step.lifted.is_empty() {
            let back = column - step.lifted.len();
            let pad = " ".repeat(self.indent * back);
            writeln!(out, "       {pad}back: lift {}", step.lifted.join(", "))?;
        }
        Ok(())
    }

    /// The last line: how far the walk went and what it found.
    pub fn write_end(
        &self,
        out: &mut impl Write,
        steps: u64,
        solutions: u64,
        over: bool,
    ) -> Result<()> {
        let found = format!(
            "{} {}",
            human_number(&Value::Integer(solutions as i64)),
            plural(solutions, "solution")
        );
        let end = if over {
            let tried = human_number(&Value::Integer(steps as i64));
            let squares = plural(steps, "square");
            format!("The search is over: {tried} {squares} tried, {found} found.")
        } else {
            format!("Stopped at --limit {steps}, {found} found; --limit all walks the whole tree.")
        };
        writeln!(out)?;
        write_paragraph(out, &end, self.width)
    }
}
