//! The relations a board's schema holds, read from the SQL text that
//! makes them, without running it: the tables the migrations leave, the
//! views of sql/views/ expanded for the board, and queens_version, which
//! only a server keeps; each with its name, its kind, the statement that
//! makes it (from its first word to its semicolon, comments inside kept,
//! as a catalog keeps it) and its columns.
//!
//! The tables are read from the migrations as SQLite runs them: SQLite
//! alters no column or constraint, so a table changed is made again
//! whole, and a table's last `create table` is the table. This is a small
//! reader of queens' own statements, not of SQL at large: the text is
//! ours, and the suite holds what it reads against the catalog of a board
//! SQLite builds afresh.

use std::sync::LazyLock;

use anyhow::{Context, Result, bail};

use crate::model::board::Board;
use crate::model::reading::CatalogRelation;
use crate::model::schema;
use crate::model::template::Dialect;

/// The tables the migrations leave, in the order they are made.
static MIGRATION_TABLES: LazyLock<Vec<CatalogRelation>> =
    LazyLock::new(|| migration_tables().expect("the migrations make tables queens can read"));

/// The columns queens gives its table `table`, in order, as the
/// migrations make them (none for a table that is not queens', or whose
/// columns depend on the board: solution_store).
pub fn own_columns(table: &str) -> &'static [String] {
    MIGRATION_TABLES
        .iter()
        .find(|relation| relation.name == table)
        .map_or(&[], |relation| relation.columns.as_slice())
}

/// Every table and view a database of `board` holds once queens has
/// built it (solution_store aside, which `init --materialize` adds), in
/// the order a catalog lists them: tables, then views, each by name.
pub fn relations(board: &Board) -> Result<Vec<CatalogRelation>> {
    let mut relations = MIGRATION_TABLES.clone();
    for (name, text) in schema::view_sql(board, false, Dialect::Sqlite)? {
        let made = statements(&text)
            .into_iter()
            .find(|statement| leading_words(statement) == ["create", "view"])
            .with_context(|| format!("the template of view {name} makes no view"))?;
        relations.push(relation_made_by(made, "view")?);
    }
    relations.sort_by(|a, b| (&a.kind, &a.name).cmp(&(&b.kind, &b.name)));
    Ok(relations)
}

/// Every table and view a server's schema of queens holds for `board`:
/// those of `relations`, then queens_version, PostgreSQL's record of the
/// schema's version (SQLite keeps it in `user_version`).
pub fn server_relations(board: &Board) -> Result<Vec<CatalogRelation>> {
    let mut relations = relations(board)?;
    let version = schema::version_table()?;
    let made = statements(&version)
        .into_iter()
        .next()
        .context("sql/build/queens_version.sql makes no table")?;
    relations.push(relation_made_by(made, "table")?);
    Ok(relations)
}

/// The tables of the migrations, expanded for SQLite, that no later
/// migration drops: each as its last `create table` makes it.
fn migration_tables() -> Result<Vec<CatalogRelation>> {
    let mut tables: Vec<CatalogRelation> = Vec::new();
    for script in schema::migrations_after(0, Dialect::Sqlite)? {
        for statement in statements(&script) {
            let words = leading_words(statement);
            let created = if words == ["create", "table"] {
                true
            } else if words == ["drop", "table"] {
                false
            } else {
                continue;
            };
            let name = relation_name(statement)?;
            tables.retain(|table| table.name != name);
            if created {
                tables.push(relation_made_by(statement, "table")?);
            }
        }
    }
    Ok(tables)
}

/// The relation of kind `kind` that `statement` (`create table` or
/// `create view`) makes. A table made from a query (`create table … as
/// select`, which the migrations drop again) has no columns read.
fn relation_made_by(statement: &str, kind: &str) -> Result<CatalogRelation> {
    let tokens = tokens(statement);
    let at = name_at(&tokens, statement)?;
    let name = unquoted(tokens[at].text);
    let columns = match tokens.get(at + 1) {
        Some(token) if token.text == "(" => columns_in(&tokens[at + 1..]),
        _ if kind == "table" => Vec::new(),
        _ => bail!("view {name} names no columns (`create view {name} (…) as`)"),
    };
    Ok(CatalogRelation {
        name,
        kind: kind.to_string(),
        sql: statement.to_string(),
        columns,
    })
}

/// The name a `create` or `drop` statement of a table or view gives, past
/// `if not exists` or `if exists`.
fn relation_name(statement: &str) -> Result<String> {
    let tokens = tokens(statement);
    Ok(unquoted(tokens[name_at(&tokens, statement)?].text))
}

/// Where the name stands among the `tokens` of such a statement.
fn name_at(tokens: &[Token], statement: &str) -> Result<usize> {
    let word = |at: usize| tokens.get(at).map(|t| t.text.to_lowercase());
    let at = match word(2).as_deref() {
        Some("if") if word(0).as_deref() == Some("drop") => 4,
        Some("if") => 5,
        _ => 2,
    };
    match tokens.get(at) {
        Some(token) if token.text != "(" && token.text != ";" => Ok(at),
        _ => bail!("no relation named in: {statement}"),
    }
}

