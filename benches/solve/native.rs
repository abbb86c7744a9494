//! The `native` section: `queens count` against two counters written in
//! Rust, the plain bitmask counter and the same with the board's mirror
//! (the floor a programmer reaches for), quiet and beside a busy loop;
//! with `--huge`, 16×16 and 17×17 too, with `queens count`'s peak memory.

use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use queens::checker;
use queens::model::board::Board;
use queens::model::schema;
use queens::model::template::{Dialect, Scope};
use rusqlite::Connection;

use crate::common::{board, ms, once, ratio, run_queens};

/// The bitmask counter's step: the ways to fill the rows not in `rows`
/// (of `all`), one queen a column, no queen on a diagonal `left` or
/// `right` covers in this column. With `PER_CALL` 1 instead of 0, each
/// call also counts itself, so that the walk returns the calls it makes
/// (a solution found is one): the counter's unit of work. A constant, so
/// that the counter timed compiles to the plain loop.
fn completions<const PER_CALL: u64>(all: u32, rows: u32, left: u32, right: u32) -> u64 {
    if rows == all {
        return 1;
    }
    let mut free = all & !(rows | left | right);
    let mut count = PER_CALL;
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        count += completions::<PER_CALL>(
            all,
            rows | bit,
            ((left | bit) << 1) & all,
            (right | bit) >> 1,
        );
    }
    count
}

/// The floor a C or Rust programmer reaches first: one thread, no
/// symmetry, rows and both diagonals as bit masks, one recursive loop and
/// nothing called per solution (checker::count_solutions, which calls back
/// for every solution and keeps the rows placed, is slower).
pub fn plain_bitmask_count(n: u32) -> u64 {
    completions::<0>((1u32 << n) - 1, 0, 0, 0)
}

/// The same counter with the board's mirror, the form most programs
/// that count fast start from: the first queen in the lower half only,
/// each such solution counted twice (its mirror image has its first queen
/// in the upper half), and on an odd board the first queen in the middle
/// row once, searched whole. About half the plain counter's time.
pub fn mirror_half_count(n: u32) -> u64 {
    let (lower, middle) = mirror_half_walks::<0>(n);
    2 * lower + middle
}

/// The mirror-half counter's two walks (`completions` with `PER_CALL`):
/// from the first queen in each row of the lower half, and on an odd
/// board from the middle row (0 on an even one).
fn mirror_half_walks<const PER_CALL: u64>(n: u32) -> (u64, u64) {
    let all = (1u32 << n) - 1;
    let from = |row: u32| {
        let bit = 1u32 << row;
        completions::<PER_CALL>(all, bit, (bit << 1) & all, bit >> 1)
    };
    let lower: u64 = (0..n / 2).map(from).sum();
    let middle = if n % 2 == 1 { from(n / 2) } else { 0 };
    (lower, middle)
}

/// One of the two counters as a process of its own (this bench run
/// again with `--native N` or `--mirror-half N`).
#[derive(Clone, Copy)]
enum Counter {
    Plain,
    MirrorHalf,
}

impl Counter {
    fn flag(self) -> &'static str {
        match self {
            Counter::Plain => "--native",
            Counter::MirrorHalf => "--mirror-half",
        }
    }

    /// One run's time and the count it printed.
    fn time(self, n: u8) -> (Duration, u64) {
        let me = std::env::current_exe().unwrap();
        let mut output = None;
        let took = once(|| {
            output = Some(
                Command::new(&me)
                    .args([self.flag(), &n.to_string()])
                    .output()
                    .unwrap(),
            );
        });
        let said = String::from_utf8_lossy(&output.unwrap().stdout).into_owned();
        (took, said.trim().parse().unwrap())
    }

    /// One run's time, its count checked against `expected`.
    fn checked(self, n: u8, expected: u64) -> Duration {
        let (took, counted) = self.time(n);
        assert_eq!(counted, expected, "{} {n}", self.flag());
        took
    }
}

