//! What a newcomer meets first: `space` wider than the terminal,
//! the man page's backticks and broken code, Datasette's metadata keyed by
//! a file name nobody mentioned, and a PostgreSQL script that left a
//! queens.db behind.

use crate::common;

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

promise!(space_fits_80_columns_when_stdout_is_not_a_terminal);
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

promise!(space_follows_columns_as_help_does);
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

const COMMANDS: [&str; 14] = [
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
    let out = cmd.output().unwrap();
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

// From a review of the book: `manpage --help`'s loop that installs every
// page left out queens-trace(1), which queens(1) refers to.
promise!(the_man_page_install_loop_names_every_page);
fn the_man_page_install_loop_names_every_page() {
    let out = queens(Path::new("."))
        .args(["manpage", "--help"])
        .output()
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
    let out = child.wait_with_output().ok()?;
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

/// The names in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

promise!(datasette_metadata_names_the_file_it_is_keyed_to_and_how_to_serve_it);
fn datasette_metadata_names_the_file_it_is_keyed_to_and_how_to_serve_it() {
    let dir = TempDir::new().unwrap();
    let made = queens(dir.path())
        .args(["init", "--size", "6", "--db", "ten.db"])
        .output()
        .unwrap();
    assert!(made.status.success(), "{}", text(&made.stderr));
    let export = |extra: &[&str]| {
        let out = queens(dir.path())
            .args(["export", "--format", "datasette", "--db", "ten.db"])
            .args(extra)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", text(&out.stderr));
        (text(&out.stdout), text(&out.stderr))
    };
    let (_, said) = export(&["--out", "metadata.json"]);
    assert_eq!(
        said,
        "queens: wrote Datasette's metadata to metadata.json, for ten.db only \
         (Datasette names it \"ten\"): datasette ten.db -m metadata.json\n"
    );
    let document: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("metadata.json")).unwrap()).unwrap();
    assert!(document["databases"]["ten"].is_object(), "{document}");
    // To standard output: the same, the metadata's file left to the user.
    let (json, said) = export(&[]);
    assert!(json.starts_with('{'), "{json}");
    assert_eq!(
        said,
        "queens: Datasette's metadata for ten.db only (Datasette names it \"ten\"): \
         datasette ten.db -m FILE\n"
    );
}

promise!(the_postgres_script_creates_no_database_file);
fn the_postgres_script_creates_no_database_file() {
    let dir = TempDir::new().unwrap();
    let out = queens(dir.path())
        .args(["export", "--format", "sql", "--dialect", "postgres"])
        .args(["--out", "model.sql"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(listing(dir.path()), ["model.sql"]);
    assert_eq!(
        text(&out.stderr),
        "queens: wrote the PostgreSQL script of the 8×8 board to model.sql\n"
    );
    let script = std::fs::read_to_string(dir.path().join("model.sql")).unwrap();
    assert!(script.contains("8×8"), "{}", &script[..200]);
    // --size chooses the board, on standard output too; still no file.
    let out = queens(dir.path())
        .args([
            "export",
            "--format",
            "sql",
            "--dialect",
            "postgres",
            "--size",
            "5",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("5×5"));
    assert_eq!(listing(dir.path()), ["model.sql"]);
    // Where the file exists, its board is the script's, as before.
    let made = queens(dir.path())
        .args(["init", "--size", "6"])
        .output()
        .unwrap();
    assert!(made.status.success(), "{}", text(&made.stderr));
    let out = queens(dir.path())
        .args(["export", "--format", "sql", "--dialect", "postgres"])
        .output()
        .unwrap();
    assert!(text(&out.stdout).contains("6×6"), "{}", text(&out.stderr));
}
