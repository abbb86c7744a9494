//! Prints the figures in BENCHMARKS.md: the views against each other,
//! against two baselines written the way public SQL solvers write them, and
//! against the native counter, as ratios measured in one run.
//!
//!     cargo bench --bench solve                  # N = 8 … 12
//!     cargo bench --bench solve -- --large       # also N = 13 and 14
//!     cargo bench --bench solve -- --size 11     # one size
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
use queens::search::Unwatched;
use queens::search::parallel::{self, Workers};
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

/// The N-way self-join of a table of 1…N with arithmetic "different row,
/// not on a diagonal" conditions, as the fastest published SQL solvers
/// write it.
fn arithmetic_self_join(n: u8) -> String {
    let tables: Vec<String> = (1..=n).map(|k| format!("r as q{k}")).collect();
    let mut conditions = Vec::new();
    for k in 2..=n {
        for j in 1..k {
            conditions.push(format!(
                "q{k}.i <> q{j}.i and abs(q{k}.i - q{j}.i) <> {}",
                k - j
            ));
        }
    }
    let columns: Vec<String> = (1..=n).map(|k| format!("q{k}.i")).collect();
    format!(
        "select {} from {} where {}",
        columns.join(", "),
        tables.join(", "),
        conditions.join(" and ")
    )
}

/// A recursive CTE that extends partial placements (rows as two-digit
/// text) one column at a time, testing each new queen against the earlier
/// ones with arithmetic.
fn recursive_cte(n: u8) -> String {
    format!(
        "with recursive
         p (k, rows) as (
             select 0, ''
             union all
             select p.k + 1, p.rows || printf('%02d', r.i)
             from p join r
             where p.k < {n}
               and not exists (
                   select 1 from r as j
                   where j.i <= p.k
                     and (cast(substr(p.rows, 2 * j.i - 1, 2) as integer) = r.i
                          or abs(cast(substr(p.rows, 2 * j.i - 1, 2) as integer) - r.i) = p.k + 1 - j.i)))
         select rows from p where k = {n}"
    )
}

/// A connection with the table r(i) = 1…n that the baselines join.
fn baseline_connection(n: u8) -> Connection {
    let conn = Connection::open_in_memory().unwrap();
    conn.execute_batch(&format!(
        "create table r (i integer primary key);
         insert into r with recursive c(i) as (select 1 union all select i + 1 from c where i < {n})
         select i from c;"
    ))
    .unwrap();
    conn
}

fn ms(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64() * 1e3)
}

