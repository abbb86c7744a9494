//! Rectangles: C queens, one a column, on C columns and R rows (`--size
//! CxR`), built by the same SQL from one more fact (board_rows) and read
//! through the same views, held against OEIS A269133 and the checker's
//! rules of each board (`checker::variants`), written with no SQL.

use std::collections::BTreeSet;

use crate::common;

use super::variants::assert_classes_are_orbits;
use common::Board;
// The checker's rules are a board value's (`checker::variants`); `Board` is
// the suite's database of one board.
use queens::model::board::Board as Rules;
use queens::model::board::Square;

/// A board of `cols` columns and `rows` rows, as `queens init --size CxR`
/// with `flags` makes it.
fn rectangle(cols: u8, rows: u8, flags: &[&str]) -> Board {
    Board::sized(&format!("{cols}x{rows}"), flags)
}

/// The checker's board of `cols` columns and `rows` rows with `flags`.
fn rules(cols: u8, rows: u8, flags: &[&str]) -> Rules {
    let mut shape = Rules {
        rows,
        ..Rules::square(cols)
    };
    shape.superqueens = flags.contains(&"--superqueens");
    if let Some(at) = flags.iter().position(|f| *f == "--holes") {
        shape.holes = (flags[at + 1].split(','))
            .map(|name| Square::parse_on(name, cols, rows).unwrap())
            .collect();
    }
    shape
}

/// The rows of each queen, column by column, of every row of `sql`.
fn placements(board: &Board, rows: u8, sql: &str) -> Vec<Vec<u8>> {
    (board.rows(sql).iter())
        .map(|row| {
            row.iter()
                .map(|name| Square::parse_on(name, board.n, rows).unwrap().row)
                .collect()
        })
        .collect()
}

/// Rectangles of every kind the views meet: narrow and wide, with holes,
/// with knights, one column.
const BOARDS: &[(u8, u8, &[&str])] = &[
    (4, 6, &[]),
    (5, 7, &[]),
    (2, 5, &[]),
    (1, 3, &[]),
    (3, 5, &["--holes", "b3"]),
    (4, 7, &["--holes", "a1,d7"]),
    (5, 8, &["--superqueens"]),
];

promise!(four_queens_on_four_columns_count_a269133);
fn four_queens_on_four_columns_count_a269133() {
    // OEIS A269133: 4 queens on a 4×R board, R = 4 … 8.
    let dir = tempfile::TempDir::new().unwrap();
    for (rows, published) in [(4u8, 2u64), (5, 12), (6, 46), (7, 140), (8, 344)] {
        let size = format!("4x{rows}");
        let args = ["count", "--quiet", "--size", &size, "--db", "t.db"];
        let out = common::run_in(dir.path(), &args);
        assert!(out.status.success(), "{args:?}: {out:?}");
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            format!("{published}\n"),
            "4×{rows}"
        );
        assert_eq!(rules(4, rows, &[]).count(), published, "4×{rows}");
    }
}

promise!(every_rectangle_s_views_list_the_checker_s_solutions_and_classes);
fn every_rectangle_s_views_list_the_checker_s_solutions_and_classes() {
    for &(cols, rows, flags) in BOARDS {
        let board = rectangle(cols, rows, flags);
        let shape = rules(cols, rows, flags);
        let native = shape.solutions();
        let said = format!("{cols}×{rows} {flags:?}");
        assert_eq!(
            placements(&board, rows, "select * from solution"),
            native,
            "{said}"
        );
        let by_definition: BTreeSet<Vec<u8>> =
            placements(&board, rows, "select * from solution_by_definition")
                .into_iter()
                .collect();
        assert_eq!(by_definition, native.iter().cloned().collect(), "{said}");
        for jobs in ["1", "2"] {
            let counted = board.stdout(&["count", "--quiet", "--jobs", jobs]);
            assert_eq!(counted, format!("{}\n", native.len()), "{said}");
        }
        assert_eq!(
            board.count("select count(*) from numbered_solution"),
            native.len() as u64,
            "{said}"
        );
        assert_classes_are_orbits(&board, &shape, &native, &said);
        let doctor = board.run(&["doctor"]);
        assert!(
            doctor.status.success(),
            "{said}: {}",
            String::from_utf8_lossy(&doctor.stdout)
        );
    }
}

