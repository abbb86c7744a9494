//! The file reads as well in the SQLite people have as in the one queens
//! bundles: the sqlite3 shell of this machine (Debian 12: 3.40), and the
//! SQLite of several apsw wheels from PyPI (3.39, 3.40, 3.43, 3.45, 3.46), which
//! `.ci/install.sh` installs under target/old-sqlite/. `select * from
//! solution` gives the same rows in the same board order in each, and
//! streams: no step of its plan sorts the whole result, so its first rows
//! come as soon as the search finds them (the book's performance page times them).

use crate::common;
use crate::common::Bounded;

use std::path::PathBuf;
use std::process::Command;

use common::Board;
use queens::checker;

/// The SQLite builds to read with: each apsw wheel's directory.
fn wheels() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/old-sqlite");
    let mut found: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap_or_else(|_| panic!("{} (.ci/install.sh makes it)", root.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    found.sort();
    let versions: Vec<String> = found
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for wanted in ["3.39", "3.40", "3.43", "3.45"] {
        assert!(
            versions.iter().any(|v| v.starts_with(wanted)),
            "no SQLite {wanted} among {versions:?}"
        );
    }
    found
}

/// What the tool prints for `mode` and `sql` with the SQLite of `wheel`:
/// the version, then the lines.
fn read(wheel: &std::path::Path, board: &Board, mode: &str, sql: &str) -> (String, Vec<String>) {
    let tool = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/tools/old_sqlite.py");
    let out = Command::new("python3")
        .arg(tool)
        .arg(wheel)
        .arg(&board.db)
        .args([mode, sql])
        .bounded_output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines().map(str::to_string);
    (lines.next().unwrap(), lines.collect())
}

/// The shell of this machine, as its users run it.
fn shell(board: &Board, sql: &str) -> Vec<String> {
    let out = Command::new("sqlite3")
        .args(["-separator", "\t"])
        .arg(&board.db)
        .arg(sql)
        .bounded_output()
        .expect("the sqlite3 shell");
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The native checker's solutions of `n`×`n`, in board order, as lines.
fn native(n: u8) -> Vec<String> {
    checker::solutions(n)
        .iter()
        .map(|rows| {
            checker::squares_of(rows)
                .iter()
                .map(|q| q.name())
                .collect::<Vec<_>>()
                .join("\t")
        })
        .collect()
}

promise!(
    every_sqlite_gives_the_rows_in_board_order,
    needs = [OldSqlite, Sqlite3]
);
fn every_sqlite_gives_the_rows_in_board_order() {
    for n in [1u8, 4, 5, 6, 8, 10] {
        let board = Board::new(n);
        for wheel in wheels() {
            let (version, rows) = read(&wheel, &board, "rows", "select * from solution");
            assert_eq!(rows, native(n), "SQLite {version}, {n}×{n}");
        }
        assert_eq!(
            shell(&board, "select * from solution"),
            native(n),
            "the shell, {n}×{n}"
        );
        let numbered: Vec<String> = native(n)
            .iter()
            .enumerate()
            .map(|(i, squares)| format!("{}\t{squares}", i + 1))
            .collect();
        assert_eq!(
            shell(&board, "select * from numbered_solution"),
            numbered,
            "the shell numbers {n}×{n} in board order"
        );
    }
}

promise!(
    every_sqlite_streams_the_solutions_without_sorting_them_all,
    needs = [OldSqlite, Sqlite3]
);
fn every_sqlite_streams_the_solutions_without_sorting_them_all() {
    let board = Board::new(14);
    let first: Vec<String> = native(14).into_iter().take(3).collect();
    for wheel in wheels() {
        let (version, plan) = read(&wheel, &board, "plan", "select * from solution");
        assert!(
            !plan.iter().any(|step| step.contains("TEMP B-TREE")),
            "SQLite {version} sorts the solutions: {plan:?}"
        );
        let (version, rows) = read(&wheel, &board, "rows", "select * from solution limit 3");
        assert_eq!(rows, first, "SQLite {version}");
    }
    assert_eq!(shell(&board, "select * from solution limit 3"), first);
}

/// The first three rows each view built on the search gives at 14×14, as
/// the native checker finds them, tab-separated.
fn first_rows_of_views() -> Vec<(&'static str, Vec<String>)> {
    let all = checker::solutions(14);
    let line = |rows: &[u8]| {
        let squares: Vec<String> = checker::squares_of(rows).iter().map(|q| q.name()).collect();
        squares.join("\t")
    };
    let numbered = (1..=3)
        .map(|k| format!("{k}\t{}", line(&all[k - 1])))
        .collect();
    let queens = line(&all[0])
        .split('\t')
        .take(3)
        .map(|square| format!("1\t{square}"))
        .collect();
    // A class's first solution in board order is the least of its images
    // (checker::fundamental_solutions keys the classes so), and the class
    // holds as many solutions as it has distinct images: the first three
    // classes, without sorting all 45,752.
    let fundamental = all
        .iter()
        .filter_map(|rows| {
            let mut images = checker::images(rows);
            images.sort();
            images.dedup();
            (images[0] == *rows).then(|| format!("{}\t{}", line(rows), images.len()))
        })
        .take(3)
        .collect();
    vec![
        ("numbered_solution", numbered),
        ("solution_queen", queens),
        ("fundamental_solution", fundamental),
    ]
}

/// The budget, in steps of 100,000 instructions: the first rows of every
/// view at 14×14 take from 2 steps (fundamental_solution) to some 120
/// (solution_class), the whole search (365,596 solutions) tens of
/// thousands. Eight times the most the first rows take: every step past
/// that is only time spent proving that the whole search is cut off.
const BUDGET: u64 = 1_000;

/// What the shell prints for `sql`, or None when its `.progress` budget
/// interrupts it.
fn shell_within_budget(board: &Board, sql: &str) -> Option<Vec<String>> {
    let out = Command::new("sqlite3")
        .args(["-separator", "\t", "-cmd"])
        .arg(format!(".progress 100000 --limit {BUDGET} --quiet"))
        .arg(&board.db)
        .arg(sql)
        .bounded_output()
        .expect("the sqlite3 shell");
    let interrupted = String::from_utf8_lossy(&out.stderr).contains("interrupted");
    assert!(out.status.success() || interrupted, "{out:?}");
    (!interrupted).then(|| {
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    })
}

promise!(
    every_sqlite_gives_the_views_first_rows_without_the_whole_search,
    needs = [OldSqlite, Sqlite3]
);
fn every_sqlite_gives_the_views_first_rows_without_the_whole_search() {
    // Each view's first rows are decided by the first solutions alone:
    // numbered in the explicit order SQLite's loops already deliver (the
    // numbered views' first 200 rows), a representative when none of its
    // images comes first, a class among the first 200 solutions. The plans
    // sort (the rows after the first 200 wait for the whole search), so
    // the test counts instructions, which any machine counts alike, and
    // holds that the same budget interrupts the whole search.
    let board = Board::new(14);
    let mut views = first_rows_of_views();
    let classes = common::first_classes(14, 3);
    views.push((
        "solution_class",
        classes.iter().map(|row| row.join("\t")).collect(),
    ));
    let whole = "select count(*) from solution";
    for (view, first) in &views {
        let sql = format!("select * from {view} limit 3");
        for wheel in wheels() {
            let (version, lines) = read(&wheel, &board, &format!("budget:{BUDGET}"), &sql);
            assert_eq!(
                lines[..lines.len() - 1],
                first[..],
                "{view} in SQLite {version}: {lines:?}"
            );
        }
        assert_eq!(
            shell_within_budget(&board, &sql).as_ref(),
            Some(first),
            "{view}"
        );
    }
    for wheel in wheels() {
        let (version, lines) = read(&wheel, &board, &format!("budget:{BUDGET}"), whole);
        assert_eq!(
            lines,
            [format!("interrupted after {BUDGET} steps")],
            "SQLite {version}"
        );
    }
    assert_eq!(
        shell_within_budget(&board, whole),
        None,
        "the shell's budget"
    );
}
