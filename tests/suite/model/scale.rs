//! The search split into parts on several threads, and the count that
//! searches only half the board by its mirror symmetry: the same answers as
//! one query over `solution` and as the native counter.

use crate::common;
use crate::common::Bounded;

use common::{A000170, Board};
use queens::checker;

fn stdout(board: &Board, args: &[&str]) -> String {
    board.stdout(args)
}

promise!(the_symmetric_parallel_count_equals_the_full_count_for_n_1_to_12);
fn the_symmetric_parallel_count_equals_the_full_count_for_n_1_to_12() {
    for n in 1..=12u8 {
        let board = Board::new(n);
        let expected = A000170[usize::from(n) - 1];
        if n <= 10 {
            assert_eq!(
                board.count("select count(*) from solution"),
                expected,
                "n = {n}"
            );
        }
        assert_eq!(checker::count_solutions(n), expected);
        for jobs in ["1", "2", "3"] {
            let counted = stdout(&board, &["count", "--jobs", jobs, "--quiet"]);
            assert_eq!(counted, format!("{expected}\n"), "n = {n}, jobs = {jobs}");
        }
    }
}

promise!(the_parts_cover_every_solution_once_and_the_weights_mirror_the_board);
fn the_parts_cover_every_solution_once_and_the_weights_mirror_the_board() {
    for n in [4u8, 5, 7, 8, 9, 11] {
        let board = Board::new(n);
        let conn = board.connect();
        let target = queens::engine::Target::new(&board.db, "queens").unwrap();
        let engine = queens::engine::connect(&target).unwrap();
        let (reader, _) = engine.open(None, &|_| Ok(())).unwrap();
        let parts = queens::search::parallel::parts(reader.as_ref()).unwrap();
        let mut covered = 0;
        let mut weighted = 0;
        for part in &parts {
            let count: i64 = conn
                .query_row(
                    "select count(*) from solution where s1 = ?1 and s2 = ?2",
                    [&part.s1, &part.s2],
                    |row| row.get(0),
                )
                .unwrap();
            covered += count as u64;
            weighted += part.weight * count as u64;
            // The weight follows the first queen's row (lower half 2, upper
            // half 0) or, in the middle row, the second queen's.
            let row = |square: &str| square[1..].parse::<u8>().unwrap();
            let half = |row: u8| (2 * row).cmp(&(n + 1));
            let expected = match (half(row(&part.s1)), half(row(&part.s2))) {
                (std::cmp::Ordering::Less, _) => 2,
                (std::cmp::Ordering::Greater, _) => 0,
                (_, std::cmp::Ordering::Less) => 2,
                _ => 0,
            };
            assert_eq!(part.weight, expected, "{part:?}");
        }
        assert_eq!(covered, checker::count_solutions(n), "n = {n}");
        assert_eq!(weighted, checker::count_solutions(n), "n = {n}");
    }
}

promise!(solve_on_several_threads_prints_the_same_rows_in_board_order);
fn solve_on_several_threads_prints_the_same_rows_in_board_order() {
    for n in [4u8, 6, 8, 10] {
        let board = Board::new(n);
        let one = stdout(&board, &["solve", "--jobs", "1"]);
        for jobs in ["2", "4"] {
            assert_eq!(stdout(&board, &["solve", "--jobs", jobs]), one, "n = {n}");
        }
        let lines: Vec<&str> = one.lines().skip(2).collect();
        let expected: Vec<String> = board
            .rows("select * from solution")
            .iter()
            .map(|r| r.join("  "))
            .collect();
        // Each row after its number in board order.
        let trimmed: Vec<String> = lines
            .iter()
            .enumerate()
            .map(|(k, l)| {
                let cells: Vec<&str> = l.split_whitespace().collect();
                assert_eq!(cells[0], (k + 1).to_string(), "n = {n}");
                cells[1..].join("  ")
            })
            .collect();
        assert_eq!(trimmed, expected, "n = {n}");
        // Numbers in board order, through every format that shows them.
        let json = stdout(&board, &["export", "--format", "ndjson", "--jobs", "2"]);
        for (k, line) in json.lines().enumerate() {
            assert!(
                line.starts_with(&format!("{{\"solution\":{},", k + 1)),
                "{line}"
            );
        }
    }
}

