//! The console's SQLite (sql.js, in the browser) and `queens grade`'s (the
//! bundled SQLite) offer a learner the same functions: the page refuses,
//! in words, every function it has that the grader lacks, so that the
//! page's Right is the grader's tick.

use std::collections::BTreeSet;
use std::path::Path;

use crate::common::chromium::Tab;

use crate::common::chromium::{click, eval};
use crate::common::{Board, text};
use crate::console::console_of;
use crate::console::in_chromium::{check, open_console, run};

/// A course of one exercise whose reference answer is the board's number
/// of squares.
const COURSE: &str = r#"
[[exercise]]
title = "Count the squares"
prompt = "How many squares has the board?"
answer = "select count(*) from square"
"#;

/// What the page says of a function the grader lacks, after its name.
const REFUSED: &str = " runs here but not where your teacher checks answers (queens grade): write the answer without it";

/// The page's functions, as its SQLite lists them, by name and number of
/// arguments ("sqrt/1"): all of them, and those that refuse to run, in
/// the words the page refuses with (each registered, not built in, as the
/// page's are; sql.js registers some of its own, FTS3's, which run).
fn functions_in_the_page(tab: &Tab) -> (BTreeSet<String>, BTreeSet<String>) {
    let (count, error) = run(
        tab,
        "select distinct lower(name) || '/' || narg, builtin from pragma_function_list",
    );
    assert_eq!(error, "", "{count}");
    let rows = eval(
        tab,
        "JSON.stringify(Array.from(document.querySelectorAll('#console-rows tbody tr'), \
         tr => [tr.cells[0].textContent, tr.cells[1].textContent]))",
    );
    let rows: Vec<(String, String)> = serde_json::from_str(&rows).unwrap();
    assert!(
        rows.len() > 100 && count.starts_with(&rows.len().to_string()),
        "{count}"
    );
    let all = rows.iter().map(|(f, _)| f.clone()).collect();
    let registered = rows.iter().filter(|(_, builtin)| builtin == "0");
    let refusing = registered
        .map(|(f, _)| f.clone())
        .filter(|f| refuses(tab, f))
        .collect();
    (all, refusing)
}

/// Whether the page refuses to run the function `f` ("name/narg"), as it
/// refuses one the grader lacks.
fn refuses(tab: &Tab, f: &str) -> bool {
    let (name, narg) = f.rsplit_once('/').unwrap();
    let nulls = vec!["null"; narg.parse::<usize>().unwrap_or(1)].join(", ");
    let (_, error) = run(tab, &format!("select \"{name}\"({nulls})"));
    error.contains(REFUSED)
}

/// The functions of the grader's SQLite, as the binary's own says.
fn functions_of_the_grader(board: &Board) -> BTreeSet<String> {
    let csv = board.stdout(&[
        "query",
        "--format",
        "csv",
        "select distinct lower(name) || '/' || narg from pragma_function_list",
    ]);
    csv.lines().skip(1).map(str::to_string).collect()
}

promise!(
    the_page_refuses_exactly_the_functions_the_grader_lacks,
    needs = [Chromium, SqlJs]
);
/// sql.js's functions, less the grader's, are the page's refusing ones,
/// as each SQLite lists its own; and where the grader lacks one the page
/// has (a page told so: sqrt and mod taken off its list of the grader's),
/// an answer that calls it is not right, and the verdict names it.
fn the_page_refuses_exactly_the_functions_the_grader_lacks() {
    let board = Board::new(6);
    std::fs::write(board.dir.path().join("course.toml"), COURSE).unwrap();
    let page = console_of(&board, &["--exercises", "course.toml"]);
    let grader = functions_of_the_grader(&board);
    let (_browser, tab) = open_console(&page, "", (1280, 900));
    let (in_the_page, refusing) = functions_in_the_page(&tab);
    let lacking: BTreeSet<String> = in_the_page.difference(&grader).cloned().collect();
    assert_eq!(refusing, lacking);
    drop(tab);
    let written = std::fs::read_to_string(&page).unwrap();
    let told = written
        .replacen(r#"["sqrt",1],"#, "", 1)
        .replacen(r#"["mod",2],"#, "", 1);
    assert_eq!(told.len(), written.len() - r#"["sqrt",1],["mod",2],"#.len());
    std::fs::write(&page, told).unwrap();
    let (_browser, tab) = open_console(&page, "", (1280, 900));
    let (_, refusing) = functions_in_the_page(&tab);
    assert_eq!(refusing, BTreeSet::from(["mod/2".into(), "sqrt/1".into()]));
    let verdict = check(
        &tab,
        0,
        "select cast(power(sqrt(count(*)), 2) as integer) from square",
    );
    assert!(verdict.contains(&format!("sqrt(){REFUSED}")), "{verdict}");
    let (_, error) = run(&tab, "select count(*) from square where mod(1, 1) = 0");
    assert!(error.contains(&format!("mod(){REFUSED}")), "{error}");
}

/// The file "Download my answers" saves, read from the Blob the page
/// makes for it.
fn downloaded(tab: &Tab) -> String {
    eval(
        tab,
        "(() => { const made = URL.createObjectURL; window.saved = null; \
         URL.createObjectURL = blob => { window.saved = blob; return made(blob); }; })()",
    );
    click(tab, "#console-download");
    let saved = tab.evaluate("window.saved.text()", true).unwrap().value;
    saved.unwrap().as_str().unwrap().to_string()
}

promise!(
    an_answer_calling_sqlite_s_math_is_right_in_the_page_and_ticked_by_grade,
    needs = [Chromium, SqlJs]
);
/// A learner whose answer the page calls right hands it in, and `queens
/// grade` ticks it: SQLite's math functions (sqrt, power, mod) are in
/// both SQLites, and judged alike.
fn an_answer_calling_sqlite_s_math_is_right_in_the_page_and_ticked_by_grade() {
    let board = Board::new(8);
    let dir: &Path = board.dir.path();
    std::fs::write(dir.join("course.toml"), COURSE).unwrap();
    let page = console_of(&board, &["--exercises", "course.toml"]);
    let (_browser, tab) = open_console(&page, "", (1280, 900));
    for answer in [
        "select cast(power(sqrt(count(*)), 2) as integer) from square",
        "select count(*) from square where mod(1, 1) = 0",
    ] {
        let verdict = check(&tab, 0, answer);
        assert!(verdict.starts_with("Right"), "{answer}: {verdict}");
        std::fs::write(dir.join("alice.json"), downloaded(&tab)).unwrap();
        let out = board.run(&[
            "grade",
            "--exercises",
            "course.toml",
            "-f",
            "csv",
            "alice.json",
        ]);
        let graded = text(&out.stdout);
        let row = graded.lines().nth(1).unwrap_or_default();
        assert!(
            row.starts_with("alice,✓"),
            "{answer}: {graded}{}",
            text(&out.stderr)
        );
    }
}