/// `queens count --quiet` on all cores against both counters on one
/// thread, whole process against whole process: medians of 5 runs taken
/// in turn, on a quiet machine and again beside a busy loop (`yes`
/// writing to /dev/null, which keeps one core busy).
pub fn count_against_native(sizes: &[u8]) {
    println!();
    println!(
        "queens count (all cores) against the plain bitmask counter and the mirror-half \
         counter (one thread each), whole processes, medians of 5 interleaved runs (ms), \
         quiet, then beside a busy loop:"
    );
    let header = format!(
        "{:>10} {:>10} {:>7} {:>10} {:>7}",
        "count", "plain", "ratio", "mirror", "ratio"
    );
    println!("{:>3} {header} | {header}", "N");
    let dir = tempfile::TempDir::new().unwrap();
    for &n in sizes {
        let path = board(dir.path(), n);
        let quiet = medians(&path, n, 5);
        let mut busy = Command::new("yes")
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let beside = medians(&path, n, 5);
        busy.kill().unwrap();
        busy.wait().unwrap();
        println!("{n:>3} {} | {}", row(quiet), row(beside));
    }
}

/// `queens count` on 16×16 and 17×17 (`sizes`) against both counters,
/// one run each, on a quiet machine, with the count's peak memory
/// (resident, as `/usr/bin/time -f %M` reports it; "?" without it).
pub fn count_against_native_huge(sizes: &[u8]) {
    println!();
    println!(
        "queens count (all cores) on large boards against both counters (one thread each), \
         one run each, quiet (ms), and the count's peak memory:"
    );
    println!(
        "{:>3} {:>10} {:>10} {:>7} {:>10} {:>7} {:>10}",
        "N", "count", "plain", "ratio", "mirror", "ratio", "peak MiB"
    );
    let dir = tempfile::TempDir::new().unwrap();
    for &n in sizes {
        let path = board(dir.path(), n);
        // (The checker's own count would take minutes here: the plain
        // counter's count is the one the other two are held to.)
        let (plain, expected) = Counter::Plain.time(n);
        let mirror = Counter::MirrorHalf.checked(n, expected);
        let (ours, peak) = count_with_peak(&path, expected);
        println!(
            "{n:>3} {} {:>10}",
            row((ours, plain, mirror)),
            peak.map_or("?".to_string(), |kib| format!("{:.0}", kib as f64 / 1024.0))
        );
    }
}

/// One table row: the count's time, each counter's and the ratios.
fn row((ours, plain, mirror): (Duration, Duration, Duration)) -> String {
    format!(
        "{:>10} {:>10} {:>7} {:>10} {:>7}",
        ms(ours),
        ms(plain),
        ratio(ours, plain),
        ms(mirror),
        ratio(ours, mirror)
    )
}

/// The medians of `runs` runs of `queens count` on `path` and of both
/// counters for `n`, taken in turn, each count checked against the
/// independent checker's.
fn medians(path: &Path, n: u8, runs: usize) -> (Duration, Duration, Duration) {
    let file = path.to_str().unwrap();
    let expected = checker::count_solutions(n);
    let (mut ours, mut plain, mut mirror) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..runs {
        ours.push(run_queens(&["count", "--db", file, "--quiet"]));
        plain.push(Counter::Plain.checked(n, expected));
        mirror.push(Counter::MirrorHalf.checked(n, expected));
    }
    let median = |mut times: Vec<Duration>| {
        times.sort();
        times[times.len() / 2]
    };
    (median(ours), median(plain), median(mirror))
}

/// One run of `queens count` on `path`, its count checked against
/// `expected`, and its peak resident memory in KiB where `/usr/bin/time`
/// can tell it.
fn count_with_peak(path: &Path, expected: u64) -> (Duration, Option<u64>) {
    let time = Path::new("/usr/bin/time");
    let queens = env!("CARGO_BIN_EXE_queens");
    let args = ["count", "--db", path.to_str().unwrap(), "--quiet"];
    let mut output = None;
    let took = once(|| {
        let mut command = if time.exists() {
            let mut wrapped = Command::new(time);
            wrapped.args(["-f", "%M", queens]);
            wrapped
        } else {
            Command::new(queens)
        };
        output = Some(command.args(args).output().unwrap());
    });
    let output = output.unwrap();
    assert!(output.status.success(), "{output:?}");
    let said = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(said.trim(), expected.to_string());
    let peak = String::from_utf8_lossy(&output.stderr)
        .lines()
        .last()
        .and_then(|line| line.trim().parse().ok());
    (took, peak)
}

/// The calls the mirror-half counter makes (`completions` once for each
/// placement it extends, the first queens' own included): the counter's
/// unit of work, as a bytecode step is SQLite's.
fn mirror_half_calls(n: u32) -> u64 {
    let (lower, middle) = mirror_half_walks::<1>(n);
    lower + middle
}

