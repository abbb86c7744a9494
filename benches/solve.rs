//! Prints the figures in docs/src/explanation/performance.md: the views against each other,
//! against two baselines written the way public SQL solvers write them, and
//! against the plain bitmask counter, as ratios measured in one run.
//!
//!     cargo bench --bench solve                  # N = 8 … 12
//!     cargo bench --bench solve -- --large       # also N = 13 and 14
//!     cargo bench --bench solve -- --size 11     # one size
//!     cargo bench --bench solve -- --only show   # one section: rows, mirror,
//!                                                # first-rows, class-rows, show, completions,
//!                                                # native, duckdb, variants, postgres, citus
//!
//! With QUEENS_BENCH_POSTGRES set to a postgres:// URL, the same queries are
//! also timed on that server (in a schema `queens_bench`, rebuilt per size).
//! With QUEENS_BENCH_CITUS set too, to a Citus coordinator's URL, `count`
//! for N = 10 … 14 is timed on SQLite, PostgreSQL and the cluster side by
//! side, and on the cluster with one worker and with two.
//!
//! Each figure is the fastest of several runs (at least 3, more while they
//! take under a second in all), so a busy machine shows as noise in the
//! slower runs, not in the figure.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use queens::checker;
use queens::engine::{self, Engine, Reader, Target};
use queens::model::template::Dialect;
use queens::search::Unwatched;
use queens::search::parallel;
use queens::search::{OpenBoard, Workers};
use rusqlite::{Connection, OpenFlags};

fn fastest(mut run: impl FnMut()) -> Duration {
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
fn board(dir: &Path, n: u8) -> PathBuf {
    let path = dir.join(format!("bench{n}.db"));
    let engine = engine::connect(&Target::File(path.clone())).unwrap();
    engine.ensure_exists(Some(n)).expect("build the board");
    path
}

/// A plain read-only connection to a board file.
fn read_only(path: &Path) -> Connection {
    Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap()
}

/// The engine of `target` and a reader of its board.
fn open(target: &Target) -> (Box<dyn Engine>, Box<dyn Reader>) {
    let engine = engine::connect(target).unwrap();
    let (reader, _) = engine.open(None, &|_| Ok(())).unwrap();
    (engine, reader)
}

/// Every core, and nobody watching.
fn workers(jobs: usize) -> Workers<'static> {
    Workers {
        jobs,
        progress: &Unwatched,
    }
}

/// Time to read every row of `sql`, and how many rows it gave.
fn time_rows(conn: &Connection, sql: &str) -> (Duration, usize) {
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

/// The self-join of a one-column table k of 1 … N, written as its
/// strongest public form is: one copy of k per column, joined in column
/// order, and the conditions of each column (a row of its own, off every
/// earlier queen's diagonals) grouped after the previous column's.
fn column_grouped_self_join(n: u8) -> String {
    let columns: Vec<String> = (1..=n).map(|k| format!("q{k}.z")).collect();
    let tables: Vec<String> = (1..=n).map(|k| format!("k as q{k}")).collect();
    let mut conditions = Vec::new();
    for k in 2..=n {
        let rows: Vec<String> = (1..k).map(|j| format!("q{k}.z <> q{j}.z")).collect();
        conditions.push(format!("({})", rows.join(" and ")));
        for j in 1..k {
            conditions.push(format!("(q{k}.z - q{j}.z) not in (-{0}, {0})", k - j));
        }
    }
    format!(
        "select {} from {} where {}",
        columns.join(", "),
        tables.join(" cross join "),
        conditions.join(" and ")
    )
}

/// The bitmask recursive CTE, the strongest public recursive form: one
/// queen a step, the rows and both diagonals taken as bitmasks (the
/// diagonal masks shifted one place a column), the rows placed as
/// hexadecimal digits of path.
fn bitmask_cte(n: u8, postgres: bool) -> String {
    let (zero, one) = if postgres {
        ("0::bigint", "1::bigint")
    } else {
        ("0", "1")
    };
    format!(
        "with recursive p (k, cols, d1, d2, path) as (
             select 0, {zero}, {zero}, {zero}, {zero}
             union all
             select p.k + 1, p.cols | ({one} << r.z), (p.d1 | ({one} << r.z)) << 1,
                    (p.d2 | ({one} << r.z)) >> 1, p.path * 16 + r.z
             from p cross join k as r
             where p.k < {n} and ((p.cols | p.d1 | p.d2) & ({one} << r.z)) = 0
         )
         select path from p where k = {n}"
    )
}

