//! A database written by `queens` works in the stock `sqlite3` shell: no
//! function or extension of the CLI is needed to read the views.

use crate::common;
use crate::common::Bounded;

use std::process::Command;

use common::Board;

/// What the stock shell prints for `sql` on the board's file. These tests
/// need the shell, so a plain `cargo test` shows them as ignored; `.ci/run`
/// installs it and runs them.
fn shell(board: &Board, sql: &str) -> Option<String> {
    shell_on(&board.db, sql)
}

fn shell_on(db: &std::path::Path, sql: &str) -> Option<String> {
    let output = Command::new("sqlite3")
        .arg(db)
        .arg(sql)
        .bounded_output()
        .expect("the sqlite3 shell (apt-get install sqlite3)");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    Some(String::from_utf8(output.stdout).unwrap())
}

promise!(the_stock_shell_reads_every_view, needs = [Sqlite3]);
fn the_stock_shell_reads_every_view() {
    let board = Board::new(8);
    let Some(all) = shell(&board, "select * from solution") else {
        return;
    };
    let rows: Vec<&str> = all.lines().collect();
    assert_eq!(rows.len(), 92);
    assert_eq!(rows[0], "a1|b5|c8|d6|e3|f7|g2|h4");
    assert_eq!(rows[91], "a8|b4|c1|d3|e6|f2|g7|h5");
    let counts = shell(
        &board,
        "select count(*) from candidate; select count(*) from solution_by_definition;
         select search_space from search_space where step = 4;",
    )
    .unwrap();
    assert_eq!(counts, "5242\n92\n40320\n");
    let c5 = shell(
        &board,
        "select anchor || ' ' || mov_dir from square_line where square = 'c5' order by 1",
    )
    .unwrap();
    assert_eq!(c5, "a3 RGHT-UP\na5 RGHT\na7 RGHT-DN\nc1 UP\n");
    // The funnel of 8×8, as the book gives it.
    let funnel = shell(&board, "select * from search_funnel").unwrap();
    assert_eq!(
        funnel,
        "0|1|1\n1|8|8\n2|42|42\n3|180|140\n4|650|344\n5|1928|568\n\
         6|4386|550\n7|6748|312\n8|5242|92\n"
    );
}

promise!(the_stock_shell_reads_a_large_board, needs = [Sqlite3]);
fn the_stock_shell_reads_a_large_board() {
    let board = Board::new(11);
    let Some(count) = shell(&board, "select count(*) from solution") else {
        return;
    };
    assert_eq!(count, "2680\n");
}

promise!(
    the_stock_shell_rebuilds_a_database_from_the_sql_export,
    needs = [Sqlite3]
);
fn the_stock_shell_rebuilds_a_database_from_the_sql_export() {
    let board = Board::new(7);
    let dump = board.dir.path().join("dump.sql");
    let export = common::queens(board.dir.path())
        .args(["export", "--format", "sql", "--db"])
        .arg(&board.db)
        .arg("--out")
        .arg(&dump)
        .bounded_output()
        .unwrap();
    assert!(
        export.status.success(),
        "{}",
        String::from_utf8_lossy(&export.stderr)
    );
    let copy = board.dir.path().join("copy.db");
    let status = Command::new("sqlite3")
        .arg(&copy)
        .stdin(std::fs::File::open(&dump).unwrap())
        .bounded_status()
        .unwrap();
    assert!(status.success());
    let copy = Board {
        dir: tempfile::TempDir::new().unwrap(),
        db: copy,
        n: 7,
    };
    for sql in [
        "select * from solution",
        "select * from fundamental_solution",
        "select * from square_line order by 1, 2, 3",
        "select count(*) from candidate",
    ] {
        assert_eq!(copy.rows(sql), board.rows(sql), "{sql}");
    }
}

promise!(
    the_stock_shell_s_own_dump_rebuilds_the_database,
    needs = [Sqlite3]
);
fn the_stock_shell_s_own_dump_rebuilds_the_database() {
    let board = Board::new(6);
    let dump = Command::new("sqlite3")
        .arg(&board.db)
        .arg(".dump")
        .bounded_output()
        .expect("the sqlite3 shell");
    assert!(dump.status.success());
    let copy = board.dir.path().join("copy.db");
    let mut load = Command::new("sqlite3")
        .arg(&copy)
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    load.stdin.take().unwrap().write_all(&dump.stdout).unwrap();
    let loaded = common::wait::output_of(load, "the sqlite3 shell to load the dump");
    assert!(
        loaded.status.success() && loaded.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&loaded.stderr)
    );
    let count = shell_on(&copy, "select count(*) from solution").unwrap();
    assert_eq!(count, "4\n");
}
