//! Looking at solutions, checking placements, and exporting: the commands
//! show, check, complete, space, export and solve's formats.

use crate::common;
use crate::common::Bounded;

use std::collections::BTreeSet;
use std::path::Path;

use common::{Board, contents, queens, text};
use queens::checker;
use queens::model::board::Square;
use tempfile::TempDir;

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run(dir: &Path, args: &[&str]) -> Run {
    let output = queens(dir).args(args).bounded_output().unwrap();
    Run {
        code: output.status.code().unwrap(),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

fn with_db<'a>(board: &'a Board, args: &[&'a str]) -> Vec<&'a str> {
    let mut all = args.to_vec();
    all.extend(["--db", board.db.to_str().unwrap()]);
    all
}

/// The names of the squares in `solution`, row by row.
fn solution_rows(board: &Board) -> Vec<Vec<String>> {
    board.rows("select * from solution")
}

fn no_leftovers(dir: &Path) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(
            !name.starts_with(".queens-"),
            "temporary file left behind: {name}"
        );
    }
}

promise!(check_names_the_line_two_queens_share);
fn check_names_the_line_two_queens_share() {
    let board = Board::new(8);
    let r = run(board.dir.path(), &with_db(&board, &["check", "c5", "f2"]));
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stdout,
        "c5 and f2 attack each other along the RGHT-DN line anchored at a7 (the diagonal a7–g1)\n\
         invalid: 1 attacking pair\n"
    );
    let r = run(board.dir.path(), &with_db(&board, &["check", "c2, C7"]));
    assert!(
        r.stdout
            .contains("along the UP line anchored at c1 (column c)"),
        "{}",
        r.stdout
    );
}

promise!(check_recognises_a_complete_solution_and_counts_completions);
fn check_recognises_a_complete_solution_and_counts_completions() {
    let board = Board::new(8);
    let r = run(
        board.dir.path(),
        &with_db(
            &board,
            &["check", "a1", "b5", "c8", "d6", "e3", "f7", "g2", "h4"],
        ),
    );
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "valid: a complete solution (solution 1)\n")
    );
    let r = run(
        board.dir.path(),
        &with_db(&board, &["check", "H5 g7,f2", "e6 d3 c1 b4 a8"]),
    );
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "valid: a complete solution (solution 92)\n")
    );
    let r = run(board.dir.path(), &with_db(&board, &["check", "a2", "b6"]));
    assert_eq!(r.code, 0);
    assert!(
        r.stdout
            .starts_with("valid: 2 queens, no two attacking; 2 solutions complete them"),
        "{}",
        r.stdout
    );
}

promise!(check_reports_every_attacking_pair_of_random_placements);
fn check_reports_every_attacking_pair_of_random_placements() {
    let board = Board::new(8);
    let mut rng = fastrand::Rng::with_seed(8);
    for _ in 0..25 {
        let count = rng.usize(2..=8);
        let mut placement: Vec<Square> = Vec::new();
        while placement.len() < count {
            let square = Square {
                col: rng.u8(1..=8),
                row: rng.u8(1..=8),
            };
            if !placement.contains(&square) {
                placement.push(square);
            }
        }
        let names: Vec<String> = placement.iter().map(|s| s.name()).collect();
        let mut args = vec!["check"];
        args.extend(names.iter().map(String::as_str));
        let r = run(board.dir.path(), &with_db(&board, &args));
        let reported: BTreeSet<(String, String)> = r
            .stdout
            .lines()
            .filter(|line| line.contains(" attack each other "))
            .map(|line| {
                let words: Vec<&str> = line.split_whitespace().collect();
                (words[0].to_string(), words[2].to_string())
            })
            .collect();
        let expected: BTreeSet<(String, String)> = checker::attacking_pairs(&placement)
            .into_iter()
            .map(|(i, j)| {
                let (a, b) = (
                    placement[i].min(placement[j]),
                    placement[i].max(placement[j]),
                );
                (a.name(), b.name())
            })
            .collect();
        assert_eq!(reported, expected, "{names:?}: {}", r.stdout);
        assert_eq!(r.code, i32::from(!expected.is_empty()), "{names:?}");
    }
}

promise!(check_refuses_what_it_cannot_read);
fn check_refuses_what_it_cannot_read() {
    let board = Board::new(8);
    for (squares, message) in [
        ("c5 c5", "c5 is given twice"),
        ("c5 i1", "`i1` is not on the 8×8 board"),
        ("c5 a9", "`a9` is not on the 8×8 board"),
        ("queen", "`queen` is not a square"),
        (",", "no squares given"),
    ] {
        let r = run(board.dir.path(), &with_db(&board, &["check", squares]));
        assert_eq!(r.code, 2, "{squares}");
        assert_eq!(r.stderr.lines().count(), 1);
        assert!(r.stderr.contains(message), "{squares}: {}", r.stderr);
    }
}

