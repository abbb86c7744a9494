//! Questions about a placement of queens that the database answers: which
//! of them attack each other, and which solutions contain them all. The SQL
//! is in `sql/queries/`.

use anyhow::Result;
use rusqlite::{Connection, named_params};

use crate::board::Square;
use crate::output::{Numbering, Placement, for_each_placement};

const ATTACKING_PAIR: &str = include_str!("../sql/queries/attacking_pair.sql");
const COMPLETION: &str = include_str!("../sql/queries/completion.sql");

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

/// The names of `queens` as the JSON array the queries take.
pub fn names_json(queens: &[Square]) -> String {
    let names: Vec<String> = queens.iter().map(|q| q.name()).collect();
    serde_json::to_string(&names).expect("a list of strings is JSON")
}

/// Every pair of `queens` that attack each other, in board order.
pub fn attacking_pairs(conn: &Connection, queens: &[Square]) -> Result<Vec<Attack>> {
    let mut stmt = conn.prepare(ATTACKING_PAIR)?;
    let rows = stmt.query_map(named_params! {":squares": names_json(queens)}, |row| {
        Ok(Attack {
            a: row.get(0)?,
            b: row.get(1)?,
            anchor: row.get(2)?,
            mov_dir: row.get(3)?,
            line_end: row.get(4)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The numbers of the solutions that contain every one of `queens`.
pub fn completion_numbers(conn: &Connection, queens: &[Square]) -> Result<Vec<i64>> {
    let mut numbers = Vec::new();
    for_each_completion(conn, queens, |placement| {
        numbers.push(placement.solution);
        Ok(())
    })?;
    Ok(numbers)
}

/// Calls `each` with every solution that contains all of `queens`, in board
/// order.
pub fn for_each_completion(
    conn: &Connection,
    queens: &[Square],
    each: impl FnMut(Placement) -> Result<()>,
) -> Result<()> {
    let params = named_params! {":squares": names_json(queens)};
    for_each_placement(
        conn,
        COMPLETION,
        params,
        Numbering::FirstColumn,
        false,
        each,
    )
}
