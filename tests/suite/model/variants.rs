//! Other boards, only other facts: the torus, holes, superqueens and their
//! combinations, each built by `queens init` and read through the same
//! views, held against the published tables (OEIS A051906, A051223) and
//! the checker's rules of each board (`checker::variants`), written from
//! the puzzles' definitions with no SQL.

use std::collections::BTreeSet;

use crate::common;

use common::Board;
// The checker's rules are a board value's (`checker::variants`); `Board` is
// the suite's database of one board.
use queens::checker::oeis::{A051223, A051906, at};
use queens::model::board::Board as Rules;
use queens::model::board::Square;

/// The checker's board for `n` and the flags that build it.
fn checker_board(n: u8, flags: &[&str]) -> Rules {
    let mut shape = Rules::square(n);
    let mut words = flags.iter();
    while let Some(flag) = words.next() {
        match *flag {
            "--torus" => shape.torus = true,
            "--superqueens" => shape.superqueens = true,
            "--holes" => {
                let names = words.next().unwrap();
                shape.holes = (names.split(','))
                    .map(|name| Square::parse(name, n).unwrap())
                    .collect();
            }
            other => panic!("no such flag in these tests: {other}"),
        }
    }
    shape
}

/// The rows of each queen, column by column, of every row of `sql`.
fn placements(board: &Board, sql: &str) -> Vec<Vec<u8>> {
    (board.rows(sql).iter())
        .map(|row| {
            row.iter()
                .map(|name| Square::parse(name, board.n).unwrap().row)
                .collect()
        })
        .collect()
}

/// Boards of every kind, small enough for the definition's view.
const SMALL: &[(u8, &[&str])] = &[
    (5, &["--torus"]),
    (6, &["--torus"]),
    (7, &["--torus"]),
    (6, &["--superqueens"]),
    (8, &["--superqueens"]),
    (10, &["--superqueens"]),
    (7, &["--torus", "--superqueens"]),
    (8, &["--holes", "c2,f7"]),
    (8, &["--holes", "a4,d5,h2"]),
    (6, &["--holes", "a1,f6"]),
    (7, &["--torus", "--holes", "d4"]),
    (8, &["--superqueens", "--holes", "e4"]),
];

promise!(every_board_s_solution_view_lists_the_checker_s_solutions_in_board_order);
fn every_board_s_solution_view_lists_the_checker_s_solutions_in_board_order() {
    for &(n, flags) in SMALL {
        let board = Board::shaped(n, flags);
        let native = checker_board(n, flags).solutions();
        let said = format!("{n}×{n} {flags:?}");
        assert_eq!(
            placements(&board, "select * from solution"),
            native,
            "{said}"
        );
        let by_definition: BTreeSet<Vec<u8>> =
            placements(&board, "select * from solution_by_definition")
                .into_iter()
                .collect();
        assert_eq!(by_definition, native.iter().cloned().collect(), "{said}");
        let counted = board.stdout(&["count", "--quiet"]);
        assert_eq!(counted, format!("{}\n", native.len()), "{said}");
        assert_eq!(
            board.count("select count(*) from numbered_solution"),
            native.len() as u64,
            "{said}"
        );
    }
}

/// Square boards from 10×10 on, where SQLite's solution view looks the
/// last queens up by the rows the first ones leave free.
const MEETING: &[(u8, &[&str])] = &[
    (11, &[]),
    (11, &["--torus"]),
    (12, &["--superqueens"]),
    (11, &["--holes", "c2,h9"]),
    (11, &["--holes", "c2,c10"]),
    (10, &["--torus", "--holes", "e5"]),
    (11, &["--superqueens", "--holes", "a1,k11"]),
];

promise!(
    from_ten_by_ten_the_view_meets_in_the_middle_and_lists_the_checker_s_solutions_in_board_order
);
fn from_ten_by_ten_the_view_meets_in_the_middle_and_lists_the_checker_s_solutions_in_board_order() {
    for &(n, flags) in MEETING {
        let board = Board::shaped(n, flags);
        let native = checker_board(n, flags).solutions();
        let said = format!("{n}×{n} {flags:?}");
        let plan = board.rows("explain query plan select * from solution");
        assert!(
            plan.iter().any(|step| step[3] == "MATERIALIZE ended"),
            "{said}: {plan:?}"
        );
        assert_eq!(
            placements(&board, "select * from solution"),
            native,
            "{said}"
        );
    }
    let published: [(&[u64], Board); 2] = [
        (&A051906, Board::shaped(11, &["--torus"])),
        (&A051223, Board::shaped(12, &["--superqueens"])),
    ];
    for (table, board) in published {
        assert_eq!(
            board.count("select count(*) from solution"),
            at(table, board.n)
        );
    }
}

