//! The whole model of one board expanded for one engine, for reading
//! (`sql/expanded/`): every fact, view and question, in order.

use anyhow::Result;

use crate::model::board::Board;
use crate::model::sql;
use crate::model::template::{Dialect, Scope};

use super::build::*;
use super::names::*;
use super::parts::*;

/// Every template of `sql/` and `migrations/` that builds or asks about a
/// board, expanded for an `n`×`n` board and `dialect`, in one text: what a
/// reviewer reads to see the SQL as the engine receives it. The expansions
/// for 8×8 are checked in (`sql/expanded/`), and a test regenerates and
/// compares them.
pub fn expansion(n: u8, dialect: Dialect) -> Result<String> {
    let mut parts = model_parts(n, dialect)?;
    parts.extend(question_parts(n, dialect)?);
    let mut text = format!(
        "-- The SQL of queens for the {n}×{n} board, expanded for {dialect:?} from the\n\
         -- templates of sql/ and migrations/ (src/model/schema.rs, `expansion`).\n\
         -- Generated: a test compares it with a fresh expansion.\n"
    );
    for (title, sql) in parts {
        text.push_str(&format!("\n-- ==== {title} ====\n{}\n", sql.trim_end()));
    }
    Ok(text)
}

/// What builds and clears the board: the migrations, the facts, the views
/// and the stored solutions' table, titled.
fn model_parts(n: u8, dialect: Dialect) -> Result<Vec<(String, String)>> {
    let mut parts: Vec<(String, String)> = Vec::new();
    // A version that changed no table has nothing to show.
    for (i, up) in migrations_after(0, dialect)?.into_iter().enumerate() {
        if !up.trim().is_empty() {
            parts.push((format!("migration {}", i + 1), up));
        }
    }
    let plain = Board::square(n);
    for (table, sql) in fact_sql(&plain, dialect)? {
        parts.push((format!("the facts of {table}"), sql));
    }
    for (view, sql) in view_sql(&plain, false, dialect)? {
        parts.push((format!("view {view}"), sql));
    }
    if dialect == Dialect::Sqlite {
        parts.push(("table solution_store".to_string(), store_sql(n)?));
        parts.push(("a row of solution_store".to_string(), store_row_sql(n)?));
    }
    parts.push((
        "clearing the board for a rebuild".to_string(),
        clear_board_sql(dialect, true)?,
    ));
    Ok(parts)
}

/// What the commands ask of a board: the search's parts (by two queens,
/// and by three for the walks on PostgreSQL), the questions of
/// sql/queries/ and every question of sql/reading/, titled.
fn question_parts(n: u8, dialect: Dialect) -> Result<Vec<(String, String)>> {
    let scope = with_shape(Scope::for_dialect(dialect), &Board::square(n));
    let mut parts = vec![
        (
            "one part of the search".to_string(),
            part_search(n, scope.clone())?.text,
        ),
        (
            "the count of one part".to_string(),
            part_count(n, scope.clone())?.count.text,
        ),
        (
            "one piece of the search by three queens".to_string(),
            piece_search(n, scope.clone(), true)?.text,
        ),
    ];
    for path in [
        "queries/attacking_pair.sql",
        "queries/completion.sql",
        "queries/partition.sql",
        "queries/partition3.sql",
    ] {
        parts.push((format!("sql/{path}"), question(path, scope.clone())?.text));
    }
    for path in ["queries/class_of.sql"]
        .into_iter()
        .chain(sql::files("reading"))
    {
        parts.push((format!("sql/{path}"), query(path, n, scope.clone())?.text));
    }
    Ok(parts)
}
