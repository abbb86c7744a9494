//! Every command reads exactly one board: in every SQLite journal mode,
//! while another process rebuilds the file for another size, and when the
//! file holds more than one board size.

use crate::common;
use crate::common::Bounded;

use std::process::{Child, Command};

use common::{Board, assert_refused, is_one_error, text};

/// Rebuilds `board` for 9×9 and back to 8×8, `rounds` times, in another
/// process.
fn rebuild_in_a_loop(board: &Board, rounds: u32) -> Child {
    rebuild_between(board, rounds, 8)
}

/// Rebuilds `board` for (n + 1)×(n + 1) and back to n×n, `rounds` times,
/// in another process.
fn rebuild_between(board: &Board, rounds: u32, n: u8) -> Child {
    let exe = env!("CARGO_BIN_EXE_queens");
    let db = board.db.display().to_string();
    let larger = n + 1;
    Command::new("sh")
        .arg("-c")
        .arg(format!(
            "for i in $(seq {rounds}); do \"{exe}\" init --force --size {larger} --db \"{db}\" >/dev/null 2>&1; \
             \"{exe}\" init --force --size {n} --db \"{db}\" >/dev/null 2>&1; done"
        ))
        .spawn()
        .unwrap()
}

/// Runs `args` on `board` until `writer` ends, and returns what each run
/// printed: an answer for one board, or one line saying why there is none.
fn race(board: &Board, mut writer: Child, args: &[&str]) -> Vec<(bool, String, String)> {
    let mut seen = Vec::new();
    let deadline = common::wait::Deadline::new("the writer to end");
    while writer.try_wait().unwrap().is_none() {
        deadline.check();
        let out = board.run(args);
        seen.push((out.status.success(), text(&out.stdout), text(&out.stderr)));
    }
    seen
}

/// A new 8×8 board whose file is in `journal_mode`.
fn board_in_journal_mode(journal_mode: &str) -> Board {
    board_of_size_in_journal_mode(8, journal_mode)
}

