//! Questions about a placement of queens that the database answers: which
//! of them attack each other, and which solutions contain them all. The SQL
//! is in `sql/queries/`.

use anyhow::Result;

use crate::engine::Param;
use crate::model::board::Square;
use crate::model::placement::Placement;
use crate::model::schema;
use crate::search::context::Board;
use crate::search::selection::{Selection, for_each_placement};

/// Two queens that attack each other, and the line they share.
pub struct Attack {
    pub a: String,
    pub b: String,
    pub anchor: String,
    pub mov_dir: String,
    pub line_end: String,
}

impl Attack {
    /// "c5 and f2 attack each other along the RGHT-DN line anchored at a7
    /// (the diagonal a7–g1)"
    pub fn sentence(&self) -> String {
        let line = match self.mov_dir.as_str() {
            "UP" => format!("column {}", &self.anchor[..1]),
            "RGHT" => format!("row {}", &self.anchor[1..]),
            _ => format!("the diagonal {}–{}", self.anchor, self.line_end),
        };
        format!(
            "{} and {} attack each other along the {} line anchored at {} ({line})",
            self.a, self.b, self.mov_dir, self.anchor
        )
    }
}

/// The largest board whose completions are found by relational division
/// over all its solutions in one query (completion.sql; 12×12 in about a
/// second). Larger boards list their solutions in parts on every core, with
/// a progress bar, and keep those that contain the queens.
pub const DIVIDE_UP_TO: u8 = 12;

/// The largest board whose completions are looked for without stored
/// solutions: listing all of them took 2.5 s at 13×13, 15 s at 14×14 and
/// 2 minutes at 15×15 on 2 cores, and each size beyond takes about six
/// times longer (BENCHMARKS.md).
pub const SEARCH_COMPLETIONS_UP_TO: u8 = 15;

/// Whether the completions of a placement on `board` are looked for: they
/// are stored, or the board is small enough to search whole.
pub fn completions_within_reach(board: &Board) -> Result<bool> {
    Ok(board.n <= SEARCH_COMPLETIONS_UP_TO || board.stored_count()?.is_some())
}

/// Why completions are not listed on a large board, and what to do;
/// `repeated` names the database as the command was given it (see
/// `DbArgs::repeated`), so that the advice pasted acts on the same file.
pub fn completions_out_of_reach(n: u8, repeated: &str) -> String {
    let most = SEARCH_COMPLETIONS_UP_TO;
    format!(
        "completions are found among all the board's solutions, and listing all those of \
         the {n}×{n} board would take hours (queens lists them up to {most}×{most} for this); \
         `queens init --materialize{repeated}` stores them once, if you can wait for that"
    )
}

/// The names of `queens` as the JSON array the queries take.
pub fn names_json(queens: &[Square]) -> String {
    let names: Vec<String> = queens.iter().map(|q| q.name()).collect();
    serde_json::to_string(&names).expect("a list of strings is JSON")
}

/// Every pair of `queens` that attack each other, in board order.
pub fn attacking_pairs(board: &Board, queens: &[Square]) -> Result<Vec<Attack>> {
    let mut attacks = Vec::new();
    let params = [("squares", Param::Text(names_json(queens)))];
    let sql = schema::question("queries/attacking_pair.sql", board.scope())?;
    board.reader().rows(&sql, &params, &mut |row| {
        attacks.push(Attack {
            a: row[0].text(),
            b: row[1].text(),
            anchor: row[2].text(),
            mov_dir: row[3].text(),
            line_end: row[4].text(),
        });
        Ok(())
    })?;
    Ok(attacks)
}

/// The numbers of the solutions that contain every one of `queens`.
pub fn completion_numbers(board: &Board, queens: &[Square]) -> Result<Vec<i64>> {
    let mut numbers = Vec::new();
    for_each_completion(board, queens, |placement| {
        numbers.push(placement.solution);
        Ok(())
    })?;
    Ok(numbers)
}

/// Calls `each` with every solution that contains all of `queens`, in board
/// order: by relational division on small boards and stored solutions,
/// else by listing every solution in parts (on the board's workers, with
/// progress).
pub fn for_each_completion(
    board: &Board,
    queens: &[Square],
    mut each: impl FnMut(Placement) -> Result<()>,
) -> Result<()> {
    if board.n <= DIVIDE_UP_TO || board.stored_count()?.is_some() {
        let params = [("squares", Param::Text(names_json(queens)))];
        let sql = schema::question("queries/completion.sql", board.scope())?;
        return for_each_placement(board, &sql, &params, false, each);
    }
    let wanted: Vec<String> = queens.iter().map(|q| q.name()).collect();
    Selection::All.for_each(board, |placement| {
        match wanted.iter().all(|queen| placement.squares.contains(queen)) {
            true => each(placement),
            false => Ok(()),
        }
    })
}
