//! The `citus` section: `count` on a Citus cluster, with two workers and
//! with one.

use queens::checker;
use queens::engine::Target;
use queens::search::parallel;

use std::time::{Duration, Instant};

use crate::common::{board, fastest, ms, on_cores, open, ratio};
use crate::postgres::{fastest_count, server_board, server_public_forms};

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
pub fn citus_figures(coordinator: &str, postgres: &str, cores: usize) {
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
        let citus = fresh_count(&spread, n, cores);
        let (_, reader) = open(&spread);
        let parts = reader
            .number("select count(*) from search_part where weight > 0")
            .unwrap();
        drop(reader);
        let one_worker = fresh_count(&board_on_one_worker(coordinator, &ports, n), n, cores);
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

/// The fastest of three distributed counts (one from 13×13), each from no
/// kept part count: a count keeps its parts' counts, and the next one
/// would only add them up. Only the count is timed.
fn fresh_count(target: &Target, n: u8, cores: usize) -> Duration {
    let runs = if n >= 13 { 1 } else { 3 };
    (0..runs)
        .map(|_| {
            forget_kept_counts(target);
            let (engine, reader) = open(target);
            let board = on_cores(engine.as_ref(), reader, n, cores);
            let started = Instant::now();
            let count = parallel::count_solutions(&board).unwrap();
            let took = started.elapsed();
            assert_eq!(count, checker::count_solutions(n), "n = {n}");
            took
        })
        .min()
        .unwrap()
}

/// Deletes the parts' counts a distributed count kept on `target`.
fn forget_kept_counts(target: &Target) {
    let Target::Server { url, schema } = target else {
        panic!("a distributed board is on a server");
    };
    postgres::Client::connect(url, postgres::NoTls)
        .unwrap()
        .batch_execute(&format!("delete from {schema}.search_part_count"))
        .unwrap();
}

/// Each searched part's count on the cluster, one part a statement, in
/// part order: (part number, time, solutions weighed by the part's weight). A part runs on one worker
/// in one backend, so its time is one core's.
fn part_times(target: &Target, n: u8) -> Vec<(usize, Duration, u64)> {
    let (_engine, reader) = open(target);
    let cluster = reader.cluster().unwrap().expect("a distributed board");
    let weights = cluster.part_weights().unwrap();
    (1..=weights.len())
        .filter(|&part| weights[part - 1] > 0)
        .map(|part| {
            let started = Instant::now();
            let solutions = cluster.count(n, part, part).unwrap();
            (part, started.elapsed(), solutions)
        })
        .collect()
}

/// The time `parts` (one core's each) take on `workers` workers of one
/// core each, the longest first to the worker free first (LPT).
fn scheduled(parts: &[f64], workers: usize) -> f64 {
    let mut sorted = parts.to_vec();
    sorted.sort_by(|a, b| b.total_cmp(a));
    let mut busy = vec![0.0f64; workers];
    for part in sorted {
        let free = busy
            .iter_mut()
            .min_by(|a, b| a.total_cmp(b))
            .expect("one worker at least");
        *free += part;
    }
    busy.into_iter().fold(0.0, f64::max)
}

/// The `citus-large` section: each part's time on the cluster at 14×14
/// (one part a statement, one core's time each), whole counts at 14×14,
/// 15×15 and 16×16 on the cluster, and from these a projection of
/// 16×16 (to hold against its measured count) and of 18×18 on 3, 8 and 32
/// workers of one core each. Labelled a projection where it prints.
pub fn citus_large_figures(coordinator: &str, cores: usize) {
    println!();
    println!(
        "Citus: each part counted alone (one statement, one core) at 14×14, and whole counts \
         on the cluster ({cores} cores):"
    );
    let target = server_board(coordinator, "queens_bench_large", 14, true);
    let times = part_times(&target, 14);
    // (Each part's number is weighed already, as count.sql weighs it.)
    let weighed: u64 = times.iter().map(|(_, _, solutions)| solutions).sum();
    assert_eq!(weighed, checker::count_solutions(14));
    let mut secs: Vec<f64> = times.iter().map(|(_, t, _)| t.as_secs_f64()).collect();
    secs.sort_by(f64::total_cmp);
    let sum: f64 = secs.iter().sum();
    println!(
        "   14×14: {} parts, {sum:.1} s in all, the largest {:.2} s, the median {:.2} s",
        secs.len(),
        secs[secs.len() - 1],
        secs[secs.len() / 2]
    );
    let shares: Vec<f64> = secs.iter().map(|t| t / sum).collect();
    let mut whole = Vec::new();
    for n in [14u8, 15, 16] {
        let target = server_board(coordinator, "queens_bench_large", n, true);
        let took = fresh_count(&target, n, cores).as_secs_f64();
        println!("   {n}×{n}: the whole count in {took:.1} s");
        whole.push(took);
    }
    project(&shares, &whole, cores);
}

/// The projection `citus_large_figures` prints, from the parts' shares of
/// the work at 14×14 and the whole counts at 14, 15 and 16 (`whole`).
fn project(shares: &[f64], whole: &[f64], cores: usize) {
    // The whole counts kept every core busy: one core's work is theirs
    // times the cores. 18×18 is split into 18·15 + 2 = 272 parts, 16×16
    // into 210, about half of them searched.
    let one_core: Vec<f64> = whole.iter().map(|w| w * cores as f64).collect();
    let parts_of = |work: f64, parts: usize| -> Vec<f64> {
        let resampled: Vec<f64> = (0..parts)
            .map(|i| shares[(i * shares.len()) / parts])
            .collect();
        let total: f64 = resampled.iter().sum();
        resampled.iter().map(|s| s / total * work).collect()
    };
    let (early, late) = (one_core[1] / one_core[0], one_core[2] / one_core[1]);
    println!(
        "A PROJECTION, not a measurement: the parts share the work as 14×14's do, on workers of \
         one core each. 16×16 grown from 15×15 as 15×15 from 14×14 ({early:.2}×), against its \
         count above; 18×18 grown twice more from 16×16 as 16×16 from 15×15 ({late:.2}×):"
    );
    println!(
        "   16×16 on {cores} workers: {:.0} s projected, {:.0} s measured",
        scheduled(&parts_of(one_core[1] * early, 105), cores),
        whole[2]
    );
    let work18 = one_core[2] * late * late;
    for workers in [3usize, 8, 32] {
        println!(
            "   18×18 on {workers:>2} workers: {:.1} h",
            scheduled(&parts_of(work18, 136), workers) / 3600.0
        );
    }
}
