//! The search tree as a relation (`search_tree`, `search_tree_tally`): held
//! against the published tables (OEIS A319284, the nodes at each depth;
//! A319283, all the nodes) and against the native checker's own
//! backtracking, try for try, each killed square's line checked to hold
//! both squares.

use crate::common;

use common::{A319283, A319284, Board};
use queens::checker::{self, Try};
use queens::model::board::Square;

/// (level, rows tried, rows placed) per level, as `sql` gives them.
fn levels(board: &Board, sql: &str) -> Vec<(u64, u64, u64)> {
    board
        .rows(sql)
        .iter()
        .map(|row| {
            let number = |i: usize| row[i].parse::<u64>().unwrap();
            (number(0), number(1), number(2))
        })
        .collect()
}

/// search_tree's levels, counted row by row.
fn per_level(board: &Board) -> Vec<(u64, u64, u64)> {
    let sql = "select queens, count(*), sum(placed) from search_tree group by queens order by 1";
    levels(board, sql)
}

/// The same numbers from search_tree_tally.
fn tallied_per_level(board: &Board) -> Vec<(u64, u64, u64)> {
    levels(
        board,
        "select queens, tried, placed from search_tree_tally order by 1",
    )
}

promise!(the_placed_rows_of_each_level_are_a319284_and_with_the_root_a319283);
fn the_placed_rows_of_each_level_are_a319284_and_with_the_root_a319283() {
    // search_tree itself to 10×10; at 11×11 and 12×12 (two and ten
    // million rows, whose reading would take much of the suite's ten
    // minutes) its tally, which
    // the test below holds equal to the tree's rows level by level and
    // kind by kind.
    for n in 1..=12u8 {
        let board = Board::new(n);
        let levels = if n <= 10 {
            per_level(&board)
        } else {
            tallied_per_level(&board)
        };
        let published = A319284[usize::from(n) - 1];
        let placed: Vec<u64> = levels.iter().map(|l| l.2).collect();
        // Level 0 is the root, the empty board, which the view has no row
        // for: it is not a square tried.
        assert_eq!(placed, published[1..], "{n}×{n}");
        assert_eq!(1 + placed.iter().sum::<u64>(), A319283[usize::from(n) - 1]);
        for (level, rows, _) in &levels {
            let entered = published[*level as usize - 1];
            assert_eq!(*rows, u64::from(n) * entered, "{n}×{n}, level {level}");
        }
    }
}

/// The view's rows as the checker's tries, in the checker's order (board
/// order of the queens' rows, a missing queen first): rows, placed, and the
/// attacker's column, with the line the view names for each killed square.
fn view_tries(board: &Board) -> Vec<(Try, Option<(String, String)>)> {
    let n = usize::from(board.n);
    let squares: Vec<String> = (1..=n).map(|k| format!("s{k}")).collect();
    let order: Vec<String> = (1..=n)
        .map(|k| format!("(select rw_no from square where square = s{k}) nulls first"))
        .collect();
    let sql = format!(
        "select {}, placed, anchor, mov_dir, attacker from search_tree order by {}",
        squares.join(", "),
        order.join(", ")
    );
    board
        .rows(&sql)
        .into_iter()
        .map(|row| {
            let given = |value: &String| value != "NULL";
            let queens: Vec<Square> = (row[..n].iter())
                .filter(|name| given(name))
                .map(|name| Square::parse(name, board.n).unwrap())
                .collect();
            let attacker = given(&row[n + 3])
                .then(|| queens.iter().position(|q| q.name() == row[n + 3]).unwrap());
            let tried = Try {
                rows: queens.iter().map(|q| q.row).collect(),
                placed: row[n] == "1",
                attacker,
            };
            let line = given(&row[n + 1]).then(|| (row[n + 1].clone(), row[n + 2].clone()));
            (tried, line)
        })
        .collect()
}

/// The squares of the line that starts at `anchor` and runs in `mov_dir`,
/// walked natively on the `n`×`n` board.
fn line_squares(anchor: &str, mov_dir: &str, n: u8) -> Vec<Square> {
    let (d_col, d_row) = match mov_dir {
        "UP" => (0, 1),
        "RGHT" => (1, 0),
        "RGHT-UP" => (1, 1),
        "RGHT-DN" => (1, -1),
        other => panic!("no direction {other}"),
    };
    let start = Square::parse(anchor, n).unwrap();
    let (mut col, mut row) = (i32::from(start.col), i32::from(start.row));
    // An anchor has no square before it in its direction.
    assert!(
        !(1..=i32::from(n)).contains(&(col - d_col))
            || !(1..=i32::from(n)).contains(&(row - d_row))
    );
    let mut squares = Vec::new();
    while (1..=i32::from(n)).contains(&col) && (1..=i32::from(n)).contains(&row) {
        squares.push(Square {
            col: col as u8,
            row: row as u8,
        });
        (col, row) = (col + d_col, row + d_row);
    }
    squares
}

