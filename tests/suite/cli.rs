//! The CLI as a user runs it: outputs, idempotence, rebuilds, and refusals
//! that leave every file as it was.

use crate::common;
use crate::common::Bounded;
use crate::common::wait::BoundedInto;

use std::io::Read;
use std::path::Path;
use std::process::{Output, Stdio};

use common::{Board, contents, is_one_error, queens, run_in, text};
use tempfile::TempDir;

/// Runs queens in `dir`, expects failure with `code`, and returns the one
/// error it printed on stderr (one line, or clap's usage after it).
fn fails(dir: &Path, args: &[&str], code: i32) -> String {
    let output = queens(dir).args(args).bounded_output().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(code), "{args:?}: {stderr}");
    assert!(
        common::is_one_error(&stderr),
        "{args:?} printed more than one error: {stderr}"
    );
    assert!(!stderr.contains("panicked") && !stderr.contains("RUST_BACKTRACE"));
    stderr
}

fn stdout_of(dir: &Path, args: &[&str]) -> String {
    let output = queens(dir).args(args).bounded_output().unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

promise!(solve_creates_the_default_database_and_prints_92_solutions);
fn solve_creates_the_default_database_and_prints_92_solutions() {
    let dir = TempDir::new().unwrap();
    let out = stdout_of(dir.path(), &["solve"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2 + 92);
    assert_eq!(lines[0], "solution  s1  s2  s3  s4  s5  s6  s7  s8");
    assert_eq!(lines[1], "--------  --  --  --  --  --  --  --  --");
    assert_eq!(lines[2], "1         a1  b5  c8  d6  e3  f7  g2  h4");
    assert_eq!(lines[93], "92        a8  b4  c1  d3  e6  f2  g7  h5");
    assert!(dir.path().join("queens.db").is_file());
    assert_eq!(stdout_of(dir.path(), &["count"]), "92\n");
}

promise!(solve_prints_the_four_by_four_table_exactly);
fn solve_prints_the_four_by_four_table_exactly() {
    let dir = TempDir::new().unwrap();
    let out = stdout_of(dir.path(), &["solve", "--size", "4", "--db", "four.db"]);
    assert_eq!(
        out,
        "solution  s1  s2  s3  s4\n\
         --------  --  --  --  --\n\
         1         a2  b4  c1  d3\n\
         2         a3  b1  c4  d2\n"
    );
}

promise!(ten_by_ten_init_count_and_query);
fn ten_by_ten_init_count_and_query() {
    let dir = TempDir::new().unwrap();
    let init = stdout_of(dir.path(), &["init", "--size", "10", "--db", "ten.db"]);
    assert!(init.contains("10×10"), "{init}");
    assert_eq!(stdout_of(dir.path(), &["count", "--db", "ten.db"]), "724\n");
    assert_eq!(
        stdout_of(
            dir.path(),
            &["query", "--db", "ten.db", "select count(*) from candidate"]
        ),
        "count(*)\n--------\n479306\n"
    );
    // Without --size an existing database keeps its own size.
    assert_eq!(
        stdout_of(dir.path(), &["count", "--db", "ten.db", "--size", "10"]),
        "724\n"
    );
}

promise!(query_prints_the_lines_through_c5);
fn query_prints_the_lines_through_c5() {
    let dir = TempDir::new().unwrap();
    let out = stdout_of(
        dir.path(),
        &[
            "query",
            "select * from square_line where square = 'c5' order by mov_dir",
        ],
    );
    assert_eq!(
        out,
        "square  anchor  mov_dir\n\
         ------  ------  -------\n\
         c5      a5      RGHT\n\
         c5      a7      RGHT-DN\n\
         c5      a3      RGHT-UP\n\
         c5      c1      UP\n"
    );
}

promise!(init_twice_changes_nothing);
fn init_twice_changes_nothing() {
    let board = Board::new(8);
    let before = contents(&board.db);
    let out = stdout_of(
        board.dir.path(),
        &["init", "--db", board.db.to_str().unwrap()],
    );
    assert!(out.contains("already holds an 8×8 board"), "{out}");
    let out = stdout_of(
        board.dir.path(),
        &["init", "--size", "8", "--db", board.db.to_str().unwrap()],
    );
    assert!(out.contains("nothing to do"), "{out}");
    assert_eq!(contents(&board.db), before);
}

promise!(init_force_rebuilds_for_another_size_and_keeps_the_users_objects);
fn init_force_rebuilds_for_another_size_and_keeps_the_users_objects() {
    let board = Board::new(8);
    {
        let conn = rusqlite::Connection::open(&board.db).unwrap();
        conn.execute_batch(
            "create table my_notes (note text);
             insert into my_notes values ('keep me');
             create view my_corner as select square from square where square in ('a1', 'f6');",
        )
        .unwrap();
    }
    let db = board.db.to_str().unwrap();
    let out = stdout_of(
        board.dir.path(),
        &["init", "--size", "6", "--force", "--db", db],
    );
    assert!(out.contains("6×6") && out.contains("8×8"), "{out}");
    let rebuilt = Board { n: 6, ..board };
    assert_eq!(rebuilt.count("select count(*) from solution"), 4);
    assert_eq!(rebuilt.count("select count(*) from square"), 36);
    assert_eq!(rebuilt.count("select count(*) from line"), 34);
    assert_eq!(
        rebuilt.rows("select note from my_notes"),
        vec![vec!["keep me".to_string()]]
    );
    assert_eq!(
        rebuilt.rows("select * from my_corner"),
        vec![vec!["a1".to_string()], vec!["f6".to_string()]]
    );
    let conn = rebuilt.connect();
    let columns = conn
        .prepare("select * from solution")
        .unwrap()
        .column_count();
    assert_eq!(columns, 6);
}

promise!(help_explains_every_command_with_an_example);
fn help_explains_every_command_with_an_example() {
    let dir = TempDir::new().unwrap();
    for command in [
        "init", "solve", "count", "query", "show", "check", "complete", "space", "trace", "export",
        "grade",
    ] {
        let out = stdout_of(dir.path(), &[command, "--help"]);
        assert!(out.contains("Examples:"), "{command}: {out}");
        assert!(out.contains("--db"), "{command}: {out}");
    }
    let out = stdout_of(dir.path(), &["--help"]);
    assert!(out.contains("solve") && out.contains("sqlite3"), "{out}");
    // init's help names every view it makes (clap joins the lines).
    let init = stdout_of(dir.path(), &["init", "--help"]).replace('\n', " ");
    for view in queens::model::schema::view_names() {
        let named = init
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .any(|word| word == view);
        assert!(named, "init --help does not name {view}: {init}");
    }
    assert!(!dir.path().join("queens.db").exists());
}

promise!(bad_sizes_are_usage_errors_and_create_nothing);
fn bad_sizes_are_usage_errors_and_create_nothing() {
    let dir = TempDir::new().unwrap();
    for size in ["0", "27", "abc", "-1", ""] {
        for command in ["init", "solve", "count"] {
            let err = fails(dir.path(), &[command, "--size", size], 2);
            assert!(err.contains("--size"), "{err}");
        }
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

promise!(a_database_in_a_missing_directory_is_refused);
fn a_database_in_a_missing_directory_is_refused() {
    let dir = TempDir::new().unwrap();
    let err = fails(dir.path(), &["init", "--db", "no/such/dir/q.db"], 1);
    assert!(err.contains("does not exist"), "{err}");
    let err = fails(dir.path(), &["solve", "--db", "missing/q.db"], 1);
    assert!(err.contains("does not exist"), "{err}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

promise!(a_file_that_is_not_a_database_is_left_byte_for_byte_unchanged);
fn a_file_that_is_not_a_database_is_left_byte_for_byte_unchanged() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("notes.txt");
    let text = "These are my notes, not a database.\n".repeat(200);
    std::fs::write(&path, &text).unwrap();
    for args in [
        vec!["init"],
        vec!["init", "--force"],
        vec!["init", "--force", "--size", "5"],
        vec!["solve"],
        vec!["count"],
        vec!["query", "select 1"],
    ] {
        let mut args = args.clone();
        args.extend(["--db", "notes.txt"]);
        let err = fails(dir.path(), &args, 1);
        assert!(err.contains("notes.txt is not a SQLite database"), "{err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

promise!(empty_files_directories_and_other_programs_databases_are_refused);
fn empty_files_directories_and_other_programs_databases_are_refused() {
    let dir = TempDir::new().unwrap();
    std::fs::write(dir.path().join("empty.db"), b"").unwrap();
    std::fs::create_dir(dir.path().join("folder.db")).unwrap();
    let other = dir.path().join("other.db");
    rusqlite::Connection::open(&other)
        .unwrap()
        .execute_batch("create table invoices (id integer primary key, total real); insert into invoices values (1, 9.5);")
        .unwrap();
    let other_before = contents(&other);

    let err = fails(dir.path(), &["count", "--db", "empty.db"], 1);
    assert!(err.contains("empty.db is an empty file"), "{err}");
    assert_eq!(contents(&dir.path().join("empty.db")), b"");
    let err = fails(dir.path(), &["init", "--db", "folder.db"], 1);
    assert!(err.contains("folder.db is a directory"), "{err}");
    for args in [vec!["init"], vec!["init", "--force"], vec!["solve"]] {
        let mut args = args.clone();
        args.extend(["--db", "other.db"]);
        let err = fails(dir.path(), &args, 1);
        assert!(err.contains("not a queens board"), "{err}");
        assert_eq!(contents(&other), other_before);
    }
}

promise!(init_refuses_another_size_without_force);
fn init_refuses_another_size_without_force() {
    let board = Board::new(8);
    let before = contents(&board.db);
    let db = board.db.to_str().unwrap();
    let err = fails(board.dir.path(), &["init", "--size", "10", "--db", db], 2);
    assert!(
        err.contains("holds an 8×8 board, not 10×10") && err.contains("--force"),
        "{err}"
    );
    assert_eq!(contents(&board.db), before);
}

promise!(reading_commands_answer_another_size_on_a_temporary_board_and_leave_the_file);
fn reading_commands_answer_another_size_on_a_temporary_board_and_leave_the_file() {
    let board = Board::new(8);
    let before = contents(&board.db);
    let db = board.db.to_str().unwrap();
    // The temporary boards go to TMPDIR: it must be empty afterwards.
    let tmp = TempDir::new().unwrap();
    let run = |args: &[&str]| {
        let out = queens(board.dir.path())
            .env("TMPDIR", tmp.path())
            .args(args)
            .args(["--size", "10", "--db", db])
            .bounded_output()
            .unwrap();
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(
            err.contains(
                "holds the 8×8 board, left as it is; answering for 10×10 on a temporary board"
            ),
            "{args:?}: {err}"
        );
        text(&out.stdout)
    };
    assert_eq!(run(&["count"]), "724\n");
    assert_eq!(run(&["solve", "--format", "csv"]).lines().count(), 725);
    assert_eq!(run(&["query", "select n from board_size"]), "n\n--\n10\n");
    assert!(run(&["show", "724"]).starts_with("Solution 724 of 724"));
    assert!(run(&["check", "a1", "c4"]).starts_with("valid: 2 queens"));
    assert!(run(&["complete", "a1", "c4"]).contains("solutions found"));
    assert!(run(&["space"]).contains("724"));
    assert_eq!(contents(&board.db), before);
    assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 0);
}

promise!(a_database_from_a_newer_queens_is_refused_untouched);
fn a_database_from_a_newer_queens_is_refused_untouched() {
    let board = Board::new(5);
    rusqlite::Connection::open(&board.db)
        .unwrap()
        .pragma_update(None, "user_version", 99)
        .unwrap();
    let before = contents(&board.db);
    let db = board.db.to_str().unwrap();
    for args in [
        vec!["init"],
        vec!["init", "--force"],
        vec!["count"],
        vec!["query", "select 1"],
    ] {
        let mut args = args.clone();
        args.extend(["--db", db]);
        let err = fails(board.dir.path(), &args, 1);
        assert!(
            err.contains("schema version 99") && err.contains("newer"),
            "{err}"
        );
    }
    assert_eq!(contents(&board.db), before);
}

promise!(query_refuses_every_statement_that_writes);
fn query_refuses_every_statement_that_writes() {
    let board = Board::new(6);
    let before = contents(&board.db);
    let db = board.db.to_str().unwrap();
    for sql in [
        "insert into board_size (n) values (7)",
        "update board_size set n = 7",
        "delete from square_line",
        "drop view solution",
        "create table t (x)",
        "pragma user_version = 5",
        "pragma writable_schema = on",
        "vacuum",
        "select 1; drop view solution",
        "attach database 'other.db' as other",
        "ATTACH 'x.db' AS x",
        "  detach x",
        "create temp table t (x)",
        // From an attack: this exited 1 where every other refusal exits 2.
        "select load_extension('x.so')",
        "select LOAD_EXTENSION('x.so', 'init')",
    ] {
        let err = fails(board.dir.path(), &["query", "--db", db, sql], 2);
        assert!(!err.is_empty(), "{sql}");
    }
    assert_eq!(contents(&board.db), before);
    assert!(!board.dir.path().join("other.db").exists());
    assert!(!board.dir.path().join("x.db").exists());
}

promise!(query_reports_invalid_sql_in_one_line);
fn query_reports_invalid_sql_in_one_line() {
    let board = Board::new(4);
    let db = board.db.to_str().unwrap();
    let err = fails(
        board.dir.path(),
        &["query", "--db", db, "selct * from solution"],
        2,
    );
    assert!(
        err.contains("invalid SQL") && err.contains("selct"),
        "{err}"
    );
    let err = fails(
        board.dir.path(),
        &["query", "--db", db, "select * from no_such_table"],
        2,
    );
    assert!(err.contains("no such table: no_such_table"), "{err}");
    let err = fails(board.dir.path(), &["query", "--db", db, "   "], 2);
    assert!(err.contains("needs an SQL statement"), "{err}");
}

promise!(a_closed_pipe_ends_solve_quietly);
fn a_closed_pipe_ends_solve_quietly() {
    let board = Board::new(10);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["solve", "--db", board.db.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let watchdog = common::wait::Watchdog::on(child.id(), "solve's first 64 bytes");
    let mut first = [0u8; 64];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    drop(watchdog);
    // The reader is gone now, as with `queens solve | head -1`.
    let output = common::wait::output_of(child, "solve to end with its reader gone");
    assert!(output.status.success());
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

promise!(usage_mistakes_get_one_line_and_the_command_s_own_help);
fn usage_mistakes_get_one_line_and_the_command_s_own_help() {
    let dir = TempDir::new().unwrap();
    let usage = |args: &[&str]| {
        let output = queens(dir.path()).args(args).bounded_output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty());
        String::from_utf8(output.stderr).unwrap()
    };
    assert_eq!(
        usage(&["show"]),
        "queens: the following required arguments were not provided: <K> \
         (see 'queens show --help')\n"
    );
    assert_eq!(
        usage(&["solve", "--format", "xml"]),
        "queens: invalid value 'xml' for '--format <FORMAT>' \
         [possible values: table, csv, json, ndjson, boards] (see 'queens solve --help')\n"
    );
    assert_eq!(
        usage(&["slove"]),
        "queens: unrecognized subcommand 'slove'; \
         a similar subcommand exists: 'solve' (see 'queens --help')\n"
    );
    // Solution numbers: from 1, within 64 bits, and negative ones are
    // numbers, not options.
    for (args, says) in [
        (&["show", "0"][..], "solutions are numbered from 1"),
        (&["show", "-1"], "solutions are numbered from 1"),
        (&["show", "abc"], "`abc` is not a solution number"),
        (
            &["show", "9223372036854775808"],
            "9223372036854775808 is too large a solution number",
        ),
        (
            &["export", "--solution", "0"],
            "solutions are numbered from 1",
        ),
        (
            &["export", "--solution=-2"],
            "solutions are numbered from 1",
        ),
    ] {
        let said = usage(args);
        assert_eq!(said.lines().count(), 1, "{args:?}: {said}");
        assert!(said.contains(says), "{args:?}: {said}");
    }
    // The database is never created for a command line that was wrong.
    assert!(!dir.path().join("queens.db").exists());
}

promise!(short_flags_and_queens_db_name_the_same_things_as_the_long_ones);
fn short_flags_and_queens_db_name_the_same_things_as_the_long_ones() {
    let dir = TempDir::new().unwrap();
    assert_eq!(
        stdout_of(
            dir.path(),
            &["count", "-d", "six.db", "-s", "6", "-j", "1", "-q"]
        ),
        "4\n"
    );
    let from_env = queens(dir.path())
        .args(["count"])
        .env("QUEENS_DB", "six.db")
        .bounded_output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&from_env.stdout), "4\n");
    assert!(
        !dir.path().join("queens.db").exists(),
        "QUEENS_DB was not used"
    );
    let csv = stdout_of(
        dir.path(),
        &["export", "-d", "six.db", "-f", "csv", "-o", "-"],
    );
    assert!(csv.starts_with("solution,s1,s2,s3,s4,s5,s6\n1,"), "{csv}");
    stdout_of(dir.path(), &["export", "-d", "six.db", "-o", "six.json"]);
    assert!(dir.path().join("six.json").is_file());
    assert!(
        stdout_of(dir.path(), &["doctor", "-d", "six.db", "-s", "6"])
            .ends_with("all checks hold\n")
    );
    let wrong = fails(dir.path(), &["doctor", "-d", "six.db", "-s", "7"], 2);
    assert!(wrong.contains("6×6"), "{wrong}");
    let help = stdout_of(dir.path(), &["count", "--help"]);
    assert!(
        help.contains("-d, --db <PATH>") && help.contains("[env: QUEENS_DB]"),
        "{help}"
    );
}

/// The bash completion script loads, registers `_queens`, and completes
/// `queens sol` to solve.
fn the_bash_completion_loads_and_completes(dir: &Path) {
    let bash = stdout_of(dir, &["completions", "bash"]);
    let script = dir.join("queens.bash");
    std::fs::write(&script, &bash).unwrap();
    let loaded = std::process::Command::new("bash")
        .arg("-c")
        .arg(format!(
            "source {} && complete -p queens && COMP_WORDS=(queens sol); COMP_CWORD=1; _queens queens sol queens; echo \"${{COMPREPLY[@]}}\"",
            script.display()
        ))
        .bounded_output()
        .unwrap();
    let said = String::from_utf8_lossy(&loaded.stdout);
    assert!(
        loaded.status.success(),
        "{}",
        String::from_utf8_lossy(&loaded.stderr)
    );
    assert!(
        said.contains("-F _queens queens") && said.contains("solve"),
        "{said}"
    );
}

/// queens(1) renders with its headings, and every page it refers to
/// renders under the name it is given.
fn the_man_page_renders_and_so_does_every_page_it_names(dir: &Path) {
    let page = dir.join("queens.1");
    std::fs::write(&page, stdout_of(dir, &["manpage"])).unwrap();
    let rendered = render_man_page(&page);
    let text = String::from_utf8_lossy(&rendered.stdout);
    assert!(
        rendered.status.success(),
        "{}",
        String::from_utf8_lossy(&rendered.stderr)
    );
    for heading in [
        "NAME",
        "SYNOPSIS",
        "DESCRIPTION",
        "SUBCOMMANDS",
        "queens-solve",
    ] {
        assert!(text.contains(heading), "{heading} missing from: {text}");
    }
    // Every page queens(1) refers to exists, under the name it is given.
    let referred: Vec<String> = text
        .split_whitespace()
        .filter_map(|word| word.strip_prefix("queens-")?.strip_suffix("(1)"))
        .map(String::from)
        .collect();
    assert_eq!(referred.len(), 14, "{text}");
    for name in &referred {
        let page = dir.join(format!("queens-{name}.1"));
        std::fs::write(&page, stdout_of(dir, &["manpage", name])).unwrap();
        let rendered = render_man_page(&page);
        let text = String::from_utf8_lossy(&rendered.stdout);
        assert!(text.contains(&format!("queens-{name}")), "{text}");
        assert!(text.contains("--help"), "{text}");
    }
}

promise!(
    completions_load_in_bash_and_the_man_page_renders,
    needs = [Man]
);
fn completions_load_in_bash_and_the_man_page_renders() {
    let dir = TempDir::new().unwrap();
    the_bash_completion_loads_and_completes(dir.path());
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        assert!(
            stdout_of(dir.path(), &["completions", shell]).contains("queens"),
            "{shell}"
        );
    }
    the_man_page_renders_and_so_does_every_page_it_names(dir.path());
    let solve = stdout_of(dir.path(), &["manpage", "solve"]);
    assert!(solve.contains("fundamental"), "{solve}");
    let wrong = run_in(dir.path(), &["manpage", "sovle"]);
    assert_eq!(wrong.status.code(), Some(2));
    assert!(is_one_error(&common::text(&wrong.stderr)), "{wrong:?}");
}

promise!(generated_text_on_a_full_device_is_one_error_not_a_panic);
fn generated_text_on_a_full_device_is_one_error_not_a_panic() {
    let dir = TempDir::new().unwrap();
    for args in [
        &["completions", "bash"][..],
        &["manpage"][..],
        &["manpage", "init"][..],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
            .current_dir(dir.path())
            .args(args)
            .bounded_output_into(full)
            .unwrap();
        let said = common::text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {said}");
        assert!(
            is_one_error(&said) && said.contains("No space left"),
            "{said}"
        );
    }
}

/// `sql` (the six squares of row 1) as CSV, with its header and an
/// empty NULL, as JSON, with types and null, and as NDJSON, the same rows.
fn the_csv_json_and_ndjson_of_a_query_agree(dir: &Path, db: &str, sql: &str) {
    let csv_text = stdout_of(dir, &["query", "-d", db, "-f", "csv", sql]);
    let mut reader = csv::Reader::from_reader(csv_text.as_bytes());
    assert_eq!(
        reader.headers().unwrap(),
        vec!["square", "cl_no", "rw_no", "nil"]
    );
    let rows: Vec<Vec<String>> = reader
        .records()
        .map(|r| r.unwrap().iter().map(String::from).collect())
        .collect();
    assert_eq!(rows.len(), 6);
    assert_eq!(rows[2], ["c1", "3", "1", ""]);
    let json: serde_json::Value =
        serde_json::from_str(&stdout_of(dir, &["query", "-d", db, "-f", "json", sql])).unwrap();
    assert_eq!(json.as_array().unwrap().len(), 6);
    assert_eq!(
        json[2],
        serde_json::json!({"square": "c1", "cl_no": 3, "rw_no": 1, "nil": null})
    );
    let ndjson = stdout_of(dir, &["query", "-d", db, "-f", "ndjson", sql]);
    let lines: Vec<serde_json::Value> = ndjson
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines, json.as_array().unwrap().clone());
}

/// The statement from standard input, and from a file; not from both a
/// file and an argument.
fn the_statement_comes_from_stdin_or_a_file(dir: &Path, db: &str) {
    let out = queens(dir)
        .args(["query", "-d", db, "-"])
        .write_stdin("-- how many?\nselect count(*) as n from solution;\n")
        .bounded_output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "n\n-\n4\n");
    // Longer than one command-line argument may be (128 KiB on Linux).
    let long = format!("select length('{}') as x", "q".repeat(200_000));
    let file = dir.join("long.sql");
    std::fs::write(&file, &long).unwrap();
    assert_eq!(
        stdout_of(
            dir,
            &[
                "query",
                "-d",
                db,
                "--file",
                file.to_str().unwrap(),
                "-f",
                "csv"
            ]
        ),
        "x\n200000\n"
    );
    fails(dir, &["query", "-d", db, "--file", "missing.sql"], 1);
    fails(
        dir,
        &["query", "-d", db, "select 1", "--file", "long.sql"],
        2,
    );
}

promise!(query_prints_every_format_and_reads_sql_from_stdin_or_a_file);
fn query_prints_every_format_and_reads_sql_from_stdin_or_a_file() {
    let board = Board::new(6);
    let dir = board.dir.path();
    let db = board.db.to_str().unwrap();
    let sql = "select square, cl_no, rw_no, null as nil from square where rw_no = 1 order by cl_no";
    the_csv_json_and_ndjson_of_a_query_agree(dir, db, sql);
    let empty = stdout_of(dir, &["query", "-d", db, "-f", "json", "select 1 where 0"]);
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&empty).unwrap(),
        serde_json::json!([])
    );
    the_statement_comes_from_stdin_or_a_file(dir, db);
}

promise!(query_output_keeps_every_column_and_value_and_parses_when_stopped);
fn query_output_keeps_every_column_and_value_and_parses_when_stopped() {
    let board = Board::new(4);
    let dir = board.dir.path();
    let db = board.db.to_str().unwrap();
    let sql = "select 1e999 as a, -1e999 as a, 1 as a, 2 as 'a:1', 0.5 as b";
    assert_eq!(
        stdout_of(dir, &["query", "-d", db, "-f", "csv", sql]),
        "a,a,a,a:1,b\nInf,-Inf,1,2,0.5\n"
    );
    // Repeated names become SQLite's a:1, a:2 … (skipping names taken), so
    // that no value is lost to a JSON reader; infinity is written as SQLite's
    // json() writes it.
    assert_eq!(
        stdout_of(dir, &["query", "-d", db, "-f", "ndjson", sql]),
        "{\"a\":9.0e+999,\"a:2\":-9.0e+999,\"a:3\":1,\"a:1\":2,\"b\":0.5}\n"
    );
    let finite = "select 1 as a, 2 as a, 3 as 'a:1', 4 as a";
    let json: serde_json::Value =
        serde_json::from_str(&stdout_of(dir, &["query", "-d", db, "-f", "json", finite])).unwrap();
    assert_eq!(
        json,
        serde_json::json!([{"a": 1, "a:2": 2, "a:1": 3, "a:3": 4}])
    );
    // Stopped by --timeout after its first row: one error, and the JSON
    // printed so far is a whole array.
    let endless = "with recursive c(x) as (select 1 union all select x + 1 from c) \
                   select x from c where x = 1 or x < 0";
    let out = board.run(&["query", "-f", "json", "--timeout", "0.5", endless]);
    assert_eq!(out.status.code(), Some(1));
    assert!(common::text(&out.stderr).contains("--timeout"));
    let printed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(printed, serde_json::json!([{"x": 1}]));
}

promise!(a_mistake_in_the_squares_creates_no_database);
fn a_mistake_in_the_squares_creates_no_database() {
    let dir = TempDir::new().unwrap();
    for args in [
        &["check", "zz9"][..],
        &["check", "a1", "a1"][..],
        &["complete", "zz9"][..],
        &["complete", "b1", "b1"][..],
        &["check", "-s", "4", "e1"][..],
        &["complete", "-s", "5", "a6"][..],
    ] {
        fails(dir.path(), args, 2);
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert!(left.is_empty(), "{args:?} left {left:?}");
    }
    // The same squares on the board that is then created are fine.
    assert!(stdout_of(dir.path(), &["check", "-s", "5", "e1"]).starts_with("valid: 1 queen"));
}

/// `page` as man(1) shows it, 80 columns wide.
fn render_man_page(page: &std::path::Path) -> std::process::Output {
    std::process::Command::new("man")
        .arg("-l")
        .arg(page)
        .env("MANPAGER", "cat")
        .env("MANWIDTH", "80")
        .bounded_output()
        .expect("man (man-db), which .ci/run installs where it is missing")
}

promise!(checks_advice_pasted_lists_the_completions_it_counted);
fn checks_advice_pasted_lists_the_completions_it_counted() {
    // The advice names the same database and board: pasted in another
    // directory's shell it would otherwise answer for queens.db.
    let dir = tempfile::TempDir::new().unwrap();
    let db = "my ten's.db";
    let out = common::queens(dir.path())
        .args(["init", "--size", "10", "--db", db])
        .bounded_output()
        .unwrap();
    assert!(out.status.success());
    for (args, expected) in [
        (vec!["check", "a2", "b6", "--db", db], 8),
        (vec!["check", "a2", "b6", "--db", db, "--size", "7"], 1),
    ] {
        let said = common::text(
            &common::queens(dir.path())
                .args(&args)
                .bounded_output()
                .unwrap()
                .stdout,
        );
        let counted = match expected {
            1 => "1 solution completes them".to_string(),
            n => format!("{n} solutions complete them"),
        };
        assert!(said.contains(&counted), "{said}");
        let advice = said.split('`').nth(1).unwrap().to_string();
        let exe = env!("CARGO_BIN_EXE_queens");
        let pasted = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!(
                "\"{exe}\"{} -f csv",
                advice.strip_prefix("queens").unwrap()
            ))
            .current_dir(dir.path())
            .bounded_output()
            .unwrap();
        let rows = common::text(&pasted.stdout).lines().count() - 1;
        assert_eq!(rows, expected, "{advice}: {}", common::text(&pasted.stderr));
    }
}