promise!(complete_lists_the_solutions_containing_the_given_queens);
fn complete_lists_the_solutions_containing_the_given_queens() {
    let board = Board::new(8);
    let dir = board.dir.path();
    let r = run(dir, &with_db(&board, &["complete", "a1", "b5"]));
    assert_eq!(
        r.stdout,
        "solution  s1  s2  s3  s4  s5  s6  s7  s8\n\
         --------  --  --  --  --  --  --  --  --\n\
         1         a1  b5  c8  d6  e3  f7  g2  h4\n\
         1 solution found\n"
    );
    let full = ["complete", "a8", "b4", "c1", "d3", "e6", "f2", "g7", "h5"];
    let r = run(
        dir,
        &with_db(&board, &[&full[..], &["--format", "csv"]].concat()),
    );
    assert_eq!(
        r.stdout,
        "solution,s1,s2,s3,s4,s5,s6,s7,s8\n92,a8,b4,c1,d3,e6,f2,g7,h5\n"
    );
    assert_eq!(r.stderr, "1 solution found\n");
    let r = run(
        dir,
        &with_db(&board, &["complete", "c5", "f2", "--format", "json"]),
    );
    // Attacking queens have no completion: said once on stderr, exit 1 as
    // for check, and nothing on stdout for a program to misread.
    assert_eq!(r.stdout, "");
    assert_eq!(r.code, 1);
    assert!(
        r.stderr
            .starts_with("queens: no completion: c5 and f2 attack each other"),
        "{}",
        r.stderr
    );
    // Every completion, for every single square, holds that square.
    for square in ["a1", "d4", "h8"] {
        let r = run(
            dir,
            &with_db(&board, &["complete", square, "--format", "csv"]),
        );
        let rows: Vec<&str> = r.stdout.lines().skip(1).collect();
        assert!(rows.iter().all(|row| row.split(',').any(|s| s == square)));
        let expected = solution_rows(&board)
            .iter()
            .filter(|row| row.iter().any(|s| s == square))
            .count();
        assert_eq!(rows.len(), expected, "{square}");
    }
}

promise!(beyond_12x12_complete_and_check_list_what_the_native_checker_finds);
fn beyond_12x12_complete_and_check_list_what_the_native_checker_finds() {
    // 13×13 completions come from listing solutions, not from the
    // relational division of smaller boards: numbered in board order, as
    // the checker numbers them, whether the queens pick the parts that
    // start with them (a queen in column a or b: the parts before are
    // only counted), pick none (all are listed) or name every queen.
    let board = Board::new(13);
    let dir = board.dir.path();
    let all = checker::solutions(13);
    let name = |rows: &[u8]| -> Vec<String> {
        checker::squares_of(rows).iter().map(|q| q.name()).collect()
    };
    let middle = name(&all[all.len() / 2]);
    // (Each question is asked once where the other would search the same
    // parts again: each 13×13 search costs seconds.)
    for (queens, complete, check) in [
        (vec!["a1", "c5"], true, true),
        (vec!["a7", "c4"], true, false),
        (vec!["b3", "m7"], true, false),
        (middle.iter().map(String::as_str).collect(), false, true),
    ] {
        let expected: Vec<String> = all
            .iter()
            .enumerate()
            .map(|(i, rows)| (i + 1, name(rows)))
            .filter(|(_, names)| queens.iter().all(|q| names.iter().any(|n| n == q)))
            .map(|(k, names)| format!("{k},{}", names.join(",")))
            .collect();
        assert!(!expected.is_empty(), "{queens:?}");
        if complete {
            let asked = [&["complete"][..], &queens, &["--format", "csv", "-q"]].concat();
            let r = run(dir, &with_db(&board, &asked));
            assert_eq!(r.code, 0, "{queens:?}: {}", r.stderr);
            let listed: Vec<&str> = r.stdout.lines().skip(1).collect();
            assert_eq!(listed, expected, "{queens:?}");
        }
        if !check {
            continue;
        }
        let r = run(
            dir,
            &with_db(&board, &[&["check"][..], &queens, &["-q"]].concat()),
        );
        let verdict = match queens.len() {
            13 => format!(
                "valid: a complete solution (solution {})",
                all.len() / 2 + 1
            ),
            1 => format!("valid: 1 queen; {} solutions complete it", expected.len()),
            k => format!(
                "valid: {k} queens, no two attacking; {} solutions complete them",
                expected.len()
            ),
        };
        assert!(r.stdout.starts_with(&verdict), "{queens:?}: {}", r.stdout);
    }
}

