//! The `show` section: `queens show K` as whole processes, on SQLite and
//! the servers.

use crate::common::{ms, run_queens};
use crate::postgres::server_board;

/// `queens show K` at 14×14 and 16×16, whole process, on SQLite, on
/// PostgreSQL and on Citus when their URLs are set (fastest of 3).
pub fn show_figures() {
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
