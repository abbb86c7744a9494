//! The placements a question selects (every solution, one per symmetry
//! class, the completions of some queens), read through the engine and
//! handed on one at a time, for the output to render.

use anyhow::Result;

use crate::engine::{Params, Value};
use crate::model::placement::Placement;
use crate::model::template::Sql;
use crate::search::context::OpenBoard;
use crate::search::parallel;

/// Which placements to list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    /// Every solution, from the solution view, in board order.
    All,
    /// One solution per symmetry class (the class's first in board order),
    /// with its class size.
    Fundamental,
}

impl Selection {
    pub fn new(fundamental: bool) -> Selection {
        if fundamental {
            Selection::Fundamental
        } else {
            Selection::All
        }
    }

    /// Calls `each` with every selected placement of `board`. All
    /// solutions are searched in parts on the board's workers and come in
    /// board order, unless they are stored.
    pub fn for_each(
        self,
        board: &OpenBoard,
        mut each: impl FnMut(Placement) -> Result<()>,
    ) -> Result<()> {
        match self {
            Selection::All if board.stored_count()?.is_some() => {
                let numbered = board.statement("reading/numbered_solution.sql")?;
                for_each_placement(board, &numbered, &[], false, each)
            }
            Selection::All => {
                parallel::for_each_solution_where(board, &|_| true, |solution, squares| {
                    each(Placement {
                        solution: solution as i64,
                        squares,
                        class_size: None,
                    })
                })
            }
            Selection::Fundamental => {
                let representatives = board.statement("reading/fundamental_placement.sql")?;
                for_each_placement(board, &representatives, &[], true, each)
            }
        }
    }

    pub fn with_class_size(self) -> bool {
        self == Selection::Fundamental
    }
}

/// Runs `sql` and hands each row to `each` as a placement. The rows hold
/// the solution number, the squares s1 … sN, and, if `with_class_size`, a
/// last column class_size.
pub fn for_each_placement(
    board: &OpenBoard,
    sql: &Sql,
    params: &Params,
    with_class_size: bool,
    mut each: impl FnMut(Placement) -> Result<()>,
) -> Result<()> {
    board.reader().rows(sql, params, &mut |row| {
        let end_of_squares = row.len() - usize::from(with_class_size);
        let squares = row[1..end_of_squares].iter().map(Value::text).collect();
        let class_size = if with_class_size {
            Some(row[row.len() - 1].integer()?)
        } else {
            None
        };
        each(Placement {
            solution: row[0].integer()?,
            squares,
            class_size,
        })
    })
}
