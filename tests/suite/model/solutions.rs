//! The views: candidate, solution_by_definition, solution, search_space,
//! held against published counts and the independent native checker.

use crate::common;

use common::{A000170, A002464, Board, squares};
use queens::checker;
use queens::model::board::Square;

promise!(solution_counts_match_oeis_and_the_native_counter);
fn solution_counts_match_oeis_and_the_native_counter() {
    for n in 1..=10u8 {
        let board = Board::new(n);
        let count = board.count("select count(*) from solution");
        assert_eq!(count, A000170[usize::from(n) - 1], "n = {n}");
        assert_eq!(count, checker::count_solutions(n), "n = {n}");
    }
}

promise!(every_solution_row_is_valid_and_rows_come_in_board_order);
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

/// What SQLite plans for `sql`: the detail of each step.
fn plan(board: &Board, sql: &str) -> Vec<String> {
    board
        .rows(&format!("explain query plan {sql}"))
        .into_iter()
        .map(|row| row[3].clone())
        .collect()
}

promise!(the_view_hands_placements_on_as_it_finds_them);
/// The view places its first queens in a step of its own that works out
/// the lines they cover once per placement. SQLite runs that step as a
/// co-routine, handing placements on as it finds them: the step is never
/// merged back into one join (which would work the union out again at
/// every later queen) nor stored whole (MATERIALIZE), and the result is
/// never sorted whole, only each placement's completions ("LAST k TERMS").
/// From 10×10 the only step stored whole is `ended`, the last queens,
/// looked up through an index SQLite builds for the query (AUTOMATIC).
/// So memory stays small and the first solutions come at once, on any
/// board: the first three of 20×20 are valid and in board order.
fn the_view_hands_placements_on_as_it_finds_them() {
    for n in [6u8, 12, 20, 26] {
        let board = Board::new(n);
        let steps = plan(&board, "select * from solution");
        let joined = steps.join("; ");
        assert!(joined.contains("CO-ROUTINE placed"), "{n}: {joined}");
        let stored: Vec<&String> = steps.iter().filter(|s| s.contains("MATERIALIZE")).collect();
        if n >= 10 {
            assert_eq!(stored, ["MATERIALIZE ended"], "{n}: {joined}");
            assert!(
                steps
                    .iter()
                    .any(|s| s.starts_with("SEARCH e USING AUTOMATIC")),
                "{n}: {joined}"
            );
        } else {
            assert!(stored.is_empty(), "{n}: {joined}");
        }
        for sort in steps.iter().filter(|s| s.contains("B-TREE")) {
            assert!(
                sort.contains("LAST"),
                "{n}: the whole result sorted: {joined}"
            );
        }
    }
    let n = 20;
    let board = Board::new(n);
    let first: Vec<Vec<_>> = board
        .rows("select * from solution limit 3")
        .iter()
        .map(|row| row.iter().map(|s| Square::parse(s, n).unwrap()).collect())
        .collect();
    assert_eq!(first.len(), 3);
    for placement in &first {
        assert!(checker::is_solution(placement, n), "{placement:?}");
    }
    let rows_of = |p: &Vec<Square>| p.iter().map(|q| q.row).collect::<Vec<_>>();
    assert!(rows_of(&first[0]) < rows_of(&first[1]) && rows_of(&first[1]) < rows_of(&first[2]));
}

promise!(each_part_is_the_views_rows_that_start_with_its_squares);
/// A part of the search (what `count` and `solve` hand each thread, and
/// Citus each worker) is the view's select with the part's first two
/// squares fixed inside the step that carries the covered lines, where
/// they cut the search down: its rows are exactly the view's rows that
/// start with those squares, in the same order, and SQLite looks the two
/// squares up instead of filtering a whole search.
fn each_part_is_the_views_rows_that_start_with_its_squares() {
    const PARTITION: &str = include_str!("../../../sql/queries/partition.sql");
    for n in 4..=9u8 {
        let board = Board::new(n);
        let conn = board.connect();
        let part_sql =
            queens::model::schema::part_search(n, queens::model::template::Scope::default())
                .unwrap();
        let mut stmt = conn.prepare(&part_sql.text).unwrap();
        let mut parts_together = Vec::new();
        for part in board.rows(PARTITION) {
            let (s1, s2) = (part[0].as_str(), part[1].as_str());
            let rows: Vec<Vec<String>> = stmt
                .query_map(&[(":s1", s1), (":s2", s2)], |row| {
                    (0..usize::from(n)).map(|i| row.get(i)).collect()
                })
                .unwrap()
                .collect::<rusqlite::Result<_>>()
                .unwrap();
            assert!(
                rows.iter().all(|r| r[0] == s1 && r[1] == s2),
                "{n}: {s1} {s2}"
            );
            parts_together.extend(rows);
        }
        assert_eq!(
            parts_together,
            board.rows("select * from solution"),
            "n = {n}"
        );
        let explained = format!("explain query plan {}", part_sql.text);
        let mut explain = conn.prepare(&explained).unwrap();
        let steps: Vec<String> = explain
            .query_map(&[(":s1", "a1"), (":s2", "b3")], |row| row.get(3))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        assert!(
            steps
                .iter()
                .any(|s| s.starts_with("SEARCH q1") && s.contains("square=?")),
            "{n}: {steps:?}"
        );
    }
}

promise!(solution_and_solution_by_definition_hold_the_same_rows);
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

promise!(candidate_counts_match_oeis_a002464);
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

promise!(candidates_keep_one_queen_per_column_distinct_rows_and_no_neighbour_rows);
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

