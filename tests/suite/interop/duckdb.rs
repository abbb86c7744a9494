//! The database file in DuckDB, through its SQLite extension: every table
//! and view reads there with SQLite's column names and rows (in order where
//! a view orders them), and its information schema lists them, read by python3
//! with the duckdb and duckdb-ext-sqlite packages.

use crate::common;
use crate::common::Bounded;

use std::process::Command;

use common::Board;

const CHECK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/tools/duckdb_reads.py");

/// Runs the check on `board`, for `only` these objects (all when empty).
fn duckdb_reads(board: &Board, only: &[&str]) -> String {
    let out = Command::new("python3")
        .arg(CHECK)
        .arg(&board.db)
        .args(only)
        .bounded_output()
        .expect("python3");
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{report}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    report
}

promise!(
    duckdb_reads_every_table_and_view_with_sqlites_rows,
    needs = [DuckDb]
);
fn duckdb_reads_every_table_and_view_with_sqlites_rows() {
    for (n, stored) in [(6, false), (8, false), (8, true)] {
        let board = Board::new(n);
        if stored {
            assert!(board.run(&["init", "--materialize"]).status.success());
        }
        let report = duckdb_reads(&board, &[]);
        for name in queens::model::schema::own_names() {
            if name == "solution_store" && !stored {
                continue;
            }
            assert!(
                report.contains(&format!("{name}: "))
                    && !report.contains(&format!("{name}: FAILED")),
                "{name} on {n}×{n}: {report}"
            );
        }
        assert!(
            report.contains("listed: ") && !report.contains("missing"),
            "{report}"
        );
    }
    // numbered_solution and solution_class in two parts, the first 200
    // solutions and the rest, each in order, and the solution view that
    // looks its last queens up (SQLite's form from 10×10). (At 11×11
    // DuckDB's own plan of the search takes over a minute, against 4 s
    // here.)
    let board = Board::new(10);
    let report = duckdb_reads(&board, &["numbered_solution", "solution_class", "solution"]);
    assert!(report.contains("solution: 724 rows, the same"), "{report}");
    for view in ["numbered_solution", "solution_class"] {
        assert!(
            report.contains(&format!("{view}: 724 rows, the same (in order)")),
            "{report}"
        );
    }
    // The reasoning table on the largest board, where its numbers outgrow
    // 64 bits.
    let board = Board::new(26);
    let report = duckdb_reads(&board, &["search_space"]);
    assert!(
        report.contains("search_space: 6 rows, the same (in order)"),
        "{report}"
    );
}

const SCRIPT_CHECK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/tools/duckdb_script.py");

/// The DuckDB script of `board`'s file, as `export --dialect duckdb`
/// writes it, in the board's directory.
fn duckdb_script_of(board: &Board) -> std::path::PathBuf {
    let model = board.dir.path().join("model.sql");
    let out = common::queens(board.dir.path())
        .args(["export", "--format", "sql", "--dialect", "duckdb", "--db"])
        .arg(&board.db)
        .arg("--out")
        .arg(&model)
        .bounded_output()
        .unwrap();
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    model
}

/// What tests/tools/duckdb_script.py prints in `mode` for `model`, with
/// the arguments `more` adds; it must succeed.
fn script_check(mode: &str, model: &std::path::Path, more: impl FnOnce(&mut Command)) -> String {
    let mut check = Command::new("python3");
    check.arg(SCRIPT_CHECK).arg(mode).arg(model);
    more(&mut check);
    let out = check.bounded_output().expect("python3");
    let report = common::text(&out.stdout);
    assert!(
        out.status.success(),
        "{mode} {}: {report}{}",
        model.display(),
        common::text(&out.stderr)
    );
    report
}

promise!(duckdb_script_counts_a000170_up_to_14, needs = [DuckDb]);
fn duckdb_script_counts_a000170_up_to_14() {
    // Written for --size alone (no database file is made), loaded into a
    // DuckDB each, in one python3.
    let dir = tempfile::TempDir::new().unwrap();
    let models: Vec<std::path::PathBuf> = (1..=14u8)
        .map(|n| {
            let model = dir.path().join(format!("model-{n}.sql"));
            let out = common::queens(dir.path())
                .args(["export", "--format", "sql", "--dialect", "duckdb", "--size"])
                .arg(n.to_string())
                .arg("--out")
                .arg(&model)
                .bounded_output()
                .unwrap();
            assert!(out.status.success(), "{}", common::text(&out.stderr));
            model
        })
        .collect();
    assert!(!dir.path().join("queens.db").exists());
    let report = script_check("count", &models[0], |check| {
        check.args(&models[1..]);
    });
    let counts: Vec<u64> = report.lines().map(|line| line.parse().unwrap()).collect();
    assert_eq!(counts, common::A000170);
}