promise!(jobs_must_be_a_positive_number);
fn jobs_must_be_a_positive_number() {
    let board = Board::new(5);
    for bad in ["0", "-1", "many"] {
        let output = board.run(&["count", "--jobs", bad]);
        assert_eq!(output.status.code(), Some(2), "{bad}");
        assert!(String::from_utf8_lossy(&output.stderr).contains("--jobs"));
    }
}

fn stderr_of(board: &Board, args: &[&str]) -> String {
    let output = board.run(args);
    assert!(output.status.success(), "{args:?}");
    String::from_utf8(output.stderr).unwrap()
}

promise!(stored_solutions_answer_as_the_search_does);
fn stored_solutions_answer_as_the_search_does() {
    for n in [1u8, 5, 8, 10] {
        let searched = Board::new(n);
        let stored = Board::new(n);
        let said = stdout(&stored, &["init", "--materialize", "--jobs", "2"]);
        assert!(said.contains("stored its"), "{said}");
        assert_eq!(
            stored.rows("select * from solution_store"),
            searched.rows("select * from numbered_solution"),
            "n = {n}"
        );
        for args in [
            vec!["count"],
            vec!["solve"],
            vec!["solve", "--fundamental"],
            vec!["show", "1"],
            vec!["complete", "a1"],
            vec!["export", "--format", "json"],
        ] {
            let expected = stdout(&searched, &args);
            assert_eq!(stdout(&stored, &args), expected, "n = {n}: {args:?}");
        }
        assert!(stderr_of(&stored, &["count"]).contains("stored"), "n = {n}");
        assert!(stdout(&stored, &["doctor"]).ends_with("all checks hold\n"));
    }
}

promise!(an_upgrade_keeps_the_stored_solutions_and_a_rebuild_drops_them);
fn an_upgrade_keeps_the_stored_solutions_and_a_rebuild_drops_them() {
    let board = Board::new(8);
    stdout(&board, &["init", "--materialize"]);
    // An older queens' view: reading commands read the file as it is and
    // leave it alone; doctor names the view; init brings it up to date.
    rusqlite::Connection::open(&board.db)
        .unwrap()
        .execute_batch("drop view search_space; create view search_space as select 1;")
        .unwrap();
    let before = common::contents(&board.db);
    assert_eq!(stdout(&board, &["count"]), "92\n");
    assert_eq!(
        common::contents(&board.db),
        before,
        "count changed the file"
    );
    let report = board.run(&["doctor"]);
    assert_eq!(report.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&report.stdout).contains("search_space"));
    assert!(stdout(&board, &["init"]).contains("brought it up to date"));
    assert_eq!(board.count("select count(*) from solution_store"), 92);
    // The stored rows, under a name users find, in board order.
    assert_eq!(board.count("select count(*) from stored_solution"), 92);
    assert_eq!(
        board.rows("select * from stored_solution where solution_no = 92")[0].join(" "),
        "92 a8 b4 c1 d3 e6 f2 g7 h5"
    );
    assert!(stdout(&board, &["doctor"]).ends_with("all checks hold\n"));
    stdout(&board, &["init", "--force", "--size", "6"]);
    assert_eq!(
        board.count("select count(*) from sqlite_schema where name = 'solution_store'"),
        0
    );
    assert_eq!(stdout(&board, &["count"]), "4\n");
    assert_eq!(board.count("select count(*) from stored_solution"), 0);
}

promise!(the_count_by_last_queens_weighs_every_part_as_the_native_solutions_do);
fn the_count_by_last_queens_weighs_every_part_as_the_native_solutions_do() {
    use queens::model::{schema, template::Scope};
    for n in [10u8, 11, 12] {
        let board = Board::new(n);
        let conn = board.connect();
        let counting = schema::part_count(n, Scope::default()).unwrap();
        assert!(counting.weighed, "n = {n}");
        // The count's connections read the image of the tables one
        // connection built; on that connection they are the tables.
        conn.execute_batch(counting.prepare.as_deref().unwrap())
            .unwrap();
        let sql = counting.count.text.replace("queens_count.", "temp.");
        let solutions = checker::solutions(n);
        let mut total = 0;
        for (s1, s2) in squares_of_the_parts(&conn) {
            let counted: i64 = conn
                .query_row(
                    &sql,
                    rusqlite::named_params! {":s1": s1, ":s2": s2},
                    |row| row.get(0),
                )
                .unwrap();
            let counted = counted as u64;
            let row = |square: &str| square[1..].parse::<u8>().unwrap();
            let expected: u64 = solutions
                .iter()
                .filter(|rows| rows[0] == row(&s1) && rows[1] == row(&s2))
                .map(|rows| symmetry_weight(rows, n))
                .sum();
            assert_eq!(counted, expected, "n = {n}, part {s1} {s2}");
            total += counted;
        }
        assert_eq!(total, A000170[usize::from(n) - 1], "n = {n}");
    }
}

