//! Nothing lost, nothing broken: processes killed mid-write, concurrent
//! writers and readers, read-only files, and damaged or foreign files.

use crate::common;
use crate::common::Bounded;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::thread;
use std::time::Duration;

use common::{A000170, Board, contents};
use rusqlite::Connection;
use tempfile::TempDir;

const QUEENS: &str = env!("CARGO_BIN_EXE_queens");

fn queens(dir: &Path, args: &[&str]) -> Output {
    common::run_in(dir, args)
}

use common::text;

/// Sends `signal` (STOP, CONT, KILL) to the process `pid`.
fn signal(pid: u32, signal: &str) {
    let sent = Command::new("kill")
        .args([format!("-{signal}"), pid.to_string()])
        .bounded_status()
        .unwrap();
    assert!(sent.success(), "kill -{signal} {pid}");
}

/// Whether `dir` holds a file of queens' own being written (a
/// `.queens-…` file beside the one it replaces).
fn writing_in(dir: &Path) -> bool {
    std::fs::read_dir(dir).unwrap().any(|entry| {
        entry
            .unwrap()
            .file_name()
            .to_string_lossy()
            .starts_with(".queens-")
    })
}

/// Runs `args` in `dir` and kills it (SIGKILL) in the middle of its
/// write, for certain: once `mid_write` (which looks only at the write's
/// own traces, never at the file it replaces) holds, the command is
/// stopped (SIGSTOP) and `mid_write` asked again of what the stopped
/// command left; only if it still holds is the command killed, so that it
/// dies with its write begun and not finished. A run that got past its write between
/// the two looks is let go (SIGCONT), `reset` puts back what it changed,
/// and it is run again.
fn kill_mid_write(dir: &Path, args: &[&str], mid_write: impl Fn() -> bool, reset: impl Fn()) {
    let what = format!("queens {args:?} to be stopped in the middle of its write");
    common::wait_until(&what, || {
        let mut child = Command::new(QUEENS)
            .current_dir(dir)
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let deadline = common::wait::Deadline::new(&what);
        loop {
            deadline.check();
            if mid_write() {
                signal(child.id(), "STOP");
                let caught = mid_write();
                signal(child.id(), if caught { "KILL" } else { "CONT" });
                if caught {
                    common::wait::exit_of(&mut child, "the killed command to end");
                    return true;
                }
            }
            if child.try_wait().unwrap().is_some() {
                // It wrote all before it was caught: again.
                reset();
                return false;
            }
            thread::yield_now();
        }
    });
}

/// Asserts that `path` is a whole `queens` database for one of `sizes`, as
/// any SQLite reader would find it (opening it plays back an interrupted
/// write's journal, as SQLite always does). Returns its size.
fn assert_whole(path: &Path, sizes: &[u8]) -> u8 {
    let conn = Connection::open(path).unwrap();
    let one = |sql: &str| conn.query_row(sql, [], |row| row.get::<_, i64>(0)).unwrap();
    let check: String = conn
        .query_row("pragma integrity_check", [], |row| row.get(0))
        .unwrap();
    assert_eq!(check, "ok", "{}", path.display());
    assert_eq!(one("select count(*) from pragma_foreign_key_check"), 0);
    let n = one("select n from board_size");
    assert!(
        sizes.contains(&(n as u8)),
        "size {n}, expected one of {sizes:?}"
    );
    assert_eq!(one("select count(*) from square"), n * n);
    assert_eq!(one("select count(*) from line"), 6 * n - 2);
    assert_eq!(one("select count(*) from square_line"), 4 * n * n);
    assert_eq!(one("select count(*) from line_set"), n * n);
    assert_eq!(
        one("select count(*) from safe_next"),
        (n - 1) * (n - 1) * (n - 2).max(0)
    );
    assert_eq!(one("select count(*) from square_image"), 8 * n * n);
    for view in queens::model::schema::view_names() {
        conn.prepare(&format!("select * from {view}")).unwrap();
    }
    if n <= 8 {
        assert_eq!(
            one("select count(*) from solution") as u64,
            A000170[n as usize - 1]
        );
    }
    n as u8
}

