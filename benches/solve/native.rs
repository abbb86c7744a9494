//! The `native` section: `queens count` against the plain bitmask counter,
//! quiet and beside a busy loop.

use std::path::Path;
use std::time::Duration;

use queens::checker;

use crate::common::{board, ms, once, ratio, run_queens};

/// The floor a C or Rust programmer reaches first: one thread, no
/// symmetry, rows and both diagonals as bit masks, one recursive loop and
/// nothing called per solution (checker::count_solutions, which calls back
/// for every solution and keeps the rows placed, is slower).
pub fn plain_bitmask_count(n: u32) -> u64 {
    fn go(all: u32, rows: u32, left: u32, right: u32) -> u64 {
        if rows == all {
            return 1;
        }
        let mut free = all & !(rows | left | right);
        let mut count = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            count += go(
                all,
                rows | bit,
                ((left | bit) << 1) & all,
                (right | bit) >> 1,
            );
        }
        count
    }
    go((1u32 << n) - 1, 0, 0, 0)
}

/// `queens count --quiet` on all cores against the plain bitmask counter
/// on one thread (`plain_bitmask_count`), whole process against whole
/// process (this bench run again with `--native N`): medians of 5 runs
/// taken in turn, on a quiet machine and again beside a busy loop (`yes`
/// writing to /dev/null, which keeps one core busy).
pub fn count_against_native(sizes: &[u8]) {
    println!();
    println!(
        "queens count (all cores) against the plain bitmask counter (one thread), whole \
         processes, medians of 5 interleaved runs (ms), quiet and beside a busy loop:"
    );
    println!(
        "{:>3} {:>10} {:>10} {:>8} {:>12} {:>10} {:>8}",
        "N", "count", "native", "ratio", "busy: count", "native", "ratio"
    );
    let dir = tempfile::TempDir::new().unwrap();
    for &n in sizes {
        let path = board(dir.path(), n);
        let (ours, native) = count_and_native_medians(&path, n);
        let mut busy = std::process::Command::new("yes")
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let (busy_ours, busy_native) = count_and_native_medians(&path, n);
        busy.kill().unwrap();
        busy.wait().unwrap();
        println!(
            "{n:>3} {:>10} {:>10} {:>8} {:>12} {:>10} {:>8}",
            ms(ours),
            ms(native),
            ratio(ours, native),
            ms(busy_ours),
            ms(busy_native),
            ratio(busy_ours, busy_native)
        );
    }
}

/// The medians of 5 runs of `queens count` on `path` and of the plain
/// bitmask counter for `n`, taken in turn, each checked against the
/// independent checker's count.
fn count_and_native_medians(path: &Path, n: u8) -> (Duration, Duration) {
    let me = std::env::current_exe().unwrap();
    let (file, size) = (path.to_str().unwrap(), n.to_string());
    let (mut ours, mut native) = (Vec::new(), Vec::new());
    let expected = checker::count_solutions(n).to_string();
    let mut output = std::process::Command::new("true").output().unwrap();
    for _ in 0..5 {
        ours.push(run_queens(&["count", "--db", file, "--quiet"]));
        native.push(once(|| {
            output = std::process::Command::new(&me)
                .args(["--native", &size])
                .output()
                .unwrap();
        }));
        assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), expected);
    }
    ours.sort();
    native.sort();
    (ours[2], native[2])
}
