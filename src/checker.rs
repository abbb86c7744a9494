//! The independent checker: answers the same questions as the SQL, natively
//! and without SQL, so that tests can hold every SQL answer against it and
//! the benchmark can report SQL speed as a ratio to what the machine can do.

use crate::model::board::Square;

pub mod oeis;
pub mod variants;

/// Two queens attack each other when they share a row, a column or a
/// diagonal (equal distances across and up).
pub fn attack(a: Square, b: Square) -> bool {
    let cols = a.col.abs_diff(b.col);
    let rows = a.row.abs_diff(b.row);
    cols == 0 || rows == 0 || cols == rows
}

/// Every pair of queens (by index into `queens`) that attack each other.
pub fn attacking_pairs(queens: &[Square]) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for i in 0..queens.len() {
        for j in i + 1..queens.len() {
            if attack(queens[i], queens[j]) {
                pairs.push((i, j));
            }
        }
    }
    pairs
}

/// Whether `queens` solves the puzzle on an `n`×`n` board: n queens, all on
/// the board, no two attacking.
pub fn is_solution(queens: &[Square], n: u8) -> bool {
    queens.len() == usize::from(n)
        && queens
            .iter()
            .all(|q| (1..=n).contains(&q.col) && (1..=n).contains(&q.row))
        && attacking_pairs(queens).is_empty()
}

/// The number of solutions on an `n`×`n` board, by bitboard backtracking.
pub fn count_solutions(n: u8) -> u64 {
    let mut count = 0;
    visit_solutions(n, &mut |_| count += 1);
    count
}

/// Every solution as the row of the queen in each column, in board order
/// (the rows of column a, then of column b, … compared as numbers).
pub fn solutions(n: u8) -> Vec<Vec<u8>> {
    let mut all = Vec::new();
    visit_solutions(n, &mut |rows| all.push(rows.to_vec()));
    all
}

/// The first solution in board order, found by backtracking column by
/// column with the lowest free row first, or None when there is none.
pub fn first_solution(n: u8) -> Option<Vec<u8>> {
    fn extend(n: u8, placed: &mut Vec<u8>) -> bool {
        if placed.len() == usize::from(n) {
            return true;
        }
        for row in 1..=n {
            let column = placed.len();
            let safe = placed
                .iter()
                .enumerate()
                .all(|(c, &r)| r != row && usize::from(r.abs_diff(row)) != column - c);
            if safe {
                placed.push(row);
                if extend(n, placed) {
                    return true;
                }
                placed.pop();
            }
        }
        false
    }
    let mut placed = Vec::with_capacity(usize::from(n));
    extend(n, &mut placed).then_some(placed)
}

/// Calls `found` with the rows of every solution, in board order. Columns are
/// filled left to right; `rows`, `rising` and `falling` are the bitsets of the
/// rows and diagonals already taken, shifted so that bit r stands for row r+1
/// of the column being filled.
fn visit_solutions(n: u8, found: &mut dyn FnMut(&[u8])) {
    assert!((1..=32).contains(&n), "board size {n} is out of range");
    let all: u64 = (1u64 << n) - 1;
    let mut placed = Vec::with_capacity(usize::from(n));
    descend(all, 0, 0, 0, &mut placed, found);
}

fn descend(
    all: u64,
    rows: u64,
    rising: u64,
    falling: u64,
    placed: &mut Vec<u8>,
    found: &mut dyn FnMut(&[u8]),
) {
    if rows == all {
        found(placed);
        return;
    }
    let mut free = all & !(rows | rising | falling);
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        placed.push(bit.trailing_zeros() as u8 + 1);
        descend(
            all,
            rows | bit,
            ((rising | bit) << 1) & all,
            (falling | bit) >> 1,
            placed,
            found,
        );
        placed.pop();
    }
}

