//! The board's symmetries and the fundamental solutions, held against OEIS
//! A002562 and the native checker.

use crate::common;
use crate::common::Bounded;

use common::{A002562, Board, queens};
use queens::checker;

promise!(fundamental_counts_match_oeis_a002562_and_the_native_checker);
fn fundamental_counts_match_oeis_a002562_and_the_native_checker() {
    for n in 1..=11u8 {
        let board = Board::new(n);
        let count = board.count("select count(*) from fundamental_solution");
        assert_eq!(count, A002562[usize::from(n) - 1], "n = {n}");
        assert_eq!(
            count as usize,
            checker::fundamental_solutions(n).len(),
            "n = {n}"
        );
    }
}

promise!(fundamental_solutions_and_class_sizes_equal_the_native_ones);
fn fundamental_solutions_and_class_sizes_equal_the_native_ones() {
    for n in 1..=10u8 {
        let board = Board::new(n);
        let sql: Vec<(Vec<u8>, usize)> = board
            .rows("select * from fundamental_solution")
            .iter()
            .map(|row| {
                let (size, squares) = row.split_last().unwrap();
                let rows = squares
                    .iter()
                    .map(|name| queens::model::board::Square::parse(name, n).unwrap().row)
                    .collect();
                (rows, size.parse().unwrap())
            })
            .collect();
        assert_eq!(sql, checker::fundamental_solutions(n), "n = {n}");
        let members: u64 = sql.iter().map(|(_, size)| *size as u64).sum();
        assert_eq!(members, checker::count_solutions(n), "n = {n}");
    }
}

promise!(eight_by_eight_has_one_class_of_four_and_eleven_of_eight);
fn eight_by_eight_has_one_class_of_four_and_eleven_of_eight() {
    let board = Board::new(8);
    let sizes =
        board.rows("select class_size, count(*) from fundamental_solution group by 1 order by 1");
    assert_eq!(sizes, vec![vec!["4", "1"], vec!["8", "11"]]);
}

promise!(every_image_of_every_solution_is_a_solution);
fn every_image_of_every_solution_is_a_solution() {
    for n in [4u8, 5, 6, 8] {
        let board = Board::new(n);
        // In SQL: the images, as sets of squares, are all solutions' sets.
        // In SQL: each image, as a set of squares, meets some solution's set
        // in all n squares.
        let strays = board.count(
            "with image as (
               select q.solution_no, i.symmetry, i.image as square
               from solution_queen q join square_image i on i.square = q.square),
             queen as materialized (select * from solution_queen),
             matched as (
               select distinct image.solution_no, image.symmetry
               from image join queen on queen.square = image.square
               group by image.solution_no, image.symmetry, queen.solution_no
               having count(*) = (select n from board_size))
             select (select count(*) from (select distinct solution_no, symmetry from image))
                  - (select count(*) from matched)",
        );
        assert_eq!(strays, 0, "n = {n}");
        // Natively, through the checker's own symmetries.
        for rows in checker::solutions(n) {
            for image in checker::images(&rows) {
                assert!(checker::is_solution(&checker::squares_of(&image), n));
            }
        }
    }
}

promise!(square_image_agrees_with_the_native_symmetries);
fn square_image_agrees_with_the_native_symmetries() {
    for n in [1u8, 2, 7, 8, 26] {
        let board = Board::new(n);
        let sql = board.rows(
            "select i.square, i.image from square_image i join symmetry g using (symmetry)
             join square s on s.square = i.square order by g.sym_no, s.cl_no, s.rw_no",
        );
        let mut native = Vec::new();
        for move_square in checker::symmetries(n) {
            for col in 1..=n {
                for row in 1..=n {
                    let square = queens::model::board::Square { col, row };
                    native.push(vec![square.name(), move_square(square).name()]);
                }
            }
        }
        assert_eq!(sql, native, "n = {n}");
    }
}

/// The symmetry table's names, in sym_no order (checker::symmetries').
const SYMMETRY_NAMES: [&str; 8] = [
    "identity",
    "rotate-90",
    "rotate-180",
    "rotate-270",
    "mirror-files",
    "mirror-ranks",
    "mirror-diagonal",
    "mirror-antidiagonal",
];

