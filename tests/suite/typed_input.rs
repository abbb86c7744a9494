//! Property tests over what users type: square names, placements, and the
//! arguments of `check` and `complete`. No input may panic; every rejection
//! is one clear line. CI runs a small number of cases; for a longer run:
//!
//!     PROPTEST_CASES=5000 cargo test --release --test fuzz

use crate::common;
use crate::common::Bounded;

use std::sync::LazyLock;

use common::Board;
use proptest::prelude::*;
use queens::checker;
use queens::model::board::{Square, parse_placement};

/// Text that looks like square names, or nearly, or not at all.
fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-hA-H][1-8]",
        2 => "[a-zA-Z][0-9]{1,3}",
        1 => "[ ,\t]{0,3}",
        // Any characters but NUL, which no process argument can hold.
        1 => "[^\\x00]{0,6}",
        1 => "[a-z]{1,4}",
        1 => "-{1,2}[a-z]{1,5}",
    ]
}

promise!(any_text_parses_to_a_square_on_the_board_or_a_one_line_error);
promise!(placements_never_panic_and_never_hold_a_square_twice);
proptest! {
    fn any_text_parses_to_a_square_on_the_board_or_a_one_line_error(text in ".{0,12}", size in 1u8..=26) {
        match Square::parse(&text, size) {
            Ok(square) => {
                prop_assert!(square.col >= 1 && square.col <= size && square.row >= 1 && square.row <= size);
                prop_assert_eq!(Square::parse(&square.name(), size).unwrap(), square);
            }
            Err(e) => {
                let message = e.to_string();
                prop_assert!(!message.is_empty() && !message.contains('\n'));
            }
        }
    }

    fn placements_never_panic_and_never_hold_a_square_twice(words in prop::collection::vec(token(), 0..10), size in 1u8..=26) {
        if let Ok(squares) = parse_placement(&words, size) {
            let mut unique = squares.clone();
            unique.sort();
            unique.dedup();
            prop_assert_eq!(unique.len(), squares.len());
            prop_assert!(!squares.is_empty());
        }
    }
}

static EIGHT: LazyLock<Board> = LazyLock::new(|| Board::new(8));

promise!(check_and_complete_answer_any_arguments_cleanly);
proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(24)
    ))]

    fn check_and_complete_answer_any_arguments_cleanly(words in prop::collection::vec(token(), 0..9)) {
        let db = EIGHT.db.to_str().unwrap();
        for command in ["check", "complete"] {
            let output = common::queens(EIGHT.dir.path())
                .arg(command)
                .args(&words)
                .args(["--db", db])
                .bounded_output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr);
            let code = output.status.code().unwrap();
            prop_assert!(!stderr.contains("panicked"), "{}", stderr);
            prop_assert!(code == 0 || code == 1 || code == 2, "{command} {words:?}: {code}");
            if code == 2 {
                // One line naming the mistake; clap's usage may follow.
                prop_assert!(stderr.starts_with("queens: "));
                prop_assert!(stderr.lines().count() == 1 || stderr.ends_with("--help'.\n"), "{}", stderr);
            }
            // Whatever parses, check judges as the native checker does.
            if command == "check" && let Ok(squares) = parse_placement(&words, 8) {
                let attacks = !checker::attacking_pairs(&squares).is_empty();
                prop_assert_eq!(code, i32::from(attacks), "{:?}", words);
            }
        }
    }
}

/// Names a user might give as --db or --out: SQLite URI forms, special
/// names, devices, links and the database itself, and random text.
fn path_name() -> impl Strategy<Value = String> {
    prop_oneof![
        2 => "file:[a-z]{1,6}\\.db(\\?[a-z]{1,5}=[a-z]{1,6})?",
        1 => Just(":memory:".to_string()),
        1 => Just(String::new()),
        1 => Just("precious.db".to_string()),
        1 => Just("./precious.db".to_string()),
        1 => Just("link.db".to_string()),
        1 => Just("/dev/null".to_string()),
        1 => Just("-".to_string()),
        1 => ":[a-z]{1,8}:?",
        2 => "[a-zA-Z0-9:?=&%#._ -]{1,12}",
        1 => "[a-z]{1,4}/[a-z]{1,4}\\.(db|csv)",
    ]
}

promise!(any_db_and_out_names_leave_other_files_alone);
proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(24)
    ))]

    /// Whatever --db and --out name, a reading command either answers or
    /// refuses in one line, and never changes the user's own SQLite file
    /// (precious.db, also reachable through link.db) unless --out names it,
    /// nor the link; a file it creates is a queens database at the literal
    /// name.
    fn any_db_and_out_names_leave_other_files_alone(db in path_name(), out in path_name()) {
        let dir = tempfile::TempDir::new().unwrap();
        let precious = dir.path().join("precious.db");
        rusqlite::Connection::open(&precious)
            .unwrap()
            .execute_batch("create table photo (name text); insert into photo values ('cat');")
            .unwrap();
        std::os::unix::fs::symlink("precious.db", dir.path().join("link.db")).unwrap();
        let before = std::fs::read(&precious).unwrap();
        for args in [
            vec!["count", "--size", "5", "--db", &db],
            vec!["export", "--format", "csv", "--size", "5", "--db", &db, "--out", &out, "--force"],
        ] {
            let output = common::queens(dir.path()).args(&args).bounded_output().unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr);
            let code = output.status.code().unwrap();
            prop_assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
            if code != 0 {
                prop_assert!(stderr.starts_with("queens: "), "{:?}: {}", args, stderr);
                prop_assert!(stderr.lines().count() == 1 || stderr.ends_with("--help'.\n"), "{:?}: {}", args, stderr);
            }
            // --out precious.db --force (or through link.db) asks for it.
            let asked_for = args[0] == "export"
                && ["precious.db", "./precious.db", "link.db"].contains(&out.as_str());
            if !asked_for {
                prop_assert!(std::fs::read(&precious).unwrap() == before, "{:?} changed precious.db", args);
            }
            prop_assert!(std::fs::symlink_metadata(dir.path().join("link.db")).unwrap().file_type().is_symlink());
        }
        let created = dir.path().join(&db);
        if !db.is_empty() && db != ":memory:" && created.is_file() && !db.contains("precious") && db != "link.db" {
            let conn = rusqlite::Connection::open_with_flags(
                &created,
                rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY,
            );
            // A created file is a whole queens board, unless --out wrote
            // a CSV over it (refused: it is the database being read).
            let n: i64 = conn.unwrap().query_row("select n from board_size", [], |r| r.get(0)).unwrap();
            prop_assert_eq!(n, 5);
        }
    }
}
