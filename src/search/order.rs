//! Solutions by their place in board order: the K-th solution, and the
//! place of a given one, each found by walking the search in board order
//! and stopping there, so that it costs about as many solutions' worth of
//! search as its place, not the whole search's numbering.

use std::ops::ControlFlow;

use anyhow::Result;

use crate::engine::{Param, Value};
use crate::model::schema;
use crate::model::sql;
use crate::model::template::Dialect;
use crate::search::context::OpenBoard;

/// Solution number `k` (from 1) in board order, or None when the board has
/// fewer; with how many solutions it walked past (all of them, when None).
pub fn nth_solution(board: &OpenBoard, k: i64) -> Result<(Option<Vec<String>>, i64)> {
    if let Some(stored) = board.stored_count()? {
        let sql = board.statement("reading/nth_stored_solution.sql")?;
        let found = board.reader().first(&sql, &[("k", Param::Int(k))])?;
        let squares: Option<Vec<String>> =
            found.map(|row| row[1..].iter().map(Value::text).collect());
        // Walked past: k when found, every stored solution when not.
        let seen = match squares {
            Some(_) => k,
            None => i64::try_from(stored).unwrap_or(i64::MAX),
        };
        return Ok((squares, seen));
    }
    let mut seen = 0;
    let mut found = None;
    walk(board, &mut |squares| {
        seen += 1;
        if seen == k {
            found = Some(squares.to_vec());
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    })?;
    Ok((found, seen))
}

/// The place in board order (from 1) of the solution with queens on
/// `squares`, if it is one.
pub fn place_of(board: &OpenBoard, squares: &[String]) -> Result<Option<i64>> {
    let mut seen = 0;
    let mut place = None;
    walk(board, &mut |found| {
        seen += 1;
        if found == squares {
            place = Some(seen);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    })?;
    Ok(place)
}

/// Calls `visit` with the squares of each solution in board order until it
/// breaks: the stored solutions where there are any; else part after part
/// (each part in board order), or the solution view whole where the board
/// is too small to split or the view is not this build's. On PostgreSQL,
/// which sorts each part before its first row, the parts are split by
/// three queens, so that each is small.
fn walk(board: &OpenBoard, visit: &mut dyn FnMut(&[String]) -> ControlFlow<()>) -> Result<()> {
    if board.stored_count()?.is_some() {
        // Read, not searched: `show K` on a stored 14×14 board found the
        // representative of solution 300,000 by searching for 8 s.
        let stored = board.statement("reading/numbered_solution.sql")?;
        let mut each = |row: &[Value]| {
            let squares: Vec<String> = row[1..].iter().map(Value::text).collect();
            Ok(visit(&squares))
        };
        return board.reader().rows_until(&stored, &[], &mut each).map(drop);
    }
    let mut each = |row: &[Value]| {
        let squares: Vec<String> = row.iter().map(Value::text).collect();
        Ok(visit(&squares))
    };
    if board.read_whole()? {
        let whole = board.statement("reading/all_solutions.sql")?;
        return board.reader().rows_until(&whole, &[], &mut each).map(drop);
    }
    walk_parts(board, &mut each)
}

/// The parts of the search in board order, each searched for its rows,
/// until `each` breaks.
fn walk_parts(
    board: &OpenBoard,
    each: &mut dyn FnMut(&[Value]) -> Result<ControlFlow<()>>,
) -> Result<()> {
    let reader = board.reader();
    let by_three = reader.dialect() == Dialect::Postgres;
    let partition = if by_three {
        "queries/partition3.sql"
    } else {
        "queries/partition.sql"
    };
    let search = schema::piece_search(board.n(), board.scope(), by_three)?;
    let mut pieces: Vec<Vec<String>> = Vec::new();
    reader.each_row(sql::file(partition), &[], |row| {
        let fixed = if by_three { 3 } else { 2 };
        pieces.push(row[..fixed].iter().map(Value::text).collect());
        Ok(())
    })?;
    for piece in pieces {
        let params: Vec<(&str, Param)> = ["s1", "s2", "s3"]
            .into_iter()
            .zip(piece)
            .map(|(name, square)| (name, Param::Text(square)))
            .collect();
        if reader.rows_until(&search, &params, each)?.is_break() {
            break;
        }
    }
    Ok(())
}