promise!(each_solution_maps_onto_its_representative);
fn each_solution_maps_onto_its_representative() {
    let board = Board::new(8);
    let classes = board.rows(
        "select solution_no, class_no, class_size, representative_no, symmetry from solution_class",
    );
    assert_eq!(classes.len(), 92);
    let all = checker::solutions(8);
    for row in &classes {
        let solution: usize = row[0].parse().unwrap();
        let representative: usize = row[3].parse().unwrap();
        let symmetry = SYMMETRY_NAMES
            .iter()
            .position(|&name| name == row[4])
            .unwrap();
        let image = &checker::images(&all[solution - 1])[symmetry];
        assert_eq!(image, &all[representative - 1], "{row:?}");
        assert!(representative <= solution);
    }
    let class_numbers: std::collections::BTreeSet<&str> =
        classes.iter().map(|r| r[1].as_str()).collect();
    assert_eq!(class_numbers.len(), 12);
    assert_eq!(classes[0], vec!["1", "1", "8", "1", "identity"]);
}

/// Every row of solution_class, as the native checker makes it: each
/// solution's number in board order, its squares, the number of its class
/// (classes in the order of their representatives), the class's size, its
/// representative's number (the smallest image's) and the first symmetry,
/// by the table's order, that moves it there.
fn native_solution_class(n: u8) -> Vec<Vec<String>> {
    let all = checker::solutions(n);
    let number: std::collections::HashMap<&Vec<u8>, usize> = all
        .iter()
        .enumerate()
        .map(|(i, rows)| (rows, i + 1))
        .collect();
    let mut representatives = std::collections::BTreeSet::new();
    let mut rows = Vec::new();
    for (i, solution) in all.iter().enumerate() {
        let images = checker::images(solution);
        let smallest = images.iter().min().unwrap();
        let symmetry = images.iter().position(|image| image == smallest).unwrap();
        let distinct: std::collections::BTreeSet<&Vec<u8>> = images.iter().collect();
        let representative = number[smallest];
        representatives.insert(representative);
        let mut row = vec![(i + 1).to_string()];
        row.extend(checker::squares_of(solution).iter().map(|q| q.name()));
        row.extend([
            String::new(),
            distinct.len().to_string(),
            representative.to_string(),
            SYMMETRY_NAMES[symmetry].to_string(),
        ]);
        rows.push(row);
    }
    let class_no: std::collections::HashMap<usize, usize> = representatives
        .iter()
        .enumerate()
        .map(|(i, &r)| (r, i + 1))
        .collect();
    for row in &mut rows {
        let representative: usize = row[usize::from(n) + 3].parse().unwrap();
        row[usize::from(n) + 1] = class_no[&representative].to_string();
    }
    rows
}

promise!(solution_class_is_the_native_classes_row_for_row);
fn solution_class_is_the_native_classes_row_for_row() {
    // Up to 8×8 every row comes from the view's first part (the first 200
    // solutions); from 9×9 (352) on, the rows after the first 200 come
    // from its second part, over every solution.
    for n in [1u8, 4, 6, 8, 9, 11] {
        let board = Board::new(n);
        let sql = board.rows("select * from solution_class");
        let native = native_solution_class(n);
        assert_eq!(sql.len(), native.len(), "n = {n}");
        for (got, expected) in sql.iter().zip(&native) {
            assert_eq!(got, expected, "n = {n}");
        }
        let classes = native
            .iter()
            .map(|row| &row[usize::from(n) + 1])
            .collect::<std::collections::BTreeSet<_>>();
        assert_eq!(classes.len() as u64, A002562[usize::from(n) - 1], "n = {n}");
    }
}

