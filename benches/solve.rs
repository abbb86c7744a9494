//! Prints the figures in BENCHMARKS.md: SQL views against each other and
//! against the native counter, as ratios measured in one run.
//!
//!     cargo bench --bench solve
//!
//! Each figure is the fastest of several runs (at least 3, and more while
//! they take under a second in all), so a busy machine shows as noise in the
//! slower runs, not in the figure.

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use queens::{checker, db};
use rusqlite::Connection;

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

fn board(dir: &Path, n: u8) -> Connection {
    let path = dir.join(format!("bench{n}.db"));
    db::create(&path, n).expect("build the board");
    db::open_read_only(&path).expect("open the board")
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

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

fn main() {
    let dir = tempfile::TempDir::new().unwrap();
    println!("queens benchmark, SQLite {}", rusqlite::version());
    println!();

    let eight = board(dir.path(), 8);
    let (fast, fast_rows) = time_rows(&eight, "select * from solution");
    let (slow, slow_rows) = time_rows(&eight, "select * from solution_by_definition");
    assert_eq!((fast_rows, slow_rows), (92, 92));
    println!("8×8, all rows");
    println!("  select * from solution                {:>12}", ms(fast));
    println!("  select * from solution_by_definition  {:>12}", ms(slow));
    println!(
        "  solution is {:.1}× faster than solution_by_definition (target ≥ 15×)",
        slow.as_secs_f64() / fast.as_secs_f64()
    );
    println!();

    println!("select count(*) from solution, next to the native bitboard counter");
    println!("   N  solutions          SQL         native   SQL / native");
    for n in [8u8, 10, 12] {
        let conn = board(dir.path(), n);
        let mut count = 0;
        let sql = fastest(|| {
            count = conn
                .query_row("select count(*) from solution", [], |r| r.get::<_, i64>(0))
                .unwrap();
        });
        let native = fastest(|| {
            black_box(checker::count_solutions(black_box(n)));
        });
        assert_eq!(count as u64, checker::count_solutions(n));
        println!(
            "  {n:>2}  {count:>9}  {:>11}  {:>13}  {:>12.0}×",
            ms(sql),
            ms(native),
            sql.as_secs_f64() / native.as_secs_f64()
        );
    }

    println!();
    println!("symmetry classes: select * from fundamental_solution");
    println!("   N  classes   fundamental_solution     solution   ratio");
    for n in [8u8, 10, 12] {
        let conn = board(dir.path(), n);
        let (classes, rows) = time_rows(&conn, "select * from fundamental_solution");
        let (all, _) = time_rows(&conn, "select * from solution");
        assert_eq!(rows, checker::fundamental_solutions(n).len());
        println!(
            "  {n:>2}  {rows:>7}  {:>21}  {:>11}  {:>5.1}×",
            ms(classes),
            ms(all),
            classes.as_secs_f64() / all.as_secs_f64()
        );
    }
}
