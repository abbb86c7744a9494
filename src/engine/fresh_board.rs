//! The reference board: one built afresh in memory, whose tables every
//! engine's doctor compares its own with, and from which a server's
//! catalog and descriptions are derived.

use anyhow::Result;

use super::sqlite;
use crate::model::schema;

/// A board built afresh in memory, whose tables any engine's doctor
/// compares its own with, and the columns it gives each table.
pub use super::sqlite::{FreshBoard, model_columns};

/// Every table and view a server schema of queens holds for an `n`×`n`
/// board, as a catalog lists them: those of a fresh board (derived from
/// the same SQL files by every engine) and queens_version, which only a
/// server keeps (SQLite has `user_version`). For `init`'s descriptions.
pub fn server_catalog(n: u8) -> Result<Vec<crate::model::reading::CatalogRelation>> {
    let mut catalog = sqlite::FreshBoard::new(n)?.catalog()?;
    catalog.push(crate::model::reading::CatalogRelation {
        name: "queens_version".into(),
        kind: "table".into(),
        sql: crate::model::template::without_final_semicolon(&schema::version_table()?).into(),
        columns: vec!["version".into()],
    });
    Ok(catalog)
}
