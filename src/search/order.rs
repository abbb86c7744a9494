//! Solutions by their place in board order: the K-th solution, and the
//! place of a given one, each found by walking the search in board order
//! and stopping there, so that it costs about as many solutions' worth of
//! search as its place, not the whole search's numbering.

use anyhow::Result;

use crate::engine::{Param, Reader, Value};
use crate::model::schema;
use crate::model::sql;
use crate::model::template::{Dialect, Scope};
use crate::search::selection::plain;

/// Boards below this size are read whole (see parallel.rs).
const SMALLEST_SPLIT: u8 = 4;

/// What a walk through the solutions does next.
enum Step {
    Go,
    Stop,
}

/// The error that ends a walk early, once it found what it looked for.
#[derive(Debug)]
struct Stopped;

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("stopped")
    }
}

impl std::error::Error for Stopped {}

/// Solution number `k` (from 1) in board order, or None when the board has
/// fewer; with how many solutions it walked past (all of them, when None).
pub fn nth_solution(reader: &dyn Reader, n: u8, k: i64) -> Result<(Option<Vec<String>>, i64)> {
    if let Some(stored) = reader.stored_count()? {
        let sql = plain(
            reader,
            "select * from numbered_solution where solution_no = {:k}",
        )?;
        let found = reader.first(&sql, &[("k", Param::Int(k))])?;
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
    walk(reader, n, &mut |squares| {
        seen += 1;
        if seen == k {
            found = Some(squares.to_vec());
            return Step::Stop;
        }
        Step::Go
    })?;
    Ok((found, seen))
}

/// The place in board order (from 1) of the solution with queens on
/// `squares`, if it is one.
pub fn place_of(reader: &dyn Reader, n: u8, squares: &[String]) -> Result<Option<i64>> {
    let mut seen = 0;
    let mut place = None;
    walk(reader, n, &mut |found| {
        seen += 1;
        if found == squares {
            place = Some(seen);
            return Step::Stop;
        }
        Step::Go
    })?;
    Ok(place)
}

/// Calls `visit` with the squares of each solution in board order until it
/// says stop: part after part (each part in board order), or the
/// solution view whole where the board is too small to split or the view
/// is not this build's. On PostgreSQL, which sorts each part before its
/// first row, the parts are split by three queens, so that each is small.
fn walk(reader: &dyn Reader, n: u8, visit: &mut dyn FnMut(&[String]) -> Step) -> Result<()> {
    let mut each = |row: &[Value]| -> Result<()> {
        let squares: Vec<String> = row.iter().map(Value::text).collect();
        match visit(&squares) {
            Step::Go => Ok(()),
            Step::Stop => Err(Stopped.into()),
        }
    };
    let walked = if n < SMALLEST_SPLIT || !reader.has_own_solution_view(n)? {
        reader.rows(&plain(reader, "select * from solution")?, &[], &mut each)
    } else {
        walk_parts(reader, n, &mut each)
    };
    match walked {
        Err(e) if e.is::<Stopped>() => Ok(()),
        other => other,
    }
}

/// The parts of the search in board order, each searched for its rows.
fn walk_parts(
    reader: &dyn Reader,
    n: u8,
    each: &mut dyn FnMut(&[Value]) -> Result<()>,
) -> Result<()> {
    let by_three = reader.dialect() == Dialect::Postgres;
    let partition = match by_three {
        true => "queries/partition3.sql",
        false => "queries/partition.sql",
    };
    let search = schema::piece_search(n, Scope::for_dialect(reader.dialect()), by_three)?;
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
        reader.rows(&search, &params, each)?;
    }
    Ok(())
}