promise!(show_draws_a_solution_and_names_its_class);
fn show_draws_a_solution_and_names_its_class() {
    let board = Board::new(8);
    let r = run(board.dir.path(), &with_db(&board, &["show", "1"]));
    assert_eq!(
        r.stdout,
        "Solution 1 of 92: a1 b5 c8 d6 e3 f7 g2 h4\n\n\
         8 . . Q . . . . .\n\
         7 . . . . . Q . .\n\
         6 . . . Q . . . .\n\
         5 . Q . . . . . .\n\
         4 . . . . . . . Q\n\
         3 . . . . Q . . .\n\
         2 . . . . . . Q .\n\
         1 Q . . . . . . .\n  a b c d e f g h\n\n\
         The board's symmetries make 8 solutions of it; it is the first of them, the class representative.\n"
    );
    let r = run(
        board.dir.path(),
        &with_db(&board, &["show", "3", "--unicode"]),
    );
    assert!(r.stdout.contains('♛') && r.stdout.contains('░'));
    assert!(
        r.stdout.contains("mirror-diagonal") && r.stdout.contains("onto solution 2"),
        "{}",
        r.stdout
    );
    for bad in ["0", "93", "x"] {
        let r = run(board.dir.path(), &with_db(&board, &["show", bad]));
        assert_eq!(r.code, 2, "{bad}");
        assert!(common::is_one_error(&r.stderr), "{}", r.stderr);
    }
}

// From measuring the book's figures: on a stored 14×14 board `show
// 300000` searched for its class's representative (8 s), where the stored
// rows hold it. With the search emptied out, only the stored rows can
// answer.
promise!(show_on_stored_solutions_reads_them_and_never_searches);
fn show_on_stored_solutions_reads_them_and_never_searches() {
    let board = Board::new(8);
    board.stdout(&["init", "--materialize"]);
    let before = board.stdout(&["show", "3"]);
    assert!(before.contains("moves it onto solution 2"), "{before}");
    // No square follows another any more: a search finds nothing.
    let conn = rusqlite::Connection::open(&board.db).unwrap();
    conn.execute_batch("pragma foreign_keys = off; delete from safe_next;")
        .unwrap();
    drop(conn);
    assert_eq!(board.stdout(&["show", "3"]), before);
    assert_eq!(board.stdout(&["count"]), "92\n");
}

promise!(solve_as_boards_draws_every_solution_as_show_does);
fn solve_as_boards_draws_every_solution_as_show_does() {
    let board = Board::new(6);
    let r = run(
        board.dir.path(),
        &with_db(&board, &["solve", "--format", "boards"]),
    );
    let headings: Vec<&str> = r
        .stdout
        .lines()
        .filter(|l| l.starts_with("Solution"))
        .collect();
    assert_eq!(
        headings,
        ["Solution 1", "Solution 2", "Solution 3", "Solution 4"]
    );
    let shown = run(board.dir.path(), &with_db(&board, &["show", "2"])).stdout;
    let second = r
        .stdout
        .split("Solution 2\n")
        .nth(1)
        .unwrap()
        .split("\n\n")
        .next()
        .unwrap();
    assert!(shown.contains(second), "{second}");
}

promise!(space_prints_the_reasoning_with_the_correction_note);
fn space_prints_the_reasoning_with_the_correction_note() {
    let board = Board::new(8);
    let r = run(board.dir.path(), &with_db(&board, &["space"]));
    for expected in [
        "1.78E+14", "4.43E+09", "40,320", "5,242", "5,424", "A002464",
    ] {
        assert!(r.stdout.contains(expected), "{expected}: {}", r.stdout);
    }
    let six = Board::new(6);
    let r = run(six.dir.path(), &with_db(&six, &["space"]));
    assert!(
        r.stdout.contains("\n5 ") && r.stdout.contains(" 90\n"),
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("5,424"));
}