/// A connection with the table k(z) = 1…n that the public forms join.
fn baseline_connection(n: u8) -> Connection {
    let conn = Connection::open_in_memory().unwrap();
    conn.execute_batch(&format!(
        "create table k (z integer primary key);
         insert into k with recursive c(i) as (select 1 union all select i + 1 from c where i < {n})
         select i from c;"
    ))
    .unwrap();
    conn
}

fn ms(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64() * 1e3)
}

fn secs(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64())
}

fn ratio(a: Duration, b: Duration) -> String {
    format!("{:.1}×", a.as_secs_f64() / b.as_secs_f64())
}

/// Every row of the views and of the public forms on SQLite, one thread.
fn rows_figures(dir: &Path, sizes: &[u8]) -> Vec<(u8, PathBuf)> {
    println!();
    println!("All rows, one thread (select * from …):");
    println!(
        "{:>3} {:>7} {:>10} {:>10} {:>10} {:>10} | {:>9} {:>9} {:>9}",
        "N", "rows", "solution", "by_def", "self-join", "bit CTE", "def/sol", "join/sol", "cte/sol"
    );
    let mut counts = Vec::new();
    for &n in sizes {
        let path = board(dir, n);
        let conn = read_only(&path);
        let (solution, rows) = time_rows(&conn, "select * from solution");
        assert_eq!(rows as u64, checker::count_solutions(n));
        let by_definition =
            (n <= 9).then(|| time_rows(&conn, "select * from solution_by_definition").0);
        let baseline = baseline_connection(n);
        let (join, join_rows) = time_rows(&baseline, &column_grouped_self_join(n));
        let (cte, cte_rows) = time_rows(&baseline, &bitmask_cte(n, false));
        assert_eq!((join_rows, cte_rows), (rows, rows));
        let optional = |d: Option<Duration>| d.map_or("-".to_string(), ms);
        println!(
            "{n:>3} {rows:>7} {:>10} {:>10} {:>10} {:>10} | {:>9} {:>9} {:>9}",
            ms(solution),
            optional(by_definition),
            ms(join),
            ms(cte),
            by_definition.map_or("-".to_string(), |d| ratio(d, solution)),
            ratio(join, solution),
            ratio(cte, solution),
        );
        counts.push((n, path));
    }

    counts
}

/// `count(*)` on one thread and `queens count`'s parts on all cores,
/// against the plain bitmask counter (`plain_bitmask_count`), in this
/// process.
fn count_figures(counts: &[(u8, PathBuf)], cores: usize) {
    println!();
    println!("Counting (queens count: parts on all cores, half the board by symmetry):");
    println!(
        "{:>3} {:>7} {:>12} {:>10} {:>12} {:>10} {:>10}",
        "N", "count", "count(*) 1×", "1×/nat", "count", "native", "count/nat"
    );
    for (n, path) in counts {
        let n = *n;
        let conn = read_only(path);
        conn.execute_batch("begin").unwrap();
        let plain = fastest(|| {
            black_box(
                conn.query_row("select count(*) from solution", [], |r| r.get::<_, i64>(0))
                    .unwrap(),
            );
        });
        let target = Target::File(path.clone());
        let (engine, reader) = open(&target);
        let board = on_cores(engine.as_ref(), reader, n, cores);
        let mut count = 0;
        let split = fastest(|| count = parallel::count_solutions(&board).unwrap());
        let native = fastest(|| {
            black_box(plain_bitmask_count(black_box(u32::from(n))));
        });
        assert_eq!(count, plain_bitmask_count(u32::from(n)));
        println!(
            "{n:>3} {count:>7} {:>12} {:>10} {:>12} {:>10} {:>10}",
            ms(plain),
            ratio(plain, native),
            ms(split),
            ms(native),
            ratio(split, native)
        );
    }
}

