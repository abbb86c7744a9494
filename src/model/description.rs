//! What queens says of its relations and columns: a relation's sentence
//! is the one its statement opens with, a column's is its line of
//! sql/datasette/columns.txt, and the placement columns s1 … sN of
//! queens' own relations say which queen stands there. Datasette's
//! metadata shows them (`render::datasette`), and a database that keeps
//! descriptions apart from the statements gets them as comments
//! (PostgreSQL's and DuckDB's `comment on`).

use std::collections::BTreeMap;
use std::sync::LazyLock;

use anyhow::Result;

use crate::model::board::{Board, column_label};
use crate::model::catalog;
use crate::model::reading::{CatalogRelation, Comment};
use crate::model::schema::own_names;
use crate::model::sql;

/// The descriptions of the relations and columns of `catalog` on the
/// `n`×`n` board, as comments: each text without its backticks, which
/// mark names only where a page shows them as code.
pub fn comments(n: u8, catalog: &[CatalogRelation]) -> Vec<Comment> {
    let mut comments = Vec::new();
    for relation in catalog {
        let comment = |column: Option<&String>, text: String| Comment {
            relation: relation.name.clone(),
            kind: relation.kind.clone(),
            column: column.cloned(),
            text: without_backticks(&text),
        };
        comments.extend(relation_sentence(relation).map(|text| comment(None, text)));
        for column in &relation.columns {
            let described = column_description(&relation.name, column, n);
            comments.extend(described.map(|text| comment(Some(column), text)));
        }
    }
    comments
}

/// The comments on the relations and columns of a server's schema of
/// `board` (`catalog::server_relations`): what `init` writes with
/// PostgreSQL's `comment on`, and the PostgreSQL and DuckDB scripts end
/// with. A view's sentence may name the board's kind (search_tree_tally's
/// holes, rows and knight's moves), so each board gets its own.
pub fn server_comments(board: &Board) -> Result<Vec<Comment>> {
    Ok(comments(board.cols, &catalog::server_relations(board)?))
}

/// What a relation holds: the sentence its statement opens with.
pub fn relation_sentence(relation: &CatalogRelation) -> Option<String> {
    opening_sentence(&relation.sql, &relation.kind)
}

/// What `column` of `relation` holds on the `n`×`n` board: its line of
/// sql/datasette/columns.txt, or, for s1 … sN of a relation of queens',
/// the queen standing there. A user's relation may name its columns so
/// for anything, and gets no such description.
pub fn column_description(relation: &str, column: &str, n: u8) -> Option<String> {
    let queens_own = || own_names().iter().any(|o| o.eq_ignore_ascii_case(relation));
    COLUMN_DESCRIPTIONS
        .get(format!("{relation}.{column}").as_str())
        .map(std::string::ToString::to_string)
        .or_else(|| queen_column(column, n).filter(|_| queens_own()))
}

/// The text without its backticks, for a reader who sees it as it is.
pub fn without_backticks(text: &str) -> String {
    text.replace('`', "")
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
static COLUMN_DESCRIPTIONS: LazyLock<BTreeMap<&'static str, &'static str>> = LazyLock::new(|| {
    sql::file("datasette/columns.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .filter_map(|line| line.split_once(' '))
        .collect()
});

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
    fn only_queens_own_relations_have_their_placement_columns_described() {
        assert_eq!(
            column_description("solution", "s3", 8).as_deref(),
            Some("queen 3's square, in column c")
        );
        assert_eq!(column_description("solution", "s9", 8), None);
        assert_eq!(column_description("my_table", "s3", 8), None);
    }
}
