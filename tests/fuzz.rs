//! Property tests over what users type: square names, placements, and the
//! arguments of `check` and `complete`. No input may panic; every rejection
//! is one clear line. CI runs a small number of cases; for a longer run:
//!
//!     PROPTEST_CASES=5000 cargo test --release --test fuzz

mod common;

use std::sync::LazyLock;

use common::Board;
use proptest::prelude::*;
use queens::board::{Square, parse_placement};
use queens::checker;

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

proptest! {
    #[test]
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

    #[test]
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(24)
    ))]

    #[test]
    fn check_and_complete_answer_any_arguments_cleanly(words in prop::collection::vec(token(), 0..9)) {
        let db = EIGHT.db.to_str().unwrap();
        for command in ["check", "complete"] {
            let output = common::queens(EIGHT.dir.path())
                .arg(command)
                .args(&words)
                .args(["--db", db])
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr);
            let code = output.status.code().unwrap();
            prop_assert!(!stderr.contains("panicked"), "{}", stderr);
            prop_assert!(code == 0 || code == 1 || code == 2, "{command} {words:?}: {code}");
            if code == 2 {
                prop_assert_eq!(stderr.lines().count(), 1, "{}", stderr);
                prop_assert!(stderr.starts_with("queens: "));
            }
            // Whatever parses, check judges as the native checker does.
            if command == "check" && let Ok(squares) = parse_placement(&words, 8) {
                let attacks = !checker::attacking_pairs(&squares).is_empty();
                prop_assert_eq!(code, if attacks { 1 } else { 0 }, "{:?}", words);
            }
        }
    }
}
