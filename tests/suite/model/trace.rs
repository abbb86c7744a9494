//! `queens trace`: the search tree a column at a time (search_tree_tally)
//! and one square at a time (the walk), held against the view search_tree,
//! the native checker and OEIS A319284 (the nodes at each depth of the
//! search tree).

use crate::common;
use crate::common::Bounded;

use common::{Board, queens};
use queens::checker;
use queens::model::board::Square;

/// Rows 1 … 10 of OEIS A319284 (tests/suite/common), as signed numbers, the
/// way trace's CSV and JSON are read here.
fn a319284(n: usize) -> Vec<i64> {
    common::A319284[n - 1].iter().map(|&p| p as i64).collect()
}

/// The cells of CSV output (no value of trace's holds a comma or a quote).
fn csv_rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|line| line.split(',').map(String::from).collect())
        .collect()
}

fn numbers(row: &[String]) -> Vec<i64> {
    row.iter().map(|cell| cell.parse().unwrap()).collect()
}

const TALLY_4_TEXT: &str = "\
The search of the 4×4 board a column at a time, as the recursive query runs it
(search_tree_tally): at level k the placements of k − 1 queens that enter try
every square of column k; a square is placed, or killed by the row (RGHT), the
rising diagonal (RGHT-UP) or the falling one (RGHT-DN) it shares with a queen.

k  entered  tried  placed  by row  by rising  by falling  kept
-  -------  -----  ------  ------  ---------  ----------  ---------------------
1  1        4      4       0       0          0           ################ 100%
2  4        16     6       4       3          3           ######           38%
3  6        24     4       8       6          6           ###              17%
4  4        16     2       8       3          3           ##               12%

2 solutions found: the placements of 4 queens.
";

const TALLY_8_TEXT: &str = "\
k  entered  tried  placed  by row  by rising  by falling  kept
-  -------  -----  ------  ------  ---------  ----------  ---------------------
1  1        8      8       0       0          0           ################ 100%
2  8        64     42      8       7          7           ###########      66%
3  42       336    140     72      62         62          #######          42%
4  140      1,120  344     324     226        226         #####            31%
5  344      2,752  568     1,008   588        588         ###              21%
6  568      4,544  550     2,010   992        992         ##               12%
7  550      4,400  312     2,222   933        933         #                7.1%
8  312      2,496  92      1,552   426        426         #                3.7%

92 solutions found: the placements of 8 queens.
";

const TALLY_8_CSV: &str = "\
queens,entered,tried,placed,by_row,by_rising,by_falling
1,1,8,8,0,0,0
2,8,64,42,8,7,7
3,42,336,140,72,62,62
4,140,1120,344,324,226,226
5,344,2752,568,1008,588,588
6,568,4544,550,2010,992,992
7,550,4400,312,2222,933,933
8,312,2496,92,1552,426,426
";

promise!(the_tally_prints_what_it_is_level_by_level_and_the_solutions);
fn the_tally_prints_what_it_is_level_by_level_and_the_solutions() {
    let four = Board::new(4);
    assert_eq!(four.stdout(&["trace"]), TALLY_4_TEXT);
    assert_eq!(
        four.stdout(&["trace", "-f", "csv"]),
        "queens,entered,tried,placed,by_row,by_rising,by_falling\n\
         1,1,4,4,0,0,0\n2,4,16,6,4,3,3\n3,6,24,4,8,6,6\n4,4,16,2,8,3,3\n"
    );
    let eight = Board::new(8);
    let text = eight.stdout(&["trace"]);
    assert!(text.starts_with("The search of the 8×8 board a column at a time"));
    assert!(text.ends_with(TALLY_8_TEXT), "{text}");
    assert!(
        text.lines().all(|line| line.chars().count() <= 80),
        "{text}"
    );
    assert_eq!(eight.stdout(&["trace", "--format", "csv"]), TALLY_8_CSV);
}