promise!(ordered_by_the_queens_rows_the_tree_is_the_checker_s_depth_first_search);
fn ordered_by_the_queens_rows_the_tree_is_the_checker_s_depth_first_search() {
    for n in 1..=8u8 {
        let board = Board::new(n);
        let found = view_tries(&board);
        let expected = checker::search_tries(n);
        let tries: Vec<Try> = found.iter().map(|(t, _)| t.clone()).collect();
        assert_eq!(tries, expected, "{n}×{n}");
        for (tried, line) in &found {
            let squares = checker::squares_of(&tried.rows);
            let square = *squares.last().unwrap();
            match (tried.attacker, line) {
                (None, None) => assert!(tried.placed),
                (Some(j), Some((anchor, mov_dir))) => {
                    let on_line = line_squares(anchor, mov_dir, n);
                    assert!(on_line.contains(&square), "{n}×{n}: {tried:?} {line:?}");
                    assert!(on_line.contains(&squares[j]), "{n}×{n}: {tried:?} {line:?}");
                }
                other => panic!("{n}×{n}: {tried:?} has {other:?}"),
            }
        }
    }
}

promise!(the_8_by_8_walk_places_a1_then_names_the_line_refusing_each_try);
fn the_8_by_8_walk_places_a1_then_names_the_line_refusing_each_try() {
    let board = Board::new(8);
    let first: Vec<(Try, Option<(String, String)>)> =
        view_tries(&board).into_iter().take(4).collect();
    let line = |anchor: &str, mov_dir: &str| Some((anchor.to_string(), mov_dir.to_string()));
    assert_eq!(first[0].0.rows, [1]);
    assert!(first[0].0.placed);
    assert_eq!(
        (first[1].0.rows.clone(), first[1].1.clone()),
        (vec![1, 1], line("a1", "RGHT"))
    );
    assert_eq!(
        (first[2].0.rows.clone(), first[2].1.clone()),
        (vec![1, 2], line("a1", "RGHT-UP"))
    );
    assert_eq!(first[3].0.rows, [1, 3]);
    assert!(first[3].0.placed);
}

promise!(the_tally_counts_the_tree_level_by_level_and_kind_by_kind);
fn the_tally_counts_the_tree_level_by_level_and_kind_by_kind() {
    for n in 1..=10u8 {
        let board = Board::new(n);
        let tally = board.rows("select * from search_tree_tally");
        let tries = checker::search_tries(n);
        let published = A319284[usize::from(n) - 1];
        assert_eq!(tally.len(), usize::from(n), "{n}×{n}");
        for row in &tally {
            let [k, entered, tried, placed, by_row, by_rising, by_falling] =
                [0, 1, 2, 3, 4, 5, 6].map(|i| row[i].parse::<u64>().unwrap());
            let level: Vec<&Try> = tries.iter().filter(|t| t.rows.len() as u64 == k).collect();
            let killed_by = |kind: fn(Square, Square) -> bool| {
                (level.iter().filter(|t| !t.placed))
                    .filter(|t| {
                        let squares = checker::squares_of(&t.rows);
                        kind(squares[t.attacker.unwrap()], *squares.last().unwrap())
                    })
                    .count() as u64
            };
            assert_eq!(entered, published[k as usize - 1], "{n}×{n}, level {k}");
            assert_eq!(tried, u64::from(n) * entered);
            assert_eq!(tried, level.len() as u64);
            assert_eq!(placed, published[k as usize]);
            assert_eq!(
                by_row,
                killed_by(|a, b| a.row == b.row),
                "{n}×{n}, level {k}"
            );
            let rising = |a: Square, b: Square| {
                i32::from(a.col) - i32::from(a.row) == i32::from(b.col) - i32::from(b.row)
            };
            let falling = |a: Square, b: Square| a.col + a.row == b.col + b.row;
            assert_eq!(by_rising, killed_by(rising), "{n}×{n}, level {k}");
            assert_eq!(by_falling, killed_by(falling), "{n}×{n}, level {k}");
            assert_eq!(tried, placed + by_row + by_rising + by_falling);
        }
    }
}

promise!(the_tally_is_the_tree_grouped_by_level);
fn the_tally_is_the_tree_grouped_by_level() {
    for n in 1..=8u8 {
        let board = Board::new(n);
        let grouped = board.rows(&format!(
            "select queens, count(*) / {n}, count(*), sum(placed), \
                    coalesce(sum(mov_dir = 'RGHT'), 0), coalesce(sum(mov_dir = 'RGHT-UP'), 0), \
                    coalesce(sum(mov_dir = 'RGHT-DN'), 0) \
             from search_tree group by queens order by queens"
        ));
        assert_eq!(
            board.rows("select * from search_tree_tally"),
            grouped,
            "{n}×{n}"
        );
    }
}
