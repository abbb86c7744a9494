//! The `tree` section: search_tree_tally and search_tree against their
//! forms before only the placements went round their recursions.

use std::path::PathBuf;
use std::time::Duration;

use rusqlite::Connection;

use crate::common::{add_kept_form, board, ms, once, ratio, read_only};

/// search_tree_tally as it was: every square tried a row of the
/// recursion (plain boards). Kept here to measure, in the same run, what
/// counting a placement's tries with its attacked rows as bits gained.
const TALLY_BEFORE: &str = include_str!("../search_tree_tally_before.sql");

/// search_tree as it was: every square tried a row of the recursion, and
/// the line a dead square shares with its attacker found by its name in
/// square_line (plain boards). Kept for the same reason.
const TREE_BEFORE: &str = include_str!("../search_tree_before.sql");

/// Every row of `sql`, as text, for comparing two forms' answers.
fn all_rows(conn: &Connection, sql: &str) -> Vec<Vec<String>> {
    let mut stmt = conn.prepare(sql).unwrap();
    let width = stmt.column_count();
    stmt.query_map([], |row| {
        (0..width)
            .map(|i| row.get::<_, i64>(i).map(|v| v.to_string()))
            .collect()
    })
    .unwrap()
    .map(Result::unwrap)
    .collect()
}

pub fn tree_figures(sizes: &[u8]) {
    // One board of each size (up to 12×12), with both kept forms, read by
    // both tables.
    let dir = tempfile::TempDir::new().unwrap();
    let boards: Vec<(u8, PathBuf)> = (sizes.iter().filter(|&&n| n <= 12))
        .map(|&n| {
            let path = board(dir.path(), n);
            let scope = queens::model::template::Scope::default()
                .with("N", n.into())
                .with("ROWS", n.into())
                .with("W", queens::model::schema::search_words(n, n, false, false));
            add_kept_form(&path, TALLY_BEFORE, &scope);
            add_kept_form(&path, TREE_BEFORE, &scope);
            (n, path)
        })
        .collect();
    tally_figures(&boards);
    every_try_figures(&boards);
}

/// The tally against its form before, and their answers compared.
fn tally_figures(boards: &[(u8, PathBuf)]) {
    println!();
    println!("search_tree_tally against its form before (select * from …, one thread):");
    println!("{:>3} {:>10} {:>10} {:>8}", "N", "tally", "before", "ratio");
    for (n, path) in boards {
        let conn = read_only(path);
        let now = all_rows(&conn, "select * from search_tree_tally");
        assert_eq!(
            now,
            all_rows(&conn, "select * from search_tree_tally_before")
        );
        // The fastest of three runs each, the two alternated, so that a
        // busy moment does not favour one.
        let (mut tally, mut old) = (Duration::MAX, Duration::MAX);
        for _ in 0..3 {
            tally = tally.min(once(|| {
                all_rows(&conn, "select * from search_tree_tally");
            }));
            old = old.min(once(|| {
                all_rows(&conn, "select * from search_tree_tally_before");
            }));
        }
        println!(
            "{n:>3} {:>10} {:>10} {:>8}",
            ms(tally),
            ms(old),
            ratio(old, tally)
        );
    }
}

/// Every row of `view` read, as a user reads the whole search tree: one
/// aggregate over every column, so that SQLite works out each.
fn every_column(view: &str, n: u8) -> String {
    let squares: Vec<String> = (1..=n).map(|k| format!("(s{k} is not null)")).collect();
    format!(
        "select count(*), sum(queens + placed + {} + (anchor is not null) \
         + (mov_dir is not null) + (attacker is not null)) from {view}",
        squares.join(" + ")
    )
}

/// The rows of one view missing from the other, both ways.
fn rows_apart(conn: &Connection) -> i64 {
    conn.query_row(
        "select (select count(*) from (select * from search_tree \
                 except select * from search_tree_before)) \
              + (select count(*) from (select * from search_tree_before \
                 except select * from search_tree))",
        [],
        |row| row.get(0),
    )
    .unwrap()
}

/// search_tree read whole against its form before: the same tries (every
/// row compared up to 10×10, the aggregate everywhere), the fastest of
/// three runs each alternated up to 11×11, one run each at 12×12, where
/// the form before takes a minute or more.
fn every_try_figures(boards: &[(u8, PathBuf)]) {
    println!();
    println!("search_tree, every column of every row (one aggregate, one thread):");
    println!(
        "{:>3} {:>10} {:>10} {:>10} {:>8}",
        "N", "tries", "now", "before", "ratio"
    );
    for &(n, ref path) in boards {
        let conn = read_only(path);
        if n <= 10 {
            assert_eq!(rows_apart(&conn), 0);
        }
        let read = |view: &str| {
            conn.query_row(&every_column(view, n), [], |row| {
                Ok((row.get::<_, i64>(0)?, row.get::<_, i64>(1)?))
            })
            .unwrap()
        };
        let (mut now, mut old) = (Duration::MAX, Duration::MAX);
        let mut answers = ((0, 0), (0, 0));
        for _ in 0..if n < 12 { 3 } else { 1 } {
            now = now.min(once(|| answers.0 = read("search_tree")));
            old = old.min(once(|| answers.1 = read("search_tree_before")));
            assert_eq!(answers.0, answers.1);
        }
        let tries = answers.0.0;
        println!(
            "{n:>3} {tries:>10} {:>10} {:>10} {:>8}",
            ms(now),
            ms(old),
            ratio(old, now)
        );
    }
}