promise!(killing_init_of_a_new_database_mid_write_leaves_no_database);
fn killing_init_of_a_new_database_mid_write_leaves_no_database() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("queens.db");
    // Built in a `.queens-…` file beside queens.db, renamed into place
    // when whole: killed while that file is written, there is no
    // queens.db at all, and the next init builds it whole.
    kill_mid_write(
        dir.path(),
        &["init", "--size", "26"],
        || writing_in(dir.path()),
        || {
            let _ = std::fs::remove_file(&path);
        },
    );
    assert!(!path.exists(), "a killed init left {}", path.display());
    assert!(
        queens(dir.path(), &["init", "--size", "26"])
            .status
            .success()
    );
    assert_whole(&path, &[26]);
}

promise!(killing_a_rebuild_mid_write_leaves_the_old_board);
fn killing_a_rebuild_mid_write_leaves_the_old_board() {
    let dir = TempDir::new().unwrap();
    let db = dir.path().join("q.db");
    let db_arg = db.to_str().unwrap();
    let journal = dir.path().join("q.db-journal");
    let init_6 = || {
        assert!(
            queens(
                dir.path(),
                &["init", "--size", "6", "--force", "--db", db_arg]
            )
            .status
            .success()
        );
    };
    init_6();
    // The rebuild is one transaction in the file itself: killed while its
    // rollback journal exists, the transaction never committed, and any
    // reader that opens the file plays the journal back to the old board.
    kill_mid_write(
        dir.path(),
        &["init", "--size", "26", "--force", "--db", db_arg],
        || journal.exists(),
        init_6,
    );
    assert_eq!(assert_whole(&db, &[6]), 6);
    // And queens itself goes on using the file.
    let count = queens(dir.path(), &["count", "--db", db_arg]);
    assert_eq!(text(&count.stdout), "4\n", "{}", text(&count.stderr));
}

promise!(killing_an_export_mid_write_leaves_the_old_file);
fn killing_an_export_mid_write_leaves_the_old_file() {
    let board = Board::new(12);
    let dir = board.dir.path();
    let db_arg = board.db.to_str().unwrap();
    let out = dir.join("out.csv");
    let old = "the previous export\n";
    let args = [
        "export", "--format", "csv", "--out", "out.csv", "--force", "--db", db_arg,
    ];
    std::fs::write(&out, old).unwrap();
    // Written in a `.queens-…` file beside out.csv, renamed over it when
    // whole: killed while that file is written, out.csv is the old one.
    kill_mid_write(
        dir,
        &args,
        || writing_in(dir),
        || std::fs::write(&out, old).unwrap(),
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), old);
    // Let alone, the export replaces it whole.
    assert!(queens(dir, &args).status.success());
    let rows: Vec<csv::StringRecord> = csv::Reader::from_path(&out)
        .unwrap()
        .records()
        .map(Result::unwrap)
        .collect();
    assert_eq!(rows.len(), 14200);
    assert_eq!(&rows[14199][0], "14200");
    assert_eq!(&rows[14199][1], "a12");
}

promise!(two_processes_creating_one_database_both_end_well);
fn two_processes_creating_one_database_both_end_well() {
    for round in 0..10 {
        let dir = TempDir::new().unwrap();
        let spawn = || {
            Command::new(QUEENS)
                .current_dir(dir.path())
                .args(["init", "--size", "9"])
                .bounded_output()
        };
        let (a, b) = thread::scope(|s| {
            let a = s.spawn(spawn);
            let b = s.spawn(spawn);
            (a.join().unwrap().unwrap(), b.join().unwrap().unwrap())
        });
        for output in [&a, &b] {
            let stderr = text(&output.stderr);
            assert!(
                output.status.success() || stderr.contains("busy"),
                "round {round}: {stderr}"
            );
        }
        assert_whole(&dir.path().join("queens.db"), &[9]);
    }
}

promise!(readers_see_the_old_board_or_the_new_one_while_another_process_rebuilds);
fn readers_see_the_old_board_or_the_new_one_while_another_process_rebuilds() {
    let board = Board::new(6);
    let dir = board.dir.path().to_path_buf();
    let db_arg = board.db.to_str().unwrap().to_string();
    let (answers, _busy) = thread::scope(|s| {
        let writer = s.spawn(|| {
            for round in 0..30 {
                let size = if round % 2 == 0 { "7" } else { "6" };
                let out = queens(&dir, &["init", "--size", size, "--force", "--db", &db_arg]);
                assert!(out.status.success(), "{}", text(&out.stderr));
            }
        });
        let mut answers = Vec::new();
        let mut busy = 0;
        let deadline = common::wait::Deadline::new("the rebuilds to end and 10 counts");
        while !writer.is_finished() || answers.len() < 10 {
            deadline.check();
            let out = queens(&dir, &["count", "--db", &db_arg]);
            if out.status.success() {
                answers.push(text(&out.stdout));
            } else {
                let stderr = text(&out.stderr);
                assert!(stderr.contains("busy"), "{stderr}");
                busy += 1;
            }
        }
        writer.join().unwrap();
        (answers, busy)
    });
    for answer in &answers {
        assert!(answer == "4\n" || answer == "40\n", "{answer:?}");
    }
    assert_whole(&board.db, &[6]);
}

