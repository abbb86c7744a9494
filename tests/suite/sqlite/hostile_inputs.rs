//! The promises of the book (docs/src/reference/guarantees.md), tried as
//! a hostile user would: the user's own rows, foreign keys and triggers against rebuilds;
//! reading commands against files that tempt them to write; SQLite URI
//! names, devices, FIFOs and links as --db and --out; a rebuild between a
//! materialize's steps; damage that only doctor can see; endless queries; boards
//! too large to search; a server that never answers.

use crate::common;
use crate::common::Bounded;
use crate::common::wait::BoundedInto;

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::thread;

use common::{Board, LimitedRun, assert_refused, contents, under_memory_limit};
use rusqlite::{Connection, OpenFlags};
use tempfile::TempDir;

const QUEENS: &str = env!("CARGO_BIN_EXE_queens");

fn queens(dir: &Path, args: &[&str]) -> Output {
    common::run_in(dir, args)
}

use common::text;

/// Every row of every table of the user's, exactly as SQLite stores it.
fn user_rows(db: &Path) -> Vec<String> {
    let conn = Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let mut rows = Vec::new();
    for table in ["my_games", "my_notes", "my_strict", "my_log"] {
        let mut stmt = conn
            .prepare(&format!(
                "select quote(sq), typeof(sq) from {table} order by rowid"
            ))
            .unwrap();
        let found = stmt
            .query_map([], |row| {
                Ok(format!(
                    "{table}: {} {}",
                    row.get::<_, String>(0)?,
                    row.get::<_, String>(1)?
                ))
            })
            .unwrap()
            .map(Result::unwrap);
        rows.extend(found);
    }
    rows
}

/// A board with tables of the user's that refer to queens' squares with
/// every kind of foreign-key action, and a log table.
fn board_with_user_tables(n: u8) -> Board {
    let board = Board::new(n);
    Connection::open(&board.db)
        .unwrap()
        .execute_batch(
            "create table my_games (sq text references square (square) on delete cascade);
             create table my_notes (sq text references square (square) on delete set null);
             create table my_strict (sq text references square (square) on delete restrict);
             create table my_log (sq text);
             insert into my_games values ('a1'), ('c5'), ('e3');
             insert into my_notes values ('b2'), ('d4');
             insert into my_strict values ('a2');
             insert into my_log values ('kept');",
        )
        .unwrap();
    board
}

