//! The placements a question selects (every solution, one per symmetry
//! class, the completions of some queens), read through the engine and
//! handed on one at a time, for the output to render.

use anyhow::Result;

use crate::engine::{Engine, Params, Reader, Value};
use crate::model::placement::Placement;
use crate::model::template::Sql;
use crate::search::parallel::{self, Workers};

/// Where the solution number of each row comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numbering {
    /// The first column is the solution number (numbered_solution and
    /// views built on it).
    FirstColumn,
    /// The rows are all solutions in board order (the solution view), so the
    /// k-th row is solution k.
    RowOrder,
}

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

    /// Calls `each` with every selected placement of the `n`×`n` board
    /// `engine` holds, read through `reader`. All solutions are searched in
    /// parts on `workers.jobs` threads and come in board order, unless they
    /// are stored.
    pub fn for_each(
        self,
        engine: &dyn Engine,
        reader: &dyn Reader,
        n: u8,
        workers: Workers,
        mut each: impl FnMut(Placement) -> Result<()>,
    ) -> Result<()> {
        match self {
            Selection::All if reader.stored_count()?.is_some() => for_each_placement(
                reader,
                &plain(reader, "select * from numbered_solution")?,
                &[],
                Numbering::FirstColumn,
                false,
                each,
            ),
            Selection::All => {
                let mut solution = 0;
                parallel::for_each_solution(engine, reader, n, workers, |squares| {
                    solution += 1;
                    each(Placement {
                        solution,
                        squares,
                        class_size: None,
                    })
                })
            }
            Selection::Fundamental => {
                let squares: Vec<String> = (1..=n).map(|k| format!("s{k}")).collect();
                let sql = format!(
                    "select solution_no, {}, class_size from solution_class \
                     where solution_no = representative_no order by solution_no",
                    squares.join(", ")
                );
                for_each_placement(
                    reader,
                    &plain(reader, &sql)?,
                    &[],
                    Numbering::FirstColumn,
                    true,
                    each,
                )
            }
        }
    }

    pub fn with_class_size(self) -> bool {
        self == Selection::Fundamental
    }
}

/// Runs `sql` and hands each row to `each` as a placement. The rows hold
/// the solution number (per `numbering`), the squares s1 … sN, and, if
/// `with_class_size`, a last column class_size.
pub fn for_each_placement(
    reader: &dyn Reader,
    sql: &Sql,
    params: &Params,
    numbering: Numbering,
    with_class_size: bool,
    mut each: impl FnMut(Placement) -> Result<()>,
) -> Result<()> {
    let first_square = usize::from(numbering == Numbering::FirstColumn);
    let mut row_number = 0;
    reader.rows(sql, params, &mut |row| {
        row_number += 1;
        let solution = match numbering {
            Numbering::FirstColumn => row[0].integer()?,
            Numbering::RowOrder => row_number,
        };
        let end_of_squares = row.len() - usize::from(with_class_size);
        let squares = row[first_square..end_of_squares]
            .iter()
            .map(Value::text)
            .collect();
        let class_size = match with_class_size {
            true => Some(row[row.len() - 1].integer()?),
            false => None,
        };
        each(Placement {
            solution,
            squares,
            class_size,
        })
    })
}

/// A statement without template markers, for the reader's dialect.
pub fn plain(reader: &dyn Reader, text: &str) -> Result<Sql> {
    crate::model::template::render(
        text,
        &crate::model::template::Scope::for_dialect(reader.dialect()),
    )
}
