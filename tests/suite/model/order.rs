//! Solution K is found by walking the search in board order and stopping
//! there: `show K` and `export --solution K` name the same solution and
//! class as the whole numbering (numbered_solution, solution_class), and
//! an early solution of a board too large to search whole is found at
//! once. (No test is timed: a walk that searched everything would not end
//! in any useful time at 16×16.)

use crate::common;

use common::{Board, text};

/// The first solution of the `n`×`n` board in board order, by native
/// backtracking, as square names.
fn first_solution(n: u8) -> Vec<String> {
    fn place(n: u8, rows: &mut Vec<u8>) -> bool {
        if rows.len() == usize::from(n) {
            return true;
        }
        let col = rows.len() as i32;
        for row in 1..=n {
            let safe = rows
                .iter()
                .enumerate()
                .all(|(c, &r)| r != row && (r as i32 - row as i32).abs() != (col - c as i32));
            if safe {
                rows.push(row);
                if place(n, rows) {
                    return true;
                }
                rows.pop();
            }
        }
        false
    }
    let mut rows = Vec::new();
    assert!(place(n, &mut rows));
    rows.iter()
        .enumerate()
        .map(|(c, r)| format!("{}{r}", (b'a' + c as u8) as char))
        .collect()
}

promise!(show_names_the_solution_and_class_the_numbering_gives);
fn show_names_the_solution_and_class_the_numbering_gives() {
    let board = Board::new(8);
    let classes = board.rows(
        "select solution_no, s1, s2, s3, s4, s5, s6, s7, s8, representative_no from solution_class",
    );
    for row in classes {
        let shown = board.stdout(&["show", &row[0]]);
        let first = shown.lines().next().unwrap();
        assert_eq!(
            first,
            format!("Solution {} of 92: {}", row[0], row[1..9].join(" "))
        );
        let representative = if row[9] == row[0] {
            "it is the first of them".to_string()
        } else {
            format!("onto solution {}, the first of them", row[9])
        };
        assert!(shown.contains(&representative), "{shown}");
    }
}

promise!(show_finds_an_early_solution_of_a_board_too_large_to_search_whole);
fn show_finds_an_early_solution_of_a_board_too_large_to_search_whole() {
    let board = Board::new(16);
    let shown = board.stdout(&["show", "1"]);
    let expected = format!("Solution 1: {}", first_solution(16).join(" "));
    assert_eq!(shown.lines().next().unwrap(), expected);
    assert!(shown.contains("the first of them, the class representative"));
}

