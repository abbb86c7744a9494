//! What a newcomer met first (issue 30): `space` wider than the terminal,
//! the man page's backticks and broken code, Datasette's metadata keyed by
//! a file name nobody mentioned, and a PostgreSQL script that left a
//! queens.db behind.

mod common;

use std::path::Path;

use common::{queens, text};
use tempfile::TempDir;

/// `queens space` for an n×n board in `dir`, stdout not a terminal,
/// `COLUMNS` set to `columns` or unset.
fn space(dir: &Path, n: u8, columns: Option<usize>, extra: &[&str]) -> String {
    let mut cmd = queens(dir);
    cmd.args([
        "space",
        "--size",
        &n.to_string(),
        "--db",
        &format!("q{n}.db"),
    ])
    .args(extra)
    .env_remove("COLUMNS");
    if let Some(columns) = columns {
        cmd.env("COLUMNS", columns.to_string());
    }
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

fn widest_line(output: &str) -> usize {
    output.lines().map(|l| l.chars().count()).max().unwrap_or(0)
}

/// The words holding a digit, in order: the numbers and the formulas'
/// pieces, which wrapping moves between lines but must never drop.
fn numbers(output: &str) -> Vec<String> {
    let mut words: Vec<String> = output
        .split_whitespace()
        .filter(|w| w.chars().any(|c| c.is_ascii_digit()))
        .map(String::from)
        .collect();
    words.sort();
    words
}

#[test]
fn space_fits_80_columns_when_stdout_is_not_a_terminal() {
    let dir = TempDir::new().unwrap();
    for n in [4, 8, 12, 20, 26] {
        let narrow = space(dir.path(), n, None, &[]);
        assert!(widest_line(&narrow) <= 80, "{n}×{n}:\n{narrow}");
        // Every number a wide terminal shows is still there.
        let wide = space(dir.path(), n, Some(400), &[]);
        let reasoning = |s: &str| s.split("The funnel").next().unwrap().to_string();
        assert_eq!(
            numbers(&reasoning(&narrow)),
            numbers(&reasoning(&wide)),
            "{n}×{n}:\n{narrow}\n{wide}"
        );
        assert!(narrow.contains("search space") || narrow.contains("search\n"));
    }
}

#[test]
fn space_follows_columns_as_help_does() {
    let dir = TempDir::new().unwrap();
    for (n, columns) in [(8, 60), (12, 60), (20, 60), (12, 50), (8, 100)] {
        let out = space(dir.path(), n, Some(columns), &[]);
        assert!(widest_line(&out) <= columns, "{n}×{n} in {columns}:\n{out}");
        let funnel = |s: &str| s.split("The funnel").nth(1).map(numbers);
        let wide = space(dir.path(), n, Some(400), &[]);
        assert_eq!(numbers(&out), numbers(&wide), "{out}");
        assert_eq!(funnel(&out), funnel(&wide), "{out}");
    }
    // The bar is decoration: narrower, not gone.
    let out = space(dir.path(), 8, Some(50), &[]);
    assert!(out.contains("###"), "{out}");
    // At 80 columns the funnel keeps its 30-character bar.
    let out = space(dir.path(), 8, None, &[]);
    assert!(out.contains(&format!("{} 100%", "#".repeat(30))), "{out}");
}