/// Every row of fundamental_solution, against every row of solution.
fn class_figures(counts: &[(u8, PathBuf)]) {
    println!();
    println!("Symmetry classes (select * from fundamental_solution):");
    println!(
        "{:>3} {:>7} {:>12} {:>10}",
        "N", "classes", "fundamental", "/solution"
    );
    for (n, path) in counts.iter().filter(|(n, _)| *n <= 12) {
        let conn = read_only(path);
        let (classes, rows) = time_rows(&conn, "select * from fundamental_solution");
        let (all, _) = time_rows(&conn, "select * from solution");
        assert_eq!(rows, checker::fundamental_solutions(*n).len());
        println!(
            "{n:>3} {rows:>7} {:>12} {:>10}",
            ms(classes),
            ratio(classes, all)
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .map(|i| args[i + 1].clone())
    };
    if let Some(n) = value("--native") {
        // The plain bitmask counter as a process of its own, for
        // count_against_native.
        println!("{}", plain_bitmask_count(n.parse().unwrap()));
        return;
    }
    let sizes: Vec<u8> = match value("--size") {
        Some(n) => vec![n.parse().expect("--size N")],
        None if args.iter().any(|a| a == "--large") => (8..=14).collect(),
        None => (8..=12).collect(),
    };
    let only = value("--only");
    let wanted = |section: &str| only.as_deref().is_none_or(|o| o == section);
    let dir = tempfile::TempDir::new().unwrap();
    let cores = Workers::all_cores();
    println!(
        "queens benchmark, SQLite {}, {cores} cores; times in ms, fastest of several runs",
        rusqlite::version()
    );
    if wanted("rows") {
        let counts = rows_figures(dir.path(), &sizes);
        count_figures(&counts, cores);
        class_figures(&counts);
        carried_figures(&sizes);
        search_space_figures();
    }
    if wanted("mirror") {
        mirror_figures(&sizes);
    }
    if wanted("first-rows") {
        first_rows_figures(13);
        views_first_rows_figures(14);
    }
    if wanted("class-rows") {
        class_rows_figures(&sizes);
        numbered_rows_figures(&sizes);
    }
    if wanted("show") {
        show_figures();
    }
    if wanted("completions") {
        let large: Vec<u8> = sizes.iter().copied().filter(|&n| n >= 12).collect();
        completion_figures(dir.path(), &large);
    }
    if wanted("native") {
        let large: Vec<u8> = sizes.iter().copied().filter(|&n| n >= 11).collect();
        count_against_native(&large);
    }
    if wanted("duckdb") {
        let large: Vec<u8> = sizes.iter().copied().filter(|&n| n >= 10).collect();
        duckdb_figures(dir.path(), &large);
    }
    if wanted("variants") {
        variant_figures(dir.path());
    }
    server_figures(&sizes, cores, wanted);
}

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
fn variant_figures(dir: &Path) {
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

/// The PostgreSQL and Citus sections, where QUEENS_BENCH_POSTGRES (and
/// QUEENS_BENCH_CITUS) name the servers.
fn server_figures(sizes: &[u8], cores: usize, wanted: impl Fn(&str) -> bool) {
    if let Ok(url) = std::env::var("QUEENS_BENCH_POSTGRES") {
        if wanted("postgres") {
            postgres_figures(&url, sizes, cores);
        }
        if let Ok(coordinator) = std::env::var("QUEENS_BENCH_CITUS")
            && wanted("citus")
        {
            citus_figures(&coordinator, &url, cores);
        }
    }
}

/// The solution view as it was before it carried the lines already
/// covered: every queen tested against each queen before it.
/// Kept here to measure, in the same run, what carrying them gained.
const SOLUTION_UNCARRIED: &str = include_str!("solution_uncarried.sql");

fn carried_figures(sizes: &[u8]) {
    println!();
    println!(
        "The solution view against the form before it carried the covered lines (select * from …):"
    );
    println!(
        "{:>3} {:>10} {:>11} {:>8}",
        "N", "carried", "uncarried", "ratio"
    );
    let dir = tempfile::TempDir::new().unwrap();
    for &n in sizes.iter().filter(|&&n| n <= 12) {
        let path = board(dir.path(), n);
        let scope = queens::model::template::Scope::default()
            .with("N", n.into())
            .with("W", queens::model::schema::line_set_words(n));
        let uncarried = queens::model::template::render(SOLUTION_UNCARRIED, &scope).unwrap();
        Connection::open(&path)
            .unwrap()
            .execute_batch(&uncarried.text)
            .unwrap();
        let conn = read_only(&path);
        // Alternate the two, so that a busy moment does not favour one.
        let (mut carried, mut before) = (Duration::MAX, Duration::MAX);
        for _ in 0..3 {
            carried = carried.min(time_rows(&conn, "select * from solution").0);
            before = before.min(time_rows(&conn, "select * from solution_uncarried").0);
        }
        let ratio = carried.as_secs_f64() / before.as_secs_f64();
        println!("{n:>3} {:>10} {:>11} {ratio:>8.3}", ms(carried), ms(before));
    }
}

/// solution_class as schema 8 made it (one part, whose last join scanned
/// a window's result for every solution), kept here to measure, in the
/// same run, what numbering the search as it goes changed.
const SOLUTION_CLASS_BEFORE: &str = include_str!("solution_class_before.sql");

/// numbered_solution as it was before the search numbered its solutions
/// as it went: the whole search numbered
/// by a sort, which solution_class_before reads.
const NUMBERED_SOLUTION_BEFORE: &str = include_str!("numbered_solution_before.sql");

/// The boards below the bench's sizes on which the views before and now
/// are compared too: there every row takes milliseconds, and a fixed cost
/// (preparing a larger statement) shows.
const SMALL_BOARDS: [u8; 4] = [4, 5, 6, 7];

/// Adds the views as they were before the search numbered its solutions
/// as it went to the board at `path`:
/// numbered_solution_before and solution_class_before.
fn add_views_before(path: &Path, n: u8) {
    let scope = queens::model::template::Scope::default().with("N", n.into());
    let conn = Connection::open(path).unwrap();
    for fixture in [NUMBERED_SOLUTION_BEFORE, SOLUTION_CLASS_BEFORE] {
        let view = queens::model::template::render(fixture, &scope).unwrap();
        conn.execute_batch(&view.text).unwrap();
    }
}

/// solution_class's first 3 rows (one run each) and every row (medians of
/// interleaved runs, one run at 13×13, where the form before takes minutes),
/// before and now, in the sqlite3 shell as its users run it, whole
/// processes, from 4×4 up to 13×13 (the form before would take tens of
/// minutes at 14×14). It waits for every row before its first, so at 13×13
/// only its every row is timed.
fn class_rows_figures(sizes: &[u8]) {
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
fn numbered_rows_figures(sizes: &[u8]) {
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

/// `select * from search_space` for every board size: the view counts by
/// arithmetic and a recurrence, so every size answers at once (the target
/// is well under 100 ms, Datasette's patience being a second).
fn search_space_figures() {
    println!();
    println!("The reasoning table (select * from search_space), every size:");
    let dir = tempfile::TempDir::new().unwrap();
    let mut slowest = (0, Duration::ZERO);
    let mut line = String::new();
    for n in 1..=26u8 {
        let conn = read_only(&board(dir.path(), n));
        let (time, rows) = time_rows(&conn, "select * from search_space");
        assert_eq!(rows, 6);
        if time > slowest.1 {
            slowest = (n, time);
        }
        line.push_str(&format!(" {n}:{}", ms(time)));
        if n % 9 == 0 {
            println!("  {}", line.trim());
            line.clear();
        }
    }
    println!("  {}", line.trim());
    println!(
        "  slowest: {}×{} in {}",
        slowest.0,
        slowest.0,
        ms(slowest.1)
    );
}

/// Every row of `sql` on `client`, timed as psql's `\\timing` times it (the
/// simple protocol, every row fetched as text); the rows counted.
fn time_server_rows(client: &mut postgres::Client, sql: &str, n: u8) -> (Duration, usize) {
    let mut rows = 0;
    let time = fastest_below_13(n, || {
        rows = client
            .simple_query(sql)
            .unwrap()
            .iter()
            .filter(|m| matches!(m, postgres::SimpleQueryMessage::Row(_)))
            .count();
    });
    (time, rows)
}

/// A session with the server's own settings, as psql opens it, reading
/// `schema` first.
fn plain_session(url: &str, schema: &str) -> postgres::Client {
    let mut client = postgres::Client::connect(url, postgres::NoTls).unwrap();
    client
        .batch_execute(&format!("set search_path to {schema}"))
        .unwrap();
    client
}

/// The two public forms on the server, in `schema` (beside the board),
/// each timed with the server's own settings and with JIT compilation off:
/// the faster of the two runs of each form, (self-join, bitmask CTE).
fn server_public_forms(url: &str, schema: &str, n: u8) -> (Duration, Duration) {
    let mut client = plain_session(url, schema);
    client
        .batch_execute(&format!(
            "drop table if exists k;
             create table k (z integer primary key);
             insert into k select generate_series(1, {n});
             analyze k;"
        ))
        .unwrap();
    let expected = checker::count_solutions(n) as usize;
    let mut best = |sql: &str| {
        let mut fastest = Duration::MAX;
        for jit in ["on", "off"] {
            client.batch_execute(&format!("set jit = {jit}")).unwrap();
            let (time, rows) = time_server_rows(&mut client, sql, n);
            assert_eq!(rows, expected);
            fastest = fastest.min(time);
        }
        fastest
    };
    let join = best(&column_grouped_self_join(n));
    let cte = best(&bitmask_cte(n, true));
    client.batch_execute("drop table k").unwrap();
    (join, cte)
}

/// The heading and column names of postgres_figures.
fn print_postgres_header() {
    println!();
    println!(
        "PostgreSQL: select * from solution with the server's own settings (as psql), with queens' settings, \
         the best of each public form (with and without JIT), and SQLite; count on all cores:"
    );
    println!(
        "{:>3} {:>7} {:>10} {:>10} {:>10} {:>10} {:>10} {:>9} {:>10} {:>11} {:>10}",
        "N",
        "rows",
        "PG plain",
        "PG queens",
        "self-join",
        "bit CTE",
        "SQLite",
        "public/PG",
        "PG/SQLite",
        "SQLite count",
        "PG count"
    );
}

/// The same queries on a PostgreSQL server: the solution view as psql
/// meets it (the server's own settings) and as queens reads it (its five
/// planner settings), next to the two public forms on the same server and
/// to SQLite.
fn postgres_figures(url: &str, sizes: &[u8], cores: usize) {
    print_postgres_header();
    let dir = tempfile::TempDir::new().unwrap();
    for &n in sizes {
        let schema = "queens_bench";
        let server = server_board(url, schema, n, false);
        let (pg_engine, pg) = open(&server);
        let file = Target::File(board(dir.path(), n));
        let (sqlite_engine, sqlite) = open(&file);
        let (plain, rows) =
            time_server_rows(&mut plain_session(url, schema), "select * from solution", n);
        assert_eq!(rows, checker::count_solutions(n) as usize);
        let on_sqlite = every_solution_row(sqlite.as_ref(), n);
        let with_settings = every_solution_row(pg.as_ref(), n);
        drop(pg);
        let (join, cte) = server_public_forms(url, schema, n);
        let (_, pg) = open(&server);
        let sqlite_count = fastest_count(&on_cores(sqlite_engine.as_ref(), sqlite, n, cores));
        let pg_count = fastest_count(&on_cores(pg_engine.as_ref(), pg, n, cores));
        println!(
            "{n:>3} {rows:>7} {:>10} {:>10} {:>10} {:>10} {:>10} {:>9} {:>10} {:>11} {:>10}",
            ms(plain),
            ms(with_settings),
            ms(join),
            ms(cte),
            ms(on_sqlite),
            ratio(join.min(cte), plain),
            ratio(plain, on_sqlite),
            ms(sqlite_count),
            ms(pg_count)
        );
    }
}

/// How long reading every row of the solution view through `reader` takes
/// (fastest_below_13), checking the number of rows.
fn every_solution_row(reader: &dyn Reader, n: u8) -> Duration {
    let expected = checker::count_solutions(n) as usize;
    fastest_below_13(n, || {
        let mut rows = 0;
        reader
            .each_row("select * from solution", &[], |_| {
                rows += 1;
                Ok(())
            })
            .unwrap();
        assert_eq!(rows, expected);
    })
}

/// How long `count` on all `cores` takes (fastest_below_13), checking the
/// count.
fn fastest_count(board: &OpenBoard) -> Duration {
    let n = board.n();
    fastest_below_13(n, || {
        let count = parallel::count_solutions(board).unwrap();
        assert_eq!(count, checker::count_solutions(n), "n = {n}");
    })
}

/// The `n`×`n` board `engine` holds, read through `reader`, searched on
/// `cores` threads with nobody watching.
fn on_cores(engine: &dyn Engine, reader: Box<dyn Reader>, n: u8, cores: usize) -> OpenBoard<'_> {
    OpenBoard {
        engine,
        reader,
        board: queens::model::board::Board::square(n),
        workers: workers(cores),
    }
}

/// The fastest of several runs below 13×13, one run from 13×13 on, where
/// one run takes long enough that noise matters little.
fn fastest_below_13(n: u8, run: impl FnMut()) -> Duration {
    if n >= 13 { once(run) } else { fastest(run) }
}

/// One timed run: for the large boards, where one run takes long enough
/// that noise matters little and three would take too long.
fn once(run: impl FnOnce()) -> Duration {
    let t = Instant::now();
    run();
    t.elapsed()
}

/// Builds the board in `schema` at `url`, distributed or not, replacing
/// whatever the schema held.
fn server_board(url: &str, schema: &str, n: u8, distributed: bool) -> Target {
    let mut client = postgres::Client::connect(url, postgres::NoTls).unwrap();
    client
        .batch_execute(&format!("drop schema if exists {schema} cascade"))
        .unwrap();
    let target = Target::Server {
        url: url.to_string(),
        schema: schema.to_string(),
    };
    let engine = engine::connect(&target).unwrap();
    let mut build = || engine.ensure_exists(Some(n)).map(drop);
    if distributed {
        engine.distribute(&mut build).unwrap();
    } else {
        build().unwrap();
    }
    target
}

/// Whether the Citus worker `port` receives the shards of tables
/// distributed from now on.
fn worker_takes_shards(coordinator: &str, port: i64, takes: bool) {
    let mut client = postgres::Client::connect(coordinator, postgres::NoTls).unwrap();
    client
        .execute(
            "select citus_set_node_property(nodename, nodeport, 'shouldhaveshards', $2)
             from pg_dist_node where nodeport::bigint = $1",
            &[&port, &takes],
        )
        .unwrap();
}

/// The ports of the Citus workers, in order.
fn worker_ports(coordinator: &str) -> Vec<i64> {
    postgres::Client::connect(coordinator, postgres::NoTls)
        .unwrap()
        .query(
            "select node_port from citus_get_active_worker_nodes() order by node_port",
            &[],
        )
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect()
}

/// The heading and column names of citus_figures.
fn print_citus_header(cores: usize, workers: usize) {
    println!();
    println!(
        "count on SQLite and PostgreSQL ({cores} threads) and on Citus ({workers} workers, and with 1); \
         every row listed by the cluster against the best public form on the coordinator (N ≤ 12):"
    );
    println!(
        "{:>3} {:>6} {:>10} {:>10} {:>10} {:>10} {:>9} {:>11} {:>12} {:>10}",
        "N",
        "parts",
        "SQLite",
        "PostgreSQL",
        "Citus",
        "Citus 1w",
        "Citus/PG",
        "ms/part",
        "Citus rows",
        "join/rows"
    );
}

/// The board distributed on the first worker only: the others take no
/// shards of the new table.
fn board_on_one_worker(coordinator: &str, ports: &[i64], n: u8) -> Target {
    for &port in &ports[1..] {
        worker_takes_shards(coordinator, port, false);
    }
    let one = server_board(coordinator, "queens_bench_1w", n, true);
    for &port in &ports[1..] {
        worker_takes_shards(coordinator, port, true);
    }
    one
}

/// Every row, listed by the cluster, and its ratio to the best public form
/// on the coordinator (a PostgreSQL server like any other), up to 12×12;
/// "-" for both above.
fn listed_against_the_public_form(
    coordinator: &str,
    spread: &Target,
    n: u8,
    cores: usize,
) -> (String, String) {
    if n > 12 {
        return ("-".to_string(), "-".to_string());
    }
    let expected = checker::count_solutions(n);
    let (engine, reader) = open(spread);
    let board = on_cores(engine.as_ref(), reader, n, cores);
    let listed = fastest(|| {
        let mut rows = 0u64;
        parallel::for_each_solution(&board, |_| {
            rows += 1;
            Ok(())
        })
        .unwrap();
        assert_eq!(rows, expected);
    });
    drop(board);
    let (join, cte) = server_public_forms(coordinator, "queens_bench", n);
    (ms(listed), ratio(join.min(cte), listed))
}

/// count on SQLite, PostgreSQL and Citus (all workers and one), and every
/// row listed by the cluster against the best public form.
fn citus_figures(coordinator: &str, postgres: &str, cores: usize) {
    let ports = worker_ports(coordinator);
    print_citus_header(cores, ports.len());
    let dir = tempfile::TempDir::new().unwrap();
    for n in [5u8, 10, 11, 12, 13, 14] {
        let time = |target: &Target| {
            let (engine, reader) = open(target);
            fastest_count(&on_cores(engine.as_ref(), reader, n, cores))
        };
        let file = Target::File(board(dir.path(), n));
        let sqlite = time(&file);
        let plain = time(&server_board(postgres, "queens_bench", n, false));
        let spread = server_board(coordinator, "queens_bench", n, true);
        let citus = time(&spread);
        let (_, reader) = open(&spread);
        let parts = reader
            .number("select count(*) from search_part where weight > 0")
            .unwrap();
        drop(reader);
        let one_worker = time(&board_on_one_worker(coordinator, &ports, n));
        let (listed, join) = listed_against_the_public_form(coordinator, &spread, n, cores);
        println!(
            "{n:>3} {parts:>6} {:>10} {:>10} {:>10} {:>10} {:>9} {:>11.3} {listed:>12} {join:>10}",
            ms(sqlite),
            ms(plain),
            ms(citus),
            ms(one_worker),
            ratio(citus, plain),
            citus.as_secs_f64() * 1e3 / parts as f64
        );
    }
}

/// The solution view as it was before schema 4 on SQLite: the same search
/// with a final `order by`, which SQLite before 3.47 obeys by sorting the
/// whole result before its first row.
fn view_before(n: u8) -> String {
    let views = queens::model::schema::view_sql(
        &queens::model::board::Board::square(n),
        false,
        Dialect::Sqlite,
    )
    .unwrap();
    let (_, view) = views.iter().find(|(name, _)| *name == "solution").unwrap();
    let cut = queens::model::schema::placed_first(n) as u8;
    let order: Vec<String> = (1..=cut)
        .map(|k| format!("placed.r{k}"))
        .chain((cut + 1..=n).map(|k| format!("q{k}.rw_no")))
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

/// The version of the sqlite3 shell on the PATH, if there is one.
fn shell_version() -> Option<String> {
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

/// One run of the sqlite3 shell on `path`, as a user runs it (whole
/// process).
fn time_shell_run(path: &Path, sql: &str) -> Duration {
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
fn first_rows_figures(n: u8) {
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
fn views_first_rows_figures(n: u8) {
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

/// The PostgreSQL form of the view (half the board, breadth-first, and the
/// mirror images) written for SQLite, against the view SQLite has: the
/// symmetry halves the search, but its rows can only be given in board
/// order after a sort of them all.
fn mirror_on_sqlite(n: u8) -> String {
    let ones: u64 = (0..n).map(|i| 1u64 << (4 * u32::from(i))).sum();
    let squares: Vec<String> = (1..=n)
        .map(|k| {
            format!(
                "'{}' || (path >> {} & 15)",
                (b'a' + k - 1) as char,
                4 * (n - k)
            )
        })
        .collect();
    format!(
        "with recursive placed (k, r, u0, path) as (
             select 1, q.rw_no, q.w0, q.rw_no from line_set as q
             where q.cl_no = 1 and 2 * q.rw_no <= {n1}
             union all
             select p.k + 1, s.rw_no, p.u0 | s.w0, p.path * 16 + s.rw_no
             from placed as p join safe_next as s on s.cl_no = p.k + 1 and s.prev_rw_no = p.r
             where p.k < {n} and s.w0 & p.u0 = 0
               and not (p.k = 1 and 2 * p.r = {n1} and 2 * s.rw_no > {n1})
         ),
         half (path) as (select path from placed where k = {n}),
         every (path) as (select path from half union all select {mirror} - path from half)
         select {} from every order by path",
        squares.join(", "),
        n1 = n + 1,
        mirror = ones * u64::from(n + 1),
    )
}

fn mirror_figures(sizes: &[u8]) {
    println!();
    println!("SQLite: the view against the mirror form PostgreSQL uses (every row, one thread):");
    println!("{:>3} {:>10} {:>10} {:>8}", "N", "view", "mirror", "ratio");
    let dir = tempfile::TempDir::new().unwrap();
    for &n in sizes.iter().filter(|&&n| n <= 14) {
        let conn = read_only(&board(dir.path(), n));
        let (view, rows) = time_rows(&conn, "select * from solution");
        let (mirror, mirror_rows) = time_rows(&conn, &mirror_on_sqlite(n));
        assert_eq!(rows, mirror_rows);
        println!(
            "{n:>3} {:>10} {:>10} {:>8}",
            ms(view),
            ms(mirror),
            ratio(mirror, view)
        );
    }
}

/// Whole-process time of `queens ARGS`, as a user runs it.
fn run_queens(args: &[&str]) -> Duration {
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

/// `queens show K` at 14×14 and 16×16, whole process, on SQLite, on
/// PostgreSQL and on Citus when their URLs are set (fastest of 3).
fn show_figures() {
    println!();
    println!("queens show K, whole process, fastest of 3 (ms):");
    println!(
        "{:>4} {:>6} {:>10} {:>10} {:>10}",
        "N", "K", "SQLite", "PostgreSQL", "Citus"
    );
    let dir = tempfile::TempDir::new().unwrap();
    let servers: Vec<Option<String>> = ["QUEENS_BENCH_POSTGRES", "QUEENS_BENCH_CITUS"]
        .iter()
        .map(|var| std::env::var(var).ok())
        .collect();
    for (n, k) in [(14u8, 1), (14, 1000), (16, 1)] {
        let file = dir.path().join(format!("show{n}.db"));
        let size = n.to_string();
        let file_arg = file.to_str().unwrap().to_string();
        run_queens(&["init", "--db", &file_arg, "--size", &size]);
        let mut places = vec![vec!["--db".to_string(), file_arg]];
        for (url, distributed) in servers.iter().zip([false, true]) {
            if let Some(url) = url {
                let schema = format!("queens_bench_show{n}");
                if k == 1 {
                    server_board(url, &schema, n, distributed);
                }
                places.push(vec![
                    "--db".to_string(),
                    url.clone(),
                    "--schema".to_string(),
                    schema,
                ]);
            }
        }
        let k_arg = k.to_string();
        let times: Vec<String> = places
            .iter()
            .map(|place| {
                let mut args = vec!["show", &k_arg];
                args.extend(place.iter().map(String::as_str));
                let best = (0..3).map(|_| run_queens(&args)).min().unwrap();
                ms(best)
            })
            .collect();
        println!(
            "{n:>4} {k:>6} {:>10} {:>10} {:>10}",
            times[0],
            times.get(1).map_or("-", String::as_str),
            times.get(2).map_or("-", String::as_str)
        );
    }
}

/// The floor a C or Rust programmer reaches first: one thread, no
/// symmetry, rows and both diagonals as bit masks, one recursive loop and
/// nothing called per solution (checker::count_solutions, which calls back
/// for every solution and keeps the rows placed, is slower).
fn plain_bitmask_count(n: u32) -> u64 {
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
fn count_against_native(sizes: &[u8]) {
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

/// The completions of c8 (queen 3 on row 8) two ways: relational division
/// over numbered_solution in one query on one core, as `complete` asks it
/// up to 12×12 (sql/queries/completion.sql, its SQLite text with the
/// square bound), and `queens complete` as a whole process, which from
/// 13×13 lists every solution on all cores and keeps those with c8.
fn completion_figures(dir: &Path, sizes: &[u8]) {
    println!();
    println!("completions of c8: one query (division) against queens complete (ms):");
    println!(
        "{:>4} {:>8} {:>12} {:>16} {:>7}",
        "N", "found", "division", "queens complete", "ratio"
    );
    let division = "with given (square) as (select distinct value from json_each('[\"c8\"]')), \
        containing (solution_no) as (select q.solution_no from solution_queen as q \
        join given as g on g.square = q.square group by q.solution_no \
        having count(*) = (select count(*) from given)) \
        select n.* from numbered_solution as n \
        join containing as c on c.solution_no = n.solution_no order by n.solution_no";
    for &n in sizes {
        let path = board(dir, n);
        let conn = read_only(&path);
        let (by_division, found) = time_rows(&conn, division);
        let db = path.to_str().unwrap();
        let size = n.to_string();
        let args = [
            "complete", "c8", "--quiet", "--format", "csv", "--db", db, "--size", &size,
        ];
        let by_listing = (0..3).map(|_| run_queens(&args)).min().unwrap();
        println!(
            "{n:>4} {found:>8} {:>12} {:>16} {:>7}",
            ms(by_division),
            ms(by_listing),
            ratio(by_division, by_listing)
        );
    }
}

/// The bitmask recursive CTE as it counts on DuckDB: `bitmask_cte` without
/// the path, which a count does not need (the strongest form, for the
/// count).
fn bitmask_count(n: u8) -> String {
    format!(
        "with recursive p (k, cols, d1, d2) as (
             select 0, 0::bigint, 0::bigint, 0::bigint
             union all
             select p.k + 1, p.cols | (1::bigint << r.z), (p.d1 | (1::bigint << r.z)) << 1,
                    (p.d2 | (1::bigint << r.z)) >> 1
             from p cross join k as r
             where p.k < {n} and ((p.cols | p.d1 | p.d2) & (1::bigint << r.z)) = 0
         )
         select count(*) from p where k = {n}"
    )
}

const DUCKDB_COUNT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/duckdb_count.py");

/// `select count(*) from solution` on the DuckDB script's model against the
/// bitmask recursive CTE as it counts (`bitmask_count`), in
/// one DuckDB process (python3's duckdb package), medians of 9 runs taken
/// in turn.
fn duckdb_figures(dir: &Path, sizes: &[u8]) {
    println!();
    println!(
        "DuckDB: select count(*) from solution on the DuckDB model against the bitmask \
         recursive CTE, one process, medians of 9 interleaved runs (ms):"
    );
    if !std::process::Command::new("python3")
        .args(["-c", "import duckdb"])
        .output()
        .is_ok_and(|out| out.status.success())
    {
        println!("  (skipped: needs python3 with the duckdb package: pip install duckdb)");
        return;
    }
    println!(
        "{:>3} {:>10} {:>10} {:>8}",
        "N", "model", "bitmask", "ratio"
    );
    for &n in sizes
        .iter()
        .filter(|&&n| n <= queens::model::schema::DUCKDB_LARGEST)
    {
        let model = dir.join(format!("duckdb-{n}.sql"));
        std::fs::write(
            &model,
            queens::model::schema::duckdb_build(&queens::model::board::Board::square(n)).unwrap(),
        )
        .unwrap();
        let out = std::process::Command::new("python3")
            .arg(DUCKDB_COUNT)
            .arg(&model)
            .args([n.to_string(), "9".into(), bitmask_count(n)])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let lines: Vec<&str> = text.lines().collect();
        let expected = checker::count_solutions(n).to_string();
        assert_eq!(
            lines[1],
            format!("{expected} {expected}"),
            "counts on {n}×{n}"
        );
        let times: Vec<f64> = lines[2].split(' ').map(|t| t.parse().unwrap()).collect();
        println!(
            "{n:>3} {:>10.3} {:>10.3} {:>7.1}× (DuckDB {})",
            times[0],
            times[1],
            times[1] / times[0],
            lines[0]
        );
    }
}