promise!(the_tally_s_sums_are_oeis_a319284_and_n_tries_a_placement);
fn the_tally_s_sums_are_oeis_a319284_and_n_tries_a_placement() {
    for n in 1..=10i64 {
        let published = a319284(n as usize);
        let board = Board::new(n as u8);
        let rows = csv_rows(&board.stdout(&["trace", "-f", "csv"]));
        let mut placed = vec![1];
        for row in &rows[1..] {
            let [k, entered, tried, kept, by_row, by_rising, by_falling] = numbers(row)[..] else {
                panic!("{row:?}")
            };
            assert_eq!(k as usize, placed.len(), "{n}×{n}");
            assert_eq!(entered, *placed.last().unwrap(), "{n}×{n}, k = {k}");
            assert_eq!(tried, n * entered, "{n}×{n}, k = {k}");
            assert_eq!(tried, kept + by_row + by_rising + by_falling, "{n}×{n}");
            placed.push(kept);
        }
        // The tree ends where no placement enters; A319284 goes on in 0s.
        placed.resize(published.len(), 0);
        assert_eq!(placed, published, "{n}×{n}");
    }
}

/// The walk's steps, whole, as CSV rows (header first).
fn walk_csv(board: &Board) -> Vec<Vec<String>> {
    csv_rows(&board.stdout(&["trace", "--walk", "--limit", "all", "-f", "csv"]))
}

promise!(where_two_squares_share_two_lines_the_walk_and_search_tree_name_check_s);
fn where_two_squares_share_two_lines_the_walk_and_search_tree_name_check_s() {
    // On the 6×6 torus a1 and d4 share both diagonals; check
    // (attacking_pair) names the falling one.
    let board = Board::shaped(6, &["--torus"]);
    let named = board.lines_check_names();
    let two = board.pairs_sharing_two_lines();
    assert!(two.contains(&("a1".into(), "d4".into())), "{two:?}");
    assert_eq!(
        named[&("a1".into(), "d4".into())],
        ("a1".into(), "RGHT-DN".into())
    );
    // Every killed square: (attacker, square, anchor, mov_dir).
    let cases = (1..=6)
        .map(|k| format!("when {k} then s{k}"))
        .collect::<Vec<_>>();
    let viewed = board.rows(&format!(
        "select attacker, case queens {} end, anchor, mov_dir from search_tree \
         where attacker is not null",
        cases.join(" ")
    ));
    let walked: Vec<Vec<String>> = (walk_csv(&board).into_iter().skip(1))
        .filter(|step| !step[11].is_empty())
        .map(|step| {
            let square = step[1 + step[1].parse::<usize>().unwrap()].clone();
            vec![step[11].clone(), square, step[9].clone(), step[10].clone()]
        })
        .collect();
    for (what, killed) in [("search_tree", &viewed), ("the walk", &walked)] {
        let mut on_two = 0;
        for row in killed {
            let pair = (row[0].clone(), row[1].clone());
            assert_eq!(
                named[&pair],
                (row[2].clone(), row[3].clone()),
                "{what}: {row:?}"
            );
            on_two += usize::from(two.contains(&pair));
        }
        assert!(on_two > 0, "{what} kills no square that shares two lines");
    }
}

promise!(the_walk_is_search_tree_ordered_by_the_queens_rows_step_for_step);
fn the_walk_is_search_tree_ordered_by_the_queens_rows_step_for_step() {
    // Other boards too: a hole is never tried, and where two squares of
    // an even torus share both diagonals the walk names the one the view
    // does.
    for (n, flags) in [
        (6u8, &[][..]),
        (8, &[]),
        (6, &["--torus"]),
        (7, &["--torus", "--holes", "d4"]),
        (8, &["--superqueens"]),
        (8, &["--holes", "c2,f7"]),
    ] {
        let board = Board::shaped(n, flags);
        let walk = walk_csv(&board);
        let columns = usize::from(n) + 5;
        let order: Vec<String> = (1..=n).map(|k| format!("s{k}")).collect();
        // A missing queen sorts first (SQLite's NULLs); below 10×10 the
        // squares of a column sort by name as by row.
        let tree = board.rows(&format!(
            "select * from search_tree order by {}",
            order.join(", ")
        ));
        assert_eq!(walk.len() - 1, tree.len(), "{n}×{n} {flags:?}");
        assert_eq!(walk[0][1..=columns], {
            let mut names = vec!["queens".to_string()];
            names.extend(order.iter().cloned());
            names.extend(["placed", "anchor", "mov_dir", "attacker"].map(String::from));
            names
        });
        for (i, (step, row)) in walk[1..].iter().zip(&tree).enumerate() {
            let row: Vec<String> = (row.iter())
                .map(|cell| {
                    if cell == "NULL" {
                        String::new()
                    } else {
                        cell.clone()
                    }
                })
                .collect();
            assert_eq!(step[0], (i + 1).to_string());
            assert_eq!(
                step[1..=columns],
                row[..],
                "{n}×{n} {flags:?}, step {}",
                i + 1
            );
        }
    }
}

