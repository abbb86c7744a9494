//! The search tree walked depth-first, as a backtracking program searches:
//! queen 1 on a1, then queen 2 on b1, b2, … and, from each square that takes a
//! queen, the next column from row 1 up; back a column where one is done.
//! Each step is a row of the view search_tree, worked out here from the
//! same facts by the same rule (line_set's bitsets: a square dies where its
//! lines meet a standing queen's; the first such queen in column order is
//! its attacker, and the one line the two share, from square_line, kills
//! it: where they share two, the first of the tried square's lines in the
//! order square_line lists them), so that the walk starts at once on any
//! board, where the view would first search the whole tree to order its
//! rows.

use anyhow::{Result, bail};

use crate::model::reading::{Kill, SquareLines, WalkStep};

/// The walk of an N×N board's search tree: an iterator of its steps.
pub struct Walk {
    n: usize,
    /// The rows of each column (as many as columns but on a rectangle).
    rows: usize,
    /// In board order: column by column, each from row 1 up; None for a
    /// hole, where no queen stands and the walk tries nothing.
    squares: Vec<Option<SquareLines>>,
    /// The row (from 0) of the queen standing in each column so far.
    queens: Vec<usize>,
    /// The row (from 0) tried next in column `queens.len()`; None when the
    /// walk is over.
    next_row: Option<usize>,
    step: u64,
    solutions: u64,
}

impl Walk {
    /// The walk of the board of `n` columns and `rows` rows whose squares,
    /// in board order, are `squares` (search::reading::square_lines).
    pub fn new((n, rows): (u8, u8), squares: Vec<SquareLines>) -> Result<Walk> {
        let (n, rows) = (usize::from(n), usize::from(rows));
        let mut grid: Vec<Option<SquareLines>> = vec![None; n * rows];
        let mut last = None;
        for square in squares {
            let (column, row) = (square.column - 1, square.row - 1);
            let at = usize::try_from(column * rows as i64 + row).ok();
            let in_order =
                (0..n as i64).contains(&column) && (0..rows as i64).contains(&row) && at > last;
            if !in_order {
                bail!("line_set does not hold the {n}×{rows} board's squares in board order");
            }
            last = at;
            grid[at.unwrap_or_default()] = Some(square);
        }
        // Every column has a square a queen may stand on (init refuses a
        // column all of holes).
        if !grid
            .chunks(rows.max(1))
            .all(|column| column.iter().any(Option::is_some))
        {
            bail!("line_set does not hold the {n}×{rows} board's squares in board order");
        }
        let mut walk = Walk {
            n,
            rows,
            squares: grid,
            queens: Vec::new(),
            next_row: None,
            step: 0,
            solutions: 0,
        };
        walk.next_row = walk.open_from(0, 0);
        Ok(walk)
    }

    /// The board's size.
    pub fn n(&self) -> u8 {
        self.n as u8
    }

    /// How many steps the walk has taken.
    pub fn steps(&self) -> u64 {
        self.step
    }

    /// Whether every square of the tree has been tried.
    pub fn is_over(&self) -> bool {
        self.next_row.is_none()
    }

    /// How many solutions the steps so far have found.
    pub fn solutions(&self) -> u64 {
        self.solutions
    }

    /// The square of `column`, `row` (from 0), which the walk reaches only
    /// where it is open.
    fn square(&self, column: usize, row: usize) -> &SquareLines {
        self.squares[column * self.rows + row]
            .as_ref()
            .expect("the walk stands only on open squares")
    }

    /// The first open square of `column` from `row` up (rows from 0).
    fn open_from(&self, column: usize, row: usize) -> Option<usize> {
        (row..self.rows).find(|&r| self.squares[column * self.rows + r].is_some())
    }

    /// Why the square of `column`, `row` dies under the queens standing:
    /// the first queen whose lines meet its own, and the line they share.
    fn kill(&self, column: usize, row: usize) -> Option<Kill> {
        let tried = self.square(column, row);
        let (attacker, _) = (self.queens.iter().enumerate())
            .map(|(j, &r)| (self.square(j, r), j))
            .find(|(queen, _)| meets(queen, tried))?;
        // The bitsets say they share a line. Two squares of a torus can
        // share two (both diagonals, on an even board): a square's lines
        // come in the order that names one of them, so the first the
        // attacker has too is the one search_tree names.
        let line = (tried.lines.iter()).find(|line| attacker.lines.contains(line))?;
        Some(Kill {
            anchor: line.anchor.clone(),
            mov_dir: line.mov_dir.clone(),
            attacker: attacker.square.clone(),
        })
    }

