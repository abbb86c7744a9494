//! The checker's rules for other boards than the plain square one: a board
//! that wraps round (a torus), squares no queen may stand on (holes),
//! queens that also move as knights (superqueens), and rectangles. Written
//! from the puzzles' own definitions, with no SQL, so that the facts and
//! views of each board can be held against them.

use crate::model::board::{Board, Square};

/// Where a symmetry moves each square of a board.
pub type Move = Box<dyn Fn(Square) -> Square>;

/// The checker's rules of a board (`cols` columns of `rows` squares, one
/// queen per column, so `cols` ≤ `rows`), beside its names in
/// `model::board`. On a torus the rows, columns and diagonals wrap round;
/// superqueens also attack a knight's move away; no queen stands on a
/// hole, but queens attack across one.
impl Board {
    /// Whether queens on `a` and `b` attack each other on this board.
    pub fn attack(&self, a: Square, b: Square) -> bool {
        let (mut across, mut up) = (a.col.abs_diff(b.col), a.row.abs_diff(b.row));
        if self.torus {
            // The shorter way round: two squares share a wrapped diagonal
            // when their distances round the board are equal.
            across = across.min(self.cols - across);
            up = up.min(self.rows - up);
        }
        let queen = across == 0 || up == 0 || across == up;
        let knight = self.superqueens && matches!((across, up), (1, 2) | (2, 1));
        queen || knight
    }

    /// The board's own symmetries, each with its place (from 0) in the
    /// order of the `symmetry` table (`checker::symmetries`): those that
    /// move every square onto a square (all eight on a square board; on a
    /// rectangle the identity, the half turn and the two mirrors, the
    /// others would lay it on its side) and every hole onto a hole.
    pub fn symmetries(&self) -> Vec<(usize, Move)> {
        let (c, r) = (self.cols, self.rows);
        let moves: Vec<(usize, Move)> = if c == r {
            crate::checker::symmetries(c)
                .into_iter()
                .enumerate()
                .collect()
        } else {
            vec![
                (0, Box::new(|s| s)),
                (
                    2,
                    Box::new(move |s: Square| Square {
                        col: c + 1 - s.col,
                        row: r + 1 - s.row,
                    }),
                ),
                (
                    4,
                    Box::new(move |s: Square| Square {
                        col: c + 1 - s.col,
                        row: s.row,
                    }),
                ),
                (
                    5,
                    Box::new(move |s: Square| Square {
                        col: s.col,
                        row: r + 1 - s.row,
                    }),
                ),
            ]
        };
        (moves.into_iter())
            .filter(|(_, g)| self.holes.iter().all(|h| self.holes.contains(&g(*h))))
            .collect()
    }

    /// Whether a queen may stand on `square`.
    pub fn is_open(&self, square: Square) -> bool {
        !self.holes.contains(&square)
    }

    /// Whether `queens` is a solution of this board: a queen in each
    /// column, on the board and on no hole, no two attacking each other.
    pub fn is_solution(&self, queens: &[Square]) -> bool {
        let on_board = |q: &Square| {
            (1..=self.cols).contains(&q.col) && (1..=self.rows).contains(&q.row) && self.is_open(*q)
        };
        queens.len() == usize::from(self.cols)
            && queens.iter().all(on_board)
            && (queens.iter().enumerate())
                .all(|(i, &a)| queens[i + 1..].iter().all(|&b| !self.attack(a, b)))
    }

    /// Every solution, as the row of the queen in each column, columns
    /// filled left to right and rows tried from the lowest: board order.
    pub fn solutions(&self) -> Vec<Vec<u8>> {
        let mut found = Vec::new();
        let mut placed = Vec::with_capacity(usize::from(self.cols));
        self.extend(&mut placed, &mut found);
        found
    }

    /// The number of solutions.
    pub fn count(&self) -> u64 {
        self.solutions().len() as u64
    }