promise!(each_step_holds_by_the_checker_and_the_facts);
fn each_step_holds_by_the_checker_and_the_facts() {
    let board = Board::new(8);
    let walk = walk_csv(&board);
    // square_line read once: a query for each of the 28,000 lookups took
    // most of a minute.
    let memberships: std::collections::HashSet<Vec<String>> = board
        .rows("select square, anchor, mov_dir from square_line")
        .into_iter()
        .collect();
    let on_line = |square: &str, anchor: &str, dir: &str| {
        memberships.contains(&vec![
            square.to_string(),
            anchor.to_string(),
            dir.to_string(),
        ])
    };
    let mut solutions = 0;
    for step in &walk[1..] {
        let k: usize = step[1].parse().unwrap();
        let squares: Vec<Square> = (step[2..2 + k].iter())
            .map(|name| Square::parse(name, 8).unwrap())
            .collect();
        let (tried, standing) = squares.split_last().unwrap();
        let first_attacker = standing.iter().find(|q| checker::attack(**q, *tried));
        assert!(checker::attacking_pairs(standing).is_empty(), "{step:?}");
        match first_attacker {
            None => assert_eq!(step[10..14], ["1", "", "", ""], "{step:?}"),
            Some(queen) => {
                assert_eq!(step[10], "0");
                assert_eq!(step[13], queen.name(), "{step:?}");
                assert!(on_line(&tried.name(), &step[11], &step[12]), "{step:?}");
                assert!(on_line(&queen.name(), &step[11], &step[12]), "{step:?}");
            }
        }
        if !step[14].is_empty() {
            solutions += 1;
            assert_eq!(step[14], solutions.to_string());
            assert!(checker::is_solution(&squares, 8), "{step:?}");
        }
    }
    assert_eq!(solutions, 92);
    // A319283(8): 2,057 nodes, the root and 2,056 placements; the 1,965
    // that are not solutions try the 8 squares of the next column.
    assert_eq!(walk.len() - 1, 8 * (2057 - 92));
}

const WALK_8_START: &str = "\
The search of the 8×8 board one square at a time, depth-first, as a backtracking
program runs it: queen k is tried on each square of column k from row 1 up; a
square dies on the line it shares with the first queen that attacks it. Each
line is worked out as the walk goes, from line_set and square_line by the view
search_tree's rule, so that it starts at once; it is the row search_tree holds
for that step, ordered by the queens' rows (the tests hold them row for row).

    1  a1 placed
    2    b1 × (a1, RGHT), the queen on a1
    3    b2 × (a1, RGHT-UP), the queen on a1
    4    b3 placed
    5      c1 × (a1, RGHT), the queen on a1
    6      c2 × (a4, RGHT-DN), the queen on b3

Stopped at --limit 6, 0 solutions found; --limit all walks the whole tree.
";

promise!(the_walk_starts_a1_placed_b1_and_b2_killed_by_a1_b3_placed);
fn the_walk_starts_a1_placed_b1_and_b2_killed_by_a1_b3_placed() {
    let board = Board::new(8);
    assert_eq!(
        board.stdout(&["trace", "--walk", "--limit", "6"]),
        WALK_8_START
    );
    let default = board.stdout(&["trace", "--walk"]);
    assert!(default.contains("\n   60  ") && !default.contains("\n   61  "));
    assert!(default.contains("         back: lift e4\n"), "{default}");
    assert!(default.ends_with(
        "Stopped at --limit 60, 0 solutions found; --limit all walks the whole tree.\n"
    ));
}

