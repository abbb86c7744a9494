//! The page's console and exercises (`queens export --console`): sql.js
//! found and checked before anything is written, a teacher's exercises
//! checked on every board the page carries, and the page used as a learner
//! uses it, in Debian's chromium.

use crate::common;
use crate::common::Bounded;

use std::io::Read;
use std::path::{Path, PathBuf};

use common::{Board, text};

/// sql.js as `npm ci` puts it in the clone (package.json pins it).
pub(crate) fn sqljs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("node_modules/sql.js")
}

/// Writes the console page of `board` (with `more` arguments) as console.html
/// in its directory and returns its path.
pub(crate) fn console_of(board: &Board, more: &[&str]) -> PathBuf {
    let page = board.dir.path().join("console.html");
    let sqljs = sqljs();
    let mut args = vec!["export", "--console", "--sqljs", sqljs.to_str().unwrap()];
    args.extend_from_slice(more);
    args.extend(["--force", "--out", page.to_str().unwrap()]);
    let out = board.run(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    page
}

/// A folder shaped like the sql.js package, of `version`, whose inline
/// build is `inline`.
fn fake_package(dir: &Path, version: &str, inline: &str) -> PathBuf {
    let package = dir.join(format!("fake-{version}"));
    std::fs::create_dir_all(package.join("dist")).unwrap();
    std::fs::write(
        package.join("package.json"),
        format!("{{\"name\": \"sql.js\", \"version\": \"{version}\"}}"),
    )
    .unwrap();
    std::fs::write(package.join("dist/sql-wasm-inline.js"), inline).unwrap();
    std::fs::write(package.join("LICENSE"), "MIT").unwrap();
    package
}

/// One line on stderr, the exit code, and no page.
fn refused(board: &Board, args: &[&str], code: i32) -> String {
    let out = board.run(args);
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{args:?}: {said}");
    assert_eq!(said.lines().count(), 1, "{args:?}: {said}");
    assert!(
        !said.contains(".queens-") && !said.contains("panicked"),
        "{said}"
    );
    assert!(
        !board.dir.path().join("console.html").exists(),
        "{args:?} wrote the page"
    );
    said
}

/// The one line `export --console --sqljs DIR` is refused with (exit 2).
fn refused_with_sqljs(board: &Board, dir: &str) -> String {
    refused(
        board,
        &[
            "export",
            "--console",
            "--sqljs",
            dir,
            "--out",
            "console.html",
        ],
        2,
    )
}

/// The release of sql.js package.json pins, which the console is written for.
fn pinned_sqljs() -> String {
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("package.json"))
            .unwrap();
    let manifest: serde_json::Value = serde_json::from_str(&manifest).unwrap();
    manifest["devDependencies"]["sql.js"]
        .as_str()
        .unwrap()
        .to_string()
}

promise!(the_console_needs_sqljs_from_npm_and_says_how_to_get_it);
fn the_console_needs_sqljs_from_npm_and_says_how_to_get_it() {
    let board = Board::new(8);
    // No node_modules where queens runs: the command that gets it, the
    // one the README's install section names too.
    let said = refused(&board, &["export", "--console", "--out", "console.html"], 1);
    let install = format!("npm install sql.js@{}", pinned_sqljs());
    assert!(said.contains(&install), "{said}");
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let install_section = readme
        .split("## Install")
        .nth(1)
        .unwrap()
        .split("\n## ")
        .next()
        .unwrap();
    assert!(
        install_section.contains(&install),
        "README's install section lacks `{install}`"
    );
    let dir = board.dir.path();
    let old = fake_package(dir, "1.15.0", "");
    let said = refused_with_sqljs(&board, old.to_str().unwrap());
    assert!(
        said.contains("is sql.js 1.15.0, not 1.17.0") && said.contains(old.to_str().unwrap()),
        "{said}"
    );
    // The right version with another file inside: not the release.
    let altered = fake_package(dir, "1.17.0", "var initSqlJs = () => 0;");
    let said = refused_with_sqljs(&board, altered.to_str().unwrap());
    assert!(said.contains("SHA-256 differs"), "{said}");
    let said = refused_with_sqljs(&board, "no/such/dir");
    assert!(said.contains("--sqljs no/such/dir"), "{said}");
    let said = refused(&board, &["export", "--console", "--format", "csv"], 2);
    assert!(said.contains("--format html"), "{said}");
    for (flag, value) in [
        ("--exercises", "course.toml"),
        ("--sqljs", "node_modules/sql.js"),
    ] {
        let said = refused(&board, &["export", flag, value, "--out", "console.html"], 2);
        assert!(said.contains("--console"), "{said}");
    }
}

/// `export --console` with the teacher's `file` on `board`.
fn export_with(board: &Board, file: &str) -> std::process::Output {
    let sqljs = sqljs();
    let sqljs = sqljs.to_str().unwrap();
    board.run(&[
        "export",
        "--console",
        "--sqljs",
        sqljs,
        "--exercises",
        file,
        "--out",
        "console.html",
    ])
}

/// The one line `export --console` refuses `file` holding `contents` with.
fn refused_file(board: &Board, file: &str, contents: &str) -> String {
    std::fs::write(board.dir.path().join(file), contents).unwrap();
    refused_output(board, export_with(board, file))
}

/// The one line of a refusal with exit 2, which wrote no page.
fn refused_output(board: &Board, out: std::process::Output) -> String {
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(!board.dir.path().join("console.html").exists());
    said
}

/// One exercise, as a teacher's file has it.
pub(crate) fn exercise(title: &str, answer: &str) -> String {
    format!("[[exercise]]\ntitle = \"{title}\"\nprompt = \"p\"\nanswer = \"{answer}\"\n")
}

// From an attack: an answer `select count(*) from dbstat` was written
// (exit 0), and every check in the page said "no such table: dbstat":
// the export ran it in the bundled SQLite, which has dbstat, and the page
// runs sql.js, which has not. What the export accepts, the page can run.
promise!(
    an_answer_that_needs_what_the_page_s_sqlite_lacks_is_refused_by_name,
    needs = [SqlJs]
);
fn an_answer_that_needs_what_the_page_s_sqlite_lacks_is_refused_by_name() {
    let board = Board::new(8);
    for (answer, lacking) in [
        (
            "select count(*) from dbstat",
            "its answer reads dbstat, a virtual table, which the page's SQLite (sql.js 1.17.0, SQLite",
        ),
        (
            "select soundex(square) from square",
            "its answer calls soundex(), which the page's SQLite",
        ),
    ] {
        let said = refused_file(&board, "lacks.toml", &exercise("Lacks", answer));
        assert!(said.contains(lacking), "{answer}: {said}");
    }
    // Table functions both SQLites have, which each makes a module only
    // once a statement names it, are not taken for what the page lacks.
    let both = [
        "select count(*) + n from json_each('[1, 2]'), board_size",
        "select count(*) from pragma_table_info('square'), board_size",
    ];
    for answer in both {
        std::fs::write(board.dir.path().join("both.toml"), exercise("Both", answer)).unwrap();
        let out = export_with(&board, "both.toml");
        assert!(out.status.success(), "{answer}: {}", text(&out.stderr));
        std::fs::remove_file(board.dir.path().join("console.html")).unwrap();
    }
}