promise!(eight_by_eight_first_and_last_rows);
fn eight_by_eight_first_and_last_rows() {
    let board = Board::new(8);
    let all = board.placements("solution");
    assert_eq!(all.len(), 92);
    assert_eq!(all[0], squares("a1 b5 c8 d6 e3 f7 g2 h4", 8));
    assert_eq!(all[91], squares("a8 b4 c1 d3 e6 f2 g7 h5", 8));
}

promise!(four_by_four_has_exactly_two_solutions);
fn four_by_four_has_exactly_two_solutions() {
    let board = Board::new(4);
    let rows = board.rows("select * from solution");
    assert_eq!(
        rows,
        vec![vec!["a2", "b4", "c1", "d3"], vec!["a3", "b1", "c4", "d2"]]
    );
}

promise!(views_have_one_column_per_queen);
fn views_have_one_column_per_queen() {
    let board = Board::new(10);
    let conn = board.connect();
    for view in ["candidate", "solution_by_definition", "solution"] {
        let stmt = conn.prepare(&format!("select * from {view}")).unwrap();
        let expected: Vec<String> = (1..=10).map(|k| format!("s{k}")).collect();
        assert_eq!(stmt.column_names(), expected, "{view}");
    }
}

promise!(search_space_for_eight_by_eight_is_the_seeds_table_with_5242);
fn search_space_for_eight_by_eight_is_the_seeds_table_with_5242() {
    let board = Board::new(8);
    let rows = board.rows(
        "select calculation, search_space, typeof(search_space), about from search_space order by step",
    );
    let expected = [
        ["64! / (64 - 8)!", "178462987637760", "integer", "1.78E+14"],
        [
            "64! / (8! x (64 - 8)!)",
            "4426165368",
            "integer",
            "4.43E+09",
        ],
        ["8^8", "16777216", "integer", "1.68E+07"],
        ["8!", "40320", "integer", "40320"],
        ["A002464(8), by its recurrence", "5242", "integer", "5242"],
        ["count(*) from solution", "92", "integer", "92"],
    ];
    assert_eq!(
        rows,
        expected.map(|r| r.map(String::from).to_vec()).to_vec()
    );
}

/// A count as the view writes it in `about`: plain below a million, else
/// d.ddE+kk from the count's size as a double (as `queens space` writes it).
fn about(exact: Option<u128>, approximately: f64) -> String {
    match exact {
        Some(v) if v < 1_000_000 => v.to_string(),
        _ => {
            let text = format!("{approximately:.2E}");
            let (mantissa, exponent) = text.split_once('E').unwrap();
            format!("{mantissa}E+{exponent:0>2}")
        }
    }
}

promise!(search_space_for_every_board_holds_against_native_arithmetic_and_a002464);
fn search_space_for_every_board_holds_against_native_arithmetic_and_a002464() {
    // A002464 by its recurrence, natively and exactly (u128 holds a(26)).
    let mut a: Vec<i128> = vec![1, 1, 0, 0];
    for k in 4..=26i128 {
        let next =
            (k + 1) * a[k as usize - 1] - (k - 2) * a[k as usize - 2] - (k - 5) * a[k as usize - 3]
                + (k - 3) * a[k as usize - 4];
        a.push(next);
    }
    assert_eq!(&a[1..=10], &A002464.map(|v| v as i128));
    for n in 1..=26u8 {
        let board = Board::new(n);
        let rows = board.rows("select step, search_space, about from search_space order by step");
        let big = u128::from(n);
        let squares = big * big;
        // Each step exactly (while u128 holds it) and as a double.
        let mut steps: Vec<(Option<u128>, f64)> = Vec::new();
        let falling = (0..big).try_fold(1u128, |p, i| p.checked_mul(squares - i));
        let falling_d = (0..big).fold(1f64, |p, i| p * (squares - i) as f64);
        steps.push((falling, falling_d));
        let choose = (0..big).try_fold(1u128, |c, i| Some(c.checked_mul(squares - i)? / (i + 1)));
        let choose_d = (0..big).fold(1f64, |c, i| c * (squares - i) as f64 / (i + 1) as f64);
        steps.push((choose, choose_d));
        steps.push((big.checked_pow(u32::from(n)), (n as f64).powi(i32::from(n))));
        let factorial = (1..=big).try_fold(1u128, u128::checked_mul);
        steps.push((factorial, (1..=big).fold(1f64, |f, i| f * i as f64)));
        let hertzsprung = a[usize::from(n)] as u128;
        steps.push((Some(hertzsprung), hertzsprung as f64));
        for (step, (exact, approximately)) in steps.iter().enumerate() {
            let row = &rows[step];
            let fits = exact.filter(|&v| v <= i64::MAX as u128);
            let shown = fits.map_or("NULL".to_string(), |v| v.to_string());
            assert_eq!(row[1], shown, "{n}×{n}, step {}", step + 1);
            assert_eq!(
                row[2],
                about(fits, *approximately),
                "{n}×{n}, step {}",
                step + 1
            );
        }
        // Step 5 counts the rows of candidate, where they can be listed.
        if n <= 8 {
            assert_eq!(
                rows[4][1],
                board.count("select count(*) from candidate").to_string()
            );
        }
        // Step 6 is counted where the search takes about a second or less
        // in the sqlite3 shell.
        let solutions = if n <= 12 {
            A000170[usize::from(n) - 1].to_string()
        } else {
            "NULL".to_string()
        };
        assert_eq!(rows[5][1], solutions, "{n}×{n}");
    }
}