/// The search funnel: entry k (0 … n) is the number of ways to put queens
/// in columns 1 … k, no two attacking each other (the nodes at depth k of
/// the backtracking tree), by the same bitboard backtracking.
pub fn placements_per_column(n: u8) -> Vec<u64> {
    fn go(all: u64, rows: u64, rising: u64, falling: u64, depth: usize, counts: &mut [u64]) {
        counts[depth] += 1;
        let mut free = all & !(rows | rising | falling);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let (up, down) = (((rising | bit) << 1) & all, (falling | bit) >> 1);
            go(all, rows | bit, up, down, depth + 1, counts);
        }
    }
    let mut counts = vec![0; usize::from(n) + 1];
    go((1u64 << n) - 1, 0, 0, 0, 0, &mut counts);
    counts
}

/// One square the backtracking search tries: the queens' rows, from column
/// a, the last one the square tried; whether it takes a queen; if not, the
/// column (from 0) of the first queen, in column order, that attacks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Try {
    pub rows: Vec<u8>,
    pub placed: bool,
    pub attacker: Option<usize>,
}

/// Every square the search tries on the `n`×`n` board, depth-first in
/// board order, as a backtracking program tries them: each placement of k
/// queens tries the next column's squares from row 1 up, and goes on from
/// each one no queen before it attacks (checked queen by queen, in column
/// order, with `attack`).
pub fn search_tries(n: u8) -> Vec<Try> {
    fn go(n: u8, rows: &mut Vec<u8>, tries: &mut Vec<Try>) {
        if rows.len() == usize::from(n) {
            return;
        }
        let column = rows.len() as u8 + 1;
        for row in 1..=n {
            let tried = Square { col: column, row };
            let attacker = squares_of(rows)
                .iter()
                .position(|&queen| attack(queen, tried));
            rows.push(row);
            tries.push(Try {
                rows: rows.clone(),
                placed: attacker.is_none(),
                attacker,
            });
            if attacker.is_none() {
                go(n, rows, tries);
            }
            rows.pop();
        }
    }
    let mut tries = Vec::new();
    go(n, &mut Vec::new(), &mut tries);
    tries
}

/// Entry k (0 … n) is the number of ways to put queens in columns 1 … k on
/// different rows, none on the row ±1 of the previous column's queen (the
/// candidate rule), counted by dynamic programming over the set of rows
/// used and the last row, not by the formula the SQL uses.
pub fn candidates_per_column(n: u8) -> Vec<u64> {
    assert!(n <= 16, "the table of row sets grows as 2^n");
    let n = usize::from(n);
    // ways[used][last]: sequences using the rows in `used`, ending in `last`.
    let mut ways = vec![vec![0u64; n]; 1 << n];
    for row in 0..n {
        ways[1 << row][row] = 1;
    }
    let mut counts = vec![0; n + 1];
    counts[0] = 1;
    // Sets in increasing order: each set's extensions come later.
    for used in 1usize..1 << n {
        let k = used.count_ones() as usize;
        for last in 0..n {
            let here = ways[used][last];
            if here == 0 {
                continue;
            }
            counts[k] += here;
            for next in (0..n).filter(|&r| used & 1 << r == 0 && r.abs_diff(last) != 1) {
                ways[used | 1 << next][next] += here;
            }
        }
    }
    counts
}

/// Turns the rows of a solution (one per column, from column a) into squares.
pub fn squares_of(rows: &[u8]) -> Vec<Square> {
    rows.iter()
        .zip(1..)
        .map(|(&row, col)| Square { col, row })
        .collect()
}

/// The board's eight symmetries acting on a square of an `n`×`n` board, in
/// the order of the `symmetry` table: identity, quarter turns clockwise by
/// 90, 180 and 270 degrees, then the reflections that swap the columns, swap
/// the rows, swap columns with rows, and swap them across the other diagonal.
pub fn symmetries(n: u8) -> [Box<dyn Fn(Square) -> Square>; 8] {
    let flip = move |i: u8| n + 1 - i;
    [
        Box::new(|s| s),
        Box::new(move |s| Square {
            col: s.row,
            row: flip(s.col),
        }),
        Box::new(move |s| Square {
            col: flip(s.col),
            row: flip(s.row),
        }),
        Box::new(move |s| Square {
            col: flip(s.row),
            row: s.col,
        }),
        Box::new(move |s| Square {
            col: flip(s.col),
            row: s.row,
        }),
        Box::new(move |s| Square {
            col: s.col,
            row: flip(s.row),
        }),
        Box::new(|s| Square {
            col: s.row,
            row: s.col,
        }),
        Box::new(move |s| Square {
            col: flip(s.row),
            row: flip(s.col),
        }),
    ]
}

