//! The views: candidate, solution_by_definition, solution, search_space,
//! held against published counts and the independent native checker.

mod common;

use common::{A000170, A002464, Board, squares};
use queens::checker;

#[test]
fn solution_counts_match_oeis_and_the_native_counter() {
    for n in 1..=10u8 {
        let board = Board::new(n);
        let count = board.count("select count(*) from solution");
        assert_eq!(count, A000170[usize::from(n) - 1], "n = {n}");
        assert_eq!(count, checker::count_solutions(n), "n = {n}");
    }
}

#[test]
fn every_solution_row_is_valid_and_rows_come_in_board_order() {
    for n in 1..=10u8 {
        let board = Board::new(n);
        let found = board.placements("solution");
        for placement in &found {
            assert!(checker::is_solution(placement, n), "n = {n}: {placement:?}");
        }
        // Exactly the native checker's solutions, in the same (board) order.
        let expected: Vec<_> = checker::solutions(n)
            .iter()
            .map(|rows| checker::squares_of(rows))
            .collect();
        assert_eq!(found, expected, "n = {n}");
    }
}

#[test]
fn solution_and_solution_by_definition_hold_the_same_rows() {
    for n in 1..=9u8 {
        let board = Board::new(n);
        let apart = |a: &str, b: &str| {
            board.count(&format!(
                "select count(*) from (select * from {a} except select * from {b})"
            ))
        };
        assert_eq!(apart("solution", "solution_by_definition"), 0, "n = {n}");
        assert_eq!(apart("solution_by_definition", "solution"), 0, "n = {n}");
        assert_eq!(
            board.count("select count(*) from solution_by_definition"),
            A000170[usize::from(n) - 1]
        );
        // Both list them in board order.
        assert_eq!(
            board.placements("solution_by_definition"),
            board.placements("solution")
        );
    }
}

#[test]
fn candidate_counts_match_oeis_a002464() {
    for n in 1..=9u8 {
        let board = Board::new(n);
        assert_eq!(
            board.count("select count(*) from candidate"),
            A002464[usize::from(n) - 1],
            "n = {n}"
        );
    }
}

#[test]
fn candidates_keep_one_queen_per_column_distinct_rows_and_no_neighbour_rows() {
    let board = Board::new(7);
    for placement in board.placements("candidate") {
        for (k, square) in placement.iter().enumerate() {
            assert_eq!(usize::from(square.col), k + 1);
        }
        let mut rows: Vec<u8> = placement.iter().map(|s| s.row).collect();
        assert!(
            placement
                .windows(2)
                .all(|w| w[0].row.abs_diff(w[1].row) > 1)
        );
        rows.sort();
        rows.dedup();
        assert_eq!(rows.len(), 7);
    }
}

#[test]
fn eight_by_eight_first_and_last_rows() {
    let board = Board::new(8);
    let all = board.placements("solution");
    assert_eq!(all.len(), 92);
    assert_eq!(all[0], squares("a1 b5 c8 d6 e3 f7 g2 h4", 8));
    assert_eq!(all[91], squares("a8 b4 c1 d3 e6 f2 g7 h5", 8));
}

#[test]
fn four_by_four_has_exactly_two_solutions() {
    let board = Board::new(4);
    let rows = board.rows("select * from solution");
    assert_eq!(
        rows,
        vec![vec!["a2", "b4", "c1", "d3"], vec!["a3", "b1", "c4", "d2"]]
    );
}

#[test]
fn views_have_one_column_per_queen() {
    let board = Board::new(10);
    let conn = board.connect();
    for view in ["candidate", "solution_by_definition", "solution"] {
        let stmt = conn.prepare(&format!("select * from {view}")).unwrap();
        let expected: Vec<String> = (1..=10).map(|k| format!("s{k}")).collect();
        assert_eq!(stmt.column_names(), expected, "{view}");
    }
}

#[test]
fn search_space_for_eight_by_eight() {
    let board = Board::new(8);
    let rows = board.rows(
        "select step, calculation, printf('%.3g', search_space), search_space from search_space",
    );
    let shrinking: Vec<(&str, &str)> = rows
        .iter()
        .map(|r| (r[1].as_str(), r[2].as_str()))
        .collect();
    assert_eq!(
        shrinking,
        vec![
            ("64! / (64 - 8)!", "1.78e+14"),
            ("64! / (8! x (64 - 8)!)", "4.43e+09"),
            ("8^8", "1.68e+07"),
            ("8!", "4.03e+04"),
            ("count(*) from candidate", "5.24e+03"),
            ("count(*) from solution", "92"),
        ]
    );
    let exact: Vec<&str> = rows.iter().map(|r| r[3].as_str()).collect();
    assert_eq!(
        exact,
        vec![
            "178462987637760",
            "4426165368",
            "16777216",
            "40320",
            "5242",
            "92"
        ]
    );
}

#[test]
fn search_space_survives_numbers_beyond_64_bits() {
    // 676!/650! is about 3.6E73: it must come out as floating point, not fail.
    let board = Board::new(26);
    let first = board.rows("select printf('%.2e', search_space) from search_space where step = 1");
    assert!(first[0][0].ends_with("e+73"), "{first:?}");
}
