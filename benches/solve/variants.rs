//! The `variants` section: `queens count` on boards of other shapes
//! against the plain board's.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::common::{ms, ratio, run_queens};

/// The 12×12 boards of other shapes (`queens init` with their flags) whose
/// `queens count` the variants section times against the plain board's.
const VARIANTS: [&[&str]; 5] = [
    &[],
    &["--torus"],
    &["--superqueens"],
    &["--holes", "c2,f7"],
    &["--holes", "c2,l11"],
];

/// `queens count --quiet` on all cores on 12×12 boards of other shapes
/// against the plain board's, whole processes: medians of 5 runs taken in
/// turn, quiet and beside a busy loop (`yes` writing to /dev/null), each
/// count checked against the checker's rules of the board.
pub fn variant_figures(dir: &Path) {
    println!();
    println!(
        "queens count on 12×12 boards of other shapes against the plain board's, whole \
         processes, medians of 5 interleaved runs (ms), quiet and beside a busy loop:"
    );
    println!(
        "{:<22} {:>8} {:>10} {:>8} {:>12} {:>8}",
        "board", "count", "ms", "ratio", "busy: ms", "ratio"
    );
    let boards: Vec<(PathBuf, String)> = (VARIANTS.iter().enumerate())
        .map(|(i, flags)| {
            let path = dir.join(format!("variant{i}.db"));
            let file = path.to_str().unwrap();
            let mut args = vec!["init", "--size", "12", "--db", file];
            args.extend(flags.iter());
            run_queens(&args);
            (path, flags.join(" "))
        })
        .collect();
    let quiet = variant_medians(&boards);
    let mut busy_loop = std::process::Command::new("yes")
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let busy = variant_medians(&boards);
    busy_loop.kill().unwrap();
    busy_loop.wait().unwrap();
    for (i, (_, flags)) in boards.iter().enumerate() {
        let shape = variant_shape(VARIANTS[i]);
        println!(
            "{:<22} {:>8} {:>10} {:>8} {:>12} {:>8}",
            if flags.is_empty() { "plain" } else { flags },
            shape.count(),
            ms(quiet[i]),
            ratio(quiet[i], quiet[0]),
            ms(busy[i]),
            ratio(busy[i], busy[0])
        );
    }
}

/// The checker's 12×12 board of the flags `flags`.
fn variant_shape(flags: &[&str]) -> queens::model::board::Board {
    let mut shape = queens::model::board::Board::square(12);
    shape.torus = flags.contains(&"--torus");
    shape.superqueens = flags.contains(&"--superqueens");
    if let Some(i) = flags.iter().position(|f| *f == "--holes") {
        shape.holes = (flags[i + 1].split(','))
            .map(|name| queens::model::board::Square::parse(name, 12).unwrap())
            .collect();
    }
    shape
}

/// The median time of 5 runs of `queens count` on each of `boards`, the
/// boards taken in turn, each count checked against the checker's.
fn variant_medians(boards: &[(PathBuf, String)]) -> Vec<Duration> {
    let expected: Vec<String> = (VARIANTS.iter())
        .map(|flags| format!("{}\n", variant_shape(flags).count()))
        .collect();
    let mut times = vec![Vec::new(); boards.len()];
    for _ in 0..5 {
        for (i, (path, _)) in boards.iter().enumerate() {
            let started = Instant::now();
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
                .args(["count", "--quiet", "--db", path.to_str().unwrap()])
                .output()
                .unwrap();
            times[i].push(started.elapsed());
            assert_eq!(String::from_utf8_lossy(&out.stdout), expected[i]);
        }
    }
    (times.into_iter())
        .map(|mut runs| {
            runs.sort();
            runs[runs.len() / 2]
        })
        .collect()
}