/// What opens a table's element but is no column: a table constraint.
const CONSTRAINTS: [&str; 5] = ["constraint", "primary", "unique", "check", "foreign"];

/// The columns named in the parenthesised list `tokens` opens with: the
/// first word of each of its elements, table constraints left out.
fn columns_in(tokens: &[Token]) -> Vec<String> {
    let (mut columns, mut depth, mut element_starts) = (Vec::new(), 0usize, false);
    for token in tokens {
        if std::mem::take(&mut element_starts)
            && !CONSTRAINTS.contains(&token.text.to_lowercase().as_str())
        {
            columns.push(unquoted(token.text));
        }
        match token.text {
            "(" => {
                depth += 1;
                element_starts = depth == 1;
            }
            ")" if depth <= 1 => break,
            ")" => depth -= 1,
            "," => element_starts = depth == 1,
            _ => {}
        }
    }
    columns
}

/// A name as written, without the double quotes that may enclose it.
fn unquoted(name: &str) -> String {
    match name.strip_prefix('"').and_then(|n| n.strip_suffix('"')) {
        Some(inner) => inner.replace("\"\"", "\""),
        None => name.to_string(),
    }
}

/// The first two words of a statement, lower-case.
fn leading_words(statement: &str) -> Vec<String> {
    tokens(statement)
        .iter()
        .take(2)
        .map(|token| token.text.to_lowercase())
        .collect()
}

/// The statements of a script: each from its first word up to its
/// semicolon (or the script's end), without the blanks before it.
/// Comments before a statement are left out; those inside it are kept.
fn statements(script: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut first: Option<usize> = None;
    for token in tokens(script) {
        match (token.text, first) {
            (";", Some(start)) => {
                found.push(script[start..token.at].trim_end());
                first = None;
            }
            (";", None) => {}
            (_, None) => first = Some(token.at),
            _ => {}
        }
    }
    found.extend(first.map(|start| script[start..].trim_end()));
    found
}

/// A word, a quoted name or literal, or a sign of SQL text, and where it
/// starts.
struct Token<'a> {
    at: usize,
    text: &'a str,
}

/// The tokens of `text`, blanks and comments (`-- …` and `/* … */`) left
/// out.
fn tokens(text: &str) -> Vec<Token<'_>> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let rest = &text[at..];
        let end = match bytes[at] {
            b if b.is_ascii_whitespace() => {
                at += 1;
                continue;
            }
            _ if rest.starts_with("--") => {
                at += rest.find('\n').unwrap_or(rest.len());
                continue;
            }
            _ if rest.starts_with("/*") => {
                at += rest.find("*/").map_or(rest.len(), |end| end + 2);
                continue;
            }
            quote @ (b'\'' | b'"') => at + quoted_length(rest, quote),
            b if is_word_byte(b) => at + rest.bytes().take_while(|&b| is_word_byte(b)).count(),
            _ => at + rest.chars().next().map_or(1, char::len_utf8),
        };
        found.push(Token {
            at,
            text: &text[at..end],
        });
        at = end;
    }
    found
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The length of the quoted name or literal `text` opens with (a quote
/// doubled inside it is part of it), or of the whole text if it is not
/// closed.
fn quoted_length(text: &str, quote: u8) -> usize {
    let bytes = text.as_bytes();
    let mut at = 1;
    while at < bytes.len() {
        if bytes[at] == quote {
            if bytes.get(at + 1) == Some(&quote) {
                at += 2;
                continue;
            }
            return at + 1;
        }
        at += 1;
    }
    bytes.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statements_end_at_semicolons_outside_comments_and_quotes() {
        let script = "-- a heading; with a semicolon\ncreate table t (\n    -- x; y\n    a text default ';', \"b;\" int, primary key (a)\n);\n\ndrop table t;\ncreate view v (c) as select 1";
        let found = statements(script);
        assert_eq!(found.len(), 3, "{found:#?}");
        assert!(found[0].starts_with("create table t (") && found[0].ends_with(')'));
        assert_eq!(found[1], "drop table t");
        let table = relation_made_by(found[0], "table").unwrap();
        assert_eq!(table.columns, ["a", "b;"]);
        assert_eq!(relation_name(found[1]).unwrap(), "t");
        assert_eq!(relation_made_by(found[2], "view").unwrap().columns, ["c"]);
    }

    #[test]
    fn a_table_made_again_is_its_last_statement_and_a_dropped_one_is_gone() {
        let tables = migration_tables().unwrap();
        let names: Vec<&str> = tables.iter().map(|t| t.name.as_str()).collect();
        assert!(
            !names.iter().any(|n| n.starts_with("queens_10_")),
            "{names:?}"
        );
        assert!(names.contains(&"board_rows") && names.contains(&"mov_dir"));
        assert_eq!(own_columns("line_set").len(), 3 + 16);
        assert_eq!(own_columns("board_size"), ["n"]);
        assert!(own_columns("solution_store").is_empty());
    }
}