// From an attack: on 3×9 (234 solutions) and 4×8 (344), numbered_solution
// stopped at 200 rows, the views' first part, which square boards below
// 9×9 never pass; solution_class, check, complete and solve --fundamental
// read it.
promise!(a_rectangle_s_numbered_views_hold_every_solution_past_the_first_part);
fn a_rectangle_s_numbered_views_hold_every_solution_past_the_first_part() {
    for (cols, rows) in [(3u8, 9u8), (4, 8), (2, 16)] {
        let board = rectangle(cols, rows, &[]);
        let shape = rules(cols, rows, &[]);
        let native = shape.solutions();
        let said = format!("{cols}×{rows}");
        assert!(native.len() > 200, "{said}");
        assert_eq!(
            placements(
                &board,
                rows,
                "select s1, s2 from numbered_solution order by solution_no"
            )
            .len(),
            native.len(),
            "{said}"
        );
        assert_eq!(
            board.count("select count(*) from solution_queen"),
            u64::from(cols) * native.len() as u64,
            "{said}"
        );
        let orbits = assert_classes_are_orbits(&board, &shape, &native, &said);
        let fundamental = board.stdout(&["solve", "--fundamental", "--format", "csv"]);
        assert_eq!(fundamental.lines().count() - 1, orbits.len(), "{said}");
    }
    // The last solution of 3×9 is numbered, and a9's completions found.
    let board = rectangle(3, 9, &[]);
    let check = board.stdout(&["check", "a9", "b7", "c5"]);
    assert!(check.contains("(solution 234)"), "{check}");
    let complete = board.stdout(&["complete", "a9", "b7", "--format", "csv"]);
    assert_eq!(complete.lines().count() - 1, 5, "{complete}");
}

promise!(a_rectangle_s_funnel_tally_and_tree_end_in_its_count);
fn a_rectangle_s_funnel_tally_and_tree_end_in_its_count() {
    for &(cols, rows, flags) in BOARDS {
        let board = rectangle(cols, rows, flags);
        let count = rules(cols, rows, flags).count();
        let said = format!("{cols}×{rows} {flags:?}");
        let last = board.rows(&format!(
            "select by_candidate_rule, by_placement_rule from search_funnel where queens = {cols}"
        ));
        // The candidates' count knows square boards only: NULL here.
        assert_eq!(last, [["NULL".to_string(), count.to_string()]], "{said}");
        let tally = board
            .rows("select queens, entered, tried, placed from search_tree_tally order by queens");
        let mut entered = 1u64;
        for row in &tally {
            let v: Vec<u64> = row.iter().map(|x| x.parse().unwrap()).collect();
            assert_eq!(v[1], entered, "{said}: {row:?}");
            entered = v[3];
        }
        assert_eq!(entered, count, "{said}");
        let tree = board.rows(
            "select queens, count(*), sum(placed) from search_tree group by queens order by queens",
        );
        let tallied: Vec<Vec<String>> = (tally.iter())
            .map(|row| vec![row[0].clone(), row[2].clone(), row[3].clone()])
            .collect();
        assert_eq!(tree, tallied, "{said}");
        // search_space keeps only what holds on this board: its answer.
        assert_eq!(
            board.rows("select step, search_space from search_space"),
            [["6".to_string(), count.to_string()]],
            "{said}"
        );
    }
}