promise!(an_upgrade_that_waits_in_vain_for_a_reader_says_the_file_is_busy);
fn an_upgrade_that_waits_in_vain_for_a_reader_says_the_file_is_busy() {
    // A file of an older schema (as the queens of schema 8 wrote it), read
    // by another process that holds its
    // read transaction longer than queens waits (10 s): the upgrade must
    // give up with one line saying the file is busy and leave it as it
    // was, not report SQLite's "database is locked" as a failed write.
    let board = Board::new(6);
    let reader = Connection::open(&board.db).unwrap();
    reader.execute_batch(common::BACK_TO_SCHEMA_8).unwrap();
    reader.execute_batch("begin").unwrap();
    let squares: i64 = reader
        .query_row("select count(*) from square", [], |row| row.get(0))
        .unwrap();
    assert_eq!(squares, 36);
    let out = queens(
        board.dir.path(),
        &["init", "--db", board.db.to_str().unwrap()],
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(common::is_one_error(&stderr), "{stderr}");
    assert!(stderr.contains("is busy"), "{stderr}");
    reader.execute_batch("commit").unwrap();
    let version: i64 = reader
        .query_row("pragma user_version", [], |row| row.get(0))
        .unwrap();
    assert_eq!(version, 8, "the file was changed");
    drop(reader);
    assert!(
        queens(
            board.dir.path(),
            &["init", "--db", board.db.to_str().unwrap()]
        )
        .status
        .success()
    );
}

promise!(two_upgrades_of_one_file_at_once_both_end_well);
fn two_upgrades_of_one_file_at_once_both_end_well() {
    // Both read the old version before either takes the write lock; the
    // second must carry on from where the first left the file, not fail
    // on the tables the first made. (Before the mend, 4 rounds in 6 failed.)
    for round in 0..8 {
        let board = Board::new(6);
        board.back_to_schema_1();
        let db = board.db.to_str().unwrap();
        let outs: Vec<Output> = thread::scope(|s| {
            let runs: Vec<_> = (0..2)
                .map(|_| s.spawn(|| queens(board.dir.path(), &["init", "--db", db])))
                .collect();
            runs.into_iter().map(|r| r.join().unwrap()).collect()
        });
        for out in &outs {
            assert!(out.status.success(), "round {round}: {}", text(&out.stderr));
        }
        assert_eq!(
            board.count("select count(*) from symmetry"),
            8,
            "round {round}"
        );
        assert!(board.run(&["doctor"]).status.success(), "round {round}");
    }
}

/// Runs queens as an unprivileged user (common::queens_as_a_plain_user).
fn as_unprivileged(dir: &Path, args: &[&str]) -> Output {
    common::queens_as_a_plain_user(dir)
        .args(args)
        .bounded_output()
        .expect("setpriv (util-linux) runs queens as nobody")
}

promise!(a_read_only_database_still_answers_and_writes_are_refused_plainly);
#[cfg(unix)]
fn a_read_only_database_still_answers_and_writes_are_refused_plainly() {
    use std::os::unix::fs::PermissionsExt;
    let board = Board::new(8);
    let dir = board.dir.path();
    let set_mode = |path: &Path, mode| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
    };
    set_mode(&board.db, 0o444);
    set_mode(dir, 0o555);
    let before = contents(&board.db);
    let db_arg = board.db.to_str().unwrap();
    let reads: [&[&str]; 7] = [
        &["solve"],
        &["count"],
        &["query", "select count(*) from candidate"],
        &["show", "5"],
        &["complete", "a1"],
        &["export", "--format", "csv"],
        &["doctor"],
    ];
    for args in reads {
        let out = as_unprivileged(dir, &[args, &["--db", db_arg]].concat());
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        assert!(!out.stdout.is_empty());
    }
    let check = as_unprivileged(dir, &["check", "c5", "f2", "--db", db_arg]);
    assert_eq!(check.status.code(), Some(1));
    for (args, says) in [
        (vec!["init", "--force", "--size", "5"], "read-only"),
        (
            vec!["export", "--format", "csv", "--out", "x.csv"],
            "cannot write",
        ),
    ] {
        let out = as_unprivileged(dir, &[&args[..], &["--db", db_arg]].concat());
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains(says) && stderr.lines().count() == 1,
            "{args:?}: {stderr}"
        );
    }
    assert_eq!(contents(&board.db), before);
    set_mode(dir, 0o755);
}