promise!(the_counts_are_the_published_ones_on_every_path_of_the_count);
fn the_counts_are_the_published_ones_on_every_path_of_the_count() {
    // A051906 (torus) and A051223 (superqueens), from the checker's table
    // of them; then holes, counted by the checker (whose own tests hold
    // these two at 67 and 65). From 10×10 on, the count looks the last
    // queens up (with holes, on the whole board).
    let torus = [5, 7, 11, 13, 12].map(|n| (n, &["--torus"][..], at(&A051906, n)));
    let superqueens = [10, 11, 12].map(|n| (n, &["--superqueens"][..], at(&A051223, n)));
    let holes = [&["--holes", "c2,f7"][..], &["--holes", "a4,d5,h2"]]
        .map(|flags| (8, flags, checker_board(8, flags).count()));
    let published = torus.iter().chain(&superqueens).chain(&holes);
    let dir = tempfile::TempDir::new().unwrap();
    for &(n, flags, expected) in published {
        let size = n.to_string();
        let mut args = vec!["count", "--quiet", "--size", &size, "--db", "t.db"];
        args.extend(flags);
        let out = common::run_in(dir.path(), &args);
        assert!(out.status.success(), "{args:?}: {out:?}");
        let counted = String::from_utf8(out.stdout).unwrap();
        assert_eq!(counted, format!("{expected}\n"), "{args:?}");
    }
    // Beyond the rows above, the checker decides alone: holes
    // from 10×10 on, where the lookup counts on the whole board (holes too)
    // and weighs each solution by its images on no hole: holes that keep
    // no symmetry, the mirror (c2 and c10), half a turn (c2 and i10), all
    // of them (the centre, f6), holes in the first two columns and the
    // last (the parts and last_queens of the whole board), with a torus
    // and with knights; and the superqueens torus; and from 14×14, where
    // each part fixes three queens, holes and knights.
    for (n, flags) in [
        (10u8, &["--holes", "c2,f7"][..]),
        (10, &["--holes", "a10,b9,e1,j10,j1"]),
        (11, &["--holes", "a1,k11,f6"]),
        (11, &["--holes", "c2,c10"]),
        (11, &["--holes", "c2,i10"]),
        (11, &["--torus", "--holes", "b4,f4"]),
        (11, &["--superqueens", "--holes", "k2,b10"]),
        (11, &["--torus", "--superqueens"]),
        (14, &["--holes", "c2,f7"]),
        (14, &["--superqueens", "--holes", "a1"]),
    ] {
        let board = Board::shaped(n, flags);
        let native = checker_board(n, flags).count();
        for jobs in ["1", "2"] {
            let counted = board.stdout(&["count", "--quiet", "--jobs", jobs]);
            assert_eq!(counted, format!("{native}\n"), "{n}×{n} {flags:?}");
        }
    }
}

promise!(a_count_with_holes_weighs_by_its_own_arithmetic_not_the_symmetry_table);
fn a_count_with_holes_weighs_by_its_own_arithmetic_not_the_symmetry_table() {
    // The count from 10×10 on finds the images of a solution that stand on
    // no hole by arithmetic of its own: a symmetry table changed by hand
    // (rows gone, matrices swapped) leaves the number right.
    let flags = &["--holes", "a2,c5,k7"][..];
    let board = Board::shaped(11, flags);
    let native = checker_board(11, flags).count();
    let db = rusqlite::Connection::open(&board.db).unwrap();
    db.execute_batch(
        "pragma foreign_keys = off;
         pragma ignore_check_constraints = on;
         delete from square_image;
         delete from symmetry where symmetry in ('rotate-180', 'mirror-ranks');
         update symmetry set xx = 9 where symmetry = 'mirror-files';",
    )
    .unwrap();
    drop(db);
    assert_eq!(board.stdout(&["count", "--quiet"]), format!("{native}\n"));
}

