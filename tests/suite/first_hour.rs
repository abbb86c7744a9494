//! What a new user trips on in the first hour, each found by one trying
//! queens from a fresh clone: errors that named hidden temporary files, a
//! bare header for a board without solutions, a size parser's words, server
//! options mixed into every command's help, a pronoun, Markdown shown
//! literally by Datasette, a PostgreSQL script without its comments, and a
//! course database that queens would not join.

use crate::common;

use std::path::Path;
use std::process::Output;

use common::{Board, queens, text};
use tempfile::TempDir;

/// Runs queens in `dir` as a plain user (common::queens_as_a_plain_user),
/// so that a directory's permissions mean what they say.
fn as_a_plain_user(dir: &Path, args: &[&str], tmpdir: Option<&Path>) -> Output {
    let mut command = common::queens_as_a_plain_user(dir);
    command.args(args).env_remove("QUEENS_DB");
    if let Some(tmpdir) = tmpdir {
        command.env("TMPDIR", tmpdir);
    }
    command
        .output()
        .expect("setpriv (util-linux) runs queens as nobody")
}

/// A directory everyone may enter, holding `ro` (no one may write it) and
/// `rw` (everyone may), and a 5×5 board in rw/q.db.
fn directories() -> TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new().unwrap();
    let mode = |path: &Path, mode| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap()
    };
    mode(dir.path(), 0o755);
    for (name, bits) in [("ro", 0o555), ("rw", 0o777)] {
        std::fs::create_dir(dir.path().join(name)).unwrap();
        mode(&dir.path().join(name), bits);
    }
    let made = as_a_plain_user(
        dir.path(),
        &["init", "--size", "5", "--db", "rw/q.db"],
        None,
    );
    assert!(made.status.success(), "{}", text(&made.stderr));
    dir
}