/// Files that are not whole `queens` databases, each with what a message
/// about it must say.
fn hostile_files(dir: &Path, good: &Path) -> Vec<(PathBuf, &'static str)> {
    let good_bytes = contents(good);
    let mut files = Vec::new();
    let truncated = dir.join("truncated.db");
    std::fs::write(&truncated, &good_bytes[..good_bytes.len() / 2]).unwrap();
    files.push((truncated, "damaged"));
    let mut rng = fastrand::Rng::with_seed(7);
    for trial in 0..4 {
        let mut bytes = good_bytes.clone();
        let pages = bytes.len() / 4096;
        for _ in 0..2 {
            let page = rng.usize(1..pages);
            for byte in &mut bytes[page * 4096..(page + 1) * 4096] {
                *byte = rng.u8(..);
            }
        }
        let scrambled = dir.join(format!("scrambled-{trial}.db"));
        std::fs::write(&scrambled, &bytes).unwrap();
        files.push((scrambled, "damaged"));
    }
    let header = dir.join("header.db");
    let mut bytes = good_bytes.clone();
    bytes[..100].fill(0x41);
    std::fs::write(&header, &bytes).unwrap();
    files.push((header, "not a SQLite database"));
    let empty = dir.join("empty.db");
    std::fs::write(&empty, b"").unwrap();
    files.push((empty, "empty file"));
    let foreign = dir.join("foreign.db");
    Connection::open(&foreign)
        .unwrap()
        .execute_batch("create table photo (id integer primary key, name text); insert into photo values (1, 'cat');")
        .unwrap();
    files.push((foreign, "not a queens board"));
    let folder = dir.join("folder.db");
    std::fs::create_dir(&folder).unwrap();
    files.push((folder, "is a directory"));
    files
}

promise!(damaged_and_foreign_files_are_refused_and_never_touched);
fn damaged_and_foreign_files_are_refused_and_never_touched() {
    let board = Board::new(8);
    let dir = board.dir.path();
    let commands: [&[&str]; 10] = [
        &["count"],
        &["solve"],
        &["init"],
        &["init", "--force", "--size", "5"],
        &["query", "select count(*) from solution"],
        &["show", "1"],
        &["check", "a1"],
        &["complete", "a1"],
        &["export", "--format", "sql"],
        &["doctor"],
    ];
    let files = hostile_files(dir, &board.db);
    for (path, says) in &files {
        let before = if path.is_file() {
            contents(path)
        } else {
            Vec::new()
        };
        let name = path.file_name().unwrap().to_str().unwrap();
        for args in commands {
            let out = queens(dir, &[args, &["--db", name]].concat());
            let stderr = text(&out.stderr);
            assert_ne!(out.status.code(), Some(0), "{name} {args:?}");
            assert!(!stderr.contains("panicked"), "{name} {args:?}: {stderr}");
            if text(&out.stdout).contains("FAIL") {
                continue; // doctor's report on a file it could read
            }
            assert_eq!(stderr.lines().count(), 1, "{name} {args:?}: {stderr}");
            assert!(
                stderr.contains(name) && stderr.contains(says),
                "{name} {args:?}: {stderr}"
            );
        }
        if path.is_file() {
            assert_eq!(contents(path), before, "{name} was changed");
        }
    }
}

promise!(query_tricks_cannot_change_the_file);
fn query_tricks_cannot_change_the_file() {
    let board = Board::new(5);
    let before = contents(&board.db);
    let db_arg = board.db.to_str().unwrap();
    let tricks = [
        "select 1; drop table square",
        "select 1 -- \n; delete from square",
        "/* hello */ drop view solution",
        "with x as (select 1) delete from square_line",
        "pragma writable_schema = 1",
        "PRAGMA journal_mode = wal",
        "pragma user_version = 9",
        "attach 'evil.db' as evil",
        "replace into board_size values (6)",
        "create view mine as select 1",
        "reindex",
        "analyze",
        "vacuum into 'copy.db'",
    ];
    for sql in tricks {
        let out = queens(board.dir.path(), &["query", "--db", db_arg, sql]);
        assert_ne!(out.status.code(), Some(0), "{sql}");
        assert_eq!(text(&out.stderr).lines().count(), 1, "{sql}");
    }
    assert_eq!(contents(&board.db), before);
    assert!(!board.dir.path().join("evil.db").exists());
    assert!(!board.dir.path().join("copy.db").exists());
}

