//! The `duckdb` section: the DuckDB script's `solution` against the
//! bitmask CTE in DuckDB.

use std::path::Path;

use queens::checker;

use crate::public_forms::bitmask_count;

const DUCKDB_COUNT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/duckdb_count.py");

/// `select count(*) from solution` on the DuckDB script's model against the
/// bitmask recursive CTE as it counts (`bitmask_count`), in
/// one DuckDB process (python3's duckdb package), medians of 9 runs taken
/// in turn.
pub fn duckdb_figures(dir: &Path, sizes: &[u8]) {
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
    let releases = duckdb_releases();
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
        for release in &releases {
            duckdb_row(&model, n, release.as_deref());
        }
    }
}

/// The DuckDB releases `.ci/install.sh` puts in target/duckdb (each a
/// directory python3 imports duckdb from), in version order, or none: the
/// duckdb package python3 has.
fn duckdb_releases() -> Vec<Option<String>> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/target/duckdb");
    let mut releases: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|entry| Some(entry.ok()?.path().to_str()?.to_string()))
                .collect()
        })
        .unwrap_or_default();
    releases.sort();
    if releases.is_empty() {
        vec![None]
    } else {
        releases.into_iter().map(Some).collect()
    }
}

/// One row of `duckdb_figures`: the model of `model` against the bitmask
/// CTE at `n`, in the DuckDB of `release` (a directory for PYTHONPATH).
fn duckdb_row(model: &Path, n: u8, release: Option<&str>) {
    let mut python = std::process::Command::new("python3");
    if let Some(release) = release {
        python.env("PYTHONPATH", release);
    }
    let out = python
        .arg(DUCKDB_COUNT)
        .arg(model)
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