fn ratio(a: Duration, b: Duration) -> String {
    format!("{:.1}×", a.as_secs_f64() / b.as_secs_f64())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let sizes: Vec<u8> = match args.iter().position(|a| a == "--size") {
        Some(i) => vec![args[i + 1].parse().expect("--size N")],
        None if args.iter().any(|a| a == "--large") => (8..=14).collect(),
        None => (8..=12).collect(),
    };
    let dir = tempfile::TempDir::new().unwrap();
    let cores = Workers::all_cores();
    println!(
        "queens benchmark, SQLite {}, {cores} cores; times in ms, fastest of several runs",
        rusqlite::version()
    );
    println!();
    println!("All rows, one thread (select * from …):");
    println!(
        "{:>3} {:>7} {:>10} {:>10} {:>10} {:>10} | {:>9} {:>9} {:>9}",
        "N",
        "rows",
        "solution",
        "by_def",
        "self-join",
        "rec. CTE",
        "def/sol",
        "join/sol",
        "cte/sol"
    );
    let mut counts = Vec::new();
    for &n in &sizes {
        let path = board(dir.path(), n);
        let conn = read_only(&path);
        let (solution, rows) = time_rows(&conn, "select * from solution");
        assert_eq!(rows as u64, checker::count_solutions(n));
        let by_definition =
            (n <= 9).then(|| time_rows(&conn, "select * from solution_by_definition").0);
        let baseline = baseline_connection(n);
        let (join, join_rows) = time_rows(&baseline, &arithmetic_self_join(n));
        let (cte, cte_rows) = if n <= 12 {
            time_rows(&baseline, &recursive_cte(n))
        } else {
            (Duration::ZERO, rows)
        };
        assert_eq!((join_rows, cte_rows), (rows, rows));
        let optional = |d: Option<Duration>| d.map_or("-".to_string(), ms);
        let cte_shown = (n <= 12).then_some(cte);
        println!(
            "{n:>3} {rows:>7} {:>10} {:>10} {:>10} {:>10} | {:>9} {:>9} {:>9}",
            ms(solution),
            optional(by_definition),
            ms(join),
            optional(cte_shown),
            by_definition.map_or("-".to_string(), |d| ratio(d, solution)),
            ratio(join, solution),
            cte_shown.map_or("-".to_string(), |d| ratio(d, solution)),
        );
        counts.push((n, path));
    }

    println!();
    println!("Counting (queens count: parts on all cores, half the board by symmetry):");
    println!(
        "{:>3} {:>7} {:>12} {:>10} {:>12} {:>10} {:>10}",
        "N", "count", "count(*) 1×", "1×/nat", "count", "native", "count/nat"
    );
    for (n, path) in &counts {
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
        let mut count = 0;
        let split = fastest(|| {
            count = parallel::count_solutions(engine.as_ref(), reader.as_ref(), n, workers(cores))
                .unwrap()
        });
        let native = fastest(|| {
            black_box(checker::count_solutions(black_box(n)));
        });
        assert_eq!(count, checker::count_solutions(n));
        println!(
            "{n:>3} {count:>7} {:>12} {:>10} {:>12} {:>10} {:>10}",
            ms(plain),
            ratio(plain, native),
            ms(split),
            ms(native),
            ratio(split, native)
        );
    }

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

    carried_figures(&sizes);
    search_space_figures();

    if let Ok(url) = std::env::var("QUEENS_BENCH_POSTGRES") {
        postgres_figures(&url, &sizes, cores);
        if let Ok(coordinator) = std::env::var("QUEENS_BENCH_CITUS") {
            citus_figures(&coordinator, &url, cores);
        }
    }
}

/// The solution view as it was before it carried the lines already
/// covered (issue 13): every queen tested against each queen before it.
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

/// Every row of `sql` on `client`, timed; the rows counted.
fn time_server_rows(client: &mut postgres::Client, sql: &str) -> (Duration, usize) {
    let mut rows = 0;
    let time = fastest(|| {
        rows = client.query(sql, &[]).unwrap().len();
    });
    (time, rows)
}

/// The arithmetic self-join on the server, in `schema` (beside the board),
/// timed as the public runs it (the server's own settings) and with JIT
/// compilation off; the faster of the two is the baseline.
fn server_self_join(url: &str, schema: &str, n: u8) -> (Duration, Duration) {
    let mut client = postgres::Client::connect(url, postgres::NoTls).unwrap();
    client
        .batch_execute(&format!(
            "set search_path to {schema};
             drop table if exists r;
             create table r (i integer primary key);
             insert into r select generate_series(1, {n});
             analyze r;"
        ))
        .unwrap();
    let expected = checker::count_solutions(n) as usize;
    let (defaults, rows) = time_server_rows(&mut client, &arithmetic_self_join(n));
    assert_eq!(rows, expected);
    client.batch_execute("set jit = off").unwrap();
    let (no_jit, rows) = time_server_rows(&mut client, &arithmetic_self_join(n));
    assert_eq!(rows, expected);
    client.batch_execute("drop table r").unwrap();
    (defaults, no_jit)
}