    fn extend(&self, placed: &mut Vec<u8>, found: &mut Vec<Vec<u8>>) {
        let col = placed.len() as u8 + 1;
        if col > self.cols {
            found.push(placed.clone());
            return;
        }
        for row in 1..=self.rows {
            let here = Square { col, row };
            let safe = self.is_open(here)
                && placed
                    .iter()
                    .zip(1..)
                    .all(|(&r, c)| !self.attack(Square { col: c, row: r }, here));
            if safe {
                placed.push(row);
                self.extend(placed, found);
                placed.pop();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checker::oeis;

    fn holes(names: &[&str]) -> Vec<Square> {
        names
            .iter()
            .map(|name| Square::parse(name, 8).unwrap())
            .collect()
    }

    #[test]
    fn the_plain_square_board_counts_as_the_bitboard_counter() {
        for n in 1..=9 {
            assert_eq!(
                Board::square(n).count(),
                crate::checker::count_solutions(n),
                "n = {n}"
            );
        }
    }

    #[test]
    fn the_torus_counts_oeis_a051906() {
        // n = 1 … 11 here; 13 below.
        for (n, &expected) in (1..).zip(&oeis::A051906[..11]) {
            let torus = Board {
                torus: true,
                ..Board::square(n)
            };
            assert_eq!(torus.count(), expected, "n = {n}");
        }
    }

    #[test]
    fn superqueens_count_oeis_a051223() {
        // n = 1 … 11 here; 12 below.
        for (n, &expected) in (1..).zip(&oeis::A051223[..11]) {
            let board = Board {
                superqueens: true,
                ..Board::square(n)
            };
            assert_eq!(board.count(), expected, "n = {n}");
        }
    }

    #[test]
    fn the_torus_at_13_and_superqueens_at_12_count_as_published() {
        // A051906 at 13 and A051223 at 12: about a second of search in a
        // debug build.
        let torus = Board {
            torus: true,
            ..Board::square(13)
        };
        assert_eq!(torus.count(), oeis::at(&oeis::A051906, 13));
        let superqueens = Board {
            superqueens: true,
            ..Board::square(12)
        };
        assert_eq!(superqueens.count(), oeis::at(&oeis::A051223, 12));
    }

    #[test]
    fn four_queens_on_four_columns_count_oeis_a269133() {
        // A269133: 4 queens, one per column, on 4 columns of R rows.
        for (rows, expected) in (4..).zip([2, 12, 46, 140, 344]) {
            let board = Board {
                rows,
                ..Board::square(4)
            };
            assert_eq!(board.count(), expected, "4×{rows}");
        }
    }

    #[test]
    fn holes_keep_queens_off_but_not_their_lines() {
        let board = |names: &[&str]| Board {
            holes: holes(names),
            ..Board::square(8)
        };
        assert_eq!(board(&["c2", "f7"]).count(), 67);
        assert_eq!(board(&["a4", "d5", "h2"]).count(), 65);
        // A hole on no solution's square takes none away; a whole column
        // of holes takes them all.
        assert_eq!(board(&[]).count(), 92);
        let column: Vec<String> = (1..=8).map(|r| format!("d{r}")).collect();
        let column: Vec<&str> = column.iter().map(String::as_str).collect();
        assert_eq!(board(&column).count(), 0);
    }

    #[test]
    fn every_solution_found_is_a_solution_and_a_queen_on_a_hole_is_not() {
        let board = Board {
            torus: true,
            holes: holes(&["d4"]),
            ..Board::square(7)
        };
        let as_squares = |rows: &[u8]| -> Vec<Square> {
            (1..)
                .zip(rows)
                .map(|(col, &row)| Square { col, row })
                .collect()
        };
        let found = board.solutions();
        assert!(!found.is_empty());
        assert!(
            found
                .iter()
                .all(|rows| board.is_solution(&as_squares(rows)))
        );
        // A solution of the torus without the hole that stands on d4.
        let open = Board {
            torus: true,
            ..Board::square(7)
        };
        let on_d4 = (open.solutions().into_iter())
            .find(|rows| rows[3] == 4)
            .unwrap();
        assert!(open.is_solution(&as_squares(&on_d4)));
        assert!(!board.is_solution(&as_squares(&on_d4)));
        assert!(!board.is_solution(&as_squares(&on_d4[..6])));
    }

    #[test]
    fn a_wrapped_diagonal_and_a_knights_move_are_attacks() {
        let torus = Board {
            torus: true,
            ..Board::square(5)
        };
        // c5 and e2: across 2, up 3, which is 2 the other way round.
        let (c5, e2) = (Square { col: 3, row: 5 }, Square { col: 5, row: 2 });
        assert!(torus.attack(c5, e2));
        assert!(!Board::square(5).attack(c5, e2));
        let superqueens = Board {
            superqueens: true,
            ..Board::square(8)
        };
        let (b1, c3) = (Square { col: 2, row: 1 }, Square { col: 3, row: 3 });
        assert!(superqueens.attack(b1, c3));
        assert!(!Board::square(8).attack(b1, c3));
    }
}