/// The first two squares of every part of the search (partition.sql).
fn squares_of_the_parts(conn: &rusqlite::Connection) -> Vec<(String, String)> {
    let partition = include_str!("../../../sql/queries/partition.sql");
    let mut stmt = conn.prepare(partition).unwrap();
    stmt.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// How many solutions the solution `rows` stands for when only those whose
/// first queen stands lower than the last are counted, by the left-right
/// mirror and the half turn: 4 below the middle, 2 on it, none above; and
/// by the diagonal, twice that where the queens of the first and last
/// columns stand nearer a corner than those of the first and last rows,
/// none where farther; with a queen on a1, as near either way, twice where
/// column b's queen stands lower than row 2's stands left, none where
/// higher (part_count_by_last_queens.sql).
fn symmetry_weight(rows: &[u8], n: u8) -> u64 {
    let (first, last) = (rows[0], rows[usize::from(n) - 1]);
    let by_mirror = match (first < last, (first + last).cmp(&(n + 1))) {
        (true, std::cmp::Ordering::Less) => 4,
        (true, std::cmp::Ordering::Equal) => 2,
        _ => 0,
    };
    let near = |a: u8, b: u8| a.min(n + 1 - a).min(b).min(n + 1 - b);
    let column_of = |row: u8| rows.iter().position(|&r| r == row).unwrap() as u8 + 1;
    // With a queen on a1 the diagonal keeps the corner, and the queen of
    // column b (row r2) trades places with the queen of row 2 (column c2).
    let tie_break = if first == 1 {
        rows[1].cmp(&column_of(2))
    } else {
        std::cmp::Ordering::Equal
    };
    match near(first, last)
        .cmp(&near(column_of(1), column_of(n)))
        .then(tie_break)
    {
        std::cmp::Ordering::Less => 2 * by_mirror,
        std::cmp::Ordering::Equal => by_mirror,
        std::cmp::Ordering::Greater => 0,
    }
}

promise!(count_agrees_with_a000170_at_13_and_14_with_no_temporary_directory);
fn count_agrees_with_a000170_at_13_and_14_with_no_temporary_directory() {
    // last_queens is built and copied in memory: a temporary directory
    // that cannot be written does not stop the count.
    for n in [13u8, 14] {
        let board = Board::new(n);
        let output = common::queens(board.dir.path())
            .args(["count", "--quiet", "--db"])
            .arg(&board.db)
            .env("TMPDIR", "/nonexistent/queens")
            .env("SQLITE_TMPDIR", "/nonexistent/queens")
            .bounded_output()
            .unwrap();
        let expected = A000170[usize::from(n) - 1];
        assert_eq!(
            common::text(&output.stdout),
            format!("{expected}\n"),
            "n = {n}: {}",
            common::text(&output.stderr)
        );
        assert_eq!(checker::count_solutions(n), expected);
    }
}

promise!(a_count_whose_last_queens_cannot_be_built_names_the_file_and_doctor);
fn a_count_whose_last_queens_cannot_be_built_names_the_file_and_doctor() {
    // Attack: a file damaged where quick_check does not look made the
    // count print SQLite's constraint message alone. A safe_next that
    // gives some rows twice (a view of yours in its place) fails the same
    // way.
    let board = Board::new(10);
    rusqlite::Connection::open(&board.db)
        .unwrap()
        .execute_batch(
            "pragma legacy_alter_table = on;
             alter table safe_next rename to safe_next_kept;
             create view safe_next as
                 select * from safe_next_kept
                 union all
                 select * from safe_next_kept where cl_no = 10 and prev_rw_no = 1;",
        )
        .unwrap();
    let output = board.run(&["count"]);
    let stderr = common::text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(output.stdout.is_empty());
    assert!(common::is_one_error(&stderr), "{stderr}");
    assert!(stderr.contains(&board.db.display().to_string()), "{stderr}");
    assert!(stderr.contains("queens doctor"), "{stderr}");
}