promise!(a_directory_you_may_not_write_is_named_never_a_temporary_file);
fn a_directory_you_may_not_write_is_named_never_a_temporary_file() {
    let dir = directories();
    let read_only_tmp = dir.path().join("ro");
    for (args, tmpdir, said) in [
        (
            vec!["count", "--db", "ro/new.db"],
            None,
            "queens: cannot create ro/new.db: no permission to create files in ro\n",
        ),
        (
            vec!["init", "--db", "ro/new.db"],
            None,
            "queens: cannot create ro/new.db: no permission to create files in ro\n",
        ),
        (
            vec![
                "export", "--db", "rw/q.db", "-f", "csv", "--out", "ro/x.csv",
            ],
            None,
            "queens: cannot write ro/x.csv: no permission to create files in ro\n",
        ),
        (
            vec!["count", "--db", "rw/q.db", "--size", "6"],
            Some(read_only_tmp.as_path()),
            "",
        ),
    ] {
        let out = as_a_plain_user(dir.path(), &args, tmpdir);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(!stderr.contains(".queens-"), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        match said.is_empty() {
            false => assert_eq!(stderr, said, "{args:?}"),
            // The temporary directory, by the name TMPDIR gave it.
            true => assert!(
                stderr.contains("temporary directory (TMPDIR)")
                    && stderr.contains(&format!(
                        "no permission to create files in {}",
                        read_only_tmp.display()
                    )),
                "{stderr}"
            ),
        }
    }
    assert!(!dir.path().join("ro/new.db").exists());
    assert_eq!(std::fs::read_dir(dir.path().join("ro")).unwrap().count(), 0);
}

promise!(a_board_without_solutions_says_so_and_every_row_carries_its_number);
fn a_board_without_solutions_says_so_and_every_row_carries_its_number() {
    let dir = TempDir::new().unwrap();
    for n in ["2", "3"] {
        let out = queens(dir.path())
            .args(["solve", "--size", n, "--db", "none.db"])
            .output()
            .unwrap();
        assert!(out.status.success());
        assert!(
            text(&out.stderr).contains(&format!("the {n}×{n} board has no solutions")),
            "{}",
            text(&out.stderr)
        );
    }
    // solve --fundamental's numbers are those `show K` draws.
    let board = Board::new(8);
    let fundamental = board.stdout(&["solve", "--fundamental"]);
    let mut lines = fundamental.lines();
    assert!(lines.next().unwrap().starts_with("solution  s1"));
    for line in lines.skip(1) {
        let cells: Vec<&str> = line.split_whitespace().collect();
        let shown = board.stdout(&["show", cells[0]]);
        let squares = cells[1..=8].join(" ");
        assert!(
            shown.starts_with(&format!("Solution {} of 92: {squares}\n", cells[0])),
            "{line}: {shown}"
        );
    }
}

promise!(a_size_that_is_no_number_is_told_what_a_size_is);
fn a_size_that_is_no_number_is_told_what_a_size_is() {
    let dir = TempDir::new().unwrap();
    for size in ["eight", "0", "27", "-3", "8.5"] {
        let out = queens(dir.path())
            .args(["count", "--size", size])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{size}");
        assert_eq!(
            text(&out.stderr),
            format!(
                "queens: invalid value '{size}' for '--size <N>': a board size is a whole \
                 number from 1 to 26, like 8, or columns x rows, like 4x6 (see 'queens count \
                 --help')\n"
            )
        );
    }
    assert!(!dir.path().join("queens.db").exists());
}

promise!(a_size_of_no_rows_or_no_columns_names_the_part_it_lacks);
fn a_size_of_no_rows_or_no_columns_names_the_part_it_lacks() {
    let dir = TempDir::new().unwrap();
    for (size, lacks) in [("5x0", "row"), ("0x5", "column"), ("0x0", "column")] {
        let out = queens(dir.path())
            .args(["count", "--size", size])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{size}");
        assert_eq!(
            text(&out.stderr),
            format!(
                "queens: invalid value '{size}' for '--size <N>': a board needs at least one \
                 {lacks} (see 'queens count --help')\n"
            )
        );
    }
    assert!(!dir.path().join("queens.db").exists());
}

promise!(server_options_have_a_heading_of_their_own);
fn server_options_have_a_heading_of_their_own() {
    for command in ["count", "solve", "init", "doctor", "query"] {
        let out = queens(Path::new("."))
            .args([command, "--help"])
            .output()
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

promise!(one_queen_is_it_and_more_are_them);
fn one_queen_is_it_and_more_are_them() {
    let dir = TempDir::new().unwrap();
    let check = |squares: &[&str]| {
        let out = queens(dir.path())
            .arg("check")
            .args(squares)
            .output()
            .unwrap();
        text(&out.stdout)
    };
    assert_eq!(
        check(&["c5"]),
        "valid: 1 queen; 12 solutions complete it (list with `queens complete c5`)\n"
    );
    assert_eq!(
        check(&["a2", "b6"]),
        "valid: 2 queens, no two attacking; 2 solutions complete them \
         (list with `queens complete a2 b6`)\n"
    );
}

promise!(datasette_shows_names_as_code_not_as_backticks);
fn datasette_shows_names_as_code_not_as_backticks() {
    let board = Board::new(6);
    let metadata: serde_json::Value =
        serde_json::from_str(&board.stdout(&["export", "--format", "datasette", "--out", "-"]))
            .unwrap();
    let tables = metadata["databases"]["q6"]["tables"].as_object().unwrap();
    let mut with_code = 0;
    for (name, table) in tables {
        let plain = table["description"].as_str().unwrap_or_default();
        assert!(!plain.contains('`'), "{name}: {plain}");
        for (column, holds) in table["columns"].as_object().into_iter().flatten() {
            assert!(!holds.as_str().unwrap().contains('`'), "{name}.{column}");
        }
        if let Some(html) = table["description_html"].as_str() {
            assert!(
                html.contains("<code>") && !html.contains('`'),
                "{name}: {html}"
            );
            with_code += 1;
        }
    }
    assert!(with_code >= 3, "{with_code}");
    let queries = metadata["databases"]["q6"]["queries"].as_object().unwrap();
    for (name, query) in queries {
        assert!(
            !query["description"].as_str().unwrap().contains('`'),
            "{name}"
        );
    }
}

promise!(the_postgres_script_describes_what_it_builds);
fn the_postgres_script_describes_what_it_builds() {
    let dir = TempDir::new().unwrap();
    let out = queens(dir.path())
        .args(["export", "-f", "sql", "--dialect", "postgres", "-o", "-"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let script = text(&out.stdout);
    for relation in ["view queens.solution", "table queens.square_line"] {
        assert!(
            script.contains(&format!("comment on {relation} is E'")),
            "{relation}"
        );
    }
    assert!(script.contains("comment on column queens.square_line.anchor is E'"));
    // After the objects they describe.
    assert!(script.find("comment on view queens.solution") > script.find("create view solution"));
}

promise!(a_course_database_is_told_how_to_attach_the_board);
fn a_course_database_is_told_how_to_attach_the_board() {
    let dir = TempDir::new().unwrap();
    let course = dir.path().join("course.db");
    rusqlite::Connection::open(&course)
        .unwrap()
        .execute_batch(
            "pragma user_version = 3; create table student (id integer primary key, name text);
             insert into student (name) values ('ada');",
        )
        .unwrap();
    let before = std::fs::read(&course).unwrap();
    for command in ["init", "count"] {
        let out = queens(dir.path())
            .args([command, "--db", "course.db"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(
            text(&out.stderr),
            "queens: course.db is an SQLite database of other tables, not a queens board (it \
             has no board_size table); queens keeps a board in a file of its own: build it \
             with `queens init --db queens.db` and attach it to yours (in sqlite3: attach \
             'queens.db' as q; select * from q.solution)\n"
        );
    }
    assert_eq!(std::fs::read(&course).unwrap(), before);
    // And the advice works: the board attached to the course's file.
    queens(dir.path()).args(["init"]).assert().success();
    let conn = rusqlite::Connection::open(&course).unwrap();
    let board = dir.path().join("queens.db");
    conn.execute("attach ?1 as q", [board.to_str().unwrap()])
        .unwrap();
    let (solutions, students): (i64, i64) = conn
        .query_row(
            "select (select count(*) from q.solution), (select count(*) from student)",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .unwrap();
    assert_eq!((solutions, students), (92, 1));
}