promise!(a_torus_of_five_has_twenty_lines_of_five_squares_and_a_knight_s_move_two);
fn a_torus_of_five_has_twenty_lines_of_five_squares_and_a_knight_s_move_two() {
    let torus = Board::shaped(5, &["--torus"]);
    assert_eq!(torus.count("select count(*) from line"), 20);
    assert_eq!(torus.count("select count(*) from square_line"), 100);
    let lengths = torus.rows(
        "select count(*) from square_line group by anchor, mov_dir \
         union select count(*) from square_line group by anchor, mov_dir",
    );
    assert_eq!(lengths, [["5"]]);
    // Each wrapped diagonal starts in column a, and c5 and e2 share one.
    assert_eq!(
        torus.count(
            "select count(*) from line where mov_dir like 'RGHT-%' and anchor not like 'a%'"
        ),
        0
    );
    let shared = torus.rows(
        "select anchor, mov_dir from square_line where square = 'c5' \
         intersect select anchor, mov_dir from square_line where square = 'e2'",
    );
    assert_eq!(shared, [["a3", "RGHT-UP"]]);
    // A superqueens board: every knight's move once, as a line of two.
    let knights = Board::shaped(8, &["--superqueens"]);
    let leaps = "select count(*) from line as l join mov_dir as d on d.mov_dir = l.mov_dir \
                 where abs(d.d_cl) + abs(d.d_rw) = 3";
    assert_eq!(knights.count(leaps), 4 * 7 * 6);
    assert_eq!(
        knights.count(
            "select count(*) from (select anchor, mov_dir from square_line group by anchor, \
             mov_dir having count(*) = 2 and mov_dir like '%-%-%')"
        ),
        4 * 7 * 6
    );
    // Holes stand on their lines, but no queen stands on them.
    let holed = Board::shaped(8, &["--holes", "c2,f7"]);
    assert_eq!(
        holed.count("select count(*) from square_line where square = 'c2'"),
        4
    );
    assert_eq!(
        holed.count("select count(*) from line_set where square in ('c2', 'f7')"),
        0
    );
}

/// Asserts that the classes of `board` are the orbits of `solutions` (the
/// checker's, of `shape`) under the checker's own symmetries of the board,
/// which keep its holes: fundamental_solution holds one row an orbit,
/// solution_class as many classes, and square_image as many symmetries.
/// The orbits, each named by its least member.
pub fn assert_classes_are_orbits(
    board: &Board,
    shape: &Rules,
    solutions: &[Vec<u8>],
    said: &str,
) -> BTreeSet<Vec<u8>> {
    let own = shape.symmetries();
    let image = |rows: &Vec<u8>, g: &dyn Fn(Square) -> Square| {
        let mut moved = vec![0; rows.len()];
        for (col, &row) in (1..).zip(rows) {
            let to = g(Square { col, row });
            moved[usize::from(to.col) - 1] = to.row;
        }
        moved
    };
    let orbits: BTreeSet<Vec<u8>> = (solutions.iter())
        .map(|s| own.iter().map(|(_, g)| image(s, g.as_ref())).min().unwrap())
        .collect();
    assert_eq!(
        board.count("select count(*) from fundamental_solution"),
        orbits.len() as u64,
        "{said}"
    );
    assert_eq!(
        board.count("select count(distinct class_no) from solution_class"),
        orbits.len() as u64,
        "{said}"
    );
    assert_eq!(
        board.count("select count(distinct symmetry) from square_image"),
        own.len() as u64,
        "{said}"
    );
    orbits
}

promise!(classes_are_the_orbits_of_the_board_s_own_symmetries);
fn classes_are_the_orbits_of_the_board_s_own_symmetries() {
    for &(n, flags) in SMALL {
        let board = Board::shaped(n, flags);
        let shape = checker_board(n, flags);
        let native = shape.solutions();
        let said = format!("{n}×{n} {flags:?}");
        let orbits = assert_classes_are_orbits(&board, &shape, &native, &said);
        let solutions: BTreeSet<&Vec<u8>> = native.iter().collect();
        assert!(orbits.iter().all(|o| solutions.contains(o)), "{said}");
    }
}