// The page's SQLite as the export knows it (src/render/sqljs_sqlite.json)
// is what sql.js 1.17.0 says of itself, asked in node.
// `QUEENS_BLESS=1 cargo test -- console::` writes it again.
promise!(
    what_the_export_knows_of_the_page_s_sqlite_is_what_sqljs_says,
    needs = [SqlJs]
);
fn what_the_export_knows_of_the_page_s_sqlite_is_what_sqljs_says() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = std::process::Command::new("node")
        .arg(root.join("tests/tools/sqljs_sqlite.js"))
        .arg(sqljs())
        .bounded_output()
        .expect("node, which npm ci needs too");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let known = root.join("src/render/sqljs_sqlite.json");
    if crate::common::golden::blessing() {
        std::fs::write(&known, &out.stdout).unwrap();
    }
    assert_eq!(
        text(&out.stdout),
        std::fs::read_to_string(&known).unwrap(),
        "sql.js says otherwise than {}",
        known.display()
    );
}

promise!(a_device_or_a_huge_file_in_the_package_is_not_read_for_ever);
fn a_device_or_a_huge_file_in_the_package_is_not_read_for_ever() {
    let board = Board::new(8);
    let package = fake_package(board.dir.path(), "1.17.0", "");
    std::fs::remove_file(package.join("package.json")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", package.join("package.json")).unwrap();
    let at = package.to_str().unwrap();
    let said = refused_with_sqljs(&board, at);
    assert!(
        said.contains(&format!("{at}/package.json is not a file")),
        "{said}"
    );
    std::fs::remove_file(package.join("package.json")).unwrap();
    std::fs::write(
        package.join("package.json"),
        "{\"name\": \"sql.js\", \"version\": \"1.17.0\"}",
    )
    .unwrap();
    let huge = std::fs::File::create(package.join("dist/sql-wasm-inline.js")).unwrap();
    huge.set_len(64 << 20).unwrap();
    let said = refused_with_sqljs(&board, at);
    assert!(
        said.contains("dist/sql-wasm-inline.js is larger than any release's"),
        "{said}"
    );
}

promise!(boards_the_console_does_not_fit_are_refused, needs = [SqlJs]);
/// A board too large is refused before any other line: the flags' board
/// before its file is created, a file's own once it is read.
fn boards_the_console_does_not_fit_are_refused() {
    let sqljs = sqljs();
    let at = sqljs.to_str().unwrap();
    let large = Board::new(13);
    let said = refused_with_sqljs(&large, at);
    assert!(
        said.contains("--console writes boards up to 12×12, not the 13×13 board"),
        "{said}"
    );
    let dir = tempfile::TempDir::new().unwrap();
    let args = [
        "export",
        "--console",
        "--sqljs",
        at,
        "--size",
        "13",
        "--db",
        "new.db",
        "--out",
        "console.html",
    ];
    let out = common::run_in(dir.path(), &args);
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(
        said.starts_with("queens: --console writes boards up to 12×12")
            && said.lines().count() == 1,
        "{said}"
    );
    assert!(!dir.path().join("new.db").exists() && !dir.path().join("console.html").exists());
}

/// The carried boards of `page`, each as (columns, rows, torus,
/// superqueens, holes), read from its own tables.
fn carried_kinds(dir: &Path, page: &str) -> Vec<(i64, i64, bool, bool, String)> {
    let console = console_data(page);
    (console["boards"].as_array().unwrap().iter().enumerate())
        .map(|(at, carried)| {
            let conn = carried_board(dir, at, carried[1].as_str().unwrap());
            conn.query_row(
                "select (select n from board_size), (select n from board_rows), \
                 (select torus from board_shape), \
                 (select count(*) > 0 from mov_dir where abs(d_cl) > 1 or abs(d_rw) > 1), \
                 coalesce((select group_concat(square, ',') from (select square from hole \
                 order by square)), '')",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
            )
            .unwrap()
        })
        .collect()
}

/// The sentence of `page` that says which built-in exercises are left out,
/// or "".
fn left_out_said(page: &str) -> String {
    page.split("id=\"console-left-out\">")
        .nth(1)
        .map(|rest| rest[..rest.find("</p>").unwrap()].to_string())
        .unwrap_or_default()
}

promise!(
    the_search_tree_s_exercises_are_left_out_from_where_the_how_to_says,
    needs = [SqlJs]
);
/// The how-to names the plain boards on which the page leaves out the
/// search tree's exercises as too slow to check: the whole tree from
/// 11×11 on.
/// At 10×10 every built-in exercise is checked; at 11×11 the one that
/// reads the whole tree alone is left out. (A filter on the tree's lines
/// once took 50 times the steps of reading it whole, and left both out
/// from 10×10.)
fn the_search_tree_s_exercises_are_left_out_from_where_the_how_to_says() {
    let howto = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/src/howto/exercises.md"
    ))
    .unwrap();
    let words = howto.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("on a plain square board, the whole search tree from 11×11 on,"),
        "the how-to no longer says where the tree's exercises are left out"
    );
    let said = |n: u8| {
        let board = Board::new(n);
        let page = std::fs::read_to_string(console_of(&board, &[])).unwrap();
        left_out_said(&page)
    };
    let at_10 = said(10);
    assert!(!at_10.contains("Too slow"), "10×10: {at_10}");
    let at_11 = said(11);
    assert!(
        at_11.contains("Too slow to check in the browser")
            && at_11.contains("“Killed by a rising diagonal”")
            && !at_11.contains("“Level 4 of the search tree”"),
        "11×11: {at_11}"
    );
}

promise!(
    the_console_serves_every_kind_of_board_on_hidden_boards_of_its_kind,
    needs = [SqlJs]
);
fn the_console_serves_every_kind_of_board_on_hidden_boards_of_its_kind() {
    for (size, flags, kinds, hidden) in kinds_served() {
        let board = Board::sized(size, flags);
        let page = std::fs::read_to_string(console_of(&board, &[])).unwrap();
        let carried = carried_kinds(board.dir.path(), &page);
        let expected: Vec<(i64, i64, bool, bool, String)> = (kinds.iter())
            .map(|&(c, r, t, s, h)| (c, r, t, s, h.to_string()))
            .collect();
        assert_eq!(carried, expected, "{size} {flags:?}");
        assert!(
            page.contains(&format!("on this board and on {hidden}, so")),
            "{size} {flags:?}"
        );
        left_out_as_expected(size, flags, &page);
    }
}

