//! The `citus` section: `count` on a Citus cluster, with two workers and
//! with one.

use queens::checker;
use queens::engine::Target;
use queens::search::parallel;

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