promise!(doctor_passes_a_whole_database_and_fails_a_tampered_one);
fn doctor_passes_a_whole_database_and_fails_a_tampered_one() {
    let board = Board::new(8);
    let dir = board.dir.path();
    let db_arg = board.db.to_str().unwrap();
    let out = queens(dir, &["doctor", "--db", db_arg]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert!(report.ends_with("all checks hold\n"), "{report}");
    for line in [
        "ok    integrity",
        "92 (native counter: 92)",
        "64 squares, 46 lines, 256 memberships",
    ] {
        assert!(report.contains(line), "{line}: {report}");
    }
    // A fact removed behind queens' back, and a stale view.
    Connection::open(&board.db)
        .unwrap()
        .execute_batch(
            "delete from square_line where square = 'a1' and mov_dir = 'UP';
             drop view search_space; create view search_space as select 1;",
        )
        .unwrap();
    let before = contents(&board.db);
    let out = queens(dir, &["doctor", "--db", db_arg]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(
        report.contains("FAIL  facts") && report.contains("FAIL  views"),
        "{report}"
    );
    assert!(
        report.contains("FAIL  foreign keys") || report.contains("FAIL  encodings"),
        "{report}"
    );
    assert!(report.ends_with("checks failed\n"), "{report}");
    assert_eq!(contents(&board.db), before, "doctor changed the file");
    let out = queens(dir, &["doctor", "--db", "missing.db"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!dir.join("missing.db").exists());
}

promise!(files_named_like_queens_temporary_files_are_never_removed);
fn files_named_like_queens_temporary_files_are_never_removed() {
    // A user may name a file like queens' temporary ones, and an old one
    // left by a killed queens cannot be told from it: queens removes
    // neither, only the files it made in this run.
    let dir = TempDir::new().unwrap();
    let hours_ago = std::time::SystemTime::now() - Duration::from_secs(2 * 60 * 60);
    let names = [
        ".queens-abc123.db-building",
        ".queens-a1b2.store",
        ".queens-a1b2.store-journal",
        ".queens-report.partial",
        ".queens-mine.board",
    ];
    for name in names {
        let path = dir.path().join(name);
        std::fs::write(&path, b"the user's").unwrap();
        std::fs::File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_modified(hours_ago)
            .unwrap();
    }
    let tmp = dir.path().to_str().unwrap();
    for args in [
        &["init", "--size", "5"][..],
        &["export", "--format", "csv", "--out", "report.csv"][..],
        &["init", "--materialize", "--force", "--size", "6"][..],
    ] {
        let out = queens(dir.path(), args);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    }
    // A temporary board in TMPDIR, beside the user's .queens-mine.board.
    let out = common::queens(dir.path())
        .env("TMPDIR", tmp)
        .args(["count", "--size", "7"])
        .bounded_output()
        .unwrap();
    assert_eq!(text(&out.stdout), "40\n", "{}", text(&out.stderr));
    for name in names {
        assert_eq!(
            std::fs::read(dir.path().join(name)).ok().as_deref(),
            Some(&b"the user's"[..]),
            "{name} was removed or changed"
        );
    }
}

promise!(a_file_of_yours_named_like_the_journal_is_never_deleted);
fn a_file_of_yours_named_like_the_journal_is_never_deleted() {
    // SQLite plays back a hot journal before reading, and deletes one that
    // is no journal: queens refuses instead, leaving the file as it is.
    let dir = TempDir::new().unwrap();
    assert!(
        queens(dir.path(), &["init", "--size", "5"])
            .status
            .success()
    );
    let journal = dir.path().join("queens.db-journal");
    std::fs::write(&journal, b"my notes\n").unwrap();
    for args in [&["count"][..], &["solve"][..], &["init"][..]] {
        let out = queens(dir.path(), args);
        assert!(!out.status.success(), "{args:?}");
        assert!(
            text(&out.stderr).contains("is not a journal SQLite wrote"),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert_eq!(std::fs::read(&journal).unwrap(), b"my notes\n");
    }
}