/// The statements `queens count` runs on an SQLite file, on one
/// connection and one thread: the build of last_queens, then every part
/// searched. Counted in SQLite's bytecode steps (its progress handler,
/// called every 100 steps) and timed in a second run without the
/// handler, against the mirror-half counter's calls: how much work each
/// does, and what a unit of it costs.
pub fn count_steps_against_calls(sizes: &[u8]) {
    println!();
    println!(
        "queens count's statements on one connection (last_queens built, then every part), \
         in SQLite's bytecode steps (millions), against the mirror-half counter's calls \
         (millions), and the statements' time on one thread (ms):"
    );
    println!(
        "{:>3} {:>10} {:>10} {:>10} {:>10} {:>9} {:>9} {:>10}",
        "N", "build", "parts", "steps", "calls", "a call", "ms", "ns a step"
    );
    let dir = tempfile::TempDir::new().unwrap();
    for &n in sizes {
        let path = board(dir.path(), n);
        let count = CountStatements::of(n);
        let steps = Arc::new(AtomicU64::new(0));
        let build = count.run(&path, Some(&steps));
        let all = steps.load(Ordering::Relaxed);
        let took = once(|| {
            count.run(&path, None);
        });
        let calls = mirror_half_calls(u32::from(n));
        println!(
            "{n:>3} {:>10.2} {:>10.2} {:>10.2} {:>10.2} {:>9.1} {:>9} {:>10.1}",
            build as f64 / 1e6,
            (all - build) as f64 / 1e6,
            all as f64 / 1e6,
            calls as f64 / 1e6,
            all as f64 / calls as f64,
            ms(took),
            took.as_nanos() as f64 / all as f64
        );
    }
}

/// What `queens count` runs on an SQLite file of an `n`×`n` board: the
/// script that builds last_queens, the count of a part, and the statement
/// that lists the parts it searches (`count_parts.sql`, on the tables the
/// script builds), with the number they add up to.
struct CountStatements {
    prepare: String,
    count: String,
    parts: String,
    expected: u64,
}

impl CountStatements {
    fn of(n: u8) -> CountStatements {
        let scope = schema::with_shape(Scope::for_dialect(Dialect::Sqlite), &Board::square(n));
        let counting = schema::part_count(n, scope).unwrap();
        // (queens loads the tables it builds into each connection as
        // queens_count; on one connection they stay in temp.)
        let on_one_connection = |sql: &str| sql.replace("queens_count.", "temp.");
        CountStatements {
            prepare: counting
                .prepare
                .expect("from 10×10 on, a count builds last_queens"),
            count: on_one_connection(&counting.count.text),
            parts: on_one_connection(
                &counting
                    .parts
                    .expect("a count by last_queens lists its parts")
                    .text,
            ),
            expected: checker::count_solutions(n),
        }
    }

    /// Runs every statement on a connection of its own, its bytecode steps
    /// added to `steps` where given; the steps of the build, if counted.
    fn run(&self, path: &Path, steps: Option<&Arc<AtomicU64>>) -> u64 {
        let conn = Connection::open(path).unwrap();
        if let Some(steps) = steps {
            let counted = Arc::clone(steps);
            conn.progress_handler(
                100,
                Some(move || {
                    counted.fetch_add(100, Ordering::Relaxed);
                    false
                }),
            )
            .unwrap();
        }
        conn.execute_batch(&self.prepare).unwrap();
        let built = steps.map_or(0, |s| s.load(Ordering::Relaxed));
        let parts: Vec<[Option<String>; 3]> = conn
            .prepare(&self.parts)
            .unwrap()
            .query_map([], |row| Ok([row.get(0)?, row.get(1)?, row.get(2)?]))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        let mut statement = conn.prepare(&self.count).unwrap();
        let total: u64 = parts
            .iter()
            .map(|[s1, s2, s3]| {
                for (name, square) in [(":s1", s1), (":s2", s2), (":s3", s3)] {
                    if let Some(index) = statement.parameter_index(name).unwrap() {
                        statement.raw_bind_parameter(index, square).unwrap();
                    }
                }
                let mut rows = statement.raw_query();
                let row = rows.next().unwrap().expect("a count gives one row");
                row.get::<_, i64>(0).unwrap() as u64
            })
            .sum();
        assert_eq!(total, self.expected, "{}", path.display());
        built
    }
}
