//! Prints the figures in docs/src/explanation/performance.md: the views against each other,
//! against two baselines written the way public SQL solvers write them, and
//! against the plain bitmask counter, as ratios measured in one run.
//!
//!     cargo bench --bench solve                  # N = 8 … 12
//!     cargo bench --bench solve -- --large       # also N = 13 and 14
//!     cargo bench --bench solve -- --size 11     # one size
//!     cargo bench --bench solve -- --only native --huge
//!                                                # the native section with
//!                                                # 16×16 and 17×17 too (one
//!                                                # run each, minutes; 17×17
//!                                                # with the count's peak memory)
//!     cargo bench --bench solve -- --only show   # one section: rows, mirror,
//!                                                # first-rows, class-rows, show, completions, tree,
//!                                                # native, duckdb, variants, console,
//!                                                # postgres, citus
//!     cargo bench --bench solve -- --only citus-large  # Citus at 14–16, and
//!                                                # 18×18 projected (half an hour)
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

mod citus;
mod class_rows;
mod common;
mod completions;
mod console;
mod duckdb;
mod first_rows;
mod mirror;
mod native;
mod postgres;
mod public_forms;
mod rows;
mod show;
mod tree;
mod variants;

use std::path::Path;

use queens::search::Workers;

use crate::citus::{citus_figures, citus_large_figures};
use crate::class_rows::{class_rows_figures, numbered_rows_figures};
use crate::completions::completion_figures;
use crate::console::console_figures;
use crate::duckdb::duckdb_figures;
use crate::first_rows::{first_rows_figures, views_first_rows_figures};
use crate::mirror::mirror_figures;
use crate::native::{
    count_against_native, count_against_native_huge, count_steps_against_calls, mirror_half_count,
    plain_bitmask_count,
};
use crate::postgres::postgres_figures;
use crate::rows::{
    carried_figures, class_figures, count_figures, rows_figures, search_space_figures,
};
use crate::show::show_figures;
use crate::tree::tree_figures;
use crate::variants::variant_figures;

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
    if let Some(n) = value("--mirror-half") {
        // The mirror-half counter as a process of its own, likewise.
        println!("{}", mirror_half_count(n.parse().unwrap()));
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
    sqlite_figures(dir.path(), &sizes, cores, &wanted);
    if wanted("native") && args.iter().any(|a| a == "--huge") {
        count_against_native_huge(&[16, 17]);
    }
    if wanted("console") {
        console_figures(dir.path(), &sizes, value("--exercises").as_deref());
    }
    server_figures(&sizes, cores, only.as_deref());
}

/// The PostgreSQL and Citus sections, where QUEENS_BENCH_POSTGRES (and
/// QUEENS_BENCH_CITUS) name the servers.
fn server_figures(sizes: &[u8], cores: usize, only: Option<&str>) {
    let wanted = |section: &str| only.is_none_or(|o| o == section);
    if let Ok(url) = std::env::var("QUEENS_BENCH_POSTGRES") {
        if wanted("postgres") {
            postgres_figures(&url, sizes, cores);
        }
        if let Ok(coordinator) = std::env::var("QUEENS_BENCH_CITUS") {
            if wanted("citus") {
                citus_figures(&coordinator, &url, cores);
            }
            // Half an hour and more: only when asked for by name.
            if only.is_some_and(|o| o == "citus-large") {
                citus_large_figures(&coordinator, cores);
            }
        }
    }
}

/// The sections on SQLite (every one but the servers'), in the order
/// they print.
fn sqlite_figures(dir: &Path, sizes: &[u8], cores: usize, wanted: &impl Fn(&str) -> bool) {
    if wanted("rows") {
        let counts = rows_figures(dir, sizes);
        count_figures(&counts, cores);
        class_figures(&counts);
        carried_figures(sizes);
        search_space_figures();
    }
    if wanted("mirror") {
        mirror_figures(sizes);
    }
    if wanted("tree") {
        tree_figures(sizes);
    }
    if wanted("first-rows") {
        first_rows_figures(13);
        views_first_rows_figures(14);
    }
    if wanted("class-rows") {
        class_rows_figures(sizes);
        numbered_rows_figures(sizes);
    }
    if wanted("show") {
        show_figures();
    }
    if wanted("completions") {
        let large: Vec<u8> = sizes.iter().copied().filter(|&n| n >= 12).collect();
        completion_figures(dir, &large);
    }
    if wanted("native") {
        let large: Vec<u8> = sizes.iter().copied().filter(|&n| n >= 11).collect();
        count_against_native(&large);
        count_steps_against_calls(&large);
    }
    if wanted("duckdb") {
        let large: Vec<u8> = sizes.iter().copied().filter(|&n| n >= 10).collect();
        duckdb_figures(dir, &large);
    }
    if wanted("variants") {
        variant_figures(dir);
    }
}
