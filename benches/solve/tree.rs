//! The `tree` section: search_tree_tally against the form before it
//! counted the tries a placement at a time.

use std::time::Duration;

use rusqlite::Connection;

use crate::common::{add_kept_form, board, ms, once, ratio, read_only};

/// search_tree_tally as it was: every square tried a row of the
/// recursion (plain boards). Kept here to measure, in the same run, what
/// counting a placement's tries with its attacked rows as bits gained.
const TALLY_BEFORE: &str = include_str!("../search_tree_tally_before.sql");

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
    println!();
    println!("search_tree_tally against its form before (select * from …, one thread):");
    println!("{:>3} {:>10} {:>10} {:>8}", "N", "tally", "before", "ratio");
    let dir = tempfile::TempDir::new().unwrap();
    for &n in sizes.iter().filter(|&&n| n <= 12) {
        let path = board(dir.path(), n);
        let scope = queens::model::template::Scope::default()
            .with("N", n.into())
            .with("ROWS", n.into());
        add_kept_form(&path, TALLY_BEFORE, &scope);
        let conn = read_only(&path);
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