promise!(
    the_funnel_and_the_tally_end_in_the_count_and_the_tally_is_the_tree_kind_by_kind_on_every_board
);
fn the_funnel_and_the_tally_end_in_the_count_and_the_tally_is_the_tree_kind_by_kind_on_every_board()
{
    for &(n, flags) in SMALL {
        let board = Board::shaped(n, flags);
        let count = checker_board(n, flags).count();
        let said = format!("{n}×{n} {flags:?}");
        let last = board.rows(&format!(
            "select by_placement_rule from search_funnel where queens = {n}"
        ));
        assert_eq!(last, [[count.to_string()]], "{said}");
        let knight = if flags.contains(&"--superqueens") {
            " + by_knight"
        } else {
            ""
        };
        let tally = board.rows(&format!(
            "select queens, entered, tried, placed, by_row + by_rising + by_falling{knight} \
             from search_tree_tally order by queens"
        ));
        let mut entered = 1u64;
        for row in &tally {
            let v: Vec<u64> = row.iter().map(|x| x.parse().unwrap()).collect();
            assert_eq!(v[1], entered, "{said}: {row:?}");
            let open = board.count(&format!(
                "select count(*) from line_set where cl_no = {}",
                v[0]
            ));
            assert_eq!(v[2], open * v[1], "{said}: {row:?}");
            assert_eq!(v[2], v[3] + v[4], "{said}: {row:?}");
            entered = v[3];
        }
        assert_eq!(entered, count, "{said}");
        // The tree itself, one row a try, counts as the tally does, kind by
        // kind: the line it names is the tally's (a knight's move is any
        // other direction).
        let tree = board.rows(
            "select queens, count(*), sum(placed), coalesce(sum(mov_dir = 'RGHT'), 0), \
                    coalesce(sum(mov_dir = 'RGHT-UP'), 0), coalesce(sum(mov_dir = 'RGHT-DN'), 0), \
                    coalesce(sum(mov_dir not in ('RGHT', 'RGHT-UP', 'RGHT-DN')), 0) \
             from search_tree group by queens order by queens",
        );
        let knight = if knight.is_empty() { "0" } else { "by_knight" };
        let tallied = board.rows(&format!(
            "select queens, tried, placed, by_row, by_rising, by_falling, {knight} \
             from search_tree_tally order by queens"
        ));
        assert_eq!(tree, tallied, "{said}");
    }
}