promise!(export_of_solution_k_is_the_row_numbered_k);
fn export_of_solution_k_is_the_row_numbered_k() {
    let board = Board::new(10);
    let expected = board.rows("select * from numbered_solution where solution_no = 500");
    let csv = board.stdout(&["export", "--format", "csv", "--solution", "500"]);
    assert_eq!(csv.lines().nth(1).unwrap(), expected[0].join(","), "{csv}");
    let out = board.run(&["export", "--format", "csv", "--solution", "725"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("has 724 solutions"));
}

/// The solutions of the `n`×`n` board in board order, as square names.
fn board_order(n: u8) -> Vec<Vec<String>> {
    queens::checker::solutions(n)
        .iter()
        .map(|rows| {
            rows.iter()
                .enumerate()
                .map(|(c, r)| format!("{}{r}", (b'a' + c as u8) as char))
                .collect()
        })
        .collect()
}

/// Each solution of a CSV listing (`solve`, `complete`) as square names,
/// without the header and the solution's number.
fn csv_solutions(csv: &str) -> Vec<Vec<String>> {
    csv.lines()
        .skip(1)
        .map(|line| line.split(',').skip(1).map(String::from).collect())
        .collect()
}

/// The queens' columns of a solution view of the `n`×`n` board: `s1, s2, …`.
fn queen_columns(n: u8) -> String {
    (1..=n)
        .map(|k| format!("s{k}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// An `n`×`n` board with indexes that SQLite prefers to the keys
/// (covering, and turning each column's rows the other way).
fn board_with_indexes_against_board_order(n: u8) -> Board {
    let board = Board::new(n);
    rusqlite::Connection::open(&board.db)
        .unwrap()
        .execute_batch(
            "create index my_sn on safe_next (cl_no, prev_rw_no, rw_no desc, square, w0, w1, w2);
             create index my_ls on line_set (cl_no, rw_no desc, square, w0, w1, w2);
             create index my_sq on square (cl_no, rw_no desc, square);",
        )
        .unwrap();
    board
}

promise!(a_users_indexes_leave_every_listing_in_board_order);
fn a_users_indexes_leave_every_listing_in_board_order() {
    // The order queens gives must not rest on which index SQLite walks.
    let n = 10;
    let board = board_with_indexes_against_board_order(n);
    let expected = board_order(n);
    let solved = csv_solutions(&board.stdout(&["solve", "-f", "csv"]));
    assert_eq!(solved, expected, "solve");
    let numbered = board.rows(&format!(
        "select {} from numbered_solution order by solution_no",
        queen_columns(n)
    ));
    assert_eq!(numbered, expected, "numbered_solution");
    // In the views' own order too: their first 200 rows and the rest come
    // from two parts, each in order.
    let listed = board.rows("select * from numbered_solution");
    let numbers: Vec<String> = listed.iter().map(|row| row[0].clone()).collect();
    let in_order: Vec<String> = (1..=expected.len()).map(|k| k.to_string()).collect();
    assert_eq!(numbers, in_order, "numbered_solution's own order");
    assert_eq!(
        listed
            .iter()
            .map(|row| row[1..].to_vec())
            .collect::<Vec<_>>(),
        expected
    );
    let classes = board.rows("select * from solution_class");
    assert_eq!(
        classes,
        Board::new(n).rows("select * from solution_class"),
        "solution_class under the indexes, against a board without them"
    );
    for k in [1, 2, 3, 33, 60, 61, 724] {
        let first = board.stdout(&["show", &k.to_string()]);
        assert!(
            first.starts_with(&format!(
                "Solution {k} of 724: {}\n",
                expected[k - 1].join(" ")
            )),
            "show {k}: {first}"
        );
        let exported = board.stdout(&["export", "--format", "csv", "--solution", &k.to_string()]);
        assert!(
            exported.contains(&expected[k - 1].join(",")),
            "export --solution {k}: {exported}"
        );
    }
    let completions = csv_solutions(&board.stdout(&["complete", "a2", "-f", "csv"]));
    let from_a2: Vec<Vec<String>> = expected.iter().filter(|s| s[0] == "a2").cloned().collect();
    assert_eq!(completions, from_a2, "complete a2");
    // Storing the solutions searches under the same indexes.
    board.stdout(&["init", "--materialize", "--force", "--size", "10"]);
    let stored = board.rows(&format!(
        "select {} from stored_solution order by solution_no",
        queen_columns(n)
    ));
    assert_eq!(stored, expected, "stored_solution");
}

promise!(doctor_says_when_an_index_of_yours_reorders_the_solution_view);
fn doctor_says_when_an_index_of_yours_reorders_the_solution_view() {
    let index =
        "create index my_sn on safe_next (cl_no, prev_rw_no, rw_no desc, square, w0, w1, w2)";
    // Below 10×10 the view walks safe_next to the last column, and SQLite
    // walks this index instead of the key.
    let board = Board::new(9);
    assert!(board.stdout(&["doctor"]).contains("in board order"));
    let add_index = |board: &Board| {
        let conn = rusqlite::Connection::open(&board.db).unwrap();
        conn.execute_batch(index).unwrap();
    };
    add_index(&board);
    let out = board.run(&["doctor"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("not in board order from row 23 on"),
        "{}",
        text(&out.stdout)
    );
    // From 10×10 to 12×12 every queen after `placed` (which sorts) is
    // looked up among the last queens, whose index SQLite builds itself:
    // the index changes nothing, and doctor says so.
    let board = Board::new(10);
    add_index(&board);
    let out = board.run(&["doctor"]);
    assert!(
        text(&out.stdout).contains("724 (native counter: 724), in board order"),
        "{}",
        text(&out.stdout)
    );
}

promise!(the_view_keeps_board_order_under_your_indexes_without_the_index_sqlite_builds);
fn the_view_keeps_board_order_under_your_indexes_without_the_index_sqlite_builds() {
    // From 10×10 the view looks its last queens up in `ended`, through an
    // index SQLite builds for the query. Without it (`pragma
    // automatic_index = 0`) SQLite reads `ended` whole for each placement,
    // in the order it was stored: board order, whichever index it walked
    // to build it.
    let n = 10;
    let board = board_with_indexes_against_board_order(n);
    let conn = board.connect();
    conn.execute_batch("pragma automatic_index = 0").unwrap();
    let mut stmt = conn.prepare("select * from solution").unwrap();
    let listed: Vec<Vec<String>> = stmt
        .query_map([], |row| (0..usize::from(n)).map(|i| row.get(i)).collect())
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    assert_eq!(listed, board_order(n));
}

promise!(the_views_list_in_board_order_when_sqlite_reverses_unordered_scans);
fn the_views_list_in_board_order_when_sqlite_reverses_unordered_scans() {
    // `pragma reverse_unordered_selects` makes SQLite read any scan it has
    // no order for backwards: a part read from a stored step without its
    // own `order by` came out last row first and then,
    // read through solution_queen, where SQLite merged that step into the
    // outer query and dropped its `order by`.
    let board = Board::new(10);
    let expected = board.rows("select * from numbered_solution");
    assert_eq!(expected.len(), 724);
    let conn = board.connect();
    conn.execute_batch("pragma reverse_unordered_selects = 1")
        .unwrap();
    for view in ["numbered_solution", "solution_class"] {
        let mut stmt = conn.prepare(&format!("select * from {view}")).unwrap();
        let numbers: Vec<i64> = stmt
            .query_map([], |row| row.get(0))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        assert_eq!(numbers, (1..=724).collect::<Vec<i64>>(), "{view}");
    }
    // solution_queen, a row per queen: its solutions in board order too
    // (each solution's squares in the order SQLite chooses, as without
    // the pragma it chooses column order).
    let mut stmt = conn
        .prepare("select solution_no from solution_queen")
        .unwrap();
    let mut numbers: Vec<i64> = stmt
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    assert_eq!(numbers.len(), 7240);
    numbers.dedup();
    assert_eq!(numbers, (1..=724).collect::<Vec<i64>>(), "solution_queen");
    assert_eq!(
        common::rows_of(&conn, "select * from numbered_solution").unwrap(),
        expected
    );
}