/// A solution (rows by column) moved by each symmetry, again as rows by column.
pub fn images(rows: &[u8]) -> Vec<Vec<u8>> {
    let n = rows.len() as u8;
    symmetries(n)
        .iter()
        .map(|move_square| {
            let mut image = vec![0; rows.len()];
            for square in squares_of(rows) {
                let moved = move_square(square);
                image[usize::from(moved.col) - 1] = moved.row;
            }
            image
        })
        .collect()
}

/// One representative of each class of solutions that the symmetries turn
/// into one another (its smallest member in board order), with the size of
/// its class, in board order.
pub fn fundamental_solutions(n: u8) -> Vec<(Vec<u8>, usize)> {
    let mut classes = std::collections::BTreeMap::<Vec<u8>, usize>::new();
    for rows in solutions(n) {
        let smallest = images(&rows).into_iter().min().expect("eight images");
        *classes.entry(smallest).or_default() += 1;
    }
    classes.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_match_oeis_a000170() {
        for (n, &expected) in (1..).zip(oeis::A000170.iter().take(12)) {
            assert_eq!(count_solutions(n), expected, "n = {n}");
        }
    }

    #[test]
    fn every_enumerated_solution_is_valid_and_in_board_order() {
        for n in 1..=9 {
            let all = solutions(n);
            assert_eq!(all.len() as u64, count_solutions(n));
            assert!(all.windows(2).all(|w| w[0] < w[1]));
            for rows in &all {
                assert!(is_solution(&squares_of(rows), n), "{rows:?}");
            }
        }
    }

    #[test]
    fn the_first_solution_is_the_first_of_the_list() {
        for n in 1..=10 {
            assert_eq!(first_solution(n), solutions(n).first().cloned(), "n = {n}");
        }
    }

    #[test]
    fn fundamental_counts_match_oeis_a002562() {
        for (n, &expected) in (1..).zip(oeis::A002562.iter().take(10)) {
            let classes = fundamental_solutions(n);
            assert_eq!(classes.len() as u64, expected, "n = {n}");
            let members: usize = classes.iter().map(|(_, size)| size).sum();
            assert_eq!(members as u64, count_solutions(n));
        }
    }

    #[test]
    fn symmetries_form_the_group_of_the_square() {
        let n = 5;
        let all = symmetries(n);
        let corner = Square { col: 1, row: 1 };
        // A quarter turn four times is the identity; each reflection twice is too.
        let mut s = corner;
        for _ in 0..4 {
            s = all[1](s);
        }
        assert_eq!(s, corner);
        assert_eq!(all[1](corner), Square { col: 1, row: 5 }); // a1 turns to a5
        for reflect in &all[4..] {
            for col in 1..=n {
                for row in 1..=n {
                    let sq = Square { col, row };
                    assert_eq!(reflect(reflect(sq)), sq);
                }
            }
        }
    }

    #[test]
    fn attacks_along_rows_columns_and_diagonals() {
        let c5 = Square { col: 3, row: 5 };
        assert!(attack(c5, Square { col: 6, row: 2 })); // shared falling diagonal
        assert!(attack(c5, Square { col: 3, row: 1 }));
        assert!(attack(c5, Square { col: 8, row: 5 }));
        assert!(attack(c5, Square { col: 1, row: 3 }));
        assert!(!attack(c5, Square { col: 4, row: 7 }));
        assert!(!is_solution(&[c5, Square { col: 6, row: 2 }], 2));
    }

    #[test]
    fn the_funnel_of_8x8_is_the_published_one() {
        // OEIS A319284, row 8, and the column-by-column candidates whose
        // last entry is A002464(8).
        assert_eq!(
            placements_per_column(8),
            [1, 8, 42, 140, 344, 568, 550, 312, 92]
        );
        assert_eq!(
            candidates_per_column(8),
            [1, 8, 42, 180, 650, 1928, 4386, 6748, 5242]
        );
    }
}
