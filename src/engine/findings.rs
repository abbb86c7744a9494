//! `doctor`'s findings, as every engine's doctor reports them.

use anyhow::Result;

/// One line of `doctor`'s report: what was checked, what was found, and
/// whether it holds (None for information only).
pub struct Finding {
    pub what: &'static str,
    pub found: String,
    pub holds: Option<bool>,
}

impl Finding {
    /// A line of information, neither holding nor failing.
    pub fn info(what: &'static str, found: String) -> Finding {
        Finding {
            what,
            found,
            holds: None,
        }
    }

    /// A check's outcome: whether it holds and what was found, or an error
    /// while checking (a damaged page, a table dropped), which is a failed
    /// check in the engine's words, not the end of the report.
    pub fn of(what: &'static str, outcome: Result<(bool, String)>) -> Finding {
        match outcome {
            Ok((holds, found)) => Finding {
                what,
                found,
                holds: Some(holds),
            },
            Err(e) => Finding {
                what,
                found: crate::error::one_line(&e),
                holds: Some(false),
            },
        }
    }
}

/// The doctors' finding on the board size: the board of `n` columns and
/// `board_rows` rows, or, where board_size holds `rows` rows, that it does
/// (the largest is checked).
pub fn board_finding((n, board_rows): (u8, u8), rows: i64) -> Finding {
    match rows {
        1 => Finding::info("board", format!("{n}×{board_rows}")),
        rows => Finding {
            what: "board",
            found: format!(
                "board_size holds {rows} rows, where queens keeps one (the largest, {n}×{n}, checked)"
            ),
            holds: Some(false),
        },
    }
}

/// The doctors' finding on queens' tables against a fresh board of `n`
/// columns and `rows` rows: whether they hold, and `what` was compared
/// ("9 tables") or how they differ.
pub fn model_finding((n, rows): (u8, u8), what: &str, differences: &[String]) -> (bool, String) {
    if differences.is_empty() {
        (
            true,
            format!("{what} as in a fresh {n}×{rows} board, row for row"),
        )
    } else {
        (
            false,
            format!(
                "not as in a fresh {n}×{rows} board: {}",
                differences.join("; ")
            ),
        )
    }
}

/// How many rows of `found` are not in `expected`, and how many of
/// `expected` are not in `found`, counting repeats (a doctor's comparison
/// of a table with a fresh board's).
pub fn multiset_difference(found: &[Vec<String>], expected: &[Vec<String>]) -> (usize, usize) {
    let mut balance: std::collections::HashMap<&[String], i64> = Default::default();
    for row in found {
        *balance.entry(row).or_default() += 1;
    }
    for row in expected {
        *balance.entry(row).or_default() -= 1;
    }
    let extra = balance.values().filter(|&&b| b > 0).sum::<i64>();
    let missing = -balance.values().filter(|&&b| b < 0).sum::<i64>();
    (extra as usize, missing as usize)
}