/// Runs queens in `dir` as a plain user (common::queens_as_a_plain_user),
/// so that a directory's permissions mean what they say.
fn as_a_plain_user(dir: &Path, args: &[&str], tmpdir: Option<&Path>) -> Output {
    let mut command = common::queens_as_a_plain_user(dir);
    command.args(args).env_remove("QUEENS_DB");
    if let Some(tmpdir) = tmpdir {
        command.env("TMPDIR", tmpdir);
    }
    command
        .bounded_output()
        .expect("setpriv (util-linux) runs queens as nobody")
}

/// A directory everyone may enter, holding `ro` (no one may write it) and
/// `rw` (everyone may), and a 5×5 board in rw/q.db.
fn directories() -> TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new().unwrap();
    let mode = |path: &Path, mode| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
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
        if said.is_empty() {
            assert!(
                stderr.contains("temporary directory (TMPDIR)")
                    && stderr.contains(&format!(
                        "no permission to create files in {}",
                        read_only_tmp.display()
                    )),
                "{stderr}"
            );
        } else {
            assert_eq!(stderr, said, "{args:?}");
        }
    }
    assert!(!dir.path().join("ro/new.db").exists());
    assert_eq!(std::fs::read_dir(dir.path().join("ro")).unwrap().count(), 0);
}

promise!(a_size_that_is_no_number_is_told_what_a_size_is);
fn a_size_that_is_no_number_is_told_what_a_size_is() {
    let dir = TempDir::new().unwrap();
    for size in ["eight", "0", "27", "-3", "8.5"] {
        let out = queens(dir.path())
            .args(["count", "--size", size])
            .bounded_output()
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

promise!(a_board_without_solutions_says_so_and_every_row_carries_its_number);
fn a_board_without_solutions_says_so_and_every_row_carries_its_number() {
    let dir = TempDir::new().unwrap();
    for n in ["2", "3"] {
        let out = queens(dir.path())
            .args(["solve", "--size", n, "--db", "none.db"])
            .bounded_output()
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
            .bounded_output()
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

promise!(a_size_of_no_rows_or_no_columns_names_the_part_it_lacks);
fn a_size_of_no_rows_or_no_columns_names_the_part_it_lacks() {
    let dir = TempDir::new().unwrap();
    for (size, lacks) in [("5x0", "row"), ("0x5", "column"), ("0x0", "column")] {
        let out = queens(dir.path())
            .args(["count", "--size", size])
            .bounded_output()
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
