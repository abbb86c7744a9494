//! The `postgres` section: the views on a PostgreSQL server against the
//! public forms and SQLite; the boards the server sections build.

use std::time::Duration;

use queens::engine::{Reader, Target};
use queens::model::board::Board;
use queens::search::{OpenBoard, parallel};
use queens::{checker, engine};

use crate::common::{board, fastest_below_13, ms, on_cores, open, ratio};
use crate::public_forms::{bitmask_cte, column_grouped_self_join};

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
pub fn server_public_forms(url: &str, schema: &str, n: u8) -> (Duration, Duration) {
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
pub fn postgres_figures(url: &str, sizes: &[u8], cores: usize) {
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
pub fn fastest_count(board: &OpenBoard) -> Duration {
    let n = board.n();
    fastest_below_13(n, || {
        let count = parallel::count_solutions(board).unwrap();
        assert_eq!(count, checker::count_solutions(n), "n = {n}");
    })
}

/// Builds the board in `schema` at `url`, distributed or not, replacing
/// whatever the schema held.
pub fn server_board(url: &str, schema: &str, n: u8, distributed: bool) -> Target {
    let mut client = postgres::Client::connect(url, postgres::NoTls).unwrap();
    client
        .batch_execute(&format!("drop schema if exists {schema} cascade"))
        .unwrap();
    let target = Target::Server {
        url: url.to_string(),
        schema: schema.to_string(),
    };
    let engine = engine::connect(&target).unwrap();
    let mut build = || engine.ensure_exists(&Board::square(n)).map(drop);
    if distributed {
        engine.distribute(&mut build).unwrap();
    } else {
        build().unwrap();
    }
    target
}