promise!(a_whole_walk_draws_each_solution_and_says_it_is_over);
fn a_whole_walk_draws_each_solution_and_says_it_is_over() {
    let board = Board::new(4);
    let text = board.stdout(&["trace", "--walk", "--limit", "all"]);
    assert!(
        text.contains(
            "   26        d3 placed: solution 1, a2 b4 c1 d3\n\n\
         \x20      4 . Q . .\n       3 . . . Q\n       2 Q . . .\n       1 . . Q .\n\
         \x20        a b c d\n\n"
        ),
        "{text}"
    );
    assert!(text.contains("placed: solution 2, a3 b1 c4 d2\n"), "{text}");
    assert!(
        text.ends_with(
            "   60    b4 × (a4, RGHT), the queen on a4\n       back: lift a4\n\n\
         The search is over: 60 squares tried, 2 solutions found.\n"
        ),
        "{text}"
    );
    // A limit that is the whole walk ends it too.
    let exact = board.stdout(&["trace", "--walk", "--limit", "60"]);
    assert!(exact.ends_with("The search is over: 60 squares tried, 2 solutions found.\n"));
}

promise!(the_formats_parse_back);
fn the_formats_parse_back() {
    let board = Board::new(6);
    let json: serde_json::Value =
        serde_json::from_str(&board.stdout(&["trace", "--walk", "--limit", "3", "-f", "json"]))
            .unwrap();
    let steps = json.as_array().unwrap();
    assert_eq!(steps.len(), 3);
    assert_eq!(steps[1]["s2"], "b1");
    assert_eq!(steps[1]["placed"], 0);
    assert_eq!(steps[1]["mov_dir"], "RGHT");
    assert_eq!(steps[1]["attacker"], "a1");
    assert!(steps[0]["anchor"].is_null() && steps[0]["s6"].is_null());
    let ndjson = board.stdout(&["trace", "--walk", "--limit", "4", "-f", "ndjson"]);
    let lines: Vec<serde_json::Value> = (ndjson.lines())
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[3]["step"], 4);
    let tally: serde_json::Value =
        serde_json::from_str(&board.stdout(&["trace", "-f", "json"])).unwrap();
    let placed: Vec<i64> = (tally.as_array().unwrap().iter())
        .map(|level| level["placed"].as_i64().unwrap())
        .collect();
    assert_eq!(placed, a319284(6)[1..]);
    let csv = csv_rows(&board.stdout(&["trace", "--walk", "--limit", "2", "-f", "csv"]));
    assert_eq!(csv.len(), 3);
    assert!(csv.iter().all(|row| row.len() == 6 + 8));
}