promise!(space_draws_the_funnel_under_the_reasoning);
fn space_draws_the_funnel_under_the_reasoning() {
    let board = Board::new(8);
    let r = run(board.dir.path(), &with_db(&board, &["space"]));
    let funnel = r.stdout.split("The funnel:").nth(1).expect(&r.stdout);
    // k, by the candidate rule, by the placement rule, and a bar of the
    // share kept: 30 characters at 100 %.
    let rows: Vec<Vec<&str>> = funnel
        .lines()
        .skip(4)
        .map(|l| l.split_whitespace().collect())
        .collect();
    let expected = [
        ("0", "1", "1", 30, "100%"),
        ("1", "8", "8", 30, "100%"),
        ("2", "42", "42", 30, "100%"),
        ("3", "180", "140", 23, "78%"),
        ("4", "650", "344", 16, "53%"),
        ("5", "1,928", "568", 9, "29%"),
        ("6", "4,386", "550", 4, "13%"),
        ("7", "6,748", "312", 1, "4.6%"),
        ("8", "5,242", "92", 1, "1.8%"),
    ];
    assert_eq!(rows.len(), expected.len(), "{funnel}");
    for (row, (k, candidates, placements, bar, kept)) in rows.iter().zip(expected) {
        assert_eq!(row[..3], [k, candidates, placements], "{funnel}");
        assert_eq!(row[3], "#".repeat(bar), "{funnel}");
        assert_eq!(row[4], kept, "{funnel}");
    }
    // Block characters, eighths of one at the bar's end.
    let r = run(board.dir.path(), &with_db(&board, &["space", "--unicode"]));
    assert!(
        r.stdout.contains("███████████████████████▍ "),
        "{}",
        r.stdout
    );
    // Beyond 12×12 the funnel is a search of seconds or more: asked for.
    let big = Board::new(13);
    let r = run(big.dir.path(), &with_db(&big, &["space"]));
    assert!(
        r.stdout.contains("add --funnel to count it"),
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("The funnel:"));
}

#[derive(serde::Deserialize)]
struct Exported {
    solution: i64,
    squares: Vec<String>,
}

promise!(csv_json_and_ndjson_exports_parse_back_to_the_solution_rows);
fn csv_json_and_ndjson_exports_parse_back_to_the_solution_rows() {
    let board = Board::new(8);
    let expected = solution_rows(&board);
    the_csv_export_parses_back(&board, &expected);
    the_json_and_ndjson_exports_parse_back(&board, &expected);
    let r = run(
        board.dir.path(),
        &with_db(&board, &["export", "--format", "json", "--fundamental"]),
    );
    let parsed: Vec<serde_json::Value> = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(parsed.len(), 12);
    assert!(
        parsed
            .iter()
            .all(|v| v["class_size"] == 8 || v["class_size"] == 4)
    );
    no_leftovers(board.dir.path());
}

/// The CSV export has a header, numbers the solutions as table and JSON
/// do in its first column, and holds `expected`'s rows.
fn the_csv_export_parses_back(board: &Board, expected: &[Vec<String>]) {
    let dir = board.dir.path();
    let r = run(
        dir,
        &with_db(board, &["export", "--format", "csv", "--out", "s.csv"]),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let mut reader = csv::Reader::from_path(dir.join("s.csv")).unwrap();
    let headers: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(
        headers,
        std::iter::once("solution".to_string())
            .chain((1..=8).map(|k| format!("s{k}")))
            .collect::<Vec<_>>()
    );
    let records: Vec<Vec<String>> = reader
        .records()
        .map(|r| r.unwrap().iter().map(String::from).collect())
        .collect();
    let numbers: Vec<String> = records.iter().map(|r| r[0].clone()).collect();
    assert_eq!(numbers, (1..=92).map(|k| k.to_string()).collect::<Vec<_>>());
    let rows: Vec<Vec<String>> = records.into_iter().map(|r| r[1..].to_vec()).collect();
    assert_eq!(rows, expected);
}

/// The JSON export (numbered from 1) and the NDJSON one hold `expected`.
fn the_json_and_ndjson_exports_parse_back(board: &Board, expected: &[Vec<String>]) {
    let dir = board.dir.path();
    let r = run(dir, &with_db(board, &["export", "--format", "json"]));
    let parsed: Vec<Exported> = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(
        parsed.iter().map(|e| e.squares.clone()).collect::<Vec<_>>(),
        expected
    );
    assert_eq!(
        parsed.iter().map(|e| e.solution).collect::<Vec<_>>(),
        (1..=92).collect::<Vec<_>>()
    );

    let r = run(dir, &with_db(board, &["export", "--out", "s.ndjson"]));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines = std::fs::read_to_string(dir.join("s.ndjson")).unwrap();
    let parsed: Vec<Exported> = lines
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        parsed.iter().map(|e| e.squares.clone()).collect::<Vec<_>>(),
        expected
    );
}