/// A new n×n board whose file is in `journal_mode`.
fn board_of_size_in_journal_mode(n: u8, journal_mode: &str) -> Board {
    let board = Board::new(n);
    let mode: String = rusqlite::Connection::open(&board.db)
        .unwrap()
        .query_row(&format!("pragma journal_mode = {journal_mode}"), [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(mode, journal_mode);
    board
}

fn check_counts_are_whole_boards(journal_mode: &str) {
    check_counts_are_whole_boards_of(journal_mode, 8);
}

/// Counts on an n×n board rebuilt for (n + 1)×(n + 1) and back meanwhile
/// are the count of one board or one line saying why not. From 10×10 on
/// the count builds last_queens on one connection and its workers read
/// its image: all of them read the same board.
fn check_counts_are_whole_boards_of(journal_mode: &str, n: u8) {
    let board = board_of_size_in_journal_mode(n, journal_mode);
    let rounds = if n < 10 { 8 } else { 4 };
    check_counts_while(&board, n, || rebuild_between(&board, rounds, n), &[]);
}

/// Counts on `board` (n×n) while `writer` changes the file are the count
/// of the n×n or the (n + 1)×(n + 1) board, or one line (saying one of
/// `says`, when given), on one thread and on two.
fn check_counts_while(board: &Board, n: u8, writer: impl Fn() -> Child, says: &[&str]) {
    let counts = [
        format!("{}\n", common::A000170[usize::from(n) - 1]),
        format!("{}\n", common::A000170[usize::from(n)]),
    ];
    for jobs in ["1", "2"] {
        let seen = race(board, writer(), &["count", "-j", jobs]);
        assert!(
            seen.len() > 5,
            "too few reads raced the writer: {}",
            seen.len()
        );
        for (ok, stdout, stderr) in &seen {
            if *ok {
                assert!(
                    counts.contains(stdout),
                    "{n}×{n}, -j {jobs}: counted {stdout:?}"
                );
            } else {
                assert!(stdout.is_empty() && is_one_error(stderr), "{stderr}");
                let said = says.is_empty() || says.iter().any(|s| stderr.contains(s));
                assert!(said, "{stderr}");
            }
        }
    }
}

promise!(count_reads_one_board_while_it_is_rebuilt_in_wal_mode);
fn count_reads_one_board_while_it_is_rebuilt_in_wal_mode() {
    check_counts_are_whole_boards("wal");
}

promise!(count_reads_one_board_while_it_is_rebuilt_in_a_rollback_journal);
fn count_reads_one_board_while_it_is_rebuilt_in_a_rollback_journal() {
    check_counts_are_whole_boards("delete");
}

promise!(count_by_last_queens_reads_one_board_while_it_is_rebuilt_in_wal_mode);
fn count_by_last_queens_reads_one_board_while_it_is_rebuilt_in_wal_mode() {
    check_counts_are_whole_boards_of("wal", 10);
}

promise!(count_by_last_queens_reads_one_board_while_it_is_rebuilt_in_a_rollback_journal);
fn count_by_last_queens_reads_one_board_while_it_is_rebuilt_in_a_rollback_journal() {
    check_counts_are_whole_boards_of("delete", 10);
}

promise!(solve_prints_the_rows_of_one_board_while_it_is_rebuilt_in_wal_mode);
fn solve_prints_the_rows_of_one_board_while_it_is_rebuilt_in_wal_mode() {
    let board = board_in_journal_mode("wal");
    // From an attack: 6 runs in about 650 printed rows of one board and
    // then an error, when a search thread opened its connection after a
    // rebuild had committed; every connection is now opened first.
    let seen = race(
        &board,
        rebuild_in_a_loop(&board, 20),
        &["solve", "-f", "csv", "-j", "2"],
    );
    for (ok, stdout, stderr) in &seen {
        if !ok {
            assert!(is_one_error(stderr), "{stderr}");
            assert!(stdout.is_empty(), "rows, then: {stderr}");
            continue;
        }
        let lines: Vec<&str> = stdout.lines().collect();
        let columns = lines[0].split(',').count();
        assert!(
            lines.iter().all(|l| l.split(',').count() == columns),
            "rows of two boards in one answer"
        );
        let expected = if columns == 9 { 92 } else { 352 };
        assert_eq!(lines.len() - 1, expected, "{}", lines[0]);
    }
}

promise!(a_file_of_two_board_sizes_is_refused_by_every_reading_command);
fn a_file_of_two_board_sizes_is_refused_by_every_reading_command() {
    let board = Board::new(6);
    let conn = rusqlite::Connection::open(&board.db).unwrap();
    let indexes: Vec<String> = conn
        .prepare("select name from sqlite_schema where type = 'index' and tbl_name = 'board_size' and sql is not null")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    for index in indexes {
        conn.execute_batch(&format!("drop index \"{index}\""))
            .unwrap();
    }
    conn.execute_batch("insert into board_size (n) values (7)")
        .unwrap();
    drop(conn);
    for args in [
        &["count"][..],
        &["solve"][..],
        &["show", "1"][..],
        &["check", "a2"][..],
        &["complete", "a2"][..],
        &["space"][..],
        &["query", "select count(*) from solution"][..],
        &["export", "--format", "csv"][..],
    ] {
        assert_refused(&board.run(args), 1, "board_size holds 2 rows");
    }
    let out = board.run(&["doctor"]);
    assert!(!out.status.success(), "doctor passes two board sizes");
    // The advice given mends it.
    let out = board.run(&["init", "--force", "--size", "6"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(board.stdout(&["count"]), "4\n");
    // and makes the index that admits one row again.
    let again = rusqlite::Connection::open(&board.db)
        .unwrap()
        .execute_batch("insert into board_size (n) values (7)");
    assert!(
        again.is_err(),
        "a second size is admitted after the rebuild"
    );
}

promise!(a_standard_output_that_is_the_wal_behind_a_linked_db_is_refused);
fn a_standard_output_that_is_the_wal_behind_a_linked_db_is_refused() {
    // SQLite keeps the -wal and -journal beside the file the link leads to.
    let board = Board::new(6);
    rusqlite::Connection::open(&board.db)
        .unwrap()
        .query_row("pragma journal_mode = wal", [], |r| r.get::<_, String>(0))
        .unwrap();
    let link = board.dir.path().join("link.db");
    std::os::unix::fs::symlink(&board.db, &link).unwrap();
    for suffix in ["-wal", "-journal", ""] {
        let mut target = board.db.clone().into_os_string();
        target.push(suffix);
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!(
                "exec \"{}\" count --db \"{}\" 1<>\"{}\"",
                env!("CARGO_BIN_EXE_queens"),
                link.display(),
                std::path::Path::new(&target).display()
            ))
            .bounded_output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(2),
            "{suffix}: {}",
            text(&out.stderr)
        );
        assert!(text(&out.stderr).contains("standard output is the database"));
    }
    assert_eq!(board.stdout(&["count"]), "4\n");
}

// From an attack: while another process rebuilt the file 8↔9 in a loop,
// doctor failed a healthy file in 12 of 15 runs in the default journal
// mode and 9 of 15 in WAL ("model not as in a fresh 8×8 board",
// "solutions 352 (native counter: 92)", "Invalid column index: 8"): its
// checks read the file in many transactions. Every check of one run now
// reads one board, in every journal mode.
promise!(doctor_reads_one_board_while_it_is_rebuilt_in_every_journal_mode);
fn doctor_reads_one_board_while_it_is_rebuilt_in_every_journal_mode() {
    for journal_mode in ["delete", "truncate", "persist", "memory", "wal", "off"] {
        let board = board_in_journal_mode(journal_mode);
        let seen = race(&board, rebuild_in_a_loop(&board, 3), &["doctor"]);
        for (ok, stdout, stderr) in &seen {
            assert!(
                *ok,
                "{journal_mode}: doctor failed a healthy file:\n{stdout}{stderr}"
            );
        }
        // and a damaged file still fails.
        rusqlite::Connection::open(&board.db)
            .unwrap()
            .execute_batch("delete from safe_next where cl_no = 2 and prev_rw_no = 1")
            .unwrap();
        assert!(!board.run(&["doctor"]).status.success(), "{journal_mode}");
    }
}

// From an attack: a racing `init --force --size 9 --materialize` exited 2
// in about 2 runs of 100, advising the `--size 9 --force` it had been
// given. A file another process changed meanwhile is said as that, exit 1.
promise!(a_materialize_raced_by_a_rebuild_says_the_file_changed_never_a_usage_mistake);
fn a_materialize_raced_by_a_rebuild_says_the_file_changed_never_a_usage_mistake() {
    let board = Board::new(8);
    let seen = race(
        &board,
        rebuild_in_a_loop(&board, 25),
        &["init", "--force", "--size", "9", "--materialize"],
    );
    for (ok, stdout, stderr) in &seen {
        if !ok {
            assert!(is_one_error(stderr), "{stdout}{stderr}");
            assert!(!stderr.contains("--size"), "{stderr}");
        }
    }
    let stored = board.stdout(&["init", "--force", "--size", "9", "--materialize"]);
    assert!(stored.contains("stored its 352 solutions"), "{stored}");
    let out = board.run(&["doctor"]);
    assert!(out.status.success(), "{}", text(&out.stdout));
}

/// Opens `file`'s board, then puts `swap` in its place, as `mv` would,
/// before the command opens its other connections: the OpenBoard, ready
/// for the question.
fn open_then_swap<'a>(
    engine: &'a dyn queens::engine::Engine,
    file: &Board,
    swap: &Board,
) -> anyhow::Result<queens::search::context::OpenBoard<'a>> {
    let workers = queens::search::context::Workers {
        jobs: 2,
        ..queens::search::context::Workers::unwatched()
    };
    let board = queens::search::context::OpenBoard::open(engine, None, workers)?;
    std::fs::rename(&swap.db, &file.db).unwrap();
    Ok(board)
}