    /// After the square in `row` of the current column: the next row, or
    /// back a column, and another, while a column is done; the queens
    /// lifted on the way.
    fn move_on(&mut self, row: usize) -> Vec<String> {
        let mut lifted = Vec::new();
        let mut next = self.open_from(self.queens.len(), row + 1);
        while next.is_none() {
            let Some(queen_row) = self.queens.pop() else {
                self.next_row = None;
                return lifted;
            };
            lifted.push(self.square(self.queens.len(), queen_row).square.clone());
            next = self.open_from(self.queens.len(), queen_row + 1);
        }
        self.next_row = next;
        lifted
    }
}

/// Whether the lines of two squares meet: L(a) ∩ L(b) ≠ ∅.
fn meets(a: &SquareLines, b: &SquareLines) -> bool {
    a.words.iter().zip(&b.words).any(|(x, y)| x & y != 0)
}

impl Iterator for Walk {
    type Item = WalkStep;

    fn next(&mut self) -> Option<WalkStep> {
        let row = self.next_row?;
        let column = self.queens.len();
        self.step += 1;
        let kill = self.kill(column, row);
        let mut squares: Vec<String> = (self.queens.iter().enumerate())
            .map(|(j, &r)| self.square(j, r).square.clone())
            .collect();
        squares.push(self.square(column, row).square.clone());
        let mut solution = None;
        let lifted = if kill.is_some() {
            self.move_on(row)
        } else if column + 1 < self.n {
            match self.open_from(column + 1, 0) {
                Some(first) => {
                    self.queens.push(row);
                    self.next_row = Some(first);
                    Vec::new()
                }
                // A column all of holes: no placement goes on from here.
                None => self.move_on(row),
            }
        } else {
            self.solutions += 1;
            solution = Some(self.solutions);
            self.move_on(row)
        };
        Some(WalkStep {
            step: self.step,
            squares,
            kill,
            solution,
            lifted,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::reading::LineFact;

    /// A board's squares with the lines through them, worked out here as
    /// the facts define them (rows, columns and both diagonals, each
    /// named by its first square, listed in the order square_line reads
    /// them), numbered in any order: the walk needs only that equal lines
    /// have equal bits.
    fn board(n: i64) -> Vec<SquareLines> {
        let name = |c: i64, r: i64| format!("{}{r}", (b'a' + c as u8 - 1) as char);
        let mut numbers: Vec<(String, String)> = Vec::new();
        let mut squares = Vec::new();
        for c in 1..=n {
            for r in 1..=n {
                let (down, up) = ((c - 1).min(n - r), (c - 1).min(r - 1));
                let lines = vec![
                    LineFact {
                        anchor: name(1, r),
                        mov_dir: "RGHT".into(),
                    },
                    LineFact {
                        anchor: name(c - down, r + down),
                        mov_dir: "RGHT-DN".into(),
                    },
                    LineFact {
                        anchor: name(c - up, r - up),
                        mov_dir: "RGHT-UP".into(),
                    },
                    LineFact {
                        anchor: name(c, 1),
                        mov_dir: "UP".into(),
                    },
                ];
                let mut words = vec![0i64; 3];
                for line in &lines {
                    let key = (line.anchor.clone(), line.mov_dir.clone());
                    let i = numbers.iter().position(|k| *k == key).unwrap_or_else(|| {
                        numbers.push(key);
                        numbers.len() - 1
                    });
                    words[i / 64] |= 1 << (i % 64);
                }
                squares.push(SquareLines {
                    square: name(c, r),
                    column: c,
                    row: r,
                    words,
                    lines,
                });
            }
        }
        squares
    }

    #[test]
    fn the_walk_of_4x4_finds_both_solutions_in_the_tree_s_nodes() {
        let walk = Walk::new((4, 4), board(4)).unwrap();
        let steps: Vec<WalkStep> = walk.collect();
        // A319283(4) = 17 nodes: the root and 16 placed; 4 tries a node.
        assert_eq!(steps.iter().filter(|s| s.kill.is_none()).count(), 16);
        // Those of levels 0 … 3 try the 4 squares of the next column.
        assert_eq!(steps.len(), 4 * (1 + 4 + 6 + 4));
        let solutions: Vec<&Vec<String>> = (steps.iter())
            .filter(|s| s.solution.is_some())
            .map(|s| &s.squares)
            .collect();
        assert_eq!(
            solutions,
            [&["a2", "b4", "c1", "d3"], &["a3", "b1", "c4", "d2"]]
        );
        // The last step lifts every queen still standing, a4 the last.
        assert_eq!(steps.last().unwrap().lifted.last().unwrap(), "a4");
        assert!(steps.iter().map(|s| s.step).eq(1..=60));
    }

    #[test]
    fn a_board_out_of_order_is_refused() {
        let mut squares = board(3);
        squares.swap(0, 1);
        assert!(Walk::new((3, 3), squares).is_err());
        assert!(Walk::new((4, 4), board(3)).is_err());
    }
}
