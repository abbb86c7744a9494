//! What queens says of itself: each command's help and its man pages,
//! as `man` shows them.

use crate::common;
use crate::common::Bounded;

use std::path::Path;

use common::{queens, text};
use tempfile::TempDir;

promise!(server_options_have_a_heading_of_their_own);
fn server_options_have_a_heading_of_their_own() {
    for command in ["count", "solve", "init", "doctor", "query"] {
        let out = queens(Path::new("."))
            .args([command, "--help"])
            .bounded_output()
            .unwrap();
        let help = text(&out.stdout);
        let (before, server) = help
            .split_once("PostgreSQL server options:\n")
            .unwrap_or_else(|| panic!("{command} --help: {help}"));
        // An option's own line, not an example that names it.
        let lists = |text: &str, option: &str| {
            text.lines()
                .any(|line| line.trim_start().starts_with(&format!("{option} <")))
        };
        for option in ["--schema", "--trust-owner"] {
            assert!(
                lists(server, option) && !lists(before, option),
                "{command}: {option}"
            );
        }
    }
}

const COMMANDS: [&str; 15] = [
    "",
    "init",
    "solve",
    "count",
    "query",
    "show",
    "check",
    "complete",
    "space",
    "trace",
    "export",
    "grade",
    "doctor",
    "completions",
    "manpage",
];

/// The roff of queens(1), or of queens-`command`(1).
fn manpage(dir: &Path, command: &str) -> String {
    let mut cmd = queens(dir);
    cmd.arg("manpage");
    if !command.is_empty() {
        cmd.arg(command);
    }
    let out = cmd.bounded_output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

promise!(man_pages_hold_no_backticks_and_keep_examples_as_written);
fn man_pages_hold_no_backticks_and_keep_examples_as_written() {
    let dir = TempDir::new().unwrap();
    for command in COMMANDS {
        let roff = manpage(dir.path(), command);
        assert!(!roff.contains('`'), "queens {command}:\n{roff}");
    }
    let roff = manpage(dir.path(), "");
    assert!(
        roff.contains(r"\%\fBselect\ *\ from\ solution\fP"),
        "{roff}"
    );
    // Examples are no-fill blocks: never joined, filled or hyphenated.
    let roff = manpage(dir.path(), "query");
    let examples = roff.split("Examples:\n").nth(1).expect(&roff);
    assert!(examples.starts_with(".nf\n  queens query"), "{roff}");
}

// `manpage --help`'s loop that installs every page once left out
// queens-trace(1), which queens(1) refers to.
promise!(the_man_page_install_loop_names_every_page);
fn the_man_page_install_loop_names_every_page() {
    let out = queens(Path::new("."))
        .args(["manpage", "--help"])
        .bounded_output()
        .unwrap();
    let help = text(&out.stdout);
    let looped: String = help
        .split("for page in")
        .nth(1)
        .and_then(|rest| rest.split("; do").next())
        .unwrap_or_else(|| panic!("{help}"))
        .replace('\\', " ");
    let mut pages: Vec<&str> = looped
        .split_whitespace()
        .map(|word| word.trim_matches('"'))
        .collect();
    let mut expected: Vec<&str> = COMMANDS.to_vec();
    pages.sort_unstable();
    expected.sort_unstable();
    assert_eq!(pages, expected);
}

/// `roff` as `man` shows it in `columns` columns, or None without man.
fn rendered(roff: &str, columns: usize) -> Option<String> {
    use std::io::Write;
    let mut child = std::process::Command::new("man")
        .args(["-l", "-"])
        .env("MANWIDTH", columns.to_string())
        .env("LANG", "C.UTF-8")
        .env_remove("MANPAGER")
        .env_remove("PAGER")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(roff.as_bytes()).ok()?;
    let out = common::wait::output_of(child, "man -l - to show the page");
    out.status.success().then(|| text(&out.stdout))
}

/// How often `phrase` occurs in `page` with its lines joined and roff's
/// hyphenation undone, and how often on one line as it is.
fn occurrences(page: &str, phrase: &str) -> (usize, usize) {
    let joined = page
        .lines()
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" ")
        .replace("\u{2010} ", "");
    let joined = joined.split_whitespace().collect::<Vec<_>>().join(" ");
    let whole = page.lines().map(|l| l.matches(phrase).count()).sum();
    (joined.matches(phrase).count(), whole)
}

promise!(man_shows_code_unbroken, needs = [Man]);
fn man_shows_code_unbroken() {
    let dir = TempDir::new().unwrap();
    if rendered(".TH t 1\n", 80).is_none() {
        panic!("man -l - did not run: install man-db, or leave this test ignored");
    }
    for columns in [80, 72, 66, 60] {
        let page = rendered(&manpage(dir.path(), ""), columns).unwrap();
        let (anywhere, unbroken) = occurrences(&page, "select * from solution");
        assert!(anywhere >= 1, "{page}");
        assert_eq!(anywhere, unbroken, "{columns} columns:\n{page}");
        assert!(page.contains("sqlite3 queens.db"), "{page}");
    }
    for command in COMMANDS {
        let page = rendered(&manpage(dir.path(), command), 80).unwrap();
        assert!(!page.contains('`'), "queens {command}:\n{page}");
        for phrase in ["select * from solution", "sqlite3 queens.db"] {
            let (anywhere, unbroken) = occurrences(&page, phrase);
            assert_eq!(anywhere, unbroken, "queens {command}:\n{page}");
        }
    }
}
