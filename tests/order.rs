//! Solution K is found by walking the search in board order and stopping
//! there: `show K` and `export --solution K` name the same solution and
//! class as the whole numbering (numbered_solution, solution_class), and
//! an early solution of a board too large to search whole is found at
//! once. (No test is timed: a walk that searched everything would not end
//! in any useful time at 16×16.)

mod common;

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

#[test]
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

#[test]
fn show_finds_an_early_solution_of_a_board_too_large_to_search_whole() {
    let board = Board::new(16);
    let shown = board.stdout(&["show", "1"]);
    let expected = format!("Solution 1: {}", first_solution(16).join(" "));
    assert_eq!(shown.lines().next().unwrap(), expected);
    assert!(shown.contains("the first of them, the class representative"));
}

#[test]
fn export_of_one_solution_is_the_numbering_s() {
    let board = Board::new(10);
    let expected = board.rows("select * from numbered_solution where solution_no = 500");
    let csv = board.stdout(&["export", "--format", "csv", "--solution", "500"]);
    assert_eq!(csv.lines().nth(1).unwrap(), expected[0].join(","), "{csv}");
    let out = board.run(&["export", "--format", "csv", "--solution", "725"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("has 724 solutions"));
}