/// How many times SQLite's virtual machine runs 100,000 instructions
/// for `sql`'s rows on `conn`, and the rows, or None when it passes
/// `budget` such steps (it is then interrupted). Counting instructions,
/// not seconds, gives the same answer on any machine.
fn steps_for(
    conn: &rusqlite::Connection,
    sql: &str,
    budget: u64,
) -> Option<(u64, Vec<Vec<String>>)> {
    use std::sync::atomic::{AtomicU64, Ordering};
    let steps = std::sync::Arc::new(AtomicU64::new(0));
    let counter = steps.clone();
    conn.progress_handler(
        100_000,
        Some(move || counter.fetch_add(1, Ordering::Relaxed) + 1 > budget),
    )
    .unwrap();
    let rows = common::rows_of(conn, sql);
    conn.progress_handler(0, None::<fn() -> bool>).unwrap();
    match rows {
        Ok(rows) => Some((steps.load(Ordering::Relaxed), rows)),
        Err(e) if e.sqlite_error_code() == Some(rusqlite::ErrorCode::OperationInterrupted) => None,
        Err(e) => panic!("{sql}: {e}"),
    }
}

promise!(solution_class_gives_its_first_rows_without_the_whole_search);
fn solution_class_gives_its_first_rows_without_the_whole_search() {
    // A class's representative never comes after its members, so the first
    // solutions' classes are decided among the first solutions. At 14×14 the
    // first 3 rows take some 12 million instructions (the numbered views'
    // some 9 million); the whole search (365,596 solutions) takes billions,
    // and a budget of 500 million stops it: the views would fail here if
    // their first rows waited for it.
    let board = Board::new(14);
    let conn = board.connect();
    let budget = 5_000;
    let (steps, first) = steps_for(&conn, "select * from solution_class limit 3", budget)
        .expect("the first rows within the budget");
    // The first three are each their own class's representative (none of
    // their images comes first), so each is its class's first.
    assert_eq!(first, common::first_classes(14, 3));
    // The numbered views, which solution_class reads, as well.
    for view in ["numbered_solution", "solution_queen"] {
        let sql = format!("select solution_no from {view} limit 3");
        let (_, numbers) = steps_for(&conn, &sql, budget).expect("within the budget");
        let expected: Vec<&str> = if view == "solution_queen" {
            vec!["1"; 3]
        } else {
            vec!["1", "2", "3"]
        };
        assert_eq!(numbers.concat(), expected, "{view}");
    }
    assert!(
        steps_for(&conn, "select count(*) from solution", budget).is_none(),
        "the whole search fits the budget of {budget} steps, the first rows took {steps}"
    );
    eprintln!("solution_class limit 3 at 14×14: {steps} steps of 100,000 instructions");
}

promise!(solve_and_count_fundamental);
fn solve_and_count_fundamental() {
    let dir = tempfile::TempDir::new().unwrap();
    let count = queens(dir.path())
        .args(["count", "--fundamental"])
        .bounded_output()
        .unwrap();
    assert_eq!(String::from_utf8(count.stdout).unwrap(), "12\n");
    let solve = queens(dir.path())
        .args(["solve", "--fundamental", "--size", "6", "--db", "six.db"])
        .bounded_output()
        .unwrap();
    assert_eq!(
        String::from_utf8(solve.stdout).unwrap(),
        "solution  s1  s2  s3  s4  s5  s6  class_size\n\
         --------  --  --  --  --  --  --  ----------\n\
         1         a2  b4  c6  d1  e3  f5  4\n"
    );
}

promise!(a_database_from_schema_version_1_is_upgraded_in_place);
fn a_database_from_schema_version_1_is_upgraded_in_place() {
    let board = Board::new(6);
    board.back_to_schema_1();
    let db = board.db.to_str().unwrap();
    // Reading refuses it, untouched, naming the command that upgrades.
    let before = common::contents(&board.db);
    let refused = board.run(&["count", "--fundamental"]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("queens init --db"));
    assert_eq!(common::contents(&board.db), before);
    let init = queens(board.dir.path())
        .args(["init", "--db", db])
        .bounded_output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&init.stdout).contains("brought it up to date"),
        "{}",
        String::from_utf8_lossy(&init.stderr)
    );
    let out = queens(board.dir.path())
        .args(["count", "--fundamental", "--db", db])
        .bounded_output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "1\n");
    assert_eq!(
        board.count("pragma user_version"),
        queens::model::schema::latest_version() as u64
    );
    assert_eq!(board.count("select count(*) from square_image"), 8 * 36);
    assert_eq!(
        board.count("select count(*) from pragma_foreign_key_check"),
        0
    );
}
