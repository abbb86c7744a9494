//! Progress bars as a person at a terminal sees them: none for work that
//! ends within a second, whole-number rates for long work, and nothing left
//! on the screen after Ctrl-C, in a terminal that tmux or script makes.

use crate::common;
use crate::common::Bounded;

use std::process::Command;

use common::{Board, TmuxShell, said_its_exit};

const QUEENS: &str = env!("CARGO_BIN_EXE_queens");

promise!(quick_work_shows_no_progress_bar_at_all, needs = [Script]);
fn quick_work_shows_no_progress_bar_at_all() {
    let board = Board::new(8);
    let typescript = board.dir.path().join("typescript");
    let status = Command::new("script")
        .args(["-q", "-e", "-c"])
        .arg(format!("{QUEENS} show 1 --db {}", board.db.display()))
        .arg(&typescript)
        .stdout(std::process::Stdio::null())
        .bounded_status()
        .unwrap();
    assert!(status.success());
    // Everything the terminal received, escape sequences and all.
    let seen = String::from_utf8_lossy(&std::fs::read(&typescript).unwrap()).into_owned();
    assert!(seen.contains("Solution 1 of 92"), "{seen}");
    assert!(
        !seen.contains("parts") && !seen.contains('█'),
        "a bar flashed: {seen:?}"
    );
}

promise!(
    a_long_search_shows_whole_rates_and_ctrl_c_leaves_no_bar,
    needs = [Tmux]
);
fn a_long_search_shows_whole_rates_and_ctrl_c_leaves_no_bar() {
    // 14×14 on one thread searches for many seconds on any machine, so
    // its bar shows (after a second) before it ends.
    let board = Board::new(14);
    let shell = TmuxShell::start("queens-test");
    let command = format!(
        "clear; {QUEENS} count --jobs 1 --db {}; echo exit=$?",
        board.db.display()
    );
    shell.send(&command, true);
    // The bar, or the end of a search that never showed one.
    let during = shell.screen_once(bar_or_end);
    shell.send("C-c", false);
    let after = shell.screen_once(ended);
    drop(shell);
    let bar = during
        .lines()
        .find(|l| l.contains(" parts "))
        .unwrap_or_else(|| panic!("no bar: {during}"));
    let rate = bar.split_whitespace().find(|w| w.ends_with("/s")).unwrap();
    assert!(
        rate.trim_end_matches("/s").parse::<u64>().is_ok(),
        "rate {rate:?} in {bar:?}"
    );
    assert!(after.contains("exit=130"), "{after}");
    assert!(
        !after.contains("parts") && !after.contains('█'),
        "the bar stayed:\n{after}"
    );
}

/// Whether the command line sent has ended: it said its exit status, or
/// the shell's prompt is back (a command that dies of Ctrl-C's signal ends
/// the line before its `echo`). The line began with `clear`, so a prompt
/// on the screen is a new one.
fn ended(screen: &str) -> bool {
    said_its_exit(screen) || screen.lines().any(|line| line.starts_with("bash-"))
}

/// The progress bar, or the end of a command that never showed one.
fn bar_or_end(screen: &str) -> bool {
    screen.contains(" parts ") || said_its_exit(screen)
}

promise!(
    check_and_complete_beyond_12x12_show_the_search_s_progress,
    needs = [Tmux]
);
fn check_and_complete_beyond_12x12_show_the_search_s_progress() {
    // 14×14 on one thread: many seconds on any machine. The file holds 8×8,
    // so these also run on a temporary board.
    let board = Board::new(8);
    for command in ["check", "complete"] {
        let shell = TmuxShell::start(&format!("queens-{command}"));
        let line = format!(
            "clear; {QUEENS} {command} c8 --size 14 --jobs 1 --db {} > /dev/null; echo exit=$?",
            board.db.display()
        );
        shell.send(&line, true);
        let during = shell.screen_once(bar_or_end);
        shell.send("C-c", false);
        shell.screen_once(ended);
        drop(shell);
        assert!(
            during.lines().any(|l| l.contains(" parts ")),
            "{command}: no bar: {during}"
        );
    }
}