promise!(check_names_the_wrapped_diagonal_and_the_knight_s_move);
fn check_names_the_wrapped_diagonal_and_the_knight_s_move() {
    let dir = tempfile::TempDir::new().unwrap();
    let out = common::run_in(dir.path(), &["check", "c5", "e2", "--torus", "--size", "5"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(
        said.contains(
            "c5 and e2 attack each other along the RGHT-UP line anchored at a3 (the diagonal \
             a3–e2, wrapped round the board's edge)"
        ),
        "{said}"
    );
    let out = common::run_in(dir.path(), &["check", "a1", "b3", "--superqueens"]);
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(said.contains("(the knight's move a1–b3)"), "{said}");
    // On the plain board the two are safe.
    let out = common::run_in(dir.path(), &["check", "a1", "b3"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
}

promise!(a_shape_the_board_cannot_have_is_refused_in_one_line_and_nothing_is_written);
fn a_shape_the_board_cannot_have_is_refused_in_one_line_and_nothing_is_written() {
    let dir = tempfile::TempDir::new().unwrap();
    for (args, says) in [
        (&["--holes", "z9"][..], "hole z9 is not on an 8×8 board"),
        (&["--holes", "c2,C2"], "hole c2 is given twice"),
        (&["--holes", "9z"], "`9z` is not a square"),
        (
            &["--size", "5", "--holes", "b1,b2,b3,b4,b5"],
            "the holes fill column b",
        ),
        (&["--size", "17", "--superqueens"], "at most 16×16"),
        (
            &["--size", "16", "--superqueens", "--torus"],
            "at most 15×15",
        ),
    ] {
        let mut all = vec!["init", "--db", "bad.db"];
        all.extend(args);
        let out = common::run_in(dir.path(), &all);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{all:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{all:?}: {err}");
        assert!(err.contains(says), "{all:?}: {err}");
        assert!(!dir.path().join("bad.db").exists(), "{all:?}");
    }
    // A file of another shape is left alone without --force.
    let board = Board::new(5);
    let out = board.run(&["init", "--torus"]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("holds a 5×5 board, not a 5×5 torus; add --force"),
        "{err}"
    );
    board.stdout(&["init", "--torus", "--force"]);
    assert_eq!(board.stdout(&["count", "--quiet"]), "10\n");
    // A rebuild without a shape flag keeps the board's shape.
    board.stdout(&["init", "--size", "7", "--force"]);
    assert_eq!(board.stdout(&["count", "--quiet"]), "28\n");
}

promise!(doctor_holds_each_board_against_a_fresh_board_of_its_shape);
fn doctor_holds_each_board_against_a_fresh_board_of_its_shape() {
    for &(n, flags) in &SMALL[..SMALL.len()] {
        let board = Board::shaped(n, flags);
        let report = board.stdout(&["doctor"]);
        assert!(
            report.ends_with("all checks hold\n"),
            "{n}×{n} {flags:?}: {report}"
        );
    }
    // A hole taken away is another board: doctor says the facts differ.
    let board = Board::shaped(8, &["--holes", "c2,f7"]);
    rusqlite::Connection::open(&board.db)
        .unwrap()
        .execute_batch("pragma foreign_keys = off; delete from hole where square = 'f7'")
        .unwrap();
    let out = board.run(&["doctor"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
}

promise!(stored_solutions_are_held_to_the_board_s_own_rules);
fn stored_solutions_are_held_to_the_board_s_own_rules() {
    // Doctor once held stored solutions to the plain
    // board's rules, failing a fresh torus and passing a wrong row.
    for flags in [&["--torus"][..], &["--superqueens"], &["--holes", "c2,f7"]] {
        let n = if flags[0] == "--superqueens" { 10 } else { 7 };
        let board = Board::shaped(n, flags);
        board.stdout(&["init", "--materialize"]);
        let report = board.stdout(&["doctor"]);
        assert!(report.ends_with("all checks hold\n"), "{flags:?}: {report}");
    }
    let board = Board::shaped(7, &["--torus"]);
    board.stdout(&["init", "--materialize"]);
    // Solution 5 with its queens moved so that three pairs attack on the
    // torus (and none would on the plain board's rows alone).
    rusqlite::Connection::open(&board.db)
        .unwrap()
        .execute_batch(
            "update solution_store set s2 = 'b4', s3 = 'c1', s4 = 'd7', s5 = 'e5', \
             s6 = 'f3', s7 = 'g6' where solution_no = 5",
        )
        .unwrap();
    let out = board.run(&["doctor"]);
    let said = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("1 not a solution of this board"), "{said}");
}

promise!(a_pair_sharing_two_lines_is_one_pair_named_by_one_line);
fn a_pair_sharing_two_lines_is_one_pair_named_by_one_line() {
    // On an even torus two squares share both diagonals, and check
    // once counted the lines, not the pairs.
    let dir = tempfile::TempDir::new().unwrap();
    let out = common::run_in(
        dir.path(),
        &[
            "check", "a1", "c3", "--torus", "--size", "4", "--db", "t.db",
        ],
    );
    let said = String::from_utf8(out.stdout).unwrap();
    assert_eq!(said.lines().count(), 2, "{said}");
    assert!(
        said.contains("along the RGHT-DN line anchored at a1"),
        "{said}"
    );
    assert!(said.ends_with("invalid: 1 attacking pair\n"), "{said}");
}

promise!(what_is_refused_for_another_board_creates_no_file_and_plain_goes_back);
fn what_is_refused_for_another_board_creates_no_file_and_plain_goes_back() {
    let dir = tempfile::TempDir::new().unwrap();
    for args in [
        &[
            "export",
            "--format",
            "html",
            "--console",
            "--torus",
            "--size",
            "13",
            "--db",
            "n.db",
        ][..],
        &["check", "a1", "--holes", "a1", "--db", "n.db"],
        &["complete", "a1", "--holes", "a1", "--db", "n.db"],
    ] {
        let out = common::run_in(dir.path(), args);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(!dir.path().join("n.db").exists(), "{args:?}");
    }
    // --plain asks for the plain board of a file that holds another, and
    // init --force --plain makes it that board again.
    let board = Board::shaped(7, &["--torus"]);
    assert_eq!(board.stdout(&["count", "--quiet", "--plain"]), "40\n");
    assert_eq!(board.stdout(&["count", "--quiet"]), "28\n");
    board.stdout(&["init", "--force", "--plain"]);
    assert_eq!(board.stdout(&["count", "--quiet"]), "40\n");
}