promise!(duckdb_script_answers_as_the_sqlite_file, needs = [DuckDb]);
fn duckdb_script_answers_as_the_sqlite_file() {
    // Every table and view, in order where SQLite's is ordered, on small
    // boards; on 10×10, where numbered_solution and solution_class come
    // in two parts, the views of the solutions (candidate's millions of
    // rows are counted by the funnel instead).
    for (n, only) in [
        (1, &[][..]),
        (5, &[]),
        (6, &[]),
        (8, &[]),
        (
            10,
            &[
                "solution",
                "solution_by_definition",
                "numbered_solution",
                "solution_class",
                "fundamental_solution",
                "solution_queen",
                "search_funnel",
                "search_tree_tally",
            ],
        ),
    ] {
        let board = Board::new(n);
        let model = duckdb_script_of(&board);
        let report = script_check("compare", &model, |check| {
            check.arg(&board.db).args(only);
        });
        assert!(
            report.contains("solution: ") && report.contains("undescribed: none"),
            "{report}"
        );
    }
}

promise!(
    duckdb_script_lists_the_sqlite_file_s_solutions_where_its_left_half_is_longer,
    needs = [DuckDb]
);
fn duckdb_script_lists_the_sqlite_file_s_solutions_where_its_left_half_is_longer() {
    // From 12×12 on the left half holds all but the last five columns:
    // 7 and 5 at 12×12 (each half starting with one column), 8 and 5 at
    // 13×13 (the left one starting with two), where a hole in the middle
    // row keeps the mirror and queen 1 may stand in that row. The same
    // solutions as the file's, in the same order.
    for (n, flags) in [(12u8, &[][..]), (13, &["--holes", "g7"])] {
        let board = Board::shaped(n, flags);
        let model = duckdb_script_of(&board);
        let report = script_check("compare", &model, |check| {
            check.arg(&board.db).arg("solution");
        });
        assert!(report.contains("solution: "), "{n}×{n} {flags:?}: {report}");
    }
}

promise!(
    duckdb_script_of_every_board_answers_as_its_sqlite_file,
    needs = [DuckDb]
);
fn duckdb_script_of_every_board_answers_as_its_sqlite_file() {
    // Other boards are other facts: the script of each, from the file
    // that holds it, gives every table and view the file's rows.
    for (n, flags) in [
        (5u8, &["--torus"][..]),
        (8, &["--holes", "c2,f7"]),
        (8, &["--superqueens"]),
        (7, &["--torus", "--superqueens", "--holes", "d4"]),
    ] {
        let board = Board::shaped(n, flags);
        let model = duckdb_script_of(&board);
        let report = script_check("compare", &model, |check| {
            check.arg(&board.db);
        });
        assert!(report.contains("solution: "), "{n}×{n} {flags:?}: {report}");
    }
}

promise!(duckdb_script_refuses_a_board_it_cannot_hold);
fn duckdb_script_refuses_a_board_it_cannot_hold() {
    // The DuckDB script of a 16×16 board, asked for by size.
    let sixteen = [
        "export",
        "--format",
        "sql",
        "--dialect",
        "duckdb",
        "--size",
        "16",
    ];
    let dir = tempfile::TempDir::new().unwrap();
    let model = dir.path().join("model.sql");
    let out = common::queens(dir.path())
        .args(sixteen)
        .arg("--out")
        .arg(&model)
        .bounded_output()
        .unwrap();
    common::assert_refused(
        &out,
        2,
        "--dialect duckdb: the DuckDB script holds boards up to 15×15",
    );
    assert!(common::text(&out.stderr).contains("not 16×16"));
    assert!(!model.exists() && !dir.path().join("queens.db").exists());
    // A file that holds a 16×16 board: refused before a byte is written;
    // --size 16 beside a file of another board: refused before the board
    // is opened (no word of a temporary board first).
    let board = Board::new(16);
    let out = board.run(&["export", "--format", "sql", "--dialect", "duckdb"]);
    common::assert_refused(&out, 2, "not 16×16");
    let board = Board::new(8);
    let out = board.run(&sixteen);
    common::assert_refused(&out, 2, "not 16×16");
    // The dialect is for the SQL script only.
    let out = board.run(&["export", "--format", "csv", "--dialect", "duckdb"]);
    common::assert_refused(&out, 2, "--dialect duckdb is for --format sql");
}