/// The same queries on a PostgreSQL server, next to SQLite's, and the
/// arithmetic self-join on the same server.
fn postgres_figures(url: &str, sizes: &[u8], cores: usize) {
    println!();
    println!(
        "PostgreSQL next to SQLite and to the self-join on the same server (select * from …, one thread; count on all cores):"
    );
    println!(
        "{:>3} {:>7} {:>10} {:>10} {:>7} {:>10} {:>10} {:>9} {:>11} {:>10}",
        "N",
        "rows",
        "SQLite",
        "PostgreSQL",
        "PG/SQL",
        "join (PG)",
        "no JIT",
        "join/sol",
        "SQLite count",
        "PG count"
    );
    let dir = tempfile::TempDir::new().unwrap();
    for &n in sizes.iter().filter(|&&n| n <= 13) {
        let schema = "queens_bench";
        let server = server_board(url, schema, n, false);
        let (pg_engine, pg) = open(&server);
        let file = Target::File(board(dir.path(), n));
        let (sqlite_engine, sqlite) = open(&file);
        let mut rows = 0;
        let all_rows = |reader: &dyn Reader, rows: &mut usize| {
            fastest(|| {
                *rows = 0;
                reader
                    .each_row("select * from solution", &[], |_| {
                        *rows += 1;
                        Ok(())
                    })
                    .unwrap();
            })
        };
        let on_sqlite = all_rows(sqlite.as_ref(), &mut rows);
        let on_pg = all_rows(pg.as_ref(), &mut rows);
        assert_eq!(rows as u64, checker::count_solutions(n));
        drop(pg);
        let (join, join_no_jit) = server_self_join(url, schema, n);
        let (_, pg) = open(&server);
        let count_on = |engine: &dyn Engine, reader: &dyn Reader| {
            fastest(|| {
                let count = parallel::count_solutions(engine, reader, n, workers(cores)).unwrap();
                assert_eq!(count, checker::count_solutions(n));
            })
        };
        let sqlite_count = count_on(sqlite_engine.as_ref(), sqlite.as_ref());
        let pg_count = count_on(pg_engine.as_ref(), pg.as_ref());
        println!(
            "{n:>3} {rows:>7} {:>10} {:>10} {:>7} {:>10} {:>10} {:>9} {:>11} {:>10}",
            ms(on_sqlite),
            ms(on_pg),
            ratio(on_pg, on_sqlite),
            ms(join),
            ms(join_no_jit),
            ratio(join.min(join_no_jit), on_pg),
            ms(sqlite_count),
            ms(pg_count)
        );
    }
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
    engine.ensure_exists(Some(n)).unwrap();
    if distributed {
        engine.distribute().unwrap();
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

fn citus_figures(coordinator: &str, postgres: &str, cores: usize) {
    let ports: Vec<i64> = postgres::Client::connect(coordinator, postgres::NoTls)
        .unwrap()
        .query(
            "select node_port from citus_get_active_worker_nodes() order by node_port",
            &[],
        )
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect();
    println!();
    println!(
        "count on SQLite and PostgreSQL ({cores} threads) and on Citus ({} workers, and with 1); \
         every row listed by the cluster against the self-join on the coordinator (N ≤ 12):",
        ports.len()
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
    let dir = tempfile::TempDir::new().unwrap();
    for n in [5u8, 10, 11, 12, 13, 14] {
        let expected = checker::count_solutions(n);
        let time = |target: &Target| {
            let (engine, reader) = open(target);
            let count = || {
                let found =
                    parallel::count_solutions(engine.as_ref(), reader.as_ref(), n, workers(cores))
                        .unwrap();
                assert_eq!(found, expected, "n = {n}");
            };
            if n >= 13 { once(count) } else { fastest(count) }
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
        // The same on one worker: the other takes no shards of the new table.
        for &port in &ports[1..] {
            worker_takes_shards(coordinator, port, false);
        }
        let one = server_board(coordinator, "queens_bench_1w", n, true);
        for &port in &ports[1..] {
            worker_takes_shards(coordinator, port, true);
        }
        let one_worker = time(&one);
        // Every row, listed by the cluster, against the self-join on the
        // coordinator (a PostgreSQL server like any other), up to 12×12.
        let (listed, join) = if n <= 12 {
            let (engine, reader) = open(&spread);
            let listed = fastest(|| {
                let mut rows = 0u64;
                parallel::for_each_solution(
                    engine.as_ref(),
                    reader.as_ref(),
                    n,
                    workers(cores),
                    |_| {
                        rows += 1;
                        Ok(())
                    },
                )
                .unwrap();
                assert_eq!(rows, expected);
            });
            drop(reader);
            let (defaults, no_jit) = server_self_join(coordinator, "queens_bench", n);
            (ms(listed), ratio(defaults.min(no_jit), listed))
        } else {
            ("-".to_string(), "-".to_string())
        };
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
