//! The database file in DuckDB, through its SQLite extension: every table
//! and view reads there with SQLite's column names and rows (in order where
//! a view orders them), and its information schema lists them, read by python3
//! with the duckdb and duckdb-ext-sqlite packages.

use crate::common;

use std::process::Command;

use common::Board;

const CHECK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/tools/duckdb_reads.py");

/// Runs the check on `board`, for `only` these objects (all when empty).
fn duckdb_reads(board: &Board, only: &[&str]) -> String {
    let out = Command::new("python3")
        .arg(CHECK)
        .arg(&board.db)
        .args(only)
        .output()
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
    // solutions and the rest, each in order. (At 11×11 DuckDB's own plan
    // of the search takes over a minute, against 4 s here.)
    let board = Board::new(10);
    let report = duckdb_reads(&board, &["numbered_solution", "solution_class"]);
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