// From an attack: the script said `create table if not exists`, so a
// database holding the user's own hole (c5) took it as the board's: 76
// solutions, and a torus's hole d4 went into the user's table. Now the
// script's first statement refuses any name it makes that is taken, in
// each DuckDB release, for every name the script makes. Every board's
// script makes the same names (held below), so each is tried on the
// torus with a hole, whose refusals name its `hole` and `board_shape`:
// trying them again on the plain board would double a minute of DuckDB.
promise!(
    a_duckdb_script_refuses_every_name_of_yours_before_making_anything,
    needs = [DuckDbReleases]
);
fn a_duckdb_script_refuses_every_name_of_yours_before_making_anything() {
    let dir = tempfile::TempDir::new().unwrap();
    let script = |name: &str, flags: &[&str]| {
        let model = dir.path().join(format!("{name}.sql"));
        let out = common::queens(dir.path())
            .args(["export", "--format", "sql", "--dialect", "duckdb", "--out"])
            .arg(&model)
            .args(flags)
            .bounded_output()
            .unwrap();
        assert!(out.status.success(), "{}", common::text(&out.stderr));
        model
    };
    let plain = script("plain", &[]);
    let torus = script("torus", &["--torus", "--size", "7", "--holes", "d4"]);
    assert_eq!(made(&plain), made(&torus));
    for release in crate::harness::DUCKDB_RELEASES {
        let report = in_release(release, "taken", &torus);
        assert!(
            report.contains("table hole: refused"),
            "{release}: {report}"
        );
        assert!(
            report.contains("table board_shape: refused"),
            "{release}: {report}"
        );
        assert!(!report.contains("REFUSED"), "{release}: {report}");
        // Macros are the same for every board: asked of the plain one.
        let report = in_release(release, "shadowing", &plain);
        assert!(
            report.contains("table macro duckdb_tables: as it should"),
            "{release}: {report}"
        );
        assert!(!report.contains("REFUSED"), "{release}: {report}");
    }
}

/// The tables, views and indexes a script makes, as its `create` lines
/// name them, in a set.
fn made(script: &std::path::Path) -> std::collections::BTreeSet<String> {
    let text = std::fs::read_to_string(script).unwrap();
    let made: std::collections::BTreeSet<String> = (text.lines())
        .filter_map(|line| {
            let line = line.to_lowercase();
            let rest = line.strip_prefix("create ")?;
            let rest = rest.strip_prefix("unique ").unwrap_or(rest);
            let (kind, rest) = rest.split_once(' ')?;
            let name = rest.split(['(', ' ']).next()?;
            ["table", "view", "index"]
                .contains(&kind)
                .then(|| format!("{kind} {name}"))
        })
        .collect();
    assert!(made.len() > 20, "{made:?}");
    made
}

/// tests/tools/duckdb_script.py's `check` of `model`, in DuckDB `release`.
fn in_release(release: &str, check: &str, model: &std::path::Path) -> String {
    script_check(check, model, |command| {
        command.env(
            "PYTHONPATH",
            format!("{}/target/duckdb/{release}", env!("CARGO_MANIFEST_DIR")),
        );
    })
}

promise!(duckdb_script_that_fails_leaves_nothing, needs = [DuckDb]);
fn duckdb_script_that_fails_leaves_nothing() {
    // From an attack: a clash half-way left eleven tables and no views.
    // The script is one transaction: a table of the user's named like one
    // of queens' views, or the model already there, stops it, and after
    // the rollback the database holds what it held before.
    let board = Board::new(8);
    let model = duckdb_script_of(&board);
    let report = script_check("clash", &model, |_| {});
    assert!(
        report.contains("a table named candidate: refused (Invalid Input Error: the schema in use already holds the table candidate,")
            && report.contains("relations before [(1,), (0,)], after [(1,), (0,)]")
            && report.contains("the model itself: refused (Invalid Input Error: the schema in use already holds the table board_rows,")
            && report.contains("solutions after: 92"),
        "{report}"
    );
}
