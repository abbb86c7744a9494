//! The `first-rows` section: the first rows and every row in each SQLite
//! build users have.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use queens::model::template::Dialect;
use rusqlite::Connection;

use crate::common::{board, ms, once, read_only, secs, shell_version, time_rows};

/// The solution view with a final `order by`, as it was before schema 4
/// on SQLite, which SQLite before 3.47 obeys by sorting the whole result
/// before its first row: the board order, by the row numbers of s1, s2, …
fn view_before(n: u8) -> String {
    let views = queens::model::schema::view_sql(
        &queens::model::board::Board::square(n),
        false,
        Dialect::Sqlite,
    )
    .unwrap();
    let (_, view) = views.iter().find(|(name, _)| *name == "solution").unwrap();
    let order: Vec<String> = (1..=n)
        .map(|k| format!("cast(substr(s{k}, 2) as integer)"))
        .collect();
    format!(
        "{}\norder by {};",
        view.replacen("create view solution ", "create view solution_before ", 1)
            .trim_end()
            .trim_end_matches(';'),
        order.join(", ")
    )
}

/// What tests/tools/old_sqlite.py prints for `mode` and `sql` on `path`
/// with the SQLite of an apsw wheel: its version and the figures (s).
fn with_wheel(wheel: &Path, path: &Path, mode: &str, sql: &str) -> (String, Vec<Duration>) {
    let out = std::process::Command::new("python3")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tools/old_sqlite.py"))
        .args([wheel, path])
        .args([mode, sql])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    let version = lines.next().unwrap().to_string();
    let figures = lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(|f| Duration::from_secs_f64(f.parse().unwrap()))
        .collect();
    (version, figures)
}

/// Seconds to the first 3 rows and to every row of `sql` on `path`, in
/// one run, with the SQLite of an apsw wheel.
fn time_with_wheel(wheel: &Path, path: &Path, sql: &str) -> (String, Duration, Duration) {
    let (version, figures) = with_wheel(wheel, path, "time", sql);
    (version, figures[0], figures[1])
}

