//! Questions about a placement of queens that the database answers: which
//! of them attack each other, and which solutions contain them all. The SQL
//! is in `sql/queries/`.

use anyhow::Result;

use crate::engine::Param;
use crate::model::board::Square;
use crate::model::placement::Placement;
use crate::model::reading::Attack;
use crate::model::schema;
use crate::search::context::OpenBoard;
use crate::search::parallel::{self, Part};
use crate::search::selection::for_each_placement;

/// The largest board whose completions are found by relational division
/// over all its solutions in one query (completion.sql; 12×12 in about a
/// second). Larger boards list their solutions in parts on every core, with
/// a progress bar, and keep those that contain the queens.
pub const DIVIDE_UP_TO: u8 = 12;

/// The largest board whose completions are looked for without stored
/// solutions: listing all of them took 2.5 s at 13×13, 15 s at 14×14 and
/// 2 minutes at 15×15 on 2 cores, and each size beyond takes about six
/// times longer (docs/src/explanation/performance.md).
pub const SEARCH_COMPLETIONS_UP_TO: u8 = 15;

/// Whether the completions of a placement on `board` are looked for: they
/// are stored, or the board is small enough to search whole.
pub fn completions_within_reach(board: &OpenBoard) -> Result<bool> {
    Ok(board.n() <= SEARCH_COMPLETIONS_UP_TO || board.stored_count()?.is_some())
}

/// The names of `queens` as the JSON array the queries take.
pub fn names_json(queens: &[Square]) -> String {
    let names: Vec<String> = queens.iter().map(|q| q.name()).collect();
    serde_json::to_string(&names).expect("a list of strings is JSON")
}

/// Every pair of `queens` that attack each other, in board order.
pub fn attacking_pairs(board: &OpenBoard, queens: &[Square]) -> Result<Vec<Attack>> {
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
            wraps: row[5].integer()? != 0,
        });
        Ok(())
    })?;
    Ok(attacks)
}

/// The numbers of the solutions that contain every one of `queens`.
pub fn completion_numbers(board: &OpenBoard, queens: &[Square]) -> Result<Vec<i64>> {
    let mut numbers = Vec::new();
    for_each_completion(board, queens, |placement| {
        numbers.push(placement.solution);
        Ok(())
    })?;
    Ok(numbers)
}

/// Calls `each` with every solution that contains all of `queens`, in board
/// order: by relational division on small boards and stored solutions,
/// else by listing the solutions in parts (on the board's workers, with
/// progress). A queen in column a or b leaves only the parts that start
/// with it to list: the parts before the last of those are only counted,
/// for the solutions' numbers, and the parts after it not searched.
pub fn for_each_completion(
    board: &OpenBoard,
    queens: &[Square],
    mut each: impl FnMut(Placement) -> Result<()>,
) -> Result<()> {
    if board.n() <= DIVIDE_UP_TO || board.stored_count()?.is_some() {
        let params = [("squares", Param::Text(names_json(queens)))];
        let sql = schema::question("queries/completion.sql", board.scope())?;
        return for_each_placement(board, &sql, &params, false, each);
    }
    let wanted: Vec<String> = queens.iter().map(|q| q.name()).collect();
    let in_column = |col: u8| queens.iter().find(|q| q.col == col).map(|q| q.name());
    let (first, second) = (in_column(1), in_column(2));
    let may_hold = |part: &Part| {
        first.as_ref().is_none_or(|s1| *s1 == part.s1)
            && second.as_ref().is_none_or(|s2| *s2 == part.s2)
    };
    parallel::for_each_solution_where(board, &may_hold, |solution, squares| {
        if wanted.iter().all(|queen| squares.contains(queen)) {
            each(Placement {
                solution: solution as i64,
                squares,
                class_size: None,
            })
        } else {
            Ok(())
        }
    })
}
