//! The `class-rows` section: every row of the numbered views and the
//! classes in the sqlite3 shell, now against the views before.

use std::path::Path;
use std::time::Duration;

use crate::common::{add_kept_form, board, ms, shell_version};
use crate::first_rows::time_shell_run;

/// solution_class as schema 8 made it (one part, whose last join scanned
/// a window's result for every solution), kept here to measure, in the
/// same run, what numbering the search as it goes changed.
const SOLUTION_CLASS_BEFORE: &str = include_str!("../solution_class_before.sql");

/// numbered_solution as it was before the search numbered its solutions
/// as it went: the whole search numbered
/// by a sort, which solution_class_before reads.
const NUMBERED_SOLUTION_BEFORE: &str = include_str!("../numbered_solution_before.sql");

/// The boards below the bench's sizes on which the views before and now
/// are compared too: there every row takes milliseconds, and a fixed cost
/// (preparing a larger statement) shows.
const SMALL_BOARDS: [u8; 4] = [4, 5, 6, 7];

/// Adds the views as they were before the search numbered its solutions
/// as it went to the board at `path`:
/// numbered_solution_before and solution_class_before.
fn add_views_before(path: &Path, n: u8) {
    let scope = queens::model::template::Scope::default().with("N", n.into());
    for fixture in [NUMBERED_SOLUTION_BEFORE, SOLUTION_CLASS_BEFORE] {
        add_kept_form(path, fixture, &scope);
    }
}

/// solution_class's first 3 rows (one run each) and every row (medians of
/// interleaved runs, one run at 13×13, where the form before takes minutes),
/// before and now, in the sqlite3 shell as its users run it, whole
/// processes, from 4×4 up to 13×13 (the form before would take tens of
/// minutes at 14×14). It waits for every row before its first, so at 13×13
/// only its every row is timed.
pub fn class_rows_figures(sizes: &[u8]) {
    let Some(version) = shell_version() else {
        println!("\nsolution_class, before and now: no sqlite3 shell on the PATH");
        return;
    };
    println!();
    println!(
        "select * from solution_class (limit 3, and all), before and now, the {version} shell (ms):"
    );
    println!(
        "{:>3} {:>10} {:>10} {:>11} {:>11} {:>8}",
        "N", "3 before", "3 now", "all before", "all now", "ratio"
    );
    let dir = tempfile::TempDir::new().unwrap();
    for &n in SMALL_BOARDS.iter().chain(sizes).filter(|&&n| n <= 13) {
        let path = board(dir.path(), n);
        add_views_before(&path, n);
        let first_before = match n {
            ..=12 => ms(time_shell_run(
                &path,
                "select * from solution_class_before limit 3",
            )),
            _ => "-".to_string(),
        };
        let first_now = time_shell_run(&path, "select * from solution_class limit 3");
        let all = [
            "select * from solution_class_before",
            "select * from solution_class",
        ];
        let [all_before, all_now] = match n {
            ..=12 => interleaved_medians(&path, n, all),
            _ => all.map(|sql| time_shell_run(&path, sql)),
        };
        println!(
            "{n:>3} {first_before:>10} {:>10} {:>11} {:>11} {:>8.3}",
            ms(first_now),
            ms(all_before),
            ms(all_now),
            all_now.as_secs_f64() / all_before.as_secs_f64()
        );
    }
}

/// Every row of numbered_solution (two parts: the first 200 solutions by
/// the one join, the rest by the carried search begun after them) against
/// the view before (the carried search numbered by a sort), from
/// 4×4; then fundamental_solution against the view before (the
/// representatives of solution_class_before), up to 12×12 (the form before
/// takes minutes at 13×13).
pub fn numbered_rows_figures(sizes: &[u8]) {
    let Some(version) = shell_version() else {
        return;
    };
    let sizes: Vec<u8> = SMALL_BOARDS.iter().chain(sizes).copied().collect();
    now_and_before_figures(
        &format!(
            "select * from numbered_solution, now and before (the sorted search), the {version} shell (ms):"
        ),
        &sizes,
        |_| {
            [
                "select * from numbered_solution".to_string(),
                "select * from numbered_solution_before".to_string(),
            ]
        },
    );
    let up_to_12: Vec<u8> = sizes.into_iter().filter(|&n| n <= 12).collect();
    now_and_before_figures(
        &format!("select * from fundamental_solution, now and before, the {version} shell (ms):"),
        &up_to_12,
        |n| {
            let columns: Vec<String> = (1..=n).map(|k| format!("s{k}")).collect();
            [
                "select * from fundamental_solution".to_string(),
                format!(
                    "select {}, class_size from solution_class_before \
                     where solution_no = representative_no order by solution_no",
                    columns.join(", ")
                ),
            ]
        },
    );
}

/// A table of every row of a view now against before, in the sqlite3
/// shell, medians of interleaved whole processes, one line per size: the
/// two queries `now_and_before` gives for each size, on a board with the
/// views before added.
fn now_and_before_figures(title: &str, sizes: &[u8], now_and_before: impl Fn(u8) -> [String; 2]) {
    println!();
    println!("{title}");
    println!("{:>3} {:>10} {:>10} {:>8}", "N", "now", "before", "ratio");
    let dir = tempfile::TempDir::new().unwrap();
    for &n in sizes {
        let path = board(dir.path(), n);
        add_views_before(&path, n);
        let [now, before] = now_and_before(n);
        let [now, before] = interleaved_medians(&path, n, [now.as_str(), before.as_str()]);
        println!(
            "{n:>3} {:>10} {:>10} {:>8.3}",
            ms(now),
            ms(before),
            now.as_secs_f64() / before.as_secs_f64()
        );
    }
}

/// The median times of `queries` in the sqlite3 shell on the board at
/// `path`, whole processes run in turn: 21 rounds up to 8×8 (where a run
/// takes milliseconds), 7 up to 12×12, then 3.
fn interleaved_medians<const Q: usize>(path: &Path, n: u8, queries: [&str; Q]) -> [Duration; Q] {
    let rounds = match n {
        ..=8 => 21,
        9..=12 => 7,
        _ => 3,
    };
    let mut times = [(); Q].map(|_| Vec::new());
    for _ in 0..rounds {
        for (sql, runs) in queries.iter().zip(times.iter_mut()) {
            runs.push(time_shell_run(path, sql));
        }
    }
    times.map(|mut runs| {
        runs.sort();
        runs[rounds / 2]
    })
}