promise!(the_sql_dump_rebuilds_a_database_that_answers_the_same);
fn the_sql_dump_rebuilds_a_database_that_answers_the_same() {
    let board = Board::new(6);
    let dir = board.dir.path();
    let r = run(
        dir,
        &with_db(&board, &["export", "--format", "sql", "--out", "dump.sql"]),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let copy_path = dir.join("copy.db");
    let copy = rusqlite::Connection::open(&copy_path).unwrap();
    copy.execute_batch(&std::fs::read_to_string(dir.join("dump.sql")).unwrap())
        .unwrap();
    drop(copy);
    let copy = Board {
        dir: tempfile::TempDir::new().unwrap(),
        db: copy_path,
        n: 6,
    };
    let objects = board
        .rows("select type, name from sqlite_schema where name not like 'sqlite%' order by name");
    assert_eq!(
        copy.rows(
            "select type, name from sqlite_schema where name not like 'sqlite%' order by name"
        ),
        objects
    );
    for object in &objects {
        if object[0] == "table" || object[0] == "view" {
            let sql = format!("select * from {}", object[1]);
            assert_eq!(copy.rows(&sql), board.rows(&sql), "{}", object[1]);
        }
    }
    assert_eq!(
        copy.count("pragma user_version"),
        board.count("pragma user_version")
    );
    // queens itself takes the copy as one of its own.
    let r = run(dir, &["count", "--db", "copy.db"]);
    assert_eq!((r.code, r.stdout.as_str()), (0, "4\n"), "{}", r.stderr);
}

/// Every number in an SVG text has at most two decimals: sums of lengths
/// must not show as 49.400000000000006.
fn assert_short_numbers(svg: &str) {
    let long = svg
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .find(|number| number.split_once('.').is_some_and(|(_, d)| d.len() > 2));
    assert_eq!(long, None);
}

promise!(the_svg_is_xml_with_one_board_per_solution);
fn the_svg_is_xml_with_one_board_per_solution() {
    let board = Board::new(8);
    let dir = board.dir.path();
    let r = run(dir, &with_db(&board, &["export", "--out", "all.svg"]));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = std::fs::read_to_string(dir.join("all.svg")).unwrap();
    let svg = roxmltree::Document::parse(&text).unwrap();
    let boards: Vec<_> = svg
        .descendants()
        .filter(|n| n.attribute("class") == Some("board"))
        .collect();
    assert_eq!(boards.len(), 92);
    assert_short_numbers(&text);
    let view_box = scaled_to_the_window(&svg);
    fixed_size_keeps_the_natural_size(&board, &view_box);
    let solutions = solution_rows(&board);
    for (k, board_node) in boards.iter().enumerate() {
        let queens: Vec<String> = board_node
            .descendants()
            .filter(|n| n.attribute("class") == Some("queen"))
            .map(|n| {
                n.descendants()
                    .find(|t| t.has_tag_name("title"))
                    .unwrap()
                    .text()
                    .unwrap()
                    .to_string()
            })
            .collect();
        assert_eq!(queens, solutions[k]);
        let caption = format!("Solution {}", k + 1);
        assert!(
            board_node
                .descendants()
                .any(|t| t.text() == Some(caption.as_str()))
        );
    }
    one_solution_is_one_board(&board);
}

/// An SVG scaled to the window: a viewBox, the window's width, no fixed
/// height. Its viewBox.
fn scaled_to_the_window(svg: &roxmltree::Document) -> Vec<f64> {
    let root = svg.root_element();
    let view_box: Vec<f64> = root
        .attribute("viewBox")
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    assert!(view_box[2] > 1000.0 && view_box[3] > 1000.0, "{view_box:?}");
    assert_eq!(root.attribute("width"), Some("100%"));
    assert_eq!(root.attribute("height"), None);
    view_box
}

/// --fixed-size keeps the natural size in pixels, for printing: the
/// viewBox's width and height.
fn fixed_size_keeps_the_natural_size(board: &Board, view_box: &[f64]) {
    let dir = board.dir.path();
    let r = run(
        dir,
        &with_db(board, &["export", "--out", "print.svg", "--fixed-size"]),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let printed = std::fs::read_to_string(dir.join("print.svg")).unwrap();
    let printed = roxmltree::Document::parse(&printed).unwrap();
    let printed = printed.root_element();
    assert_eq!(
        printed.attribute("width"),
        Some(view_box[2].to_string().as_str())
    );
    assert_eq!(
        printed.attribute("height"),
        Some(view_box[3].to_string().as_str())
    );
}

/// `--solution 92` draws one board, captioned Solution 92.
fn one_solution_is_one_board(board: &Board) {
    let dir = board.dir.path();
    let r = run(
        dir,
        &with_db(board, &["export", "--out", "one.svg", "--solution", "92"]),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = std::fs::read_to_string(dir.join("one.svg")).unwrap();
    let svg = roxmltree::Document::parse(&text).unwrap();
    assert_eq!(
        svg.descendants()
            .filter(|n| n.attribute("class") == Some("board"))
            .count(),
        1
    );
    assert!(text.contains("Solution 92"));
}

promise!(svg_numbers_stay_short_on_boards_of_every_size);
fn svg_numbers_stay_short_on_boards_of_every_size() {
    for n in [5, 7, 9, 11] {
        let board = Board::new(n);
        let dir = board.dir.path();
        let r = run(dir, &with_db(&board, &["export", "--out", "all.svg"]));
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_short_numbers(&std::fs::read_to_string(dir.join("all.svg")).unwrap());
    }
}

/// Export requests that must be refused: the arguments, the exit code and
/// what the one line of error says.
fn bad_export_requests() -> [(Vec<&'static str>, i32, &'static str); 10] {
    [
        (vec!["export", "--format", "xml"], 2, "invalid value 'xml'"),
        (
            vec!["export", "--out", "x.svg", "--solution", "0"],
            2,
            "numbered from 1",
        ),
        (
            vec!["export", "--out", "x.svg", "--solution", "93"],
            2,
            "has 92 solutions",
        ),
        (vec!["export", "--out", "keep.csv"], 2, "already exists"),
        (
            vec!["export", "--out", "keep.csv/x.csv"],
            1,
            "does not exist",
        ),
        (
            vec!["export", "--out", "missing/x.csv"],
            1,
            "does not exist",
        ),
        (
            vec!["export", "--out", "x.txt"],
            2,
            "cannot tell the format",
        ),
        (vec!["export"], 2, "needs --format"),
        (
            vec!["export", "--format", "sql", "--fundamental"],
            2,
            "whole database",
        ),
        (
            vec![
                "export",
                "--format",
                "csv",
                "--solution",
                "1",
                "--fundamental",
            ],
            2,
            "cannot be used with",
        ),
    ]
}

/// Flags of `export` that never go together, whatever the format, refused
/// by clap itself before any work; and an explicit --dialect, sqlite too,
/// outside the SQL it is for.
fn export_flags_that_never_go_together() -> [(Vec<&'static str>, i32, &'static str); 4] {
    [
        (
            vec!["export", "--out", "x.html", "--console", "--solution", "1"],
            2,
            "cannot be used with",
        ),
        (
            vec![
                "export",
                "--format",
                "sql",
                "--dialect",
                "postgres",
                "--console",
            ],
            2,
            "cannot be used with",
        ),
        (
            vec![
                "export",
                "--format",
                "svg",
                "--fixed-size",
                "--dialect",
                "sqlite",
            ],
            2,
            "cannot be used with",
        ),
        (
            vec!["export", "--format", "csv", "--dialect", "sqlite"],
            2,
            "--dialect sqlite is for --format sql",
        ),
    ]
}

promise!(export_refuses_bad_requests_and_writes_nothing);
fn export_refuses_bad_requests_and_writes_nothing() {
    let board = Board::new(8);
    let dir = board.dir.path();
    std::fs::write(dir.join("keep.csv"), "precious\n").unwrap();
    let requests = bad_export_requests().into_iter();
    for (args, code, message) in requests.chain(export_flags_that_never_go_together()) {
        let r = run(dir, &with_db(&board, &args));
        assert_eq!(r.code, code, "{args:?}: {}", r.stderr);
        assert!(common::is_one_error(&r.stderr), "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(message), "{args:?}: {}", r.stderr);
        assert_eq!(r.stdout, "", "{args:?}");
    }
    assert_eq!(contents(&dir.join("keep.csv")), b"precious\n");
    assert!(!dir.join("x.svg").exists() && !dir.join("x.txt").exists());
    no_leftovers(dir);
    // With --force the old file is replaced by a complete new one.
    let r = run(
        dir,
        &with_db(&board, &["export", "--out", "keep.csv", "--force"]),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        std::fs::read_to_string(dir.join("keep.csv"))
            .unwrap()
            .lines()
            .count(),
        93
    );
}

promise!(export_writes_over_its_own_page_without_force_and_over_nothing_else);
/// A page export wrote (its first line says so) is written again by the
/// same export without --force, as a teacher drafting it re-runs it,
/// unless it was changed since (its rest's digest is not the one its first
/// line holds): a line added by hand, or another text under a copy of its
/// first line, is kept and refused in one line. Any other file, a symbolic link to such a page, and a CSV export over one
/// are still refused, and nothing is written through the link.
fn export_writes_over_its_own_page_without_force_and_over_nothing_else() {
    let board = Board::new(6);
    let dir = board.dir.path();
    let page = ["export", "--out", "page.html"];
    let first = run(dir, &with_db(&board, &page));
    assert_eq!(first.code, 0, "{}", first.stderr);
    let written = std::fs::read_to_string(dir.join("page.html")).unwrap();
    let first_line = written.lines().next().unwrap();
    assert!(first_line.contains("queens export"), "{first_line}");
    // An older draft, as queens wrote it: the export writes it anew.
    std::fs::write(dir.join("page.html"), drafted(first_line, "stale\n")).unwrap();
    let again = run(dir, &with_db(&board, &page));
    assert_eq!(again.code, 0, "{}", again.stderr);
    assert_eq!(
        std::fs::read_to_string(dir.join("page.html")).unwrap(),
        written
    );
    a_page_changed_since_or_a_copied_first_line_is_kept(&board, &written);
    // Not its page: refused, untouched.
    std::fs::write(dir.join("mine.html"), "<!DOCTYPE html>\nmy notes\n").unwrap();
    std::os::unix::fs::symlink("page.html", dir.join("link.html")).unwrap();
    for (args, file) in [
        (vec!["export", "--out", "mine.html"], "mine.html"),
        (vec!["export", "--out", "link.html"], "link.html"),
        (
            vec!["export", "--format", "csv", "--out", "page.html"],
            "page.html",
        ),
    ] {
        let before = contents(&dir.join(file));
        let r = run(dir, &with_db(&board, &args));
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(
            r.stderr.contains("already exists; add --force"),
            "{}",
            r.stderr
        );
        assert_eq!(contents(&dir.join(file)), before, "{args:?}");
    }
    assert!(
        std::fs::symlink_metadata(dir.join("link.html"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    no_leftovers(dir);
}

/// A page changed since queens wrote it (a line added by hand), or
/// another text under a page's first line, is kept: refused in one line.
/// The page `written` is then put back.
fn a_page_changed_since_or_a_copied_first_line_is_kept(board: &Board, written: &str) {
    let dir = board.dir.path();
    let first_line = written.lines().next().unwrap();
    let edited = format!("{written}<p>a line the teacher added</p>\n");
    std::fs::write(dir.join("page.html"), &edited).unwrap();
    std::fs::write(dir.join("essay.txt"), format!("{first_line}\nmy essay\n")).unwrap();
    for file in ["page.html", "essay.txt"] {
        let before = contents(&dir.join(file));
        let args = ["export", "--format", "html", "--out", file];
        let r = run(dir, &with_db(board, &args));
        assert_eq!(r.code, 2, "{file}: {}", r.stderr);
        assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
        assert!(
            r.stderr.contains(&format!(
                "{file} was changed since queens wrote it (the page of the 6×6 board); \
                 add --force to replace it"
            )),
            "{}",
            r.stderr
        );
        assert_eq!(contents(&dir.join(file)), before, "{file}");
    }
    std::fs::write(dir.join("page.html"), written).unwrap();
}

/// A page as queens writes it, under the first line `first_line` (which
/// names its export) over `rest`: the digest the line holds made `rest`'s.
fn drafted(first_line: &str, rest: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest: String = (Sha256::digest(rest.as_bytes()).iter())
        .map(|b| format!("{b:02x}"))
        .collect();
    let at = first_line.find("SHA-256 ").unwrap() + "SHA-256 ".len();
    format!(
        "{}{digest}{}\n{rest}",
        &first_line[..at],
        &first_line[at + 64..]
    )
}

promise!(one_queen_is_it_and_more_are_them);
fn one_queen_is_it_and_more_are_them() {
    let dir = TempDir::new().unwrap();
    let check = |squares: &[&str]| {
        let out = queens(dir.path())
            .arg("check")
            .args(squares)
            .bounded_output()
            .unwrap();
        text(&out.stdout)
    };
    assert_eq!(
        check(&["c5"]),
        "valid: 1 queen; 12 solutions complete it (list with `queens complete c5`)\n"
    );
    assert_eq!(
        check(&["a2", "b6"]),
        "valid: 2 queens, no two attacking; 2 solutions complete them \
         (list with `queens complete a2 b6`)\n"
    );
}

/// `queens space` for an n×n board in `dir`, stdout not a terminal,
/// `COLUMNS` set to `columns` or unset.
fn space(dir: &Path, n: u8, columns: Option<usize>, extra: &[&str]) -> String {
    let mut cmd = queens(dir);
    cmd.args([
        "space",
        "--size",
        &n.to_string(),
        "--db",
        &format!("q{n}.db"),
    ])
    .args(extra)
    .env_remove("COLUMNS");
    if let Some(columns) = columns {
        cmd.env("COLUMNS", columns.to_string());
    }
    let out = cmd.bounded_output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

fn widest_line(output: &str) -> usize {
    output.lines().map(|l| l.chars().count()).max().unwrap_or(0)
}

/// The words holding a digit, in order: the numbers and the formulas'
/// pieces, which wrapping moves between lines but must never drop.
fn numbers(output: &str) -> Vec<String> {
    let mut words: Vec<String> = output
        .split_whitespace()
        .filter(|w| w.chars().any(|c| c.is_ascii_digit()))
        .map(String::from)
        .collect();
    words.sort();
    words
}

promise!(space_fits_80_columns_when_stdout_is_not_a_terminal);
fn space_fits_80_columns_when_stdout_is_not_a_terminal() {
    let dir = TempDir::new().unwrap();
    for n in [4, 8, 12, 20, 26] {
        let narrow = space(dir.path(), n, None, &[]);
        assert!(widest_line(&narrow) <= 80, "{n}×{n}:\n{narrow}");
        // Every number a wide terminal shows is still there.
        let wide = space(dir.path(), n, Some(400), &[]);
        let reasoning = |s: &str| s.split("The funnel").next().unwrap().to_string();
        assert_eq!(
            numbers(&reasoning(&narrow)),
            numbers(&reasoning(&wide)),
            "{n}×{n}:\n{narrow}\n{wide}"
        );
        assert!(narrow.contains("search space") || narrow.contains("search\n"));
    }
}

promise!(space_follows_columns_as_help_does);
fn space_follows_columns_as_help_does() {
    let dir = TempDir::new().unwrap();
    for (n, columns) in [(8, 60), (12, 60), (20, 60), (12, 50), (8, 100)] {
        let out = space(dir.path(), n, Some(columns), &[]);
        assert!(widest_line(&out) <= columns, "{n}×{n} in {columns}:\n{out}");
        let funnel = |s: &str| s.split("The funnel").nth(1).map(numbers);
        let wide = space(dir.path(), n, Some(400), &[]);
        assert_eq!(numbers(&out), numbers(&wide), "{out}");
        assert_eq!(funnel(&out), funnel(&wide), "{out}");
    }
    // The bar is decoration: narrower, not gone.
    let out = space(dir.path(), 8, Some(50), &[]);
    assert!(out.contains("###"), "{out}");
    // At 80 columns the funnel keeps its 30-character bar.
    let out = space(dir.path(), 8, None, &[]);
    assert!(out.contains(&format!("{} 100%", "#".repeat(30))), "{out}");
}

/// The names in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

promise!(the_postgres_script_describes_what_it_builds);
fn the_postgres_script_describes_what_it_builds() {
    let dir = TempDir::new().unwrap();
    let out = queens(dir.path())
        .args(["export", "-f", "sql", "--dialect", "postgres", "-o", "-"])
        .bounded_output()
        .unwrap();
    assert!(out.status.success());
    let script = text(&out.stdout);
    for relation in ["view queens.solution", "table queens.square_line"] {
        assert!(
            script.contains(&format!("comment on {relation} is E'")),
            "{relation}"
        );
    }
    assert!(script.contains("comment on column queens.square_line.anchor is E'"));
    // After the objects they describe.
    assert!(script.find("comment on view queens.solution") > script.find("create view solution"));
}

promise!(the_postgres_script_creates_no_database_file);
fn the_postgres_script_creates_no_database_file() {
    let dir = TempDir::new().unwrap();
    let out = queens(dir.path())
        .args(["export", "--format", "sql", "--dialect", "postgres"])
        .args(["--out", "model.sql"])
        .bounded_output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(listing(dir.path()), ["model.sql"]);
    assert_eq!(
        text(&out.stderr),
        "queens: wrote the PostgreSQL script of the 8×8 board to model.sql\n"
    );
    let script = std::fs::read_to_string(dir.path().join("model.sql")).unwrap();
    assert!(script.contains("8×8"), "{}", &script[..200]);
    // --size chooses the board, on standard output too; still no file.
    let out = queens(dir.path())
        .args([
            "export",
            "--format",
            "sql",
            "--dialect",
            "postgres",
            "--size",
            "5",
        ])
        .bounded_output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("5×5"));
    assert_eq!(listing(dir.path()), ["model.sql"]);
    // Where the file exists, its board is the script's, as before.
    let made = queens(dir.path())
        .args(["init", "--size", "6"])
        .bounded_output()
        .unwrap();
    assert!(made.status.success(), "{}", text(&made.stderr));
    let out = queens(dir.path())
        .args(["export", "--format", "sql", "--dialect", "postgres"])
        .bounded_output()
        .unwrap();
    assert!(text(&out.stdout).contains("6×6"), "{}", text(&out.stderr));
}