promise!(a_rebuild_keeps_every_row_of_the_users_tables_or_refuses_before_changing_anything);
fn a_rebuild_keeps_every_row_of_the_users_tables_or_refuses_before_changing_anything() {
    let board = board_with_user_tables(8);
    let rows = user_rows(&board.db);
    assert_eq!(rows.len(), 7);
    // The same size, another size that keeps every referenced square, and
    // back: the user's rows stay byte for byte, no foreign-key action fires.
    for size in ["8", "6", "8"] {
        let out = board.run(&["init", "--force", "--size", size]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert_eq!(
            user_rows(&board.db),
            rows,
            "after init --force --size {size}"
        );
    }
    // A size that would leave a row of theirs pointing nowhere (e3 is off
    // a 4×4 board): refused, naming the table, the file untouched.
    let before = contents(&board.db);
    let out = board.run(&["init", "--force", "--size", "4"]);
    assert_refused(&out, 1, "my_games");
    assert_eq!(contents(&board.db), before);
    // A trigger of theirs on queens' table would fire: refused.
    Connection::open(&board.db)
        .unwrap()
        .execute_batch(
            "create trigger my_trigger after delete on square
             begin insert into my_log values (old.square); end;",
        )
        .unwrap();
    let before = contents(&board.db);
    for args in [
        &["init", "--force"][..],
        &["init", "--force", "--size", "6"],
    ] {
        assert_refused(&board.run(args), 1, "my_trigger");
        assert_eq!(contents(&board.db), before, "{args:?}");
    }
    // A view of theirs on solution survives a rebuild, as SQLite keeps it.
    let conn = Connection::open(&board.db).unwrap();
    conn.execute_batch(
        "drop trigger my_trigger; create view my_firsts as select s1 from solution;",
    )
    .unwrap();
    drop(conn);
    assert!(board.run(&["init", "--force"]).status.success());
    assert_eq!(board.count("select count(*) from my_firsts"), 92);
    assert_eq!(user_rows(&board.db), rows);
    // Materializing replaces the store the same way.
    assert!(board.run(&["init", "--materialize"]).status.success());
    assert_eq!(user_rows(&board.db), rows);
}

/// Every command that only reads, with the arguments it needs.
const READING: [&[&str]; 10] = [
    &["solve"],
    &["count"],
    &["count", "--fundamental"],
    &["query", "select count(*) from my_games"],
    &["show", "3"],
    &["check", "a1", "b5"],
    &["complete", "a1", "b5"],
    &["space"],
    &["export", "--format", "csv"],
    &["doctor"],
];

promise!(reading_commands_never_write_not_even_to_a_database_they_find_out_of_date);
fn reading_commands_never_write_not_even_to_a_database_they_find_out_of_date() {
    let board = board_with_user_tables(8);
    // The user replaced one of queens' views with their own.
    Connection::open(&board.db)
        .unwrap()
        .execute_batch("drop view search_space; create view search_space as select 42 as answer;")
        .unwrap();
    let before = contents(&board.db);
    for args in READING {
        let out = board.run(args);
        match args[0] {
            // doctor reports the changed view; space reads it as it stands
            // and finds none of the columns it prints.
            "doctor" => assert_eq!(out.status.code(), Some(1)),
            "space" => assert_refused(&out, 1, "no such column"),
            _ => assert_eq!(
                out.status.code(),
                Some(0),
                "{args:?}: {}",
                text(&out.stderr)
            ),
        }
        assert_eq!(contents(&board.db), before, "{args:?} changed the file");
    }
    let report = text(&board.run(&["doctor"]).stdout);
    assert!(
        report.contains("FAIL  views") && report.contains("search_space"),
        "{report}"
    );
    assert_eq!(board.count("select answer from search_space"), 42);
    // A file of an older schema version: refused by every reader, with the
    // command that upgrades it; the file unchanged.
    Connection::open(&board.db)
        .unwrap()
        .execute_batch("pragma user_version = 1")
        .unwrap();
    let before = contents(&board.db);
    for args in READING.iter().filter(|a| a[0] != "doctor") {
        let out = board.run(args);
        assert_refused(&out, 1, "queens init");
        assert!(text(&out.stderr).contains("older queens"));
        assert_eq!(contents(&board.db), before, "{args:?} changed the file");
    }
    assert!(!board.dir.path().join("q8.db-journal").exists());
}

promise!(a_solution_view_the_user_replaced_is_read_as_it_stands);
/// A `solution` view the user replaced is what every reading command reads:
/// `count`, `solve` and `export` then read it in one query instead of
/// searching the board in parts, and count it without the mirror symmetry,
/// which need not hold for it (the parts once searched the board
/// themselves and reported 92 beside a view of 4). A
/// replaced view that fails fails every command in one line.
fn a_solution_view_the_user_replaced_is_read_as_it_stands() {
    let board = Board::new(8);
    Connection::open(&board.db)
        .unwrap()
        .execute_batch(
            "create table keep as select * from solution where s1 = 'a1';
             drop view solution;
             create view solution (s1, s2, s3, s4, s5, s6, s7, s8) as select * from keep;",
        )
        .unwrap();
    let lines = |args: &[&str]| board.stdout(args).lines().count();
    assert_eq!(board.stdout(&["count"]).trim(), "4");
    assert_eq!(board.stdout(&["count", "--jobs", "1"]).trim(), "4");
    assert_eq!(lines(&["solve", "--format", "csv"]), 1 + 4);
    assert_eq!(lines(&["export", "--format", "csv"]), 1 + 4);
    Connection::open(&board.db)
        .unwrap()
        .execute_batch("drop table keep")
        .unwrap();
    for args in [&["count"][..], &["solve"], &["export", "--format", "csv"]] {
        let out = board.run(args);
        assert_refused(&out, 1, "keep");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

promise!(db_is_a_path_never_an_sqlite_uri_or_special_name);
fn db_is_a_path_never_an_sqlite_uri_or_special_name() {
    let dir = TempDir::new().unwrap();
    let precious = dir.path().join("precious.db");
    Connection::open(&precious)
        .unwrap()
        .execute_batch("create table photo (name text); insert into photo values ('cat');")
        .unwrap();
    let before = contents(&precious);
    // file:precious.db is a file of that name, never precious.db.
    let out = queens(dir.path(), &["count", "--db", "file:precious.db"]);
    assert_eq!(text(&out.stdout), "92\n", "{}", text(&out.stderr));
    assert_eq!(contents(&precious), before);
    assert!(dir.path().join("file:precious.db").is_file());
    let again = queens(
        dir.path(),
        &["count", "--db", "file:precious.db?mode=memory"],
    );
    assert_eq!(text(&again.stdout), "92\n", "{}", text(&again.stderr));
    assert_eq!(contents(&precious), before);
    // SQLite's special names are refused as usage errors.
    for name in [":memory:", ""] {
        assert_refused(&queens(dir.path(), &["count", "--db", name]), 2, "--db");
    }
    assert!(!dir.path().join(":memory:").exists());
    // Devices, FIFOs and dangling links are not database files.
    let fifo = dir.path().join("pipe.db");
    common::make_fifo(&fifo);
    let link = dir.path().join("dangling.db");
    std::os::unix::fs::symlink("nowhere.db", &link).unwrap();
    for (db, says) in [
        ("/dev/null", "not a regular file"),
        ("pipe.db", "not a regular file"),
        ("dangling.db", "symbolic link"),
    ] {
        for args in [&["count"][..], &["init"], &["init", "--force"]] {
            let out = queens(dir.path(), &[args, &["--db", db]].concat());
            assert_refused(&out, 1, says);
        }
    }
    assert!(!dir.path().join("nowhere.db").exists());
}

/// `export --format csv` of `board` to `out`, with `--force` if asked.
fn export_csv(board: &Board, out: &str, force: bool) -> Output {
    let db = board.db.to_str().unwrap();
    let mut args = vec!["export", "--format", "csv", "--db", db, "--out", out];
    if force {
        args.push("--force");
    }
    queens(board.dir.path(), &args)
}

promise!(out_replaces_only_regular_files_and_never_the_database_being_read);
fn out_replaces_only_regular_files_and_never_the_database_being_read() {
    let board = Board::new(6);
    // - is standard output.
    let out = export_csv(&board, "-", false);
    assert!(
        text(&out.stdout).starts_with("solution,s1,s2,s3,s4,s5,s6\n"),
        "{}",
        text(&out.stderr)
    );
    a_device_or_a_fifo_is_written_into_not_replaced(&board);
    a_link_to_a_regular_file_stays_and_its_target_gets_the_text(&board);
    the_database_being_read_is_refused_by_any_name(&board);
    // A dangling link and a directory are refused.
    let dir = board.dir.path();
    std::os::unix::fs::symlink("missing.csv", dir.join("dangling.csv")).unwrap();
    assert_refused(
        &export_csv(&board, "dangling.csv", true),
        1,
        "symbolic link",
    );
    assert!(!dir.join("missing.csv").exists());
    assert_refused(
        &export_csv(&board, dir.to_str().unwrap(), true),
        1,
        "directory",
    );
}

/// A character device is written into, not replaced; a FIFO is written
/// into: a reader at its other end gets the CSV.
fn a_device_or_a_fifo_is_written_into_not_replaced(board: &Board) {
    let out = export_csv(board, "/dev/null", true);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        std::fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device_like()
    );
    let fifo = board.dir.path().join("pipe.csv");
    common::make_fifo(&fifo);
    let reader = {
        let fifo = fifo.clone();
        thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let out = export_csv(board, "pipe.csv", false);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let read = common::wait::joined(reader, "the FIFO's reader to read the export");
    assert_eq!(read.lines().count(), 5);
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo_like()
    );
}

fn a_link_to_a_regular_file_stays_and_its_target_gets_the_text(board: &Board) {
    let dir = board.dir.path();
    std::fs::write(dir.join("real.csv"), "old\n").unwrap();
    std::os::unix::fs::symlink("real.csv", dir.join("via.csv")).unwrap();
    assert!(export_csv(board, "via.csv", true).status.success());
    assert!(
        std::fs::symlink_metadata(dir.join("via.csv"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        std::fs::read_to_string(dir.join("real.csv"))
            .unwrap()
            .starts_with("solution,s1,")
    );
}

/// The database itself, by its name, a link, a hard link or its journal,
/// is refused as --out and left as it was.
fn the_database_being_read_is_refused_by_any_name(board: &Board) {
    let dir = board.dir.path();
    let db = board.db.to_str().unwrap();
    std::os::unix::fs::symlink(&board.db, dir.join("link.db")).unwrap();
    std::fs::hard_link(&board.db, dir.join("hard.db")).unwrap();
    let journal = format!("{db}-journal");
    let before = contents(&board.db);
    let export_from_hard_link = |out: &str| {
        queens(
            dir,
            &[
                "export", "--format", "csv", "--db", "hard.db", "--out", out, "--force",
            ],
        )
    };
    assert_refused(&export_from_hard_link(&journal), 2, "database being read");
    for name in [db, "link.db", "hard.db", journal.as_str()] {
        assert_refused(&export_csv(board, name, true), 2, "database being read");
        assert_eq!(contents(&board.db), before, "--out {name}");
    }
    assert!(!Path::new(&journal).exists());
}

/// File types, without platform-specific imports at every use.
trait FileTypeLike {
    fn is_char_device_like(&self) -> bool;
    fn is_fifo_like(&self) -> bool;
}

impl FileTypeLike for std::fs::FileType {
    fn is_char_device_like(&self) -> bool {
        std::os::unix::fs::FileTypeExt::is_char_device(self)
    }
    fn is_fifo_like(&self) -> bool {
        std::os::unix::fs::FileTypeExt::is_fifo(self)
    }
}

/// `init --materialize`'s steps on the 11×11 `board`, driven one by one
/// as the command takes them, with `queens init --force --size 9` run at
/// `rebuild_at` (0: after the board is built, before its size is read
/// for the search; 1: after the search, before its solutions go in):
/// what storing them says. So the rebuild lands between two steps for
/// certain, where two processes started together would meet there by
/// chance, if ever.
fn materialize_across_a_rebuild(board: &Board, rebuild_at: usize) -> anyhow::Result<u64> {
    use queens::search::context::Workers;
    let target = queens::engine::target::Target::File(board.db.clone());
    let engine = queens::engine::registry::connect(&target)?;
    let rebuild = || {
        let db = board.db.to_str().unwrap();
        let out = queens(
            board.dir.path(),
            &["init", "--force", "--size", "9", "--db", db],
        );
        assert!(out.status.success(), "the rebuild: {}", text(&out.stderr));
    };
    let mut store = engine.store_solutions(11)?;
    if rebuild_at == 0 {
        rebuild();
    }
    {
        let searched =
            queens::search::store::the_board_built(engine.as_ref(), 11, Workers::unwatched())?;
        queens::search::parallel::for_each_solution(&searched, |squares| store.push(&squares))?;
    }
    if rebuild_at == 1 {
        rebuild();
    }
    store.commit()
}

promise!(a_rebuild_between_a_materialize_s_steps_leaves_no_store_of_another_board);
fn a_rebuild_between_a_materialize_s_steps_leaves_no_store_of_another_board() {
    for (rebuild_at, said) in [
        (
            0,
            "while it was built for an 11×11 board (it now holds a 9×9 board); nothing \
             was stored",
        ),
        (
            1,
            "was rebuilt for a 9×9 board while its 11×11 solutions were searched; \
             nothing was stored",
        ),
    ] {
        let board = Board::new(11);
        let error = materialize_across_a_rebuild(&board, rebuild_at)
            .expect_err("a store of the 11×11 board went into the 9×9 one");
        let error = format!("{error:#}");
        assert!(error.ends_with(said), "rebuilt at {rebuild_at}: {error}");
        assert_eq!(error.lines().count(), 1, "{error}");
        // The file is whole and doctor finds it so: the 9×9 board, with no
        // store of another board's solutions.
        let report = board.run(&["doctor"]);
        assert_eq!(
            report.status.code(),
            Some(0),
            "rebuilt at {rebuild_at}: {}",
            text(&report.stdout)
        );
        assert_eq!(board.stdout(&["count"]), "352\n");
    }
}

promise!(doctor_sees_damage_in_every_table_of_the_model);
fn doctor_sees_damage_in_every_table_of_the_model() {
    let board = Board::new(8);
    assert!(board.run(&["init", "--materialize"]).status.success());
    let tamper = |sql: &str, says: &str| {
        let copy = board.dir.path().join("copy.db");
        std::fs::copy(&board.db, &copy).unwrap();
        Connection::open(&copy).unwrap().execute_batch(sql).unwrap();
        let out = queens(board.dir.path(), &["doctor", "--db", "copy.db"]);
        let report = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{sql}: {report}");
        assert!(report.contains(says), "{sql}: {report}");
    };
    tamper(
        "delete from square_image where square = 'a1'",
        "FAIL  symmetries",
    );
    tamper(
        "pragma foreign_keys = off;
         update symmetry set symmetry = 'x' where symmetry = 'rotate-90';
         update symmetry set symmetry = 'rotate-90' where symmetry = 'rotate-270';
         update symmetry set symmetry = 'rotate-270' where symmetry = 'x';",
        "FAIL  symmetries",
    );
    tamper(
        "delete from solution_store where solution_no = 50",
        "FAIL  stored",
    );
    tamper(
        "update solution_store set s3 = 'c1' where solution_no = 7",
        "FAIL  stored",
    );
    tamper(
        "update solution_store set s1 = 'a9' where solution_no = 1",
        "FAIL  stored",
    );
    tamper(
        "update solution_store set solution_no = 1000 where solution_no = 92",
        "FAIL  stored",
    );
    tamper(
        "update solution_store set s1 = 'A1' where solution_no = 1",
        "FAIL  stored",
    );
    tamper(
        "update solution_store set s1 = ' a1' where solution_no = 1",
        "FAIL  stored",
    );
    tamper(
        "update symmetry set description = 'spin it' where symmetry = 'rotate-90'",
        "FAIL  symmetries",
    );
}

promise!(query_streams_in_bounded_memory_and_stops_when_told);
fn query_streams_in_bounded_memory_and_stops_when_told() {
    let board = Board::new(4);
    let mut child = Command::new(QUEENS)
        .args(["query", "--db", board.db.to_str().unwrap()])
        .arg("with recursive r(i) as (select 1 union all select i + 1 from r) select i, 'row' from r")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let watchdog = common::wait::Watchdog::on(child.id(), "query's first 2,000,000 rows");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    for _ in 0..2_000_000 {
        lines.next().unwrap().unwrap();
    }
    drop(watchdog);
    let peak_kb = common::peak_memory_kb(child.id());
    let _ = child.kill();
    common::wait::exit_of(&mut child, "the killed query to end");
    assert!(
        peak_kb < 64 * 1024,
        "an endless query held {peak_kb} kB after 2,000,000 rows"
    );
    // --timeout stops it with one line and exit 1: the query has no end of
    // its own, so its ending with that line is the proof.
    let out = board.run(&[
        "query",
        "--timeout",
        "1",
        "with recursive r(i) as (select 1 union all select i + 1 from r) select count(*) from r",
    ]);
    assert_refused(&out, 1, "stopped after 1 s (--timeout)");
}

promise!(hopeless_work_says_so_at_once);
fn hopeless_work_says_so_at_once() {
    // At once: the search would take hours, so an answer that says so
    // (and no count) shows that none was run.
    let board = Board::new(26);
    let out = board.run(&["check", "a1", "b3"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("would take hours"),
        "{}",
        text(&out.stdout)
    );
    assert_refused(&board.run(&["complete", "a1", "b3"]), 1, "would take hours");
    // Attacking queens: complete fails like check, naming the line.
    let small = Board::new(8);
    assert_refused(
        &small.run(&["complete", "c5", "f2"]),
        1,
        "RGHT-DN line anchored at a7",
    );
    assert_eq!(small.run(&["check", "c5", "f2"]).status.code(), Some(1));
}

promise!(a_reader_that_closes_the_pipe_early_ends_every_format_quietly);
fn a_reader_that_closes_the_pipe_early_ends_every_format_quietly() {
    let board = Board::new(8);
    let db = board.db.to_str().unwrap();
    for format in ["table", "csv", "json", "ndjson", "boards"] {
        let mut child = Command::new(QUEENS)
            .args(["solve", "--format", format, "--db", db])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = common::wait::output_of(child, &format!("solve --format {format} to end"));
        let stderr = text(&out.stderr);
        assert!(out.status.success(), "{format}: {stderr}");
        assert_eq!(stderr, "", "{format}");
    }
}

promise!(an_empty_statement_is_a_usage_error_and_a_reporting_pragma_a_read);
fn an_empty_statement_is_a_usage_error_and_a_reporting_pragma_a_read() {
    let board = Board::new(8);
    for sql in [";", "/* c */", "  -- nothing\n"] {
        assert_refused(&board.run(&["query", sql]), 2, "needs an SQL statement");
    }
    assert!(
        board
            .stdout(&["query", "pragma journal_mode"])
            .contains("delete")
    );
    assert_refused(
        &board.run(&["query", "pragma journal_mode = wal"]),
        2,
        "pragmas that set a value",
    );
}

promise!(a_schema_version_no_queens_writes_is_named_in_a_short_line);
fn a_schema_version_no_queens_writes_is_named_in_a_short_line() {
    let board = Board::new(8);
    let conn = Connection::open(&board.db).unwrap();
    for (version, says) in [(-5, "user_version -5"), (0, ".dump"), (99, "newer")] {
        conn.pragma_update(None, "user_version", version).unwrap();
        let out = board.run(&["count"]);
        assert_refused(&out, 1, says);
        assert!(out.stderr.len() < 400, "{}", text(&out.stderr));
    }
    conn.pragma_update(None, "user_version", 1).unwrap();
    let out = board.run(&["init"]);
    assert_refused(&out, 1, "user_version may not match");
    assert!(out.stderr.len() < 400, "{}", text(&out.stderr));
}

promise!(init_says_what_it_changed_and_its_advice_works);
fn init_says_what_it_changed_and_its_advice_works() {
    let board = Board::new(6);
    let conn = Connection::open(&board.db).unwrap();
    // A file as the queens of schema 3 wrote it (the tables of schema 8):
    // the migrations since move it on, and init says so rather than
    // "nothing to do".
    conn.execute_batch(common::BACK_TO_SCHEMA_8).unwrap();
    conn.execute_batch("pragma user_version = 3").unwrap();
    let out = board.run(&["init"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("brought it up to date"),
        "{}",
        text(&out.stdout)
    );
    let version: i64 = conn
        .query_row("pragma user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, queens::model::schema::latest_version() as i64);
    assert!(text(&board.run(&["init"]).stdout).contains("nothing to do"));
    // A copy without its version: the command the refusal gives works.
    conn.pragma_update(None, "user_version", 0).unwrap();
    let out = board.run(&["count"]);
    assert_refused(&out, 1, "`queens init --db new.db`");
    let dir = board.db.parent().unwrap();
    let out = common::run_in(dir, &["init", "--db", "new.db", "--size", "6", "-q"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&common::run_in(dir, &["count", "--db", "new.db"]).stdout),
        "4\n"
    );
    // Advice names the file as a shell reads it back, whatever its name.
    let odd = dir.join("it's my -copy.db");
    std::fs::copy(dir.join("new.db"), &odd).unwrap();
    let copy = Connection::open(&odd).unwrap();
    copy.execute_batch(common::BACK_TO_SCHEMA_8).unwrap();
    copy.execute_batch("pragma user_version = 3").unwrap();
    let out = common::run_in(dir, &["count", "--db", "it's my -copy.db"]);
    let said = text(&out.stderr);
    let advice = said.split('`').nth(1).expect(&said);
    assert_eq!(advice, r"queens init --db 'it'\''s my -copy.db'");
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_queens"))
        .parent()
        .unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let followed = Command::new("sh")
        .args(["-c", advice])
        .current_dir(dir)
        .env("PATH", path)
        .bounded_output()
        .unwrap();
    assert!(followed.status.success(), "{}", text(&followed.stderr));
    assert_eq!(
        text(&common::run_in(dir, &["count", "--db", "it's my -copy.db"]).stdout),
        "4\n"
    );
}

promise!(a_stored_board_names_its_own_total_for_a_solution_past_the_end);
fn a_stored_board_names_its_own_total_for_a_solution_past_the_end() {
    let board = Board::new(8);
    assert!(board.run(&["init", "--materialize"]).status.success());
    for args in [
        &["export", "--format", "csv", "--solution", "93"][..],
        &["show", "93"],
    ] {
        let out = board.run(args);
        assert_refused(&out, 2, "has 92");
    }
}

promise!(an_emptied_board_size_is_mended_by_the_advice_given);
fn an_emptied_board_size_is_mended_by_the_advice_given() {
    let board = Board::new(8);
    Connection::open(&board.db)
        .unwrap()
        .execute_batch("delete from board_size")
        .unwrap();
    assert_refused(&board.run(&["count"]), 1, "init --force --size N");
    assert!(
        board
            .run(&["init", "--force", "--size", "8"])
            .status
            .success()
    );
    assert_eq!(board.stdout(&["count"]), "92\n");
}

promise!(a_server_that_never_answers_is_given_up_on_in_bounded_time);
fn a_server_that_never_answers_is_given_up_on_in_bounded_time() {
    // Accepts connections and never says a word, like a stopped server.
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    thread::spawn(move || {
        let mut held = Vec::new();
        for stream in listener.incoming().flatten() {
            held.push(stream);
        }
    });
    let dir = TempDir::new().unwrap();
    let url =
        format!("postgres://me:hunter2@127.0.0.1:{port}/db?password=hunter3&connect_timeout=2");
    // The server never answers: the command's ending, with that line, is
    // the bound's doing.
    let out = queens(dir.path(), &["count", "--db", &url]);
    assert_refused(&out, 1, "no answer within 2 s");
    let stderr = text(&out.stderr);
    assert!(
        !stderr.contains("hunter2") && !stderr.contains("hunter3"),
        "{stderr}"
    );
}

promise!(a_key_value_connection_string_is_not_taken_for_a_file_name);
fn a_key_value_connection_string_is_not_taken_for_a_file_name() {
    let dir = TempDir::new().unwrap();
    for db in [
        "host=localhost password=hunter2 dbname=q",
        "dbname=q user=me",
        " Password = hunter2",
    ] {
        let out = queens(dir.path(), &["count", "--db", db]);
        assert_refused(&out, 2, "key=value connection string");
        assert!(!text(&out.stderr).contains("hunter2"));
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    // A file of such a name is still reachable as ./NAME.
    let out = queens(dir.path(), &["count", "--db", "./host=x", "--size", "5"]);
    assert_eq!(text(&out.stdout), "10\n", "{}", text(&out.stderr));
}

promise!(
    a_full_disk_is_named_and_leaves_nothing_behind,
    needs = [Root]
);
fn a_full_disk_is_named_and_leaves_nothing_behind() {
    let dir = TempDir::new().unwrap();
    let small = dir.path().join("small");
    std::fs::create_dir(&small).unwrap();
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
        .arg(&small)
        .bounded_status()
        .unwrap();
    assert!(mounted.success(), "mount needs root");
    let board = Board::new(12);
    let db = board.db.to_str().unwrap();
    let attempts: [(&[&str], &str); 2] = [
        (
            &["init", "--size", "12", "--db", "small/q.db"],
            "small/q.db",
        ),
        (
            &[
                "export",
                "--format",
                "csv",
                "--out",
                "small/all.csv",
                "--db",
                db,
            ],
            "small/all.csv",
        ),
    ];
    for (args, names) in attempts {
        let out = queens(dir.path(), args);
        assert_refused(&out, 1, names);
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains("full") || stderr.contains("No space"),
            "{stderr}"
        );
        assert!(!stderr.contains("user_version"), "{stderr}");
    }
    let left: Vec<_> = std::fs::read_dir(&small).unwrap().collect();
    let _ = Command::new("umount").arg(&small).bounded_status();
    assert!(left.is_empty(), "{left:?}");
}

promise!(a_statement_that_returns_no_columns_is_refused_before_any_output);
fn a_statement_that_returns_no_columns_is_refused_before_any_output() {
    let board = Board::new(6);
    let before = contents(&board.db);
    for statement in ["begin", "release x", "savepoint a", "commit"] {
        let out = board.run(&["query", "-f", "json", statement]);
        assert_refused(&out, 2, "returns none");
    }
    assert_eq!(contents(&board.db), before);
}

// A FIFO with no writer, named by --file, was waited on for ever: a
// statement file is a regular file, read up to 16 MiB; a pipe is given as
// `-`.
promise!(a_statement_file_that_is_no_file_or_has_no_end_is_refused);
fn a_statement_file_that_is_no_file_or_has_no_end_is_refused() {
    let board = Board::new(6);
    let pipe = board.dir.path().join("pipe.sql");
    common::make_fifo(&pipe);
    let huge = board.dir.path().join("huge.sql");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(17 << 20)
        .unwrap();
    for (file, says) in [
        (
            "/dev/zero",
            "--file /dev/zero is a device, not a file; give the statement as -",
        ),
        (
            pipe.to_str().unwrap(),
            "is a FIFO (a named pipe), not a file",
        ),
        (huge.to_str().unwrap(), "over 16 MiB"),
    ] {
        assert_refused(&board.run(&["query", "--file", file]), 2, says);
    }
}

promise!(a_url_with_blanks_or_another_scheme_is_refused_without_its_password);
fn a_url_with_blanks_or_another_scheme_is_refused_without_its_password() {
    let dir = TempDir::new().unwrap();
    for url in [
        " postgres://u:secret@127.0.0.1:1/db",
        "\tpostgres://u:secret@127.0.0.1:1/db",
        "postgres ://u:secret@127.0.0.1:1/db",
        "pg://u:secret@127.0.0.1:1/db",
    ] {
        let out = queens(dir.path(), &["count", "--db", url]);
        assert_refused(&out, 2, "--db");
        assert!(!text(&out.stderr).contains("secret"), "{url:?}");
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

promise!(a_square_written_with_a_sign_is_no_square);
fn a_square_written_with_a_sign_is_no_square() {
    let empty = TempDir::new().unwrap();
    let out = queens(empty.path(), &["check", "a+1"]);
    assert_refused(&out, 2, "`a+1` is not a square");
    assert_eq!(std::fs::read_dir(empty.path()).unwrap().count(), 0);
}

promise!(help_into_a_full_device_is_an_error);
fn help_into_a_full_device_is_an_error() {
    for flag in ["--help", "--version"] {
        let out = Command::new(QUEENS)
            .arg(flag)
            .bounded_output_into(std::fs::File::create("/dev/full").unwrap())
            .unwrap();
        assert_refused(&out, 1, "cannot write");
    }
}

promise!(init_materialize_says_one_true_thing);
fn init_materialize_says_one_true_thing() {
    let board = Board::new(6);
    let said = board.stdout(&["init", "--materialize"]);
    assert!(!said.contains("nothing to do"), "{said}");
    assert!(said.contains("stored its 4 solutions"), "{said}");
    let said = board.stdout(&["init", "--materialize"]);
    assert!(!said.contains("nothing to do"), "{said}");
    assert!(said.contains("stored already"), "{said}");
    let said = board.stdout(&["init"]);
    assert!(said.contains("nothing to do"), "{said}");
}

promise!(an_export_whose_directory_is_renamed_midway_leaves_no_partial_file);
fn an_export_whose_directory_is_renamed_midway_leaves_no_partial_file() {
    let board = Board::new(13);
    let dir = board.dir.path().join("out");
    let moved = board.dir.path().join("moved");
    std::fs::create_dir(&dir).unwrap();
    // Rename the directory once the export has begun writing into it.
    let child = export_writing_into(&board, &dir);
    std::fs::rename(&dir, &moved).unwrap();
    let out = common::wait::output_of(child, "the export into a renamed directory to end");
    assert_refused(&out, 1, "all.csv");
    let left: Vec<_> = std::fs::read_dir(&moved)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}

promise!(a_url_in_queens_db_is_not_shown_by_help);
fn a_url_in_queens_db_is_not_shown_by_help() {
    let dir = TempDir::new().unwrap();
    for command in ["count", "init", "doctor", "query"] {
        let out = Command::new(QUEENS)
            .current_dir(dir.path())
            .args([command, "--help"])
            .env("QUEENS_DB", "postgres://me:Secr3tPw@127.0.0.1:1/db")
            .bounded_output()
            .unwrap();
        assert!(out.status.success());
        assert!(!text(&out.stdout).contains("Secr3tPw"), "{command}");
    }
}

promise!(a_url_typed_where_no_url_goes_is_not_echoed);
fn a_url_typed_where_no_url_goes_is_not_echoed() {
    let dir = TempDir::new().unwrap();
    let out = queens(
        dir.path(),
        &["count", "postgres://me:Secr3tPw@127.0.0.1:1/db"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        !text(&out.stderr).contains("Secr3tPw"),
        "{}",
        text(&out.stderr)
    );
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let url = std::ffi::OsStr::from_bytes(b"postgres://me:Secr3tPw@h/db\xff");
        let out = Command::new(QUEENS)
            .current_dir(dir.path())
            .args(["count", "--db"])
            .arg(url)
            .bounded_output()
            .unwrap();
        assert_refused(&out, 2, "not UTF-8");
        assert!(!text(&out.stderr).contains("Secr3tPw"));
    }
}

promise!(an_export_stopped_by_a_signal_leaves_no_partial_file);
fn an_export_stopped_by_a_signal_leaves_no_partial_file() {
    let board = Board::new(13);
    let dir = board.dir.path().join("out");
    std::fs::create_dir(&dir).unwrap();
    for signal in ["TERM", "INT", "HUP"] {
        let child = export_writing_into(&board, &dir);
        stop_with(child, signal);
        assert!(
            names_in(&dir).is_empty(),
            "{signal} left {:?}",
            names_in(&dir)
        );
    }
}

/// `export --format csv` of `board` to `dir`/all.csv, once it has begun
/// writing into `dir` (its stderr piped).
fn export_writing_into(board: &Board, dir: &Path) -> std::process::Child {
    let mut child = Command::new(QUEENS)
        .args([
            "export", "--format", "csv", "--jobs", "1", "--quiet", "--db",
        ])
        .arg(&board.db)
        .arg("--out")
        .arg(dir.join("all.csv"))
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    common::wait::until_reached_by(&mut child, "the export to begin writing", || {
        std::fs::read_dir(dir).unwrap().next().is_some()
    });
    child
}

/// `count --size 14` on an 8×8 file, with its temporary boards in `tmp`.
fn count_on_a_temporary_board(board: &Board, tmp: &Path) -> std::process::Child {
    Command::new(QUEENS)
        .env("TMPDIR", tmp)
        .args(["count", "--size", "14", "--jobs", "1", "--quiet", "--db"])
        .arg(&board.db)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The same, once into the search: its board is built, which its record
/// of what its views derive from shows (written last).
fn count_on_a_built_temporary_board(board: &Board, tmp: &Path) -> std::process::Child {
    let mut child = count_on_a_temporary_board(board, tmp);
    common::wait::until_reached_by(&mut child, "the temporary board to be built", || {
        names_in(tmp)
            .iter()
            .any(|name| is_built_board(&tmp.join(name)))
    });
    child
}

/// Whether `path` is a queens board whose build has committed. It is read
/// without locks (`nolock`): the build's connection has no busy timeout,
/// and a reader's lock at its commit would fail the command. A read torn
/// by the build's writing fails or finds no record, and is tried again.
fn is_built_board(path: &Path) -> bool {
    let uri = format!("file:{}?mode=ro&nolock=1", path.display());
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI;
    let Ok(conn) = Connection::open_with_flags(uri, flags) else {
        return false;
    };
    conn.query_row("select count(*) from queens_derived", [], |row| {
        row.get::<_, i64>(0)
    })
    .is_ok_and(|rows| rows == 1)
}

/// Sends `kill -SIGNAL` to `child`, which must then end as Ctrl-C ends it.
fn stop_with(child: std::process::Child, signal: &str) {
    let out = ended_by(child, signal);
    assert_eq!(out.status.code(), Some(130), "{signal}");
}

/// Sends `kill -SIGNAL` to `child`, and how it ended.
fn ended_by(child: std::process::Child, signal: &str) -> std::process::Output {
    let killed = Command::new("kill")
        .args([format!("-{signal}"), child.id().to_string()])
        .bounded_status()
        .unwrap();
    assert!(killed.success());
    common::wait::output_of(child, &format!("queens to end at SIG{signal}"))
}

/// The names of the files in `dir`.
fn names_in(dir: &Path) -> Vec<std::ffi::OsString> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect()
}

promise!(a_temporary_board_goes_on_every_signal_and_never_touches_the_file);
fn a_temporary_board_goes_on_every_signal_and_never_touches_the_file() {
    let board = Board::new(8);
    let before = contents(&board.db);
    let tmp = board.dir.path().join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    for signal in ["TERM", "INT", "HUP"] {
        let child = count_on_a_built_temporary_board(&board, &tmp);
        stop_with(child, signal);
        assert!(
            names_in(&tmp).is_empty(),
            "{signal} left {:?}",
            names_in(&tmp)
        );
    }
    assert_eq!(contents(&board.db), before);
}

// From an attack: the copy of a 12×12 board in which `export --console`
// stores the solutions was a directory of tempfile's own in TMPDIR, which
// Ctrl-C left behind with the board in it.
promise!(
    the_console_s_copy_of_the_board_goes_on_ctrl_c,
    needs = [SqlJs]
);
fn the_console_s_copy_of_the_board_goes_on_ctrl_c() {
    let board = Board::new(8);
    let tmp = board.dir.path().join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let page = board.dir.path().join("page.html");
    let mut child = Command::new(QUEENS)
        .env("TMPDIR", &tmp)
        .args(["export", "--console", "--size", "12", "--sqljs"])
        .arg(crate::console::sqljs())
        .arg("--db")
        .arg(&board.db)
        .arg("--out")
        .arg(&page)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Its solutions are stored once the 12×12 board is copied.
    common::wait::until_reached_by(&mut child, "the console's copy of the board", || {
        names_in(&tmp)
            .iter()
            .any(|name| name.to_string_lossy().ends_with(".carried"))
    });
    stop_with(child, "INT");
    assert!(names_in(&tmp).is_empty(), "left {:?}", names_in(&tmp));
    let beside: Vec<_> = names_in(board.dir.path());
    assert_eq!(beside.len(), 2, "{beside:?}"); // the board and tmp
}

// From an attack: a SIGABRT sent from outside, once queens removed its
// files on one, no longer ended the process: it went on without them.
promise!(a_sigabrt_from_outside_removes_the_files_and_ends_the_process);
fn a_sigabrt_from_outside_removes_the_files_and_ends_the_process() {
    let board = Board::new(8);
    let tmp = board.dir.path().join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let child = count_on_a_built_temporary_board(&board, &tmp);
    let out = ended_by(child, "ABRT");
    let signal = std::os::unix::process::ExitStatusExt::signal(&out.status);
    assert_eq!(signal, Some(6), "{:?}: {}", out.status, text(&out.stderr));
    assert!(names_in(&tmp).is_empty(), "left {:?}", names_in(&tmp));
}

// From an attack: staging the solutions on a full disk (here a file-size
// limit) left the staging file's journal behind, and the message named
// the staging file.
promise!(solutions_staged_on_a_full_disk_leave_nothing_and_name_the_database);
fn solutions_staged_on_a_full_disk_leave_nothing_and_name_the_database() {
    let dir = TempDir::new().unwrap();
    let mut staged = 0;
    // Limits (in KiB) under which the 12×12 board is built and its
    // solutions run out of room while they are staged.
    for limit in (350..=650).step_by(50) {
        let line = format!(
            "trap '' XFSZ; ulimit -f {limit}; exec {QUEENS} init --size 12 --materialize --db n.db"
        );
        let out = Command::new("bash")
            .current_dir(dir.path())
            .args(["-c", &line])
            .bounded_output()
            .unwrap();
        let said = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{line}: {said}");
        assert!(!said.contains(".queens-"), "{line}: {said}");
        staged += usize::from(said.contains("could not stage the solutions beside n.db"));
        let left: Vec<_> = names_in(dir.path())
            .into_iter()
            .filter(|name| name != "n.db")
            .collect();
        assert!(left.is_empty(), "{line} left {left:?}");
        let _ = std::fs::remove_file(dir.path().join("n.db"));
    }
    assert!(
        staged > 0,
        "no limit stopped the staging: the promise was not tried"
    );
}

promise!(two_processes_on_temporary_boards_at_once_each_get_their_own);
fn two_processes_on_temporary_boards_at_once_each_get_their_own() {
    let board = Board::new(8);
    let before = contents(&board.db);
    let tmp = board.dir.path().join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let run = || {
        Command::new(QUEENS)
            .env("TMPDIR", &tmp)
            .args(["count", "--size", "11", "--db"])
            .arg(&board.db)
            .bounded_output()
            .unwrap()
    };
    let (a, b) = thread::scope(|s| {
        let a = s.spawn(run);
        let b = s.spawn(run);
        (a.join().unwrap(), b.join().unwrap())
    });
    assert_eq!(text(&a.stdout), "2680\n");
    assert_eq!(text(&b.stdout), "2680\n");
    assert!(names_in(&tmp).is_empty());
    // Meanwhile the 8×8 file answered as before, and is as it was.
    assert_eq!(board.stdout(&["count"]), "92\n");
    assert_eq!(contents(&board.db), before);
}

promise!(a_temporary_board_where_none_can_be_made_is_one_line);
fn a_temporary_board_where_none_can_be_made_is_one_line() {
    let board = Board::new(8);
    let out = Command::new(QUEENS)
        .env("TMPDIR", board.dir.path().join("no-such-dir"))
        .args(["count", "--size", "10", "--db"])
        .arg(&board.db)
        .bounded_output()
        .unwrap();
    assert_refused(&out, 1, "cannot make a temporary board");
}

promise!(a_board_size_forced_past_its_check_is_no_board_and_the_advice_mends_it);
fn a_board_size_forced_past_its_check_is_no_board_and_the_advice_mends_it() {
    let board = Board::new(8);
    for n in [265, 264, -3, 0, 27] {
        Connection::open(&board.db)
            .unwrap()
            .execute_batch(&format!(
                "pragma ignore_check_constraints = 1; update board_size set n = {n}"
            ))
            .unwrap();
        // Read modulo 256, 265 was the 9×9 board and 264 the 8×8 one.
        for args in [vec!["count"], vec!["count", "--size", "9"], vec!["doctor"]] {
            assert_refused(&board.run(&args), 1, "holds no board size");
        }
    }
    let out = board.run(&["init", "--force", "--size", "8"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(board.stdout(&["count"]), "92\n");
}

promise!(
    a_system_short_of_threads_gets_the_search_on_the_threads_it_gave_or_one_line,
    needs = [Root]
);
fn a_system_short_of_threads_gets_the_search_on_the_threads_it_gave_or_one_line() {
    // As a user of its own, whose processes and threads RLIMIT_NPROC
    // counts (root's it does not): a thread the system refuses is refused
    // at once (EAGAIN), the same on every run. (A limit on address space,
    // tried before, made the outcome depend on where the allocations fell:
    // glibc or the allocator aborted in about half the runs.) The limit
    // counts every process and thread of the user on the machine, so the
    // user is one no account and no process has: as nobody, whom other
    // tests run queens as, the outcome depended on what ran beside it.
    let dir = TempDir::new().unwrap();
    let db = dir.path().join("q.db");
    assert!(
        queens(
            dir.path(),
            &["init", "--size", "13", "--db", db.to_str().unwrap()]
        )
        .status
        .success()
    );
    for path in [dir.path(), db.as_path()] {
        std::fs::set_permissions(path, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .unwrap();
    }
    let uid = unused_uid();
    let as_nobody = |limit: u32| {
        Command::new("setpriv")
            .arg(format!("--reuid={uid}"))
            .arg(format!("--regid={uid}"))
            .args(["--clear-groups", "bash", "-c"])
            .arg(format!(
                "ulimit -u {limit}; exec {QUEENS} check a1 c5 --jobs 1024 --quiet --db {}",
                db.display()
            ))
            .bounded_output()
            .expect("setpriv (util-linux)")
    };
    // Some threads: the search goes on with them.
    let some = as_nobody(8);
    assert_eq!(some.status.code(), Some(0), "{}", text(&some.stderr));
    assert!(!text(&some.stderr).contains("panicked"));
    // None at all: one line, after the one saying --jobs was cut.
    let none = as_nobody(1);
    assert_eq!(none.status.code(), Some(1), "{}", text(&none.stderr));
    assert!(none.stdout.is_empty());
    let said = text(&none.stderr);
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(lines.len(), 2, "{said}");
    assert!(
        lines[0].starts_with("queens: --jobs 1024: this machine has "),
        "{said}"
    );
    assert!(
        lines[1].starts_with("queens: cannot start a thread to search with"),
        "{said}"
    );
}

/// A user id that no account names and no process of the machine runs as
/// now: its process count is this test's alone.
fn unused_uid() -> u32 {
    let accounts = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
    let named = |uid: u32| {
        accounts
            .lines()
            .any(|line| line.split(':').nth(2) == Some(&uid.to_string()))
    };
    let running = |uid: u32| {
        std::fs::read_dir("/proc").unwrap().flatten().any(|entry| {
            std::fs::read_to_string(entry.path().join("status")).is_ok_and(|status| {
                status.lines().any(|line| {
                    line.strip_prefix("Uid:")
                        .and_then(|ids| ids.split_whitespace().next())
                        == Some(&uid.to_string())
                })
            })
        })
    };
    let first = 61_000 + std::process::id() % 1_000;
    (first..first + 1_000)
        .find(|&uid| !named(uid) && !running(uid))
        .expect("a user id no account and no process has")
}

// From an attack: under an address-space limit, as some shared hosts set,
// `check a1 --jobs 1024 --size 13` aborted in 3 runs of 6 ("Fatal glibc
// error: failed to register TLS destructor: out of memory"). It now starts
// no more threads than the machine has cores, each with a small stack, and
// says in one line that --jobs was cut.
promise!(far_more_jobs_than_cores_under_an_address_space_limit_answer_every_time);
fn far_more_jobs_than_cores_under_an_address_space_limit_answer_every_time() {
    // Three runs: with a thread for each job, one run in two failed.
    let dir = TempDir::new().unwrap();
    for _ in 0..3 {
        let out = Command::new("bash")
            .current_dir(dir.path())
            .arg("-c")
            .arg(format!(
                "ulimit -v 300000; exec {QUEENS} check a1 --jobs 1024 --size 13 --quiet --db q.db"
            ))
            .bounded_output()
            .unwrap();
        let said = text(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{said}");
        assert!(text(&out.stdout).contains("a1"), "{}", text(&out.stdout));
        assert!(
            said.contains("queens: --jobs 1024: this machine has "),
            "{said}"
        );
    }
}

// From an attack: under an address-space limit, `count` on an 8×8 file
// said the file "was replaced while this command read it" (a connection
// refused memory read no board), a command said the file was damaged
// (SQLite's check could not read a page for want of memory), and a
// temporary board's errors named its hidden file.
promise!(a_command_short_of_memory_says_so_and_never_blames_the_board);
fn a_command_short_of_memory_says_so_and_never_blames_the_board() {
    let board = Board::new(8);
    let db = board.db.display().to_string();
    let tmp = TempDir::new().unwrap();
    // Each with the last line of its whole answer.
    let commands: [(&str, &str); 5] = [
        ("count --db {db}", "92"),
        ("doctor --db {db}", "all checks hold"),
        ("solve --format ndjson --db {db}", "{\"solution\":92,"),
        (
            "query --format csv --db {db} 'select count(*) from solution'",
            "92",
        ),
        ("count --size 9 --db {db}", "352"),
    ];
    let mut refused = 0;
    for limit in (20_000..=68_000).step_by(6_000) {
        for (command, answer) in commands {
            let LimitedRun {
                line,
                out,
                said,
                aborted,
            } = under_memory_limit(limit, &command.replace("{db}", &db), tmp.path());
            let last = said.lines().last().unwrap_or("");
            match out.status.code() {
                // Rust's allocator ends the process where an allocation
                // outside SQLite fails (the guarantees page says so).
                None if aborted => assert!(said.contains("memory"), "{line}: {said}"),
                Some(0) => {
                    let stdout = text(&out.stdout);
                    let given = stdout.lines().last().unwrap_or("");
                    assert!(given.starts_with(answer), "{line}: {given}");
                }
                Some(1) => {
                    refused += 1;
                    assert!(last.starts_with("queens: out of memory"), "{line}: {said}");
                    assert!(names_in(tmp.path()).is_empty(), "{line} left a file");
                }
                other => panic!("{line}: exit {other:?}: {said}"),
            }
            for blame in ["replaced", "damaged", ".queens-"] {
                assert!(!said.contains(blame), "{line}: {said}");
            }
            for name in names_in(tmp.path()) {
                let _ = std::fs::remove_file(tmp.path().join(name));
            }
        }
    }
    assert!(
        refused > 0,
        "no limit refused memory: the promise was not tried"
    );
}

/// How an export under a memory limit ended, once it was seen to keep
/// its promise.
#[derive(PartialEq)]
enum Ended {
    /// It wrote `out` whole.
    Written,
    /// It said out of memory in one line naming one of the files, and
    /// left no `out`.
    Refused,
    /// The allocator (or the loader) ended it, as the guarantees page
    /// says, leaving no file of its own.
    Aborted,
}

fn judge_export(
    run: LimitedRun,
    out: &Path,
    named: &[&Path],
    whole: &dyn Fn(&[u8]) -> bool,
) -> Ended {
    let LimitedRun {
        line,
        out: ran,
        said,
        aborted,
    } = run;
    let last = said.lines().last().unwrap_or("");
    let ended = match ran.status.code() {
        None if aborted => {
            assert!(said.contains("memory"), "{line}: {said}");
            Ended::Aborted
        }
        // The loader could not map the C library: queens never ran.
        Some(127) if said.contains("shared libraries") => Ended::Aborted,
        Some(0) => {
            assert!(
                whole(&contents(out)),
                "{line}: {} is not whole",
                out.display()
            );
            Ended::Written
        }
        Some(1) => {
            assert!(last.starts_with("queens: out of memory"), "{line}: {said}");
            let names = named
                .iter()
                .any(|n| last.contains(&n.display().to_string()));
            assert!(names, "{line}: {said}");
            assert!(!out.exists(), "{line} left {}", out.display());
            Ended::Refused
        }
        other => panic!("{line}: exit {other:?}: {said}"),
    };
    let _ = std::fs::remove_file(out);
    // Not even an abort mid-write leaves its hidden file.
    let dir = out.parent().unwrap();
    for name in names_in(dir) {
        let path = dir.join(&name);
        assert!(
            path == out || named.contains(&path.as_path()),
            "{line} left {name:?}"
        );
    }
    ended
}

// From an attack: Rust's allocator ends a process it cannot give memory
// with abort(), which left the hidden file of a database being built
// (and its journal) beside the user's, where nothing would remove it.
promise!(an_abort_short_of_memory_leaves_no_temporary_file);
fn an_abort_short_of_memory_leaves_no_temporary_file() {
    let dir = TempDir::new().unwrap();
    let db = dir.path().join("n.db");
    let init = format!("init --size 10 --db {}", db.display());
    let mut aborted = 0;
    // Where the build runs short of memory outside SQLite now and then.
    for limit in (16_000..=24_000).step_by(250) {
        let run = under_memory_limit(limit, &init, dir.path());
        aborted += usize::from(run.aborted);
        if db.exists() {
            let count = Command::new(QUEENS)
                .args(["count", "--quiet", "--db"])
                .arg(&db)
                .bounded_output()
                .unwrap();
            assert_eq!(
                text(&count.stdout).trim(),
                "724",
                "{}: {}",
                run.line,
                run.said
            );
            std::fs::remove_file(&db).unwrap();
        }
        let left = names_in(dir.path());
        assert!(left.is_empty(), "{}: {} left {left:?}", run.line, run.said);
    }
    assert!(
        aborted > 0,
        "no limit ended a build by abort: the promise was not tried"
    );
}

// From an attack: under an address-space limit, `export -f sql` of a new
// file said a bare "out of memory", naming no file, and a build refused
// memory while it made the tables said "could not bring the database
// schema up to date".
promise!(an_export_short_of_memory_names_its_file_and_leaves_both_whole);
fn an_export_short_of_memory_names_its_file_and_leaves_both_whole() {
    let dir = TempDir::new().unwrap();
    let db = dir.path().join("e.db");
    let out = dir.path().join("e.sql");
    let mut ended = Vec::new();
    for limit in (18_000..=40_000).step_by(1_000) {
        let export = format!(
            "export -f sql --size 9 --db {} --out {}",
            db.display(),
            out.display()
        );
        let run = under_memory_limit(limit, &export, dir.path());
        let whole = |sql: &[u8]| text(sql).contains("CREATE TABLE");
        ended.push(judge_export(run, &out, &[&db, &out], &whole));
        // Whatever the export did, a file it leaves is a whole board.
        if db.exists() {
            let count = Command::new(QUEENS)
                .args(["count", "--quiet", "--db"])
                .arg(&db)
                .bounded_output()
                .unwrap();
            assert_eq!(text(&count.stdout).trim(), "352", "{}", text(&count.stderr));
            std::fs::remove_file(&db).unwrap();
        }
    }
    assert!(ended.contains(&Ended::Refused) && ended.contains(&Ended::Written));
}

// From an attack: under an address-space limit, `export -f datasette`
// wrote metadata without the columns of a view whose columns it was
// refused memory to read, and exited 0; json and ndjson with --out said a
// bare "out of memory".
promise!(every_export_short_of_memory_writes_all_of_it_or_nothing);
fn every_export_short_of_memory_writes_all_of_it_or_nothing() {
    let board = Board::new(8);
    let dir = TempDir::new().unwrap();
    for format in ["datasette", "json", "ndjson", "csv", "svg"] {
        let out = dir.path().join(format!("e.{format}"));
        let export = format!(
            "export -f {format} --db {} --out {}",
            board.db.display(),
            out.display()
        );
        let unlimited = Command::new("bash")
            .args(["-c", &format!("exec {QUEENS} {export}")])
            .bounded_output()
            .unwrap();
        assert!(unlimited.status.success(), "{}", text(&unlimited.stderr));
        let reference = contents(&out);
        std::fs::remove_file(&out).unwrap();
        let mut ended = Vec::new();
        // Finely where the process barely starts, then up to where the
        // search's threads have their arenas.
        let limits = (16_000..30_000)
            .step_by(250)
            .chain((30_000..=90_000).step_by(6_000));
        for limit in limits {
            let run = under_memory_limit(limit, &export, dir.path());
            let whole = |written: &[u8]| written == reference.as_slice();
            ended.push(judge_export(run, &out, &[&board.db, &out], &whole));
        }
        assert!(ended.contains(&Ended::Refused), "{format}: never refused");
        assert!(ended.contains(&Ended::Written), "{format}: never written");
    }
}

// From an attack: at one narrow address-space limit, every reading command
// called a sound file damaged. SQLite's check of the file, short of memory
// for an overflow page, says "failed to get page N" with no code; where the
// file holds page N, that is now said as a want of memory.
promise!(a_check_short_of_memory_never_calls_the_file_damaged);
fn a_check_short_of_memory_never_calls_the_file_damaged() {
    let board = Board::new(8);
    let db = board.db.display().to_string();
    let tmp = TempDir::new().unwrap();
    let mut checked = 0;
    // In steps of 50 KiB: the band where the check runs short is narrow.
    for limit in (16_000..=30_000).step_by(50) {
        for command in ["count --db {db}", "solve --format csv --db {db}"] {
            let run = under_memory_limit(limit, &command.replace("{db}", &db), tmp.path());
            for blame in ["damaged", "replaced", "doctor"] {
                assert!(!run.said.contains(blame), "{}: {}", run.line, run.said);
            }
            if run.said.contains("queens: out of memory checking") {
                checked += 1;
            }
        }
    }
    assert!(checked > 0, "no run was refused memory in the check");
    let count = Command::new(QUEENS)
        .args(["count", "--quiet", "--db", &db])
        .bounded_output()
        .unwrap();
    assert_eq!(text(&count.stdout).trim(), "92");
}