promise!(a_rectangle_has_its_rows_in_the_facts_and_is_drawn_with_them);
fn a_rectangle_has_its_rows_in_the_facts_and_is_drawn_with_them() {
    let board = rectangle(4, 6, &[]);
    assert_eq!(board.count("select n from board_rows"), 6);
    assert_eq!(board.count("select n from board_size"), 4);
    assert_eq!(board.count("select count(*) from square"), 24);
    // 6 rows, 4 columns, 9 diagonals each way.
    assert_eq!(board.count("select count(*) from line"), 28);
    assert_eq!(board.count("select count(*) from square_line"), 96);
    let shown = board.stdout(&["show", "1"]);
    assert!(shown.contains("Solution 1 of 46: a1 b3 c5 d2"), "{shown}");
    assert!(shown.contains("\n6 . . . .\n"), "{shown}");
    assert!(shown.contains("\n  a b c d\n"), "{shown}");
    let check = board.run(&["check", "a6", "b1"]);
    assert_eq!(check.status.code(), Some(0), "{check:?}");
    let svg = board.stdout(&["export", "--format", "svg", "--out", "-"]);
    assert!(svg.contains(r#"viewBox="0 0 4 6""#), "{svg}");
}

promise!(a_rectangle_is_asked_for_by_size_and_refused_where_it_cannot_be);
fn a_rectangle_is_asked_for_by_size_and_refused_where_it_cannot_be() {
    let dir = tempfile::TempDir::new().unwrap();
    for (args, says) in [
        (
            &["init", "--size", "6x4"][..],
            "at least as many rows as columns",
        ),
        (
            &["init", "--size", "5x7", "--torus"],
            "a torus is square here",
        ),
        (
            &["check", "a7", "--size", "4x6"],
            "`a7` is not on the 4×6 board",
        ),
        (
            &[
                "export",
                "--format",
                "sql",
                "--dialect",
                "duckdb",
                "--size",
                "4x6",
            ],
            "--dialect duckdb holds square boards only",
        ),
    ] {
        let mut all = args.to_vec();
        all.extend(["--db", "n.db"]);
        let out = common::run_in(dir.path(), &all);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{all:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{all:?}: {err}");
        assert!(err.contains(says), "{all:?}: {err}");
        assert!(!dir.path().join("n.db").exists(), "{all:?}");
    }
    // --size N asks for the square board, --size CxR for the rectangle; a
    // reading command answers on a temporary board, init needs --force.
    let board = rectangle(4, 6, &[]);
    assert_eq!(board.stdout(&["count", "--quiet", "--size", "4"]), "2\n");
    assert_eq!(board.stdout(&["count", "--quiet"]), "46\n");
    // (From an attack: init --size 4 said "nothing to do" of the 4×6 file.)
    for size in ["4x7", "4"] {
        let out = board.run(&["init", "--size", size]);
        assert_eq!(out.status.code(), Some(2), "{size}: {out:?}");
    }
    // A flag without --size keeps the rows (from an attack: --holes made
    // the 4×6 board 4×4).
    let holed = rectangle(4, 6, &[]);
    holed.stdout(&["init", "--force", "--holes", "a1"]);
    assert_eq!(
        holed.stdout(&["count", "--quiet"]),
        format!("{}\n", rules(4, 6, &["--holes", "a1"]).count())
    );
    assert_eq!(holed.count("select n from board_rows"), 6);
    board.stdout(&["init", "--force", "--size", "4x7"]);
    assert_eq!(board.stdout(&["count", "--quiet"]), "140\n");
    board.stdout(&["init", "--force"]);
    assert_eq!(board.stdout(&["count", "--quiet"]), "140\n");
    board.stdout(&["init", "--force", "--size", "5"]);
    assert_eq!(board.stdout(&["count", "--quiet"]), "10\n");
}

promise!(size_alone_keeps_a_torus_and_plain_asks_for_the_rectangle);
fn size_alone_keeps_a_torus_and_plain_asks_for_the_rectangle() {
    // --size alone keeps the file's shape: on a torus a rectangle is
    // refused with the flag that asks for the plain board, which answers.
    let torus = Board::shaped(5, &["--torus"]);
    let out = torus.run(&["count", "--size", "4x8"]);
    common::assert_refused(&out, 2, "not 4×8; give --plain");
    let plain = torus.stdout(&["count", "--quiet", "--size", "4x8", "--plain"]);
    assert_eq!(plain, "344\n");
}
