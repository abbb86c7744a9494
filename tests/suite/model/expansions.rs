//! The templates of sql/ expanded for 8×8, as checked in under
//! sql/expanded/ for reviewers to read (and DuckDB's script of 8×8), must
//! be what this build expands.
//! After changing a template, `QUEENS_BLESS=1 cargo test --
//! model::expansions` writes them anew; review the difference and commit it.

use crate::common;

use common::golden::assert_same_text;
use queens::model::schema::expansion;
use queens::model::template::Dialect;

/// Compares sql/expanded/`file` with what this build expands, failing with
/// the unified diff; with QUEENS_BLESS set, first writes the fresh one.
fn checked_in(dialect: Dialect, file: &str) {
    checked_in_text(&expansion(8, dialect).unwrap(), file);
}

/// Compares sql/expanded/`file` with `fresh`, as `checked_in` does.
fn checked_in_text(fresh: &str, file: &str) {
    let path = format!("{}/sql/expanded/{file}", env!("CARGO_MANIFEST_DIR"));
    if crate::common::golden::blessing() {
        std::fs::write(&path, fresh).unwrap();
    }
    let stored = std::fs::read_to_string(&path).unwrap_or_default();
    assert_same_text(
        &format!("sql/expanded/{file}"),
        &stored,
        "this build",
        fresh,
        &format!(
            "{path} is not what this build expands; run `QUEENS_BLESS=1 cargo test -- \
             model::expansions` and review the difference"
        ),
    );
}

promise!(the_checked_in_sqlite_expansion_is_this_build_s);
fn the_checked_in_sqlite_expansion_is_this_build_s() {
    checked_in(Dialect::Sqlite, "8x8-sqlite.sql");
}

promise!(the_checked_in_postgresql_expansion_is_this_build_s);
fn the_checked_in_postgresql_expansion_is_this_build_s() {
    checked_in(Dialect::Postgres, "8x8-postgres.sql");
}

promise!(the_checked_in_duckdb_script_is_this_build_s);
fn the_checked_in_duckdb_script_is_this_build_s() {
    // The script `export --dialect duckdb --size 8` writes, before its
    // comments: DuckDB runs no question of the CLI.
    checked_in_text(
        &queens::model::schema::duckdb_build(&queens::model::board::Board::square(8)).unwrap(),
        "8x8-duckdb.sql",
    );
}
