//! queens' test suite, one program: each module holds the tests of one
//! promise, and each test says next to it what it needs beyond Rust
//! (harness.rs); run it with `cargo test`.
//!
//! A test's name says the promise it keeps; where a comment tells how the
//! promise was once broken, it says how, not when or by whom.

/// Registers `$test` with the suite, with what it needs of the machine:
/// `promise!(counts_match_oeis);` or
/// `promise!(reads_in_the_shell, needs = [Sqlite3]);`.
macro_rules! promise {
    ($test:ident) => {
        promise!($test, needs = []);
    };
    ($test:ident, needs = [$($need:ident),* $(,)?]) => {
        inventory::submit! {
            crate::harness::Promise {
                module: module_path!(),
                name: stringify!($test),
                run: $test,
                needs: &[$(crate::harness::Need::$need),*],
            }
        }
    };
}

/// The same test again on PostgreSQL 18 (QUEENS_TEST_POSTGRES18), under a
/// name of its own: `common::server::postgres()` gives that server's URL
/// while it runs.
macro_rules! also_on_postgres_18 {
    ($test:ident, $on_18:ident) => {
        fn $on_18() {
            crate::common::server::on_postgres_18($test);
        }
        promise!($on_18, needs = [Postgres18]);
    };
}

mod common;
mod harness;

/// The command line as a user runs it.
mod cli;
/// A class's answers graded natively, each hostile file one line.
mod grading;
/// What queens says of itself: help and man pages.
mod help_and_man_pages;
/// The code's shape: layers and their rules.
mod layout;
/// The model's relations, held against published counts and the checker.
mod model;
/// Commands that show, check and export.
mod see_check_share;
/// What is typed, however odd, gets an answer or one clear line.
mod typed_input;

/// The model spread over a Citus cluster.
mod citus;
/// A board's facts and views follow the text they were derived from.
mod derived;
/// The model on a PostgreSQL server shared with others.
mod postgres;
/// A rebuild keeps what is the user's, on every engine.
mod rebuild_keeps_yours;
/// The embedded engine's files under every hostile hand.
mod sqlite;
/// An upgrade makes every name anew: nothing of the user's becomes queens'.
mod upgrades_take_nothing;

/// The page's console and exercises, in a real browser.
mod console;
/// The console as a class uses it: verdicts, hints, the course's own
/// words, the answers handed in.
mod console_class;
/// The README and the book as readers meet them: examples run, the
/// reference generated from its sources.
mod docs;
/// The file in the tools people read it with.
mod interop;
/// The page, in a real browser.
mod page;
/// Step: a recursive query round by round, in a real browser.
mod stepping;
/// Progress as a person at a terminal sees it.
mod terminal;
/// The page's SQLite and the grader's offer the same functions.
mod the_page_s_functions_are_the_grader_s;

fn main() {
    harness::main();
}