promise!(bad_input_is_one_line_and_exit_2);
fn bad_input_is_one_line_and_exit_2() {
    let board = Board::new(4);
    let refused = [
        vec!["trace", "--walk", "--limit", "0"],
        vec!["trace", "--walk", "--limit", "many"],
        vec!["trace", "--walk", "--limit", "-3"],
        vec!["trace", "--limit", "5"],
        vec!["trace", "--format", "boards"],
        vec!["trace", "--walk", "--long"],
    ];
    for args in refused {
        let out = board.run(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    // A negative or an oversized limit is read as a number, and said so.
    let negative =
        String::from_utf8_lossy(&board.run(&["trace", "--walk", "--limit", "-1"]).stderr)
            .into_owned();
    assert!(
        negative.contains("\"-1\" is not a number of steps"),
        "{negative}"
    );
    let huge = board.run(&["trace", "--walk", "--limit", "18446744073709551616"]);
    assert!(String::from_utf8_lossy(&huge.stderr).contains("too large a limit"));
}

promise!(table_is_the_text_format_and_one_queen_reads_as_one);
fn table_is_the_text_format_and_one_queen_reads_as_one() {
    let board = Board::new(1);
    assert_eq!(
        board.stdout(&["trace", "-f", "table"]),
        board.stdout(&["trace", "-f", "text"])
    );
    let tally = board.stdout(&["trace"]);
    assert!(
        tally.ends_with("1 solution found: the placements of 1 queen.\n"),
        "{tally}"
    );
    let walk = board.stdout(&["trace", "--walk", "--limit", "all"]);
    assert!(
        walk.ends_with("The search is over: 1 square tried, 1 solution found.\n"),
        "{walk}"
    );
}

promise!(the_tally_beyond_12x12_asks_for_long_and_the_walk_starts_at_once);
fn the_tally_beyond_12x12_asks_for_long_and_the_walk_starts_at_once() {
    let dir = tempfile::TempDir::new().unwrap();
    let out = queens(dir.path())
        .args(["trace", "--size", "13", "--db", "thirteen.db"])
        .bounded_output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let refusal = stderr.lines().last().unwrap();
    assert!(refusal.contains("add --long"), "{stderr}");
    let twelve = Board::new(12);
    let text = twelve.stdout(&["trace", "--walk", "--limit", "20"]);
    assert!(text.contains("\n    1  a1 placed\n"), "{text}");
    assert!(text.contains("\n   20  "), "{text}");
    assert!(text.ends_with(
        "Stopped at --limit 20, 0 solutions found; --limit all walks the whole tree.\n"
    ));
    assert!(
        text.lines().all(|line| line.chars().count() <= 80),
        "{text}"
    );
}

promise!(help_and_man_page_explain_with_examples);
fn help_and_man_page_explain_with_examples() {
    let dir = tempfile::TempDir::new().unwrap();
    let help = queens(dir.path())
        .args(["trace", "--help"])
        .bounded_output()
        .unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    for words in [
        "Examples:",
        "--db",
        "--walk",
        "--limit",
        "search_tree_tally",
    ] {
        assert!(help.contains(words), "{words}: {help}");
    }
    let roff = queens(dir.path())
        .args(["manpage", "trace"])
        .bounded_output()
        .unwrap();
    let roff = String::from_utf8(roff.stdout).unwrap();
    assert!(roff.contains(r"queens trace \-\-walk"), "{roff}");
    assert!(!roff.contains('`'), "{roff}");
    assert!(!dir.path().join("queens.db").exists());
}

// From an attack: a search_tree_tally replaced by one holding text made
// `trace` and `export -f html` print Rust's "invalid digit found in
// string". The relation and its value are named instead.
promise!(a_replaced_tally_holding_text_is_named_with_its_value);
fn a_replaced_tally_holding_text_is_named_with_its_value() {
    let board = Board::new(6);
    rusqlite::Connection::open(&board.db)
        .unwrap()
        .execute_batch(
            "drop view search_tree_tally; create view search_tree_tally \
             (queens, entered, tried, placed, by_row, by_rising, by_falling) \
             as select 1, 'abc', 2, 3, 4, 5, 6",
        )
        .unwrap();
    let out_file = board.dir.path().join("page.html");
    // Text that only reads like a number is refused too (' 8' and '+8'
    // were once read as 8).
    for value in ["abc", " 8", "+8", "08", "8.0"] {
        rusqlite::Connection::open(&board.db)
            .unwrap()
            .execute_batch(&format!(
                "drop view search_tree_tally; create view search_tree_tally \
                 (queens, entered, tried, placed, by_row, by_rising, by_falling) \
                 as select 1, 1, '{value}', 6, 0, 0, 0"
            ))
            .unwrap();
        for args in [
            &["trace"][..],
            &["export", "-f", "html", "--out", out_file.to_str().unwrap()],
        ] {
            common::assert_refused(
                &board.run(args),
                1,
                &format!(
                    "search_tree_tally is not as queens made it: '{value}' where a whole number \
                     belongs"
                ),
            );
        }
    }
    assert!(!out_file.exists());
}
