//! Datasette's metadata for a queens file (`export --format datasette`): a
//! title, the descriptions of the file's tables and views and of their
//! columns (`model::description`: the sentence a relation's SQL opens
//! with, sql/datasette/columns.txt), and the canned queries of
//! sql/datasette/.

use serde_json::{Map, Value as Json, json};

use crate::model::description::{column_description, relation_sentence, without_backticks};
use crate::model::reading::CatalogRelation;
use crate::model::sql;
use crate::render::board_pictures::escape;

/// The canned queries Datasette offers, by name: sql/datasette/NAME.sql.
const CANNED_QUERIES: [&str; 3] = ["completions", "attack", "symmetry_class"];

/// The metadata document for the file Datasette names `database`, which
/// holds the `n`×`n` board and the relations of `catalog`.
pub fn metadata(database: &str, n: u8, catalog: &[CatalogRelation]) -> Json {
    let tables: Map<String, Json> = catalog
        .iter()
        .map(|relation| {
            let mut table = Map::new();
            if let Some(description) = relation_sentence(relation) {
                describe(&mut table, &description);
            }
            let columns: Map<String, Json> = relation
                .columns
                .iter()
                .filter_map(|column| {
                    column_description(&relation.name, column, n)
                        .map(|d| (column.clone(), Json::String(without_backticks(&d))))
                })
                .collect();
            if !columns.is_empty() {
                table.insert("columns".into(), Json::Object(columns));
            }
            (relation.name.clone(), Json::Object(table))
        })
        .collect();
    let queries: Map<String, Json> = CANNED_QUERIES
        .iter()
        .map(|name| (name.to_string(), canned_query(name)))
        .collect();
    let description = format!(
        "The N-Queens puzzle on the {n}×{n} board, solved with sets and relations: the squares, \
         the lines (rows, columns and diagonals) and which squares lie on which lines are \
         tables; candidate, solution and the views built on them search with SQL. Each table \
         and view is described by the sentence its SQL opens with."
    );
    json!({
        "title": format!("queens: the {n}×{n} board"),
        "description": description,
        "databases": {
            database: {
                "description": description,
                "tables": tables,
                "queries": queries,
            }
        }
    })
}

/// A canned query from sql/datasette/NAME.sql: its first comment line is
/// the title, the comment paragraph after it the description.
fn canned_query(name: &str) -> Json {
    let text = sql::file(&format!("datasette/{name}.sql"));
    let comments: Vec<&str> = text
        .lines()
        .take_while(|line| line.starts_with("--"))
        .map(|line| line.trim_start_matches('-').trim())
        .collect();
    let title = comments.first().copied().unwrap_or(name);
    let description = comments
        .iter()
        .skip(1)
        .skip_while(|line| line.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" ");
    let mut query = Map::new();
    query.insert("title".into(), json!(title));
    describe(&mut query, &description);
    query.insert("sql".into(), json!(text.trim_end()));
    Json::Object(query)
}

/// Sets an entry's description from text that marks names as `code`:
/// Datasette shows `description` as it is, backticks and all, so that
/// gets plain words, and `description_html`, which it shows instead where
/// it is given, gets the names as code.
fn describe(entry: &mut Map<String, Json>, text: &str) {
    entry.insert("description".into(), Json::String(without_backticks(text)));
    if text.contains('`') {
        entry.insert("description_html".into(), Json::String(code_html(text)));
    }
}

/// The text as HTML, each `span` a <code> element.
fn code_html(text: &str) -> String {
    let mut html = String::new();
    for (i, part) in escape(text).split('`').enumerate() {
        match i % 2 {
            1 => html.push_str(&format!("<code>{part}</code>")),
            _ => html.push_str(part),
        }
    }
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_canned_query_has_a_title_a_description_and_a_parameter() {
        for name in CANNED_QUERIES {
            let query = canned_query(name);
            assert!(!query["title"].as_str().unwrap().is_empty(), "{name}");
            assert!(query["description"].as_str().unwrap().len() > 40, "{name}");
            assert!(query["sql"].as_str().unwrap().contains(':'), "{name}");
        }
    }
}
