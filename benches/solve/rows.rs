//! The `rows` section: every row of the views and of the public forms on
//! SQLite, `count` against the plain counter, the classes, the carried
//! search and `search_space`.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use queens::checker;
use queens::engine::Target;
use queens::search::parallel;

use crate::common::{
    add_kept_form, board, fastest, ms, on_cores, open, ratio, read_only, time_rows,
};
use crate::native::plain_bitmask_count;
use crate::public_forms::{baseline_connection, bitmask_cte, column_grouped_self_join};

/// Every row of the views and of the public forms on SQLite, one thread.
pub fn rows_figures(dir: &Path, sizes: &[u8]) -> Vec<(u8, PathBuf)> {
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
pub fn count_figures(counts: &[(u8, PathBuf)], cores: usize) {
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
pub fn class_figures(counts: &[(u8, PathBuf)]) {
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

/// The solution view as it was before it carried the lines already
/// covered: every queen tested against each queen before it.
/// Kept here to measure, in the same run, what carrying them gained.
const SOLUTION_UNCARRIED: &str = include_str!("../solution_uncarried.sql");

pub fn carried_figures(sizes: &[u8]) {
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
        add_kept_form(&path, SOLUTION_UNCARRIED, &scope);
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
pub fn search_space_figures() {
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
