//! The names of queens' own objects, in the order they are made, and
//! the migrations that make its tables: what every engine asks before
//! it builds, clears or checks a board.

use std::sync::LazyLock;

use anyhow::{Context, Result, bail};

use crate::model::sql;
use crate::model::template::{self, Dialect, Scope};

/// The fact population scripts, named by the table each fills, in the
/// order their foreign keys need (the files' numbers).
pub(super) static FACTS: LazyLock<Vec<(&'static str, &'static str)>> =
    LazyLock::new(|| sql::numbered("facts"));

/// The view templates, named by their view, each after the views it reads.
pub(super) static VIEWS: LazyLock<Vec<(&'static str, &'static str)>> =
    LazyLock::new(|| sql::numbered("views"));

/// The tables the facts fill, in the order their foreign keys need.
pub fn fact_tables() -> impl DoubleEndedIterator<Item = &'static str> {
    FACTS.iter().map(|(table, _)| *table)
}

/// The names of the views, each after the views it reads.
pub fn view_names() -> impl DoubleEndedIterator<Item = &'static str> {
    VIEWS.iter().map(|(view, _)| *view)
}

/// Every table that is queens' own: those a board needs, the domains that
/// come with the schema, and the stored solutions.
pub fn own_table_names() -> Vec<&'static str> {
    let mut names = vec!["board_size", "symmetry", "queens_derived", "solution_store"];
    names.extend(fact_tables());
    names
}

/// Every table of queens' whose rows the board size decides, which the
/// doctors compare with a fresh board's: all but solution_store (kept
/// only by `init --materialize`, on SQLite) and queens_derived (whose
/// checksum depends on whether the solutions are stored; the doctors
/// check it against `derived_checksum`).
pub fn board_table_names() -> Vec<&'static str> {
    let mut names = own_table_names();
    names.retain(|t| !matches!(*t, "solution_store" | "queens_derived"));
    names
}

/// Every table and view that is queens' own.
pub fn own_names() -> Vec<&'static str> {
    let mut names = own_table_names();
    names.extend(view_names());
    names
}

/// The tables whose rows a rebuild or an upgrade deletes and derives
/// again: the board size, the facts, and the record of the text they and
/// the views were derived from.
pub fn refilled_tables() -> impl Iterator<Item = &'static str> {
    std::iter::once("board_size")
        .chain(fact_tables())
        .chain(std::iter::once("queens_derived"))
}

/// The schema version this build of `queens` writes and understands.
pub fn latest_version() -> usize {
    sql::migrations().len()
}

/// The migrations after `version`, in order, expanded for `dialect`.
pub fn migrations_after(version: usize, dialect: Dialect) -> Result<Vec<String>> {
    sql::migrations()
        .into_iter()
        .enumerate()
        .skip(version)
        .map(|(i, up)| {
            template::render(up, &Scope::for_dialect(dialect))
                .map(|sql| sql.text)
                .with_context(|| format!("could not expand migration {}", i + 1))
        })
        .collect()
}

/// Refuses a rebuild of the database that messages call `shown` where
/// queens' `table`, found with the columns `found`, has a column of the
/// user's (whose values the rebuild would erase) or lacks one of queens'
/// columns `own`. queens_derived found with no column at all was dropped:
/// the record of what the board was derived from, the rebuild makes it
/// again.
pub fn check_columns(shown: &str, table: &str, found: &[String], own: &[String]) -> Result<()> {
    if table == "queens_derived" && found.is_empty() {
        return Ok(());
    }
    let is_own = |column: &String| own.iter().any(|o| o.eq_ignore_ascii_case(column));
    if let Some(added) = found.iter().find(|column| !is_own(column)) {
        bail!(
            "{shown} has a column of yours, {added}, in queens' table {table}: rebuilding the \
             board derives {table}'s rows again and would erase its values; nothing was changed \
             (keep them in a table of your own that refers to {table}, or drop the column)"
        );
    }
    if let Some(missing) = own
        .iter()
        .find(|column| !found.iter().any(|f| f.eq_ignore_ascii_case(column)))
    {
        bail!(
            "{shown}: queens' table {table} has lost its column {missing}, so the board cannot \
             be derived in it; nothing was changed (build the board anew in another database, \
             `queens init --db NEW`, or another --schema)"
        );
    }
    Ok(())
}