/// A board's kind as its tables say: columns, rows, torus, superqueens,
/// holes.
type Kind = (i64, i64, bool, bool, &'static str);

/// Each kind of board `init` makes, as (--size, flags), with the kinds of
/// the boards its console page carries and how the page names the hidden
/// ones.
fn kinds_served() -> [(
    &'static str,
    &'static [&'static str],
    [Kind; 4],
    &'static str,
); 6] {
    [
        rectangle_served(),
        (
            "7",
            &["--torus"],
            [
                (7, 7, true, false, ""),
                (5, 5, true, false, ""),
                (6, 6, true, false, ""),
                (8, 8, true, false, ""),
            ],
            "the hidden 5×5, 6×6 and 8×8 tori",
        ),
        (
            "8",
            &["--holes", "c5,a1,h8"],
            [
                (8, 8, false, false, "a1,c5,h8"),
                (5, 5, false, false, "a1,c5"),
                (6, 6, false, false, "a1,c5"),
                (7, 7, false, false, "a1,c5"),
            ],
            "the hidden 5×5, 6×6 and 7×7 boards with holes",
        ),
        (
            "9",
            &["--superqueens"],
            [
                (9, 9, false, true, ""),
                (5, 5, false, true, ""),
                (6, 6, false, true, ""),
                (7, 7, false, true, ""),
            ],
            "the hidden 5×5, 6×6 and 7×7 superqueens boards",
        ),
        (
            "6",
            &["--superqueens", "--holes", "f6"],
            [
                (6, 6, false, true, "f6"),
                (5, 5, false, true, "e5"),
                (7, 7, false, true, "f6"),
                (8, 8, false, true, "f6"),
            ],
            "the hidden 5×5, 7×7 and 8×8 superqueens boards with holes",
        ),
        (
            "1",
            &[],
            [
                (1, 1, false, false, ""),
                (5, 5, false, false, ""),
                (6, 6, false, false, ""),
                (7, 7, false, false, ""),
            ],
            "the hidden 5×5, 6×6 and 7×7 boards",
        ),
    ]
}

/// A rectangle, as `kinds_served` gives each kind: it is checked on
/// rectangles with as many rows more than columns.
fn rectangle_served() -> (
    &'static str,
    &'static [&'static str],
    [Kind; 4],
    &'static str,
) {
    (
        "4x6",
        &[],
        [
            (4, 6, false, false, ""),
            (5, 7, false, false, ""),
            (6, 8, false, false, ""),
            (7, 9, false, false, ""),
        ],
        "the hidden 5×7, 6×8 and 7×9 boards",
    )
}

/// The built-in exercises `page` leaves out are the ones that cannot
/// apply to the board of `size` and `flags`, and it says why.
fn left_out_as_expected(size: &str, flags: &[&str], page: &str) {
    let said = left_out_said(page);
    let kept = console_data(page)["exercises"].as_array().unwrap().len();
    match (size, flags.contains(&"--holes")) {
        // a1 and c5 are holes: the exercises that name them are left out.
        ("8", true) => assert_eq!(
            said,
            "3 of the 12 built-in exercises are left out, as they cannot be checked on this \
             board. Naming c5, a hole of this 8×8 board with holes at a1, c5, h8: “The lines \
             through c5” and “The squares on c5's lines”. Naming a1, a hole of this 8×8 board \
             with holes at a1, c5, h8: “Where a queen on a1 leaves room”."
        ),
        ("1", _) => assert!(
            said.contains("Naming c5, a square this 1×1 board has not: “The lines through c5”"),
            "{said}"
        ),
        // No solutions on 5×5 to 9×9 superqueens boards: the solutions'
        // exercises give the same rows everywhere.
        ("6" | "9", _) => assert!(
            said.contains("Giving the same rows on every board it is checked on")
                && said.contains("“Count the solutions”"),
            "{said}"
        ),
        // Every square of 4×6 … 7×9 holds a queen of some solution.
        ("4x6", _) => assert_eq!(
            said,
            "1 of the 12 built-in exercises is left out, as it cannot be checked on this board. \
             Giving the same rows on every board it is checked on, so rows typed in would pass: \
             “Squares no solution uses”."
        ),
        _ => assert_eq!(said, "", "{size} {flags:?}"),
    }
    if !said.is_empty() {
        let left: usize = said.split(' ').next().unwrap().parse().unwrap();
        assert_eq!(left + kept, 12, "{said}");
    }
}

promise!(
    a_12x12_console_leaves_out_the_exercises_too_slow_to_check_there,
    needs = [SqlJs]
);
/// On 12×12 the searches some answers read take the page seconds to
/// minutes: the copy carries the solutions stored, and the exercises
/// still too slow are left out, by the work SQLite counts.
fn a_12x12_console_leaves_out_the_exercises_too_slow_to_check_there() {
    let board = Board::new(12);
    let page = std::fs::read_to_string(console_of(&board, &[])).unwrap();
    let said = left_out_said(&page);
    assert!(
        said.contains("Too slow to check in the browser")
            && said.contains("“Level 4 of the search tree”")
            && said.contains("“Killed by a rising diagonal”"),
        "{said}"
    );
    let console = console_data(&page);
    let titles: Vec<&str> = (console["exercises"].as_array().unwrap().iter())
        .map(|x| x["title"].as_str().unwrap())
        .collect();
    assert!(
        titles.contains(&"Count the squares") && titles.contains(&"Write the placement rule"),
        "{titles:?}"
    );
    // The solutions travel stored: the first five are read, not searched.
    assert!(
        titles.contains(&"The first five solutions, in order"),
        "{titles:?}"
    );
    let carried = carried_kinds(board.dir.path(), &page);
    assert_eq!(carried[0], (12, 12, false, false, String::new()));
    let own = carried_board(
        board.dir.path(),
        0,
        console["boards"][0][1].as_str().unwrap(),
    );
    let stored: i64 = own
        .query_row("select count(*) from solution_store", [], |r| r.get(0))
        .unwrap();
    assert_eq!(stored, 14_200, "A000170(12)");
}

promise!(a_teachers_answer_reaches_no_file, needs = [SqlJs]);
/// An answer runs as `query` runs a statement: it reads, and nothing else.
fn a_teachers_answer_reaches_no_file() {
    let board = Board::new(8);
    let dir = board.dir.path();
    let leak = dir.join("leak.db");
    for (answer, said) in [
        (
            format!("vacuum into '{}'", leak.display()),
            "a query that reads rows",
        ),
        (
            format!("attach '{}' as x", leak.display()),
            "would attach a file",
        ),
        ("delete from square".to_string(), "a query that reads rows"),
        ("select 1; select 2".to_string(), "more than one statement"),
        ("-- only a comment".to_string(), "it holds no statement"),
    ] {
        let refusal = refused_file(&board, "t.toml", &exercise("T", &answer));
        assert!(refusal.contains(said), "{answer}: {refusal}");
        assert!(!leak.exists(), "{answer} wrote a file");
    }
}

