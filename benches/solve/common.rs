//! What every section shares: timing, boards built with the library, the
//! figures as they are printed.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use queens::engine;
use queens::engine::{Engine, Reader, Target};
use queens::model::board::Board;
use queens::search::{OpenBoard, Unwatched, Workers};
use rusqlite::{Connection, OpenFlags};

pub fn fastest(mut run: impl FnMut()) -> Duration {
    let mut best = Duration::MAX;
    let started = Instant::now();
    let mut runs = 0;
    while runs < 3 || (started.elapsed() < Duration::from_secs(1) && runs < 50) {
        let t = Instant::now();
        run();
        best = best.min(t.elapsed());
        runs += 1;
    }
    best
}

/// Builds a board with the library (as `queens init` does).
pub fn board(dir: &Path, n: u8) -> PathBuf {
    let path = dir.join(format!("bench{n}.db"));
    let engine = engine::connect(&Target::File(path.clone())).unwrap();
    engine
        .ensure_exists(&Board::square(n))
        .expect("build the board");
    path
}

/// Adds a form kept to measure against (a view template, rendered in
/// `scope`) to the board file at `path`.
pub fn add_kept_form(path: &Path, template: &str, scope: &queens::model::template::Scope) {
    let sql = queens::model::template::render(template, scope).unwrap();
    Connection::open(path)
        .unwrap()
        .execute_batch(&sql.text)
        .unwrap();
}

/// A plain read-only connection to a board file.
pub fn read_only(path: &Path) -> Connection {
    Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap()
}

/// The engine of `target` and a reader of its board.
pub fn open(target: &Target) -> (Box<dyn Engine>, Box<dyn Reader>) {
    let engine = engine::connect(target).unwrap();
    let (reader, _) = engine.open(None, &|_| Ok(())).unwrap();
    (engine, reader)
}

/// Every core, and nobody watching.
pub fn workers(jobs: usize) -> Workers<'static> {
    Workers {
        jobs,
        chosen: true,
        progress: &Unwatched,
    }
}

/// Time to read every row of `sql`, and how many rows it gave.
pub fn time_rows(conn: &Connection, sql: &str) -> (Duration, usize) {
    let mut rows = 0;
    let time = fastest(|| {
        let mut stmt = conn.prepare(sql).unwrap();
        let mut result = stmt.query([]).unwrap();
        rows = 0;
        while let Some(row) = result.next().unwrap() {
            black_box(row.get_ref(0).unwrap());
            rows += 1;
        }
    });
    (time, rows)
}

pub fn ms(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64() * 1e3)
}

pub fn secs(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64())
}

pub fn ratio(a: Duration, b: Duration) -> String {
    format!("{:.1}×", a.as_secs_f64() / b.as_secs_f64())
}

/// The `n`×`n` board `engine` holds, read through `reader`, searched on
/// `cores` threads with nobody watching.
pub fn on_cores(
    engine: &dyn Engine,
    reader: Box<dyn Reader>,
    n: u8,
    cores: usize,
) -> OpenBoard<'_> {
    OpenBoard {
        engine,
        reader,
        board: queens::model::board::Board::square(n),
        workers: workers(cores),
    }
}

/// The fastest of several runs below 13×13, one run from 13×13 on, where
/// one run takes long enough that noise matters little.
pub fn fastest_below_13(n: u8, run: impl FnMut()) -> Duration {
    if n >= 13 { once(run) } else { fastest(run) }
}

/// One timed run: for the large boards, where one run takes long enough
/// that noise matters little and three would take too long.
pub fn once(run: impl FnOnce()) -> Duration {
    let t = Instant::now();
    run();
    t.elapsed()
}

/// Whole-process time of `queens ARGS`, as a user runs it.
pub fn run_queens(args: &[&str]) -> Duration {
    once(|| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    })
}

/// The version of the sqlite3 shell on the PATH, if there is one.
pub fn shell_version() -> Option<String> {
    let out = std::process::Command::new("sqlite3")
        .arg("--version")
        .output()
        .ok()?;
    Some(
        String::from_utf8_lossy(&out.stdout)
            .split_whitespace()
            .next()?
            .to_string(),
    )
}
