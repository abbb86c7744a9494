//! SQLite files under hostile hands: the SQL export as a whole
//! round trip, standard output that is the database itself, the permission
//! bits of a replaced --out, tables and indexes of the user's that shadow
//! or need what queens cannot give, pragma functions in `query`, and
//! Datasette's descriptions of the user's own columns.

use crate::common;
use crate::common::wait::BoundedInto;

use std::path::Path;
use std::process::{Command, Output, Stdio};

use common::{Board, assert_refused, text};
use rusqlite::Connection;

/// Every value of the user's table as SQLite stores it: its bytes in hex,
/// its type, and the rowid it has.
fn stored_values(db: &Path, table: &str) -> Vec<String> {
    let conn = Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let columns: Vec<String> = conn
        .prepare(&format!("select name from pragma_table_info('{table}')"))
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let shown: Vec<String> = columns
        .iter()
        .map(|c| format!("typeof({c}) || ':' || quote(cast({c} as blob))"))
        .collect();
    let sql = format!(
        "select rowid || ' ' || {} from {table} order by rowid",
        shown.join(" || ' ' || ")
    );
    conn.prepare(&sql)
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

fn pragma(db: &Path, name: &str) -> i64 {
    Connection::open(db)
        .unwrap()
        .query_row(&format!("pragma {name}"), [], |row| row.get(0))
        .unwrap()
}

promise!(
    sql_export_brings_back_nul_bytes_invalid_utf8_blobs_and_pragmas,
    needs = [Sqlite3]
);
fn sql_export_brings_back_nul_bytes_invalid_utf8_blobs_and_pragmas() {
    let board = Board::new(5);
    Connection::open(&board.db)
        .unwrap()
        .execute_batch(
            "create table mine (k integer primary key autoincrement, t text, b blob,
                                r real, i int, g as (i * 2));
             insert into mine (t, b, r, i) values
                 (cast(x'61006200' as text), x'00ff', 1.5, 7),
                 (cast(x'c328618000' as text), x'', 1e300, -9223372036854775808),
                 ('it''s', null, -2.25e-300, 0);
             create table plain (x);
             insert into plain (rowid, x) values (10, 'ten'), (3, x'0a00');
             delete from mine where k = 2;
             insert into mine (t) values ('after a gap');
             create index mine_t on mine (t);
             analyze;
             pragma application_id = 1234567;",
        )
        .unwrap();
    let dump = board.dir.path().join("dump.sql");
    let export = board.run(&["export", "--format", "sql", "--out", dump.to_str().unwrap()]);
    assert!(export.status.success(), "{}", text(&export.stderr));
    let copy = board.dir.path().join("copy.db");
    let shell = Command::new("sqlite3")
        .arg(&copy)
        .stdin(std::fs::File::open(&dump).unwrap())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the sqlite3 shell (apt-get install sqlite3)");
    let shell = common::wait::output_of(shell, "the sqlite3 shell to load the dump");
    assert!(
        shell.status.success() && shell.stderr.is_empty(),
        "{}",
        text(&shell.stderr)
    );
    for table in ["mine", "plain", "sqlite_sequence", "sqlite_stat1", "square"] {
        let (before, after) = (stored_values(&board.db, table), stored_values(&copy, table));
        assert!(!before.is_empty(), "{table} is empty");
        assert_eq!(after, before, "{table}");
    }
    assert_eq!(pragma(&copy, "application_id"), 1234567);
    assert_eq!(
        pragma(&copy, "user_version"),
        pragma(&board.db, "user_version")
    );
    // The copy is a queens database that answers as the original does.
    let solutions = |db: &Path| {
        let out = common::run_in(
            board.dir.path(),
            &["solve", "-f", "csv", "--db", db.to_str().unwrap()],
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        out.stdout
    };
    assert_eq!(solutions(&copy), solutions(&board.db));
}

promise!(sql_export_refuses_a_virtual_table_by_name_before_writing);
fn sql_export_refuses_a_virtual_table_by_name_before_writing() {
    let board = Board::new(5);
    Connection::open(&board.db)
        .unwrap()
        .execute_batch("create virtual table my_words using fts5 (word);")
        .unwrap();
    let out = board.run(&["export", "--format", "sql"]);
    assert_refused(&out, 2, "cannot carry virtual table my_words");
}

promise!(query_refuses_an_acting_pragma_s_table_function_as_every_write);
fn query_refuses_an_acting_pragma_s_table_function_as_every_write() {
    let board = Board::new(5);
    let before = common::contents(&board.db);
    for sql in [
        "select * from pragma_optimize",
        "select * from main.PRAGMA_OPTIMIZE(1)",
        "select 1 from square where exists (select 1 from pragma_optimize)",
    ] {
        for format in ["table", "csv"] {
            let out = board.run(&["query", "-f", format, sql]);
            assert_refused(
                &out,
                2,
                "query only reads: this statement would change the database",
            );
        }
    }
    assert_eq!(common::contents(&board.db), before);
    // Pragmas that only report still answer.
    let info = board.stdout(&[
        "query",
        "-f",
        "csv",
        "select name from pragma_table_info('square')",
    ]);
    assert!(info.starts_with("name\nsquare\n"), "{info}");
}

/// Runs queens on the board with standard output opened onto `path` for
/// reading and writing, as the shell's `1<>path` does (nothing truncated).
fn run_with_stdout_on(board: &Board, args: &[&str], path: &Path) -> Output {
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .unwrap();
    Command::new(env!("CARGO_BIN_EXE_queens"))
        .current_dir(board.dir.path())
        .args(args)
        .arg("--db")
        .arg(&board.db)
        .bounded_output_into(Stdio::from(file))
        .unwrap()
}

promise!(every_command_refuses_a_standard_output_that_is_the_database_or_its_journal);
fn every_command_refuses_a_standard_output_that_is_the_database_or_its_journal() {
    let board = Board::new(5);
    let before = common::contents(&board.db);
    let journal = board.dir.path().join("q5.db-journal");
    let commands: [&[&str]; 12] = [
        &["solve", "-f", "csv"],
        &["count"],
        &["show", "1"],
        &["check", "a1"],
        &["complete", "a1"],
        &["space"],
        &["doctor"],
        &["init", "--size", "5"],
        &["export", "--format", "sql"],
        &["export", "--format", "csv"],
        &["export", "--format", "datasette"],
        &["query", "select 1"],
    ];
    for args in commands {
        for target in [&board.db, &journal] {
            let out = run_with_stdout_on(&board, args, target);
            let stderr = text(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
            assert!(
                common::is_one_error(&stderr)
                    && stderr.contains("standard output is the database")
                    && stderr.contains("q5.db"),
                "{args:?}: {stderr}"
            );
            assert_eq!(
                common::contents(&board.db),
                before,
                "{args:?} wrote into the database"
            );
        }
        std::fs::remove_file(&journal).unwrap();
    }
    // Standard output on another file still works.
    let other = board.dir.path().join("count.txt");
    let out = run_with_stdout_on(&board, &["count"], &other);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "10\n");
}

promise!(a_replaced_out_file_keeps_its_permission_bits);
#[cfg(unix)]
fn a_replaced_out_file_keeps_its_permission_bits() {
    use std::os::unix::fs::PermissionsExt;
    let board = Board::new(5);
    for (mode, format) in [(0o600, "sql"), (0o640, "csv"), (0o604, "svg")] {
        let out_path = board.dir.path().join(format!("out.{format}"));
        std::fs::write(&out_path, "old").unwrap();
        std::fs::set_permissions(&out_path, std::fs::Permissions::from_mode(mode)).unwrap();
        let out = board.run(&[
            "export",
            "--format",
            format,
            "--force",
            "--out",
            out_path.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let after = std::fs::metadata(&out_path).unwrap();
        assert_eq!(after.permissions().mode() & 0o777, mode, "{format}");
        assert_ne!(std::fs::read(&out_path).unwrap(), b"old");
    }
}

promise!(a_user_table_named_json_each_leaves_check_complete_and_show_answering);
fn a_user_table_named_json_each_leaves_check_complete_and_show_answering() {
    let board = Board::new(6);
    Connection::open(&board.db)
        .unwrap()
        .execute_batch(
            "create table json_each (value text, key integer);
             insert into json_each values ('a1', 0), ('z9', 1);",
        )
        .unwrap();
    let check = board.run(&["check", "a1", "b1"]);
    assert_eq!(check.status.code(), Some(1), "{}", text(&check.stderr));
    assert!(
        text(&check.stdout).contains("a1 and b1 attack each other"),
        "{}",
        text(&check.stdout)
    );
    let valid = board.run(&["check", "b1"]);
    assert!(valid.status.success(), "{}", text(&valid.stderr));
    // The 6×6 board's solutions with a queen on b1: exactly one, a4 b1 c5 d2 e6 f3.
    let complete = board.stdout(&["complete", "b1", "-f", "csv"]);
    assert_eq!(
        complete,
        "solution,s1,s2,s3,s4,s5,s6\n3,a4,b1,c5,d2,e6,f3\n"
    );
    let show = board.stdout(&["show", "1"]);
    assert!(show.contains("class representative"), "{show}");
}

promise!(an_index_sorted_by_a_collation_queens_lacks_is_named_with_what_to_do);
fn an_index_sorted_by_a_collation_queens_lacks_is_named_with_what_to_do() {
    let board = Board::new(5);
    // As a program that defines its own collation leaves the file (renamed
    // in the schema here: this SQLite cannot define one).
    Connection::open(&board.db)
        .unwrap()
        .execute_batch(
            "create table mine (x text); create index mine_x on mine (x collate nocase);
             insert into mine values ('a');
             pragma writable_schema = on;
             update sqlite_schema set sql = replace(sql, 'nocase', 'mycoll') where name = 'mine_x';",
        )
        .unwrap();
    // doctor reports it among its checks (FAIL integrity), on stdout.
    let doctor = board.run(&["doctor"]);
    assert_eq!(doctor.status.code(), Some(1));
    assert!(
        text(&doctor.stdout).contains("FAIL  integrity      no such collation sequence: mycoll")
    );
    let commands: [&[&str]; 4] = [
        &["count"],
        &["solve"],
        &["check", "a1"],
        &["query", "select 1"],
    ];
    for args in commands {
        let out = board.run(args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(
            common::is_one_error(&stderr)
                && stderr.contains("index mine_x (on table mine) sorted by collation mycoll")
                && stderr.contains("drop index")
                && !stderr.contains("SQL logic error"),
            "{args:?}: {stderr}"
        );
    }
}

promise!(datasette_describes_only_queens_own_columns_s1_to_sn_as_queens);
fn datasette_describes_only_queens_own_columns_s1_to_sn_as_queens() {
    let board = Board::new(5);
    Connection::open(&board.db)
        .unwrap()
        .execute_batch(
            "create table my_sensors (s1 real, s3 real, note text);
             create view my_view as select s1, s2 from solution;",
        )
        .unwrap();
    let out = board.run(&["export", "--format", "datasette"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let metadata: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let database = metadata["databases"]
        .as_object()
        .unwrap()
        .values()
        .next()
        .unwrap();
    let tables = &database["tables"];
    for mine in ["my_sensors", "my_view"] {
        assert!(tables.get(mine).is_some(), "{mine} is listed");
        assert!(
            tables[mine].get("columns").is_none(),
            "{mine}: {}",
            tables[mine]
        );
    }
    // queens' own placement views keep their descriptions.
    assert_eq!(
        tables["solution"]["columns"]["s3"],
        "queen 3's square, in column c"
    );
}