promise!(
    a_teachers_exercises_are_checked_on_every_board_before_anything_is_written,
    needs = [SqlJs]
);
fn a_teachers_exercises_are_checked_on_every_board_before_anything_is_written() {
    let board = Board::new(8);
    let said = refused_file(
        &board,
        "typo.toml",
        "[[exercise]]\ntitle = \"a\"\nprompt = \"b\"\nanswr = \"c\"\n",
    );
    assert!(
        said.contains("typo.toml: line 4") && said.contains("answr"),
        "{said}"
    );
    let said = refused_file(&board, "none.toml", "# a course with nothing in it yet\n");
    assert!(
        said.contains("none.toml: it holds no [[exercise]]"),
        "{said}"
    );
    let two = exercise("Squares", "select count(*) from square")
        + &exercise("Rows", "select * from rows_of_mine");
    let said = refused_file(&board, "wrong.toml", &two);
    assert!(
        said.contains("wrong.toml: exercise 2 (\"Rows\"): its answer fails on the 8×8 board: no such table: rows_of_mine"),
        "{said}"
    );
    // A view only the 8×8 file has fails on the first hidden board.
    let conn = rusqlite::Connection::open(&board.db).unwrap();
    conn.execute_batch("create view course_extra as select 1 as one")
        .unwrap();
    let said = refused_file(
        &board,
        "extra.toml",
        &exercise("Extra", "select * from course_extra"),
    );
    assert!(
        said.contains("fails on the 5×5 board: no such table: course_extra"),
        "{said}"
    );
    // A file that works: its exercises in the page, a constant answer noted.
    let works = exercise("Squares", "select count(*) from square")
        + &exercise("Directions", "select mov_dir from mov_dir");
    std::fs::write(board.dir.path().join("course.toml"), works).unwrap();
    let out = export_with(&board, "course.toml");
    let said = text(&out.stderr);
    assert!(out.status.success(), "{said}");
    assert!(
        said.contains("exercise 2 (\"Directions\") has the same answer on every board"),
        "{said}"
    );
    let console =
        console_data(&std::fs::read_to_string(board.dir.path().join("console.html")).unwrap());
    let titles: Vec<&str> = (console["exercises"].as_array().unwrap().iter())
        .map(|x| x["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["Squares", "Directions"]);
}

promise!(
    a_teachers_file_that_cannot_be_read_is_named_as_given,
    needs = [SqlJs]
);
fn a_teachers_file_that_cannot_be_read_is_named_as_given() {
    let board = Board::new(8);
    // (From an attack: a FIFO with no writer was waited on for ever, in
    // silence. It is refused at once, as a device is.)
    common::make_fifo(&board.dir.path().join("pipe.toml"));
    let huge = std::fs::File::create(board.dir.path().join("huge.toml")).unwrap();
    huge.set_len(2 << 20).unwrap();
    for (path, why) in [
        ("missing.toml", "there is no such file"),
        (".", "it is a directory, not a file"),
        ("/dev/zero", "it is a device, not a file"),
        ("pipe.toml", "it is a FIFO (a named pipe), not a file"),
        ("huge.toml", "it is larger than 1 MiB"),
    ] {
        let said = refused_output(&board, export_with(&board, path));
        assert!(
            said.contains(&format!("the exercises {path}: {why}")),
            "{said}"
        );
    }
    std::fs::write(
        board.dir.path().join("latin1.toml"),
        b"title = \"caf\xe9\"\n",
    )
    .unwrap();
    let said = refused_output(&board, export_with(&board, "latin1.toml"));
    assert!(said.contains("latin1.toml: it is not UTF-8 text"), "{said}");
}

promise!(the_how_to_s_exercises_make_a_page, needs = [SqlJs]);
/// The TOML the teachers' how-to shows is a file that works, whose
/// answers differ from board to board.
fn the_how_to_s_exercises_make_a_page() {
    let how_to = include_str!("../../docs/src/howto/exercises.md");
    let start = how_to.find("```toml\n").expect("the how-to's example") + "```toml\n".len();
    let example = &how_to[start..start + how_to[start..].find("```").unwrap()];
    let board = Board::new(8);
    std::fs::write(board.dir.path().join("course.toml"), example).unwrap();
    let page = console_of(&board, &["--exercises", "course.toml"]);
    let console = console_data(&std::fs::read_to_string(page).unwrap());
    assert_eq!(console["exercises"].as_array().unwrap().len(), 2);
    let out = board.run(&[
        "export",
        "--console",
        "--sqljs",
        sqljs().to_str().unwrap(),
        "--exercises",
        "course.toml",
        "--force",
        "--out",
        "console.html",
    ]);
    assert!(
        !text(&out.stderr).contains("same answer"),
        "{}",
        text(&out.stderr)
    );
}

/// The console's data in a page.
pub(crate) fn console_data(page: &str) -> serde_json::Value {
    let start = page
        .find("id=\"queens-console\">")
        .expect("the console's data")
        + "id=\"queens-console\">".len();
    let end = start + page[start..].find("</script>").unwrap();
    serde_json::from_str(&page[start..end]).unwrap()
}

/// A board the page carries, as an SQLite file in `dir`.
fn carried_board(dir: &Path, at: usize, base64_gzip: &str) -> rusqlite::Connection {
    use base64::Engine as _;
    let gz = base64::engine::general_purpose::STANDARD
        .decode(base64_gzip)
        .unwrap();
    let mut file = Vec::new();
    flate2::read::GzDecoder::new(&gz[..])
        .read_to_end(&mut file)
        .unwrap();
    let path = dir.join(format!("carried{at}.db"));
    std::fs::write(&path, file).unwrap();
    rusqlite::Connection::open(path).unwrap()
}

promise!(
    the_console_page_carries_real_boards_in_under_two_mib_and_the_plain_page_is_unchanged,
    needs = [SqlJs]
);
fn the_console_page_carries_real_boards_in_under_two_mib_and_the_plain_page_is_unchanged() {
    let board = Board::new(8);
    let page = std::fs::read_to_string(console_of(&board, &[])).unwrap();
    assert!(page.len() < 2 << 20, "{} bytes", page.len());
    let console = console_data(&page);
    // The page's board and the hidden ones, each a real board: A000170.
    let boards = console["boards"].as_array().unwrap();
    let mut sizes = Vec::new();
    for (at, carried) in boards.iter().enumerate() {
        let n = carried[0].as_str().unwrap().to_string();
        let conn = carried_board(board.dir.path(), at, carried[1].as_str().unwrap());
        let count: i64 = conn
            .query_row("select count(*) from solution", [], |r| r.get(0))
            .unwrap();
        let wal: i64 = conn
            .query_row(
                "select count(*) from pragma_journal_mode where journal_mode = 'wal'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(wal, 0, "a copy opens without a -wal file");
        sizes.push((n, count));
    }
    let sizes: Vec<(&str, i64)> = sizes
        .iter()
        .map(|(n, count)| (n.as_str(), *count))
        .collect();
    assert_eq!(sizes, [("8×8", 92), ("5×5", 10), ("6×6", 4), ("7×7", 40)]);
    assert!(console["license"].as_str().unwrap().contains("MIT"));
    assert!(console["exercises"].as_array().unwrap().len() >= 8);
    // Nothing of the page's own loads from the network (sql.js is checked
    // by its SHA-256 to be the release npm ships).
    let own = page.replace(
        console["sqljs"]
            .as_str()
            .unwrap()
            .replace('<', "\\u003c")
            .as_str(),
        "",
    );
    let own = own.replace(
        &serde_json::to_string(console["sqljs"].as_str().unwrap())
            .unwrap()
            .replace('<', "\\u003c"),
        "",
    );
    // (A link to a part of the page itself, #console, loads nothing.)
    let own = own.replace("href=\"#console\"", "");
    for needle in common::LOADS_FROM_THE_NETWORK {
        assert!(!own.contains(needle), "the console page holds {needle}");
    }
    // The plain page carries none of it.
    let out = board.run(&["export", "--out", "plain.html"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let plain = std::fs::read_to_string(board.dir.path().join("plain.html")).unwrap();
    assert!(
        !plain.contains("queens-console") && !plain.contains("initSqlJs") && plain.len() < 100_000
    );
}

promise!(
    a_stored_board_in_wal_mode_is_carried_as_it_is_read,
    needs = [SqlJs]
);
fn a_stored_board_in_wal_mode_is_carried_as_it_is_read() {
    let board = Board::new(6);
    let conn = rusqlite::Connection::open(&board.db).unwrap();
    conn.execute_batch("pragma journal_mode = wal; create table course_note (note text); insert into course_note values ('mine')").unwrap();
    let page = std::fs::read_to_string(console_of(&board, &[])).unwrap();
    drop(conn);
    let console = console_data(&page);
    let carried = carried_board(
        board.dir.path(),
        0,
        console["boards"][0][1].as_str().unwrap(),
    );
    let note: String = carried
        .query_row("select note from course_note", [], |r| r.get(0))
        .unwrap();
    assert_eq!(note, "mine", "the console holds the file's own tables");
    let count: i64 = carried
        .query_row("select count(*) from solution", [], |r| r.get(0))
        .unwrap();
    assert_eq!(count, 4);
}

promise!(no_built_in_exercise_can_be_answered_with_rows_typed_in);
/// Each built-in answer gives other rows on a hidden board than on the
/// 8×8 one, so the 8×8 board's rows typed in as constants are wrong.
fn no_built_in_exercise_can_be_answered_with_rows_typed_in() {
    let boards: Vec<Board> = [8, 5, 6, 7].into_iter().map(Board::new).collect();
    let exercises: toml::Value =
        toml::from_str(include_str!("../../src/model/exercises.toml")).unwrap();
    for exercise in exercises["exercise"].as_array().unwrap() {
        let answer = exercise["answer"].as_str().unwrap();
        let shown = boards[0].rows(answer);
        let hidden: Vec<Vec<Vec<String>>> = boards[1..].iter().map(|b| b.rows(answer)).collect();
        assert!(
            hidden.iter().any(|rows| *rows != shown),
            "{}: the same rows on every board",
            exercise["title"]
        );
    }
}

promise!(
    a_server_s_board_is_carried_as_a_fresh_sqlite_board,
    needs = [Postgres, SqlJs]
);
fn a_server_s_board_is_carried_as_a_fresh_sqlite_board() {
    let url = common::server::url_from("QUEENS_TEST_POSTGRES", "a PostgreSQL server");
    let schema = common::server::Schema::new(&url, "t");
    schema.stdout(&["init", "--size", "6"]);
    let page = schema.dir.path().join("console.html");
    let sqljs = sqljs();
    let out = schema.run(&[
        "export",
        "--console",
        "--sqljs",
        sqljs.to_str().unwrap(),
        "--out",
        page.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let console = console_data(&std::fs::read_to_string(&page).unwrap());
    assert_eq!(console["boards"][0][0], "6×6");
    let carried = carried_board(
        schema.dir.path(),
        0,
        console["boards"][0][1].as_str().unwrap(),
    );
    let count: i64 = carried
        .query_row("select count(*) from solution", [], |r| r.get(0))
        .unwrap();
    assert_eq!(count, 4);
}

promise!(
    export_without_force_replaces_only_the_page_the_same_export_wrote,
    needs = [SqlJs]
);
/// A teacher drafting a course re-runs its export, which writes its page
/// again without --force; a page another export wrote (the 8×8 plain page,
/// the 6×6 plain page, the 6×6 console with the built-in exercises, over a
/// 6×6 console with a teacher's course; the course of the same file name
/// in another folder) is kept, refused in one line that names the file,
/// the export that wrote it and --force (exit 2), and a database not there
/// yet is not made for it.
fn export_without_force_replaces_only_the_page_the_same_export_wrote() {
    let six = Board::new(6);
    std::fs::write(six.dir.path().join("course.toml"), SMALL_COURSE).unwrap();
    let page = six.dir.path().join("course.html");
    let (sqljs, page_named) = (sqljs(), page.to_str().unwrap());
    let console = ["export", "--console", "--sqljs", sqljs.to_str().unwrap()];
    let course = [
        &console[..],
        &["--exercises", "course.toml", "--out", page_named],
    ]
    .concat();
    let first = six.run(&course);
    assert!(first.status.success(), "{}", text(&first.stderr));
    let written = std::fs::read_to_string(&page).unwrap();
    // The teacher changes the course: the same export writes its page anew.
    let changed = SMALL_COURSE.replace("has the board", "has the board, all told");
    std::fs::write(six.dir.path().join("course.toml"), changed).unwrap();
    let again = six.run(&course);
    assert!(again.status.success(), "{}", text(&again.stderr));
    let rewritten = std::fs::read_to_string(&page).unwrap();
    assert!(rewritten != written && rewritten.contains("all told"));
    let eight = Board::new(8);
    let plain = ["export", "--out", page_named];
    let built_in = [&console[..], &["--out", page_named]].concat();
    for (board, args) in [(&eight, &plain[..]), (&six, &plain), (&six, &built_in)] {
        let out = board.run(args);
        let said = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {said}");
        assert_eq!(said.lines().count(), 1, "{args:?}: {said}");
        for named in [
            page_named,
            "the page of the 6×6 board, with its console and the exercises of course.toml",
            "--force",
        ] {
            assert!(said.contains(named), "{args:?}: {said}");
        }
        assert_eq!(std::fs::read_to_string(&page).unwrap(), rewritten);
    }
    a_course_of_the_same_name_elsewhere_is_another_export(&six, &console, &page);
    // A file not there yet is not made for a page that is refused.
    let fresh = six.dir.path().join("fresh.db");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
        .current_dir(six.dir.path())
        .args([
            "export", "--db", "fresh.db", "--size", "8", "--out", page_named,
        ])
        .bounded_output()
        .unwrap();
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(said.contains("another export's page"), "{said}");
    assert!(
        !fresh.exists(),
        "the refused export made {}",
        fresh.display()
    );
    let forced = eight.run(&[&plain[..], &["--force"]].concat());
    assert!(forced.status.success(), "{}", text(&forced.stderr));
    assert!(std::fs::read_to_string(&page).unwrap().contains("8×8"));
}

/// w1/course.toml and w2/course.toml are two courses: the page of one,
/// at `page`, is not replaced by the other's without --force.
fn a_course_of_the_same_name_elsewhere_is_another_export(
    six: &Board,
    console: &[&str],
    page: &Path,
) {
    let page_named = page.to_str().unwrap();
    for folder in ["w1", "w2"] {
        std::fs::create_dir(six.dir.path().join(folder)).unwrap();
        std::fs::write(
            six.dir.path().join(folder).join("course.toml"),
            SMALL_COURSE,
        )
        .unwrap();
    }
    let of =
        |course: &'static str| [console, &["--exercises", course, "--out", page_named]].concat();
    let w1 = six.run(&[&of("w1/course.toml")[..], &["--force"]].concat());
    assert!(w1.status.success(), "{}", text(&w1.stderr));
    let before = std::fs::read_to_string(page).unwrap();
    let w2 = six.run(&of("w2/course.toml"));
    let said = text(&w2.stderr);
    assert_eq!(w2.status.code(), Some(2), "{said}");
    assert!(said.contains("is another export's page (the page of the 6×6 board, with its console and the exercises of course.toml ("), "{said}");
    assert_eq!(std::fs::read_to_string(page).unwrap(), before);
}

/// A course of one exercise, for tests of the page it makes.
const SMALL_COURSE: &str = r#"
[[exercise]]
title = "Count the squares"
prompt = "How many squares has the board?"
answer = "select count(*) as squares from square"
"#;

pub(crate) mod in_chromium {
    use super::*;

    use std::sync::Arc;

    use crate::common::chromium::{ModifierKey, Tab};

    use common::chromium::{Chromium, click, eval, open_at, screenshot, text_of};
    use common::wait::wait_until;

    /// The page open at `fragment`, once SQLite is ready in it (and says
    /// so, where the address runs no query).
    pub(crate) fn open_console(
        page: &Path,
        fragment: &str,
        size: (u32, u32),
    ) -> (Chromium, Arc<Tab>) {
        let (browser, tab) = open_at(page, fragment, size);
        wait_ready(&tab);
        if !fragment.contains("sql=") {
            let state = text_of(&tab, "console-state");
            assert!(state.contains("is ready"), "{state}");
        }
        (browser, tab)
    }

    /// Waits until SQLite is ready in the page and runs nothing: only then
    /// is "fresh database" enabled. (The state line says "ready" only
    /// until a query the address holds runs, which it does at once: a
    /// wait for that word could wait for ever.)
    pub(crate) fn wait_ready(tab: &Tab) {
        wait_until("SQLite ready in the page", || {
            eval(tab, "document.getElementById('console-fresh').disabled") == "false"
        });
    }

    /// Whether the console is busy: its Stop is enabled.
    pub(crate) fn busy(tab: &Tab) -> bool {
        eval(tab, "document.getElementById('console-stop').disabled") == "false"
    }

    /// Types `sql` into the console over what was there, as a learner
    /// does (the text goes in as typed text).
    pub(crate) fn type_query(tab: &Tab, sql: &str) {
        click(tab, "#console-sql");
        eval(tab, "document.getElementById('console-sql').select()");
        tab.send_character(sql).unwrap();
    }

    /// Types `sql`, runs it with Ctrl+Enter and waits for its answer:
    /// the count line and the error line.
    pub(crate) fn run(tab: &Tab, sql: &str) -> (String, String) {
        type_query(tab, sql);
        tab.press_key_with_modifiers("Enter", Some(&[ModifierKey::Ctrl]))
            .unwrap();
        wait_until("the query's answer", || !busy(tab));
        (text_of(tab, "console-count"), text_of(tab, "console-error"))
    }

    fn first_cell(tab: &Tab) -> String {
        eval(
            tab,
            "document.querySelector('#console-rows tbody td').textContent",
        )
    }

    promise!(
        a_learner_runs_queries_sees_placements_and_stops_an_endless_one,
        needs = [Chromium, SqlJs]
    );
    fn a_learner_runs_queries_sees_placements_and_stops_an_endless_one() {
        let board = Board::new(8);
        let page = console_of(&board, &[]);
        let (_browser, tab) = open_console(&page, "", (1280, 900));
        assert_eq!(
            run(&tab, "select count(*) from solution"),
            ("1 row.".into(), String::new())
        );
        assert_eq!(first_cell(&tab), "92");
        // Placements drawn as boards, eight queens each.
        let (count, _) = run(
            &tab,
            "select * from numbered_solution where solution_no in (4, 77)",
        );
        assert_eq!(count, "2 rows.");
        let drawn = eval(
            &tab,
            "[...document.querySelectorAll('#console-boards figure')].map(f => f.querySelectorAll('i.q').length + ':' + f.textContent).join(' ')",
        );
        assert_eq!(drawn, "8:solution 4 8:solution 77");
        // A mistake is one line, and the console goes on.
        let (_, error) = run(&tab, "selec count(*) from square");
        assert_eq!(error, "Error: near \"selec\": syntax error");
        assert_eq!(
            run(&tab, "select count(*) from square"),
            ("1 row.".into(), String::new())
        );
        assert_eq!(first_cell(&tab), "64");
        // An endless query: Stop ends it, and SQLite is there again.
        type_query(
            &tab,
            "with recursive r(i) as (select 1 union all select i + 1 from r) select count(*) from r",
        );
        click(&tab, "#console-run");
        assert!(
            busy(&tab) && eval(&tab, "document.getElementById('console-run').disabled") == "true"
        );
        click(&tab, "#console-stop");
        wait_until("SQLite again after Stop", || {
            let said = text_of(&tab, "console-state");
            said.starts_with("Stopped: ") && said.contains("is ready again")
        });
        assert_eq!(
            run(&tab, "select count(*) from solution"),
            ("1 row.".into(), String::new())
        );
        assert_eq!(first_cell(&tab), "92");
        // The query is kept in the address, and an address runs its query,
        // beside the queens it places.
        assert_eq!(
            eval(&tab, "location.hash"),
            "#sql=select%20count(*)%20from%20solution"
        );
        // (Its query runs as soon as SQLite is ready: no wait for "ready".)
        let (_browser2, other) = open_at(
            &page,
            "#queens=c5&sql=select%20count(*)%20from%20square_line%20where%20square%20%3D%20'c5'",
            (1280, 900),
        );
        wait_until("the address's query run", || {
            !busy(&other) && text_of(&other, "console-count") == "1 row."
        });
        assert_eq!(first_cell(&other), "4");
        assert_eq!(text_of(&other, "placed"), "1 queen: c5");
        assert!(eval(&other, "location.hash").starts_with("#queens=c5&sql="));
        screenshot(&tab, &screenshots().join("console-8x8-desktop.png"));
    }

    pub(crate) fn screenshots() -> PathBuf {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Chooses exercise `at` (from 0), checks the console's query as its
    /// answer and returns the verdict.
    pub(crate) fn check(tab: &Tab, at: usize, answer: &str) -> String {
        eval(
            tab,
            &format!(
                "(s => {{ s.selectedIndex = {at}; s.dispatchEvent(new Event('change')); }})(document.getElementById('console-ex'))"
            ),
        );
        type_query(tab, answer);
        // Pressed by the page's own click(): a browser input event costs a
        // second here, and the keyboard's use is tested on its own.
        eval(tab, "document.getElementById('console-check').click()");
        wait_until("the check's verdict", || {
            !busy(tab) && !text_of(tab, "console-verdict").is_empty()
        });
        text_of(tab, "console-verdict")
    }

    promise!(
        exercises_are_checked_on_hidden_boards_and_progress_is_kept,
        needs = [Chromium, SqlJs]
    );
    fn exercises_are_checked_on_hidden_boards_and_progress_is_kept() {
        let board = Board::new(8);
        let page = console_of(&board, &[]);
        let (_browser, tab) = open_console(&page, "", (1280, 900));
        let titles = eval(
            &tab,
            "[...document.getElementById('console-ex').options].map(o => o.textContent).join('|')",
        );
        let count = titles.split('|').count();
        assert!(titles.starts_with("1. Count the squares|"), "{titles}");
        // Right on the shown board, wrong on a hidden one.
        let said = check(&tab, 0, "select 64");
        assert!(
            said.starts_with("Not yet: right on this 8×8 board, but on the hidden 5×5 board, 1 row missing, 1 extra."),
            "{said}"
        );
        assert!(
            said.contains("expected (")
                && said.contains("25")
                && said.contains("yours (")
                && said.contains("64"),
            "{said}"
        );
        let said = check(&tab, 0, "select count(*) from square");
        assert!(said.starts_with("Right: the same rows as the reference answer on this 8×8 board and on the hidden 5×5, 6×6, 7×7 boards"), "{said}");
        assert_eq!(
            text_of(&tab, "console-progress"),
            format!("1 of {count} solved")
        );
        order_counts_only_where_the_exercise_says_so(&tab, &titles);
        // A failing answer is said, and the page goes on.
        let said = check(&tab, 0, "select count(*) from squares");
        assert!(
            said.starts_with(
                "Not yet: on this 8×8 board, your answer fails: no such table: squares"
            ),
            "{said}"
        );
        // Kept across a reload.
        tab.reload().unwrap();
        wait_ready(&tab);
        assert_eq!(
            text_of(&tab, "console-progress"),
            format!("2 of {count} solved")
        );
        assert!(
            eval(
                &tab,
                "document.getElementById('console-ex').options[0].textContent"
            )
            .ends_with('✓')
        );
    }

    // From an attack: the page compared values as JSON, so the text
    // 'x''6131''' passed for the blob x'6131', NULL for 1e999 (JSON has no
    // infinity), and two integers above 2^53 that differ compared equal.
    // A value is its storage class and its exact value.
    promise!(
        an_exercise_on_a_torus_is_checked_on_hidden_tori,
        needs = [Chromium, SqlJs]
    );
    fn an_exercise_on_a_torus_is_checked_on_hidden_tori() {
        let board = Board::shaped(7, &["--torus"]);
        let page = console_of(&board, &[]);
        let (_browser, tab) = open_console(&page, "", (1280, 900));
        let lines =
            "select anchor, mov_dir, count(*) as squares from square_line group by anchor, mov_dir";
        let said = check(&tab, 3, lines);
        assert!(
            said.starts_with("Right") && said.contains("7×7 torus") && said.contains("8×8 torus"),
            "{said}"
        );
        // Every line of a torus has 7 squares here: typed in, it is right
        // on this board only.
        let typed = "select anchor, mov_dir, 7 from square_line group by anchor, mov_dir";
        let said = check(&tab, 3, typed);
        assert!(
            said.starts_with("Not yet") && said.contains("hidden 5×5 torus"),
            "{said}"
        );
        eval(
            &tab,
            "document.getElementById('h-console-ex').scrollIntoView()",
        );
        screenshot(&tab, &screenshots().join("console-7x7-torus.png"));
    }

    promise!(
        a_rectangle_s_page_draws_its_rows_and_checks_on_hidden_rectangles,
        needs = [Chromium, SqlJs]
    );
    /// A 4×6 board: 4 columns of 6 rows, on the page's board, in Run's
    /// and Step's small boards, and in the walk; an exercise is checked on
    /// hidden rectangles.
    fn a_rectangle_s_page_draws_its_rows_and_checks_on_hidden_rectangles() {
        let board = Board::sized("4x6", &[]);
        let page = console_of(&board, &[]);
        let (_browser, tab) = open_console(&page, "", (1280, 900));
        screenshot(&tab, &screenshots().join("page-4x6-desktop.png"));
        let said = check(&tab, 0, "select count(*) from square");
        assert!(
            said.starts_with("Right: the same rows as the reference answer on this 4×6 board and on the hidden 5×7, 6×8, 7×9 boards"),
            "{said}"
        );
        // The board: row 6 at the top, 24 squares named a1 … d6.
        let drawn = eval(
            &tab,
            "[...document.querySelectorAll('#board .sq')].map(b => b.dataset.square + '=' + b.querySelector('.nm').textContent).join(' ')",
        );
        let expected: Vec<String> = (1..=6)
            .rev()
            .flat_map(|row| ["a", "b", "c", "d"].map(|c| format!("{c}{row}={c}{row}")))
            .collect();
        assert_eq!(drawn, expected.join(" "));
        let labels = eval(
            &tab,
            "[...document.querySelectorAll('#board .lbl')].map(l => l.textContent).join(' ')",
        );
        assert_eq!(labels, "6 5 4 3 2 1 a b c d");
        assert_eq!(
            eval(&tab, "document.querySelectorAll('#walk-board i').length"),
            "24"
        );
        // Solution 1 (a1 b3 c5 d2, as `show` numbers it) placed and drawn
        // by Run as a board of 24 squares.
        let (count, _) = run(
            &tab,
            "select * from numbered_solution where solution_no = 1",
        );
        assert_eq!(count, "1 row.");
        let mini = eval(
            &tab,
            "[...document.querySelectorAll('#console-boards figure')].map(f => f.querySelectorAll('i').length + ':' + f.querySelectorAll('i.q').length + ':' + f.querySelector('.mini').getAttribute('aria-label')).join(' ')",
        );
        assert!(
            mini.starts_with("24:4:") && mini.ends_with("a1 b3 c5 d2"),
            "{mini}"
        );
        step_draws_rectangles(&tab, &board);
        screenshot(&tab, &screenshots().join("console-4x6-desktop.png"));
    }

    /// Step through the model's search on 4×6 (`board`): its rounds'
    /// rows drawn as boards of 24 squares each.
    fn step_draws_rectangles(tab: &Tab, board: &Board) {
        // Step through the model's search: round 0 is the empty board,
        // round 1 queen 1 on each of column a's 6 squares, each drawn on a
        // board of 24.
        let definition: String = rusqlite::Connection::open(&board.db)
            .unwrap()
            .query_row(
                "select sql from sqlite_schema where name = 'search_tree'",
                [],
                |row| row.get(0),
            )
            .unwrap();
        let quoted = serde_json::to_string(&definition).unwrap();
        eval(
            tab,
            &format!(
                "(t => {{ t.value = {quoted}; t.dispatchEvent(new Event('input')); }})(document.getElementById('console-sql'))"
            ),
        );
        click(tab, "#console-step");
        wait_until("Step's first round", || {
            let now = eval(
                tab,
                "document.getElementById('console-stepper').dataset.step",
            );
            !now.is_empty() && now != "waiting"
        });
        let stepped = || {
            eval(
                tab,
                "[...document.querySelectorAll('#step-boards figure')].map(f => f.querySelectorAll('i').length + ':' + f.querySelectorAll('i.q').length).join(' ')",
            )
        };
        assert_eq!(stepped(), "24:0");
        eval(tab, "document.getElementById('step-next').click()");
        wait_until("Step's round 1", || {
            let stepper = "document.getElementById('console-stepper').dataset";
            eval(tab, &format!("{stepper}.round")) == "1"
                && eval(tab, &format!("{stepper}.step")) != "waiting"
        });
        assert_eq!(stepped(), ["24:1"; 6].join(" "));
    }

    promise!(
        the_console_compares_values_as_sqlite_types_them,
        needs = [Chromium, SqlJs]
    );
    fn the_console_compares_values_as_sqlite_types_them() {
        let board = Board::new(8);
        let exercises = [
            ("A blob", "select cast('a1' as blob) from board_size"),
            ("An infinity", "select 1e999 from board_size"),
            ("Past 2^53", "select 9007199254740992 + n from board_size"),
            ("A count", "select count(*) from square"),
            ("Minus zero", "select -0.0 from board_size"),
            // (Text that is not UTF-8 reads alike in JavaScript, each bad
            // byte a U+FFFD.)
            (
                "Bad bytes",
                "select cast(x'ff' as text) || square from square",
            ),
        ];
        let file: String = exercises
            .iter()
            .map(|(title, answer)| exercise(title, answer))
            .collect();
        std::fs::write(board.dir.path().join("typed.toml"), file).unwrap();
        let page = console_of(&board, &["--exercises", "typed.toml"]);
        let (_browser, tab) = open_console(&page, "", (1280, 900));
        for (at, answer) in [
            (0, "select 'x''6131''' from board_size"),
            (1, "select null from board_size"),
            (2, "select 9007199254740993 + n from board_size"),
            (4, "select 0.0 from board_size"),
            (5, "select cast(x'fe' as text) || square from square"),
        ] {
            let said = check(&tab, at, answer);
            assert!(
                said.starts_with("Not yet: on this 8×8 board"),
                "{answer}: {said}"
            );
        }
        let said = check(&tab, 3, "select count(*) * 1.0 from square");
        assert!(
            said.contains("a value's type differs: yours real 64.0, the answer's integer 64"),
            "{said}"
        );
        let said = check(&tab, 0, "select cast('a1' as text) from board_size");
        assert!(
            said.contains("a value's type differs: yours text 'a1', the answer's blob x'6131'"),
            "{said}"
        );
        // The reference's own rows are right, exactly: past 2^53, and
        // text that is not UTF-8.
        for at in [2, 5] {
            let answer = exercises[at].1;
            let said = check(&tab, at, answer);
            assert!(said.starts_with("Right:"), "{answer}: {said}");
        }
    }

    /// An unordered exercise takes the rows in any order; an ordered one,
    /// only in its own.
    fn order_counts_only_where_the_exercise_says_so(tab: &Tab, titles: &str) {
        let lines = titles
            .split('|')
            .position(|t| t.contains("How long is each line?"))
            .unwrap();
        let said = check(
            tab,
            lines,
            "select anchor, mov_dir, count(*) from square_line group by 1, 2 order by 3 desc, 1 desc",
        );
        assert!(said.starts_with("Right"), "{said}");
        let first_five = titles
            .split('|')
            .position(|t| t.contains("first five"))
            .unwrap();
        let said = check(
            tab,
            first_five,
            "select * from numbered_solution where solution_no <= 5 order by solution_no desc",
        );
        assert!(
            said.starts_with(
                "Not yet: on this 8×8 board, right rows, wrong order (the order counts here)."
            ),
            "{said}"
        );
    }

    promise!(
        every_built_in_exercise_s_answer_is_right_in_the_page,
        needs = [Chromium, SqlJs]
    );
    fn every_built_in_exercise_s_answer_is_right_in_the_page() {
        let board = Board::new(8);
        let page = console_of(&board, &[]);
        let console = console_data(&std::fs::read_to_string(&page).unwrap());
        let (_browser, tab) = open_console(&page, "", (1280, 900));
        // The page carries no reference's SQL: the answers come from the
        // source, by title.
        let source: toml::Value =
            toml::from_str(include_str!("../../src/model/exercises.toml")).unwrap();
        let answer_to = |title: &serde_json::Value| {
            (source["exercise"].as_array().unwrap().iter())
                .find(|exercise| exercise["title"].as_str() == title.as_str())
                .and_then(|exercise| exercise["answer"].as_str())
                .unwrap()
                .to_string()
        };
        for (at, exercise) in console["exercises"].as_array().unwrap().iter().enumerate() {
            assert!(
                exercise.get("answer").is_none(),
                "the page carries {exercise}"
            );
            let answer = answer_to(&exercise["title"]);
            let answer = answer.as_str();
            let said = check(&tab, at, answer);
            assert!(said.starts_with("Right"), "{}: {said}", exercise["title"]);
        }
    }

    promise!(
        odd_values_errors_and_addresses_leave_the_console_working,
        needs = [Chromium, SqlJs]
    );
    fn odd_values_errors_and_addresses_leave_the_console_working() {
        let board = Board::new(8);
        let page = console_of(&board, &[]);
        let (_browser, tab) = open_console(&page, "", (1280, 900));
        // Large blobs and HTML are shown cut short and as text.
        let (count, _) = run(
            &tab,
            "select zeroblob(3000000) as b, '<img src=x onerror=alert(1)>' as h from square limit 5",
        );
        assert_eq!(count, "5 rows.");
        assert!(
            first_cell(&tab).ends_with("… (3000000 bytes)"),
            "{}",
            first_cell(&tab)
        );
        assert_eq!(
            eval(&tab, "document.querySelectorAll('#console img').length"),
            "0"
        );
        // An error takes the last answer away and says what ran before it.
        run(&tab, "select 'short' as a");
        let (count, error) = run(&tab, "select 1; select * from nonexistent");
        assert_eq!(
            (count.as_str(), error.as_str()),
            ("", "Error: no such table: nonexistent")
        );
        assert_eq!(
            eval(&tab, "document.querySelectorAll('#console-rows td').length"),
            "0"
        );
        assert_eq!(
            text_of(&tab, "console-state"),
            "Stopped at an error: 1 statement before it ran."
        );
        // An address's query asked for while another runs runs after it;
        // after Stop, the query keeps the focus.
        type_query(
            &tab,
            "with recursive r(i) as (select 1 union all select i + 1 from r) select count(*) from r",
        );
        click(&tab, "#console-run");
        eval(&tab, "location.hash = '#sql=select%205'");
        wait_until("the address's query waiting", || {
            text_of(&tab, "console-state").contains("runs when this one ends")
        });
        click(&tab, "#console-stop");
        assert_eq!(eval(&tab, "document.activeElement.id"), "console-sql");
        wait_until("the address's query run", || {
            !busy(&tab) && text_of(&tab, "console-count") == "1 row."
        });
        assert_eq!(first_cell(&tab), "5");
        // A query that does not decode is said beside the queens placed.
        eval(&tab, "location.hash = '#queens=c5&sql=%ZZ'");
        wait_until("the address read", || {
            text_of(&tab, "from-address").contains("does not decode")
        });
        assert!(text_of(&tab, "from-address").starts_with("Placed from the address: c5."));
    }

    promise!(
        the_console_holds_at_phone_width_and_works_by_keyboard,
        needs = [Chromium, SqlJs]
    );
    fn the_console_holds_at_phone_width_and_works_by_keyboard() {
        let board = Board::new(8);
        let page = console_of(&board, &[]);
        let (_browser, tab) = open_console(&page, "", (390, 844));
        let (count, _) = run(&tab, "select * from search_tree");
        assert!(count.ends_with("rows, the first 500 shown."), "{count}");
        assert_eq!(
            eval(&tab, "document.documentElement.scrollWidth <= innerWidth"),
            "true",
            "the page scrolls sideways at 390 px"
        );
        // From the query, Tab reaches Run; Enter on it runs.
        type_query(&tab, "select count(*) from line");
        tab.press_key("Tab").unwrap();
        assert_eq!(eval(&tab, "document.activeElement.id"), "console-run");
        tab.press_key("Enter").unwrap();
        wait_until("the query's answer", || {
            !busy(&tab) && text_of(&tab, "console-count") == "1 row."
        });
        assert_eq!(first_cell(&tab), "46");
        // Run can do nothing on an empty query, and says so by being disabled.
        type_query(&tab, " ");
        assert_eq!(
            eval(&tab, "document.getElementById('console-run').disabled"),
            "true"
        );
        run(&tab, "select * from fundamental_solution");
        eval(&tab, "document.getElementById('console').scrollIntoView()");
        screenshot(&tab, &screenshots().join("console-8x8-phone.png"));
    }
}
