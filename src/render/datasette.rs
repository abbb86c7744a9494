//! Datasette's metadata for a queens file (`export --format datasette`): a
//! title, each table's and view's description taken from the sentence its
//! SQL opens with, its columns' descriptions (sql/datasette/columns.txt),
//! and the canned queries of sql/datasette/.

use std::collections::BTreeMap;

use serde_json::{Map, Value as Json, json};

use crate::model::board::column_label;
use crate::model::reading::{CatalogRelation, Comment};
use crate::model::schema::own_names;
use crate::model::sql;
use crate::render::board_pictures::escape;

/// The descriptions of the relations and columns of `catalog` on the
/// `n`×`n` board, as the metadata gives them: for a database that keeps
/// descriptions apart from the statements (PostgreSQL's `comment on`).
pub fn comments(n: u8, catalog: &[CatalogRelation]) -> Vec<Comment> {
    let document = metadata("queens", n, catalog);
    let described = &document["databases"]["queens"]["tables"];
    let mut comments = Vec::new();
    for relation in catalog {
        let one = |column: Option<&String>, text: &Json| {
            text.as_str().map(|text| Comment {
                relation: relation.name.clone(),
                kind: relation.kind.clone(),
                column: column.cloned(),
                text: text.to_string(),
            })
        };
        let entry = &described[relation.name.as_str()];
        comments.extend(one(None, &entry["description"]));
        for column in &relation.columns {
            comments.extend(one(Some(column), &entry["columns"][column.as_str()]));
        }
    }
    comments
}

/// The canned queries Datasette offers, by name: sql/datasette/NAME.sql.
const CANNED_QUERIES: [&str; 3] = ["completions", "attack", "symmetry_class"];

/// The metadata document for the file Datasette names `database`, which
/// holds the `n`×`n` board and the relations of `catalog`.
pub fn metadata(database: &str, n: u8, catalog: &[CatalogRelation]) -> Json {
    let described = column_descriptions();
    let own = own_names();
    let tables: Map<String, Json> = catalog
        .iter()
        .map(|relation| {
            let mut table = Map::new();
            if let Some(description) = opening_sentence(&relation.sql, &relation.kind) {
                describe(&mut table, &description);
            }
            let columns: Map<String, Json> = relation
                .columns
                .iter()
                .filter_map(|column| {
                    let key = format!("{}.{column}", relation.name);
                    // Only queens' own s1 … sN are queens: a user's table
                    // may name its columns so for anything.
                    let queens_own = own.iter().any(|o| o.eq_ignore_ascii_case(&relation.name));
                    described
                        .get(key.as_str())
                        .map(std::string::ToString::to_string)
                        .or_else(|| queen_column(column, n).filter(|_| queens_own))
                        .map(|d| (column.clone(), Json::String(plain(&d))))
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

/// The sentence a relation's statement opens with: the first sentence of
/// its first block of comment lines, without a view's `name(columns):`
/// heading.
pub fn opening_sentence(statement: &str, kind: &str) -> Option<String> {
    let words: Vec<&str> = statement
        .lines()
        .map(str::trim)
        .skip_while(|line| !line.starts_with("--"))
        .take_while(|line| line.starts_with("--"))
        .map(|line| line.trim_start_matches('-').trim())
        .map(|line| line.strip_prefix("* ").unwrap_or(line))
        .collect();
    if words.is_empty() {
        return None;
    }
    let text = words.join(" ");
    let text = match kind {
        // "solution(s1, …, s8): the placement …" reads as its sentence.
        "view" => text
            .split_once("): ")
            .map_or(text.as_str(), |(_, rest)| rest),
        _ => &text,
    };
    Some(capitalised(first_sentence(text.trim())))
}

/// Up to the first full stop that ends a sentence: one followed by a blank
/// and a capital letter or a quoted name.
fn first_sentence(text: &str) -> &str {
    let bytes = text.as_bytes();
    for (i, _) in text.match_indices(". ") {
        let next = bytes.get(i + 2).copied().unwrap_or(b' ');
        if next.is_ascii_uppercase() || next == b'`' {
            return &text[..=i];
        }
    }
    text
}

/// The text with a capital first letter where it opens with an ordinary
/// word ("queen k stands …"), not with a name ("s1, …", "`queens`").
fn capitalised(text: &str) -> String {
    let first_word = text.split([' ', ',']).next().unwrap_or_default();
    if !first_word.chars().all(|c| c.is_ascii_lowercase()) {
        return text.to_string();
    }
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The descriptions of sql/datasette/columns.txt, by `relation.column`.
fn column_descriptions() -> BTreeMap<&'static str, &'static str> {
    sql::file("datasette/columns.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .filter_map(|line| line.split_once(' '))
        .collect()
}

/// The description of a placement column s1 … sN.
fn queen_column(column: &str, n: u8) -> Option<String> {
    let k: u8 = column.strip_prefix('s')?.parse().ok()?;
    (1..=n).contains(&k).then(|| {
        format!(
            "queen {k}'s square, in column {}",
            column_label(i64::from(k)).unwrap_or_default()
        )
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
    entry.insert("description".into(), Json::String(plain(text)));
    if text.contains('`') {
        entry.insert("description_html".into(), Json::String(code_html(text)));
    }
}

/// The text without its backticks.
fn plain(text: &str) -> String {
    text.replace('`', "")
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
    fn a_view_s_sentence_drops_its_heading_and_a_table_s_is_kept_whole() {
        let view = "create view solution (s1, s2) as\n-- solution(s1, s2): the queens\n-- do not attack. More words.\nselect 1";
        assert_eq!(
            opening_sentence(view, "view").as_deref(),
            Some("The queens do not attack.")
        );
        let table = "CREATE TABLE square (\n    -- Square `square` stands in column cl.\n    square text\n)";
        assert_eq!(
            opening_sentence(table, "table").as_deref(),
            Some("Square `square` stands in column cl.")
        );
        assert_eq!(opening_sentence("create table t (a)", "table"), None);
    }

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