/// One run of the sqlite3 shell on `path`, as a user runs it (whole
/// process).
pub fn time_shell_run(path: &Path, sql: &str) -> Duration {
    once(|| {
        let status = std::process::Command::new("sqlite3")
            .arg("-readonly")
            .arg(path)
            .arg(sql)
            .stdout(std::process::Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
    })
}

/// The same with the sqlite3 shell on the PATH, as a user runs it (whole
/// process: `sqlite3 FILE "select … limit 3"`, then every row).
fn time_with_shell(path: &Path, view: &str) -> Option<(String, Duration, Duration)> {
    let version = shell_version()?;
    let first = time_shell_run(path, &format!("select * from {view} limit 3"));
    let all = time_shell_run(path, &format!("select * from {view}"));
    Some((version, first, all))
}

/// The same with the SQLite that queens bundles.
fn time_bundled(path: &Path, view: &str) -> (Duration, Duration) {
    let conn = read_only(path);
    let first = once(|| {
        let mut stmt = conn.prepare(&format!("select * from {view}")).unwrap();
        let mut rows = stmt.query([]).unwrap();
        for _ in 0..3 {
            black_box(rows.next().unwrap().unwrap().get_ref(0).unwrap());
        }
    });
    let (all, _) = time_rows(&conn, &format!("select * from {view}"));
    (first, all)
}

/// `select * from solution limit 3` and every row, before schema 4 (the
/// view's final sort) and now, in the SQLite builds users have: the
/// bundled one, the sqlite3 shell, and each apsw wheel in
/// target/old-sqlite (.ci/install.sh puts them there). One run each.
pub fn first_rows_figures(n: u8) {
    println!();
    println!(
        "First 3 rows and every row of a {n}×{n} file, before (the view's final order by) and now, \
         one run each (s):"
    );
    println!(
        "{:>16} {:>10} {:>10} {:>10} {:>10}",
        "SQLite", "3 before", "3 now", "all before", "all now"
    );
    let dir = tempfile::TempDir::new().unwrap();
    let path = board(dir.path(), n);
    Connection::open(&path)
        .unwrap()
        .execute_batch(&view_before(n))
        .unwrap();
    let line = |who: &str, before: (Duration, Duration), now: (Duration, Duration)| {
        println!(
            "{who:>16} {:>10} {:>10} {:>10} {:>10}",
            secs(before.0),
            secs(now.0),
            secs(before.1),
            secs(now.1)
        );
    };
    line(
        &format!("{} bundled", rusqlite::version()),
        time_bundled(&path, "solution_before"),
        time_bundled(&path, "solution"),
    );
    if let (Some(before), Some(now)) = (
        time_with_shell(&path, "solution_before"),
        time_with_shell(&path, "solution"),
    ) {
        line(
            &format!("{} shell", now.0),
            (before.1, before.2),
            (now.1, now.2),
        );
    }
    for wheel in old_sqlite_wheels() {
        let before = time_with_wheel(&wheel, &path, "select * from solution_before");
        let now = time_with_wheel(&wheel, &path, "select * from solution");
        line(
            &format!("{} apsw", now.0),
            (before.1, before.2),
            (now.1, now.2),
        );
    }
}

/// The views a learner reads the solutions through, whose first rows come
/// as the search finds them.
const STREAMING_VIEWS: [&str; 6] = [
    "solution",
    "numbered_solution",
    "solution_queen",
    "solution_class",
    "fundamental_solution",
    "search_tree",
];

/// Seconds to the first 3 rows of `sql` with the SQLite of an apsw wheel.
fn first_with_wheel(wheel: &Path, path: &Path, sql: &str) -> (String, Duration) {
    let (version, figures) = with_wheel(wheel, path, "first", sql);
    (version, figures[0])
}

/// `select * from V limit 3` for each view of STREAMING_VIEWS on an
/// `n`×`n` file, in the bundled SQLite, the sqlite3 shell (whole process)
/// and each apsw wheel in target/old-sqlite. One run each.
pub fn views_first_rows_figures(n: u8) {
    println!();
    println!("First 3 rows of each view of a {n}×{n} file, one run each (ms):");
    print!("{:>16}", "SQLite");
    for view in STREAMING_VIEWS {
        print!(" {view:>20}");
    }
    println!();
    let dir = tempfile::TempDir::new().unwrap();
    let path = board(dir.path(), n);
    let line = |who: &str, times: Vec<Duration>| {
        print!("{who:>16}");
        for time in times {
            print!(" {:>20}", ms(time));
        }
        println!();
    };
    let bundled = STREAMING_VIEWS.map(|view| time_bundled_first(&path, view));
    line(
        &format!("{} bundled", rusqlite::version()),
        bundled.to_vec(),
    );
    let shell: Option<Vec<(String, Duration)>> = STREAMING_VIEWS
        .iter()
        .map(|view| time_with_shell_first(&path, view))
        .collect();
    if let Some(shell) = shell {
        let version = shell[0].0.clone();
        line(
            &format!("{version} shell"),
            shell.into_iter().map(|(_, t)| t).collect(),
        );
    }
    for wheel in old_sqlite_wheels() {
        let times: Vec<(String, Duration)> = STREAMING_VIEWS
            .iter()
            .map(|view| first_with_wheel(&wheel, &path, &format!("select * from {view}")))
            .collect();
        let version = times[0].0.clone();
        line(
            &format!("{version} apsw"),
            times.into_iter().map(|(_, t)| t).collect(),
        );
    }
}

/// The apsw wheels .ci/install.sh puts in target/old-sqlite, oldest first.
fn old_sqlite_wheels() -> Vec<PathBuf> {
    let wheels = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/old-sqlite");
    let mut found: Vec<PathBuf> = std::fs::read_dir(&wheels)
        .map(|dir| dir.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    found.sort();
    found
}

/// The first 3 rows of `view` in the bundled SQLite.
fn time_bundled_first(path: &Path, view: &str) -> Duration {
    let conn = read_only(path);
    once(|| {
        let mut stmt = conn.prepare(&format!("select * from {view}")).unwrap();
        let mut rows = stmt.query([]).unwrap();
        for _ in 0..3 {
            black_box(rows.next().unwrap().unwrap().get_ref(0).unwrap());
        }
    })
}

/// The first 3 rows of `view` with the sqlite3 shell on the PATH, as a
/// user runs it (whole process), and the shell's version.
fn time_with_shell_first(path: &Path, view: &str) -> Option<(String, Duration)> {
    let version = shell_version()?;
    let time = time_shell_run(path, &format!("select * from {view} limit 3"));
    Some((version, time))
}