/// Lists `file`'s solutions, the file swapped for `swap` between the
/// first connection and the others (which open the file): how many.
fn solve_across_a_swap(file: &Board, swap: &Board) -> anyhow::Result<u64> {
    let target = queens::engine::target::Target::File(file.db.clone());
    let engine = queens::engine::registry::connect(&target)?;
    let board = open_then_swap(engine.as_ref(), file, swap)?;
    let mut listed = 0;
    queens::search::parallel::for_each_solution(&board, |_| {
        listed += 1;
        Ok(())
    })?;
    Ok(listed)
}

/// Counts `file`'s board, the file swapped for `swap` once the first
/// connection has read it.
fn count_across_a_swap(file: &Board, swap: &Board) -> anyhow::Result<u64> {
    let target = queens::engine::target::Target::File(file.db.clone());
    let engine = queens::engine::registry::connect(&target)?;
    let board = open_then_swap(engine.as_ref(), file, swap)?;
    queens::search::parallel::count_solutions(&board)
}

promise!(every_connection_reads_the_whole_board_the_first_one_read);
fn every_connection_reads_the_whole_board_the_first_one_read() {
    for (n, flags, named) in [
        (11, &[][..], "an 11×11 board"),
        (10, &["--holes", "g7"], "a 10×10 board with holes at g7"),
        (10, &["--torus"], "a 10×10 torus"),
        (10, &["--superqueens"], "a 10×10 superqueens board"),
        (10, &["--size", "10x11"], "a 10×11 board"),
    ] {
        let file = Board::new(10);
        let swap = Board::new(n);
        if !flags.is_empty() {
            let out = swap.run(&[&["init", "--force"][..], flags].concat());
            assert!(out.status.success(), "{}", text(&out.stderr));
        }
        let said = solve_across_a_swap(&file, &swap)
            .expect_err("the solutions went on across the swap")
            .to_string();
        assert!(
            said.contains("was replaced while this command read it")
                && said.contains(&format!("found {named}, not the 10×10 board")),
            "{flags:?}: {said}"
        );
    }
    // And the other way round: a plain board moved over a holed one.
    let file = Board::new(10);
    assert!(
        file.run(&["init", "--force", "--holes", "g7"])
            .status
            .success()
    );
    let swap = Board::new(10);
    let said = solve_across_a_swap(&file, &swap).unwrap_err().to_string();
    assert!(
        said.contains("found a 10×10 board, not the 10×10 board with holes at g7"),
        "{said}"
    );
}

// A count from 10×10 on reads the file on its first connection alone,
// which builds the tables every counting connection reads: a file moved
// over it once that connection has read it changes nothing the count
// reads. The count is the first board's, whatever board replaced it.
promise!(a_count_is_of_the_board_its_first_connection_read_when_the_file_is_swapped);
fn a_count_is_of_the_board_its_first_connection_read_when_the_file_is_swapped() {
    for (n, flags) in [
        (11, &[][..]),
        (10, &["--holes", "g7"]),
        (10, &["--torus"]),
        (10, &["--superqueens"]),
    ] {
        let file = Board::new(10);
        let swap = Board::new(n);
        if !flags.is_empty() {
            let out = swap.run(&[&["init", "--force"][..], flags].concat());
            assert!(out.status.success(), "{}", text(&out.stderr));
        }
        let counted = count_across_a_swap(&file, &swap).unwrap();
        assert_eq!(counted, common::A000170[9], "{n} {flags:?}");
        // (The swap happened: the file is the other board now.)
        assert_ne!(file.stdout(&["count"]), "724\n", "{n} {flags:?}");
    }
}
