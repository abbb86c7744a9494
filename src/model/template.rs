//! Expands the SQL templates of `sql/` and `migrations/` for one board and
//! one engine. Every splice of SQL happens here, from names the scope
//! gives; a name the scope lacks is an error, never an empty splice.
//!
//! The notation is described in `sql/README.md`:
//!
//! | marker | expands to |
//! | --- | --- |
//! | `{expr}`, `{col:expr}` | a number (sums and differences of products of numbers in scope and literals), or its column letter |
//! | `{NAME}` | a word of the scope: a name the engine checked (a schema), one of queens' own names, or a literal quoted by `string_literal` |
//! | `{:name}` | a parameter: the engine's placeholder (`:name` in SQLite, `$1` … in PostgreSQL), or the SQL expression the scope binds it to |
//! | `{{j in A..B sep "S": text}}` | `text` once for each j, joined by S |
//! | `{{if COND: text}}` | `text` when the condition holds |
//! | `--@for k in A..B` … `--@end` | the lines in between once for each k |
//! | `--@for x in [reversed] LIST` … `--@end` | the lines in between once for each word x of the scope's list LIST (last first, `reversed`) |
//! | `--@if COND` … [`--@else` …] `--@end` | the first lines when the condition holds, else the others |
//! | `--@insert NAME` | the fragment NAME of the scope, indented as the marker |
//! | `--@include PATH` | the template sql/PATH, expanded in the same scope (its parameters are the statement's), indented as the marker |
//! | `--@include PATH with NAME = expr, …` | the same, with those numbers set while it is expanded |
//! | `--@include FOLDER/` | every numbered template of sql/FOLDER, in order, each followed by a blank line |
//!
//! A condition compares two expressions (`k > 2`, `N = 1`), or is one
//! name that is not 0 (`POSTGRES`), or joins such conditions with `and`. The engine is a number in scope:
//! `SQLITE`, `POSTGRES` and `DUCKDB` are 1 for the dialect the SQL is for, else 0,
//! and the word `DIV` is its integer division (`//` in DuckDB, else `/`).

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::Arc;

use anyhow::{Context, Result, bail};

use crate::model::board::column_label;

/// The SQL dialect a template is expanded for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Dialect {
    #[default]
    Sqlite,
    Postgres,
    /// DuckDB, for the script `export --format sql --dialect duckdb` writes:
    /// no engine of queens runs it.
    Duckdb,
}

/// What is in scope while expanding: numbers, words and lists of words,
/// fragments of SQL, parameters bound to SQL expressions, and the dialect.
#[derive(Clone, Debug)]
pub struct Scope {
    // Shared until changed (`Arc::make_mut`): a repetition clones the
    // scope once an iteration, and most of it never changes there.
    numbers: Arc<BTreeMap<String, i64>>,
    words: Arc<BTreeMap<String, String>>,
    lists: Arc<BTreeMap<String, Vec<String>>>,
    fragments: Arc<BTreeMap<String, String>>,
    bound: Arc<BTreeMap<String, String>>,
    dialect: Dialect,
}

impl Default for Scope {
    fn default() -> Self {
        Scope::for_dialect(Dialect::Sqlite)
    }
}

impl Scope {
    /// An empty scope for SQL of `dialect`.
    pub fn for_dialect(dialect: Dialect) -> Scope {
        Scope {
            numbers: Arc::default(),
            words: Arc::default(),
            lists: Arc::default(),
            fragments: Arc::default(),
            bound: Arc::default(),
            dialect,
        }
        .with_dialect(dialect)
    }

    /// The dialect the scope's SQL is for.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The same scope, for SQL of `dialect`.
    pub fn with_dialect(mut self, dialect: Dialect) -> Self {
        self.dialect = dialect;
        self.with("SQLITE", i64::from(dialect == Dialect::Sqlite))
            .with("POSTGRES", i64::from(dialect == Dialect::Postgres))
            .with("DUCKDB", i64::from(dialect == Dialect::Duckdb))
            // Integer division: DuckDB's `/` divides as reals.
            .with_word(
                "DIV",
                if dialect == Dialect::Duckdb {
                    "//"
                } else {
                    "/"
                },
            )
    }

    /// A number, for `{NAME}` and conditions.
    pub fn with(mut self, name: &str, value: i64) -> Self {
        Arc::make_mut(&mut self.numbers).insert(name.to_string(), value);
        self
    }

    /// A word, for `{NAME}`: SQL text spliced as it is, so only a name the
    /// engine checked, one of queens' own, or a literal `string_literal`
    /// quoted.
    pub fn with_word(mut self, name: &str, text: &str) -> Self {
        Arc::make_mut(&mut self.words).insert(name.to_string(), text.to_string());
        self
    }

    /// A list of words, for `--@for x in NAME`: queens' own names (its
    /// views, its tables), in the order they are made.
    pub fn with_list<'a>(mut self, name: &str, words: impl IntoIterator<Item = &'a str>) -> Self {
        let words = words.into_iter().map(str::to_string).collect();
        Arc::make_mut(&mut self.lists).insert(name.to_string(), words);
        self
    }

    /// A fragment of SQL, for `--@insert NAME`.
    pub fn with_fragment(mut self, name: &str, sql: &str) -> Self {
        Arc::make_mut(&mut self.fragments).insert(name.to_string(), sql.to_string());
        self
    }

    /// The parameter `{:name}` stands for the SQL expression `expr` (a
    /// column of a table joined around the template, say) instead of a
    /// value bound when the statement runs.
    pub fn binding(mut self, name: &str, expr: &str) -> Self {
        Arc::make_mut(&mut self.bound).insert(name.to_string(), expr.to_string());
        self
    }

    /// The number `name`, or `default` where the scope has none.
    pub fn number_or(&self, name: &str, default: i64) -> i64 {
        self.numbers.get(name).copied().unwrap_or(default)
    }

    fn number(&self, name: &str) -> Result<i64> {
        self.numbers
            .get(name)
            .copied()
            .with_context(|| format!("`{name}` is not in scope"))
    }
}

/// An expanded template: SQL text, and the names of the parameters it
/// takes, in the order of their placeholders (`$1` is the first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sql {
    pub text: String,
    pub params: Vec<String>,
}

/// Expands a whole template.
pub fn render(template: &str, scope: &Scope) -> Result<Sql> {
    let lines: Vec<&str> = template.lines().collect();
    let expander = Expander {
        params: RefCell::new(Vec::new()),
        dialect: scope.dialect,
    };
    let mut out = String::new();
    expander.lines(&lines, scope, &mut out)?;
    Ok(Sql {
        text: out,
        params: expander.params.into_inner(),
    })
}

/// Expands a template that is one statement and returns it without its
/// final semicolon and blanks, to run as it is or to insert as a subquery.
pub fn render_statement(template: &str, scope: &Scope) -> Result<Sql> {
    let mut sql = render(template, scope)?;
    let end = without_final_semicolon(&sql.text).len();
    sql.text.truncate(end);
    Ok(sql)
}

/// A statement without its final semicolon and the blanks around it.
pub fn without_final_semicolon(statement: &str) -> &str {
    statement.trim_end().trim_end_matches(';')
}

const FOR: &str = "--@for ";
const IF: &str = "--@if ";
const ELSE: &str = "--@else";
const END: &str = "--@end";
const INSERT: &str = "--@insert ";
const INCLUDE: &str = "--@include ";

/// A name quoted as an SQL identifier, as SQLite and PostgreSQL read it
/// back: between double quotes, each double quote doubled.
pub fn quoted_identifier(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// A text as a PostgreSQL escape string literal (`E'…'`), each backslash
/// and quote doubled: it reads alike whatever standard_conforming_strings
/// says.
pub fn string_literal(text: &str) -> String {
    format!("E'{}'", text.replace('\\', "\\\\").replace('\'', "''"))
}

/// Appends `text`'s lines to `out`, each but the empty ones after `indent`.
fn push_indented(out: &mut String, indent: &str, text: &str) {
    if indent.is_empty() {
        // Byte for byte: a user's statement keeps its carriage returns,
        // inside string literals too.
        out.push_str(text);
        if !text.is_empty() && !text.ends_with('\n') {
            out.push('\n');
        }
        return;
    }
    for text_line in text.lines() {
        if !text_line.is_empty() {
            out.push_str(indent);
        }
        out.push_str(text_line);
        out.push('\n');
    }
}

/// The state of one expansion: the parameters met so far.
struct Expander {
    params: RefCell<Vec<String>>,
    dialect: Dialect,
}

impl Expander {
    fn lines(&self, lines: &[&str], scope: &Scope, out: &mut String) -> Result<()> {
        let mut i = 0;
        while i < lines.len() {
            let line = lines[i];
            let marker = line.trim_start();
            if let Some(header) = marker.strip_prefix(FOR) {
                let (else_at, end) = block_end(lines, i)?;
                if else_at.is_some() {
                    bail!("`{ELSE}` inside `{}`", line.trim());
                }
                for each in repetitions(header, scope)? {
                    self.lines(&lines[i + 1..end], &each, out)?;
                }
                i = end + 1;
            } else if let Some(condition) = marker.strip_prefix(IF) {
                let (else_at, end) = block_end(lines, i)?;
                let (kept, other) = match else_at {
                    Some(e) => (&lines[i + 1..e], &lines[e + 1..end]),
                    None => (&lines[i + 1..end], &lines[end..end]),
                };
                let chosen = if holds(condition, scope)? {
                    kept
                } else {
                    other
                };
                self.lines(chosen, scope, out)?;
                i = end + 1;
            } else if let Some(name) = marker.strip_prefix(INSERT) {
                let fragment = scope
                    .fragments
                    .get(name.trim())
                    .with_context(|| format!("no fragment `{}` to insert", name.trim()))?;
                push_indented(out, &line[..line.len() - marker.len()], fragment);
                i += 1;
            } else if let Some(spec) = marker.strip_prefix(INCLUDE) {
                let (path, scope) = include_scope(spec, scope)?;
                let included = self.included(path, &scope)?;
                push_indented(out, &line[..line.len() - marker.len()], &included);
                i += 1;
            } else if marker.starts_with(END) || marker.starts_with(ELSE) {
                bail!("`{}` without a `{FOR}` or `{IF}`", marker.trim());
            } else {
                out.push_str(&self.line(line, scope)?);
                out.push('\n');
                i += 1;
            }
        }
        Ok(())
    }

    /// The template sql/PATH expanded in `scope`; for a folder (`facts/`),
    /// each of its numbered templates, without its final blanks, followed
    /// by a blank line.
    fn included(&self, path: &str, scope: &Scope) -> Result<String> {
        let mut included = String::new();
        if let Some(folder) = path.strip_suffix('/') {
            let templates = crate::model::sql::find_numbered(folder)
                .with_context(|| format!("no folder sql/{folder} to include"))?;
            for (_, template) in templates {
                let mut one = String::new();
                self.lines(&template.lines().collect::<Vec<_>>(), scope, &mut one)?;
                included.push_str(one.trim_end());
                included.push_str("\n\n");
            }
            return Ok(included);
        }
        let template = crate::model::sql::find(path)
            .with_context(|| format!("no template sql/{path} to include"))?;
        self.lines(&template.lines().collect::<Vec<_>>(), scope, &mut included)?;
        Ok(included)
    }

    /// Expands the inline repetitions and conditions of one line, then its
    /// substitutions.
    fn line(&self, line: &str, scope: &Scope) -> Result<String> {
        let mut out = String::new();
        let mut rest = line;
        while let Some(start) = rest.find("{{") {
            out.push_str(&self.substitute(&rest[..start], scope)?);
            let end = start
                + 2
                + inline_end(&rest[start + 2..])
                    .with_context(|| format!("`{{{{` without `}}}}` in `{line}`"))?;
            out.push_str(&self.inline(&rest[start + 2..end], scope)?);
            rest = &rest[end + 2..];
        }
        out.push_str(&self.substitute(rest, scope)?);
        Ok(out)
    }

    /// `if COND: text`, or `j in 1..k-1 sep ", ": q{j}.rw_no`.
    fn inline(&self, spec: &str, scope: &Scope) -> Result<String> {
        if let Some(conditional) = spec.strip_prefix("if ") {
            let (condition, text) = conditional
                .split_once(": ")
                .with_context(|| format!("expected `if COND: TEXT`, found `{spec}`"))?;
            return match holds(condition, scope)? {
                true => self.substitute(&text.replace("\\n", "\n"), scope),
                false => Ok(String::new()),
            };
        }
        let (header, body) = spec
            .split_once(" sep \"")
            .with_context(|| format!("expected `VAR in A..B sep \"S\": TEXT`, found `{spec}`"))?;
        let (separator, body) = body
            .split_once("\": ")
            .with_context(|| format!("expected `\": ` after the separator in `{spec}`"))?;
        let separator = separator.replace("\\n", "\n");
        let body = body.replace("\\n", "\n");
        let parts = repetitions(header, scope)?
            .iter()
            .map(|each| self.substitute(&body, each))
            .collect::<Result<Vec<_>>>()?;
        Ok(parts.join(&separator))
    }

    /// Replaces every `{expr}`, `{col:expr}` and `{:name}`.
    fn substitute(&self, text: &str, scope: &Scope) -> Result<String> {
        let mut out = String::new();
        let mut rest = text;
        while let Some(start) = rest.find('{') {
            out.push_str(&rest[..start]);
            let end = rest[start..]
                .find('}')
                .map(|e| start + e)
                .with_context(|| format!("`{{` without `}}` in `{text}`"))?;
            let inner = &rest[start + 1..end];
            if let Some(name) = inner.strip_prefix(':') {
                out.push_str(&self.parameter(name, scope));
            } else if let Some(word) = scope.words.get(inner) {
                out.push_str(word);
            } else if let Some(expr) = inner.strip_prefix("col:") {
                out.push_str(&column_label(eval(expr, scope)?)?);
            } else {
                out.push_str(&eval(inner, scope)?.to_string());
            }
            rest = &rest[end + 1..];
        }
        out.push_str(rest);
        Ok(out)
    }

    /// What `{:name}` becomes: the expression the scope binds it to, or the
    /// dialect's placeholder, the same for every use of one name.
    fn parameter(&self, name: &str, scope: &Scope) -> String {
        if let Some(expr) = scope.bound.get(name) {
            return expr.clone();
        }
        let mut params = self.params.borrow_mut();
        let number = match params.iter().position(|p| p == name) {
            Some(k) => k + 1,
            None => {
                params.push(name.to_string());
                params.len()
            }
        };
        match self.dialect {
            Dialect::Sqlite => format!(":{name}"),
            Dialect::Postgres | Dialect::Duckdb => format!("${number}"),
        }
    }
}

/// Where the block opened at `start` has its `--@else` (if any) and its
/// `--@end`.
fn block_end(lines: &[&str], start: usize) -> Result<(Option<usize>, usize)> {
    let mut depth = 0;
    let mut else_at = None;
    for (i, line) in lines.iter().enumerate().skip(start) {
        let line = line.trim_start();
        if line.starts_with(FOR) || line.starts_with(IF) {
            depth += 1;
        } else if line.starts_with(ELSE) && depth == 1 {
            else_at = Some(i);
        } else if line.starts_with(END) {
            depth -= 1;
            if depth == 0 {
                return Ok((else_at, i));
            }
        }
    }
    bail!("`{}` has no `{END}`", lines[start].trim())
}

/// `PATH` or `PATH with NAME = expr, …`: the template to include and the
/// scope it is expanded in, the including one with those numbers set (each
/// `expr` is read in the including scope).
fn include_scope<'a>(spec: &'a str, scope: &Scope) -> Result<(&'a str, Scope)> {
    let Some((path, settings)) = spec.split_once(" with ") else {
        return Ok((spec.trim(), scope.clone()));
    };
    let mut inner = scope.clone();
    for setting in settings.split(", ") {
        let (name, value) = setting
            .split_once(" = ")
            .with_context(|| format!("expected `NAME = expr` after `with`, found `{setting}`"))?;
        inner = inner.with(name.trim(), eval(value, scope)?);
    }
    Ok((path.trim(), inner))
}

/// The scopes of a repetition's rounds: `k in 2..N` gives k the numbers 2
/// to N; `view in reversed VIEWS` gives view the words of the list VIEWS,
/// last first.
fn repetitions(header: &str, scope: &Scope) -> Result<Vec<Scope>> {
    let (var, range) = header
        .split_once(" in ")
        .with_context(|| format!("expected `VAR in A..B` or `VAR in LIST`, found `{header}`"))?;
    let var = var.trim();
    if let Some((from, to)) = range.split_once("..") {
        let numbers = eval(from, scope)?..=eval(to, scope)?;
        return Ok(numbers.map(|k| scope.clone().with(var, k)).collect());
    }
    let (reversed, name) = match range.trim().strip_prefix("reversed ") {
        Some(name) => (true, name.trim()),
        None => (false, range.trim()),
    };
    let mut words = scope
        .lists
        .get(name)
        .with_context(|| format!("expected a range `A..B` or a list in scope, found `{range}`"))?
        .clone();
    if reversed {
        words.reverse();
    }
    Ok(words
        .iter()
        .map(|word| scope.clone().with_word(var, word))
        .collect())
}

/// `k > 2`: a comparison of two expressions with <, <=, =, >= or >; or a
/// single name, which holds when it is not 0; or several of these joined
/// by `and`.
fn holds(condition: &str, scope: &Scope) -> Result<bool> {
    if condition.contains(" and ") {
        for part in condition.split(" and ") {
            if !holds(part, scope)? {
                return Ok(false);
            }
        }
        return Ok(true);
    }
    for (op, test) in [
        (">=", i64::ge as fn(&i64, &i64) -> bool),
        ("<=", i64::le),
        (">", i64::gt),
        ("<", i64::lt),
        ("=", i64::eq),
    ] {
        if let Some((left, right)) = condition.split_once(op) {
            return Ok(test(&eval(left, scope)?, &eval(right, scope)?));
        }
    }
    let name = condition.trim();
    if name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && !name.is_empty() {
        return Ok(scope.number(name)? != 0);
    }
    bail!("expected a comparison such as `k > 2`, or a name, found `{condition}`")
}

/// Where the `}}` that closes an inline block starts, skipping the `{…}`
/// substitutions inside it.
fn inline_end(text: &str) -> Option<usize> {
    let mut depth = 0;
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'{' => depth += 1,
            b'}' if depth > 0 => depth -= 1,
            b'}' if bytes.get(i + 1) == Some(&b'}') => return Some(i),
            _ => {}
        }
    }
    None
}

/// Evaluates `a`, `k-1`, `N+1`, `3`, `4*N-4*k`: terms joined by `+` and
/// `-`, each a product of numbers and names.
fn eval(expr: &str, scope: &Scope) -> Result<i64> {
    let expr = expr.replace(' ', "");
    let mut total = 0;
    let mut sign = 1;
    let mut term = String::new();
    for c in expr.chars().chain(std::iter::once('+')) {
        if c == '+' || c == '-' {
            if term.is_empty() {
                bail!("malformed expression `{expr}`");
            }
            total += sign * term_value(&term, scope)?;
            term.clear();
            sign = if c == '+' { 1 } else { -1 };
        } else {
            term.push(c);
        }
    }
    Ok(total)
}

/// A product of factors: `4*k`, `N`, `3`.
fn term_value(term: &str, scope: &Scope) -> Result<i64> {
    if let Some((left, right)) = term.split_once('*') {
        return Ok(factor_value(left, scope)? * term_value(right, scope)?);
    }
    factor_value(term, scope)
}

fn factor_value(term: &str, scope: &Scope) -> Result<i64> {
    match term.parse::<i64>() {
        Ok(number) => Ok(number),
        Err(_) => scope.number(term),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scope() -> Scope {
        Scope::default().with("N", 3)
    }

    fn text(template: &str, scope: &Scope) -> String {
        render(template, scope).unwrap().text
    }

    #[test]
    fn substitutes_numbers_sums_and_column_letters() {
        let out = text("q{N}, q{N-1}, {col:N}, {N+10}", &scope());
        assert_eq!(out, "q3, q2, c, 13\n");
    }

    #[test]
    fn repeats_inline_with_separator() {
        let out = text("({{j in 1..N sep \" | \": q{j}.w}})", &scope());
        assert_eq!(out, "(q1.w | q2.w | q3.w)\n");
    }

    #[test]
    fn repeated_text_may_start_new_lines() {
        let out = text("a{{j in 2..N sep \"\": ,\\n  q{j}}}", &scope());
        assert_eq!(out, "a,\n  q2,\n  q3\n");
    }

    #[test]
    fn nested_blocks_see_outer_variables() {
        let template = "--@for k in 2..N\n--@for w in 0..1\nq{k}.w{w} ({{j in 1..k-1 sep \",\": {j}}})\n--@end\n--@end\nend";
        let out = text(template, &scope());
        assert_eq!(out, "q2.w0 (1)\nq2.w1 (1)\nq3.w0 (1,2)\nq3.w1 (1,2)\nend\n");
    }

    #[test]
    fn conditions_keep_or_drop_lines() {
        let template = "--@for k in 1..N\n--@if k >= 2\nq{k}\n--@end\n--@end";
        assert_eq!(text(template, &scope()), "q2\nq3\n");
        assert_eq!(text("--@if N = 3\nthree\n--@end", &scope()), "three\n");
        assert_eq!(text("--@if N < 3\nless\n--@end", &scope()), "");
        assert!(render("--@if N +\nx\n--@end", &scope()).is_err());
    }

    #[test]
    fn else_takes_the_other_lines() {
        let template = "--@if N > 5\nbig\n--@else\nsmall\n--@end\nend";
        assert_eq!(text(template, &scope()), "small\nend\n");
        assert_eq!(text(template, &scope().with("N", 6)), "big\nend\n");
    }

    #[test]
    fn the_dialect_is_a_name_in_scope() {
        let template = "--@if POSTGRES\npg\n--@else\nlite\n--@end\nx{{if SQLITE: without rowid}};";
        assert_eq!(text(template, &scope()), "lite\nxwithout rowid;\n");
        let postgres = scope().with_dialect(Dialect::Postgres);
        assert_eq!(text(template, &postgres), "pg\nx;\n");
    }

    #[test]
    fn an_included_template_is_expanded_in_the_same_scope_and_numbering() {
        let template = "select {:k}\n  --@include queries/given_squares.sql\nnope";
        let postgres = render(template, &scope().with_dialect(Dialect::Postgres)).unwrap();
        assert!(
            postgres.text.contains(
                "\n  select value as name from json_array_elements_text(cast(cast($2 as text)"
            ),
            "{}",
            postgres.text
        );
        assert_eq!(postgres.params, ["k", "squares"]);
        let sqlite = render(template, &scope()).unwrap();
        assert!(
            sqlite
                .text
                .contains("\n  with recursive part (name, rest) as ("),
            "{}",
            sqlite.text
        );
        assert!(render("--@include queries/missing.sql", &scope()).is_err());
    }

    #[test]
    fn an_include_may_set_numbers_for_the_included_template_alone() {
        let base = scope()
            .with("N", 8)
            .with("W", 1)
            .with("CUT", 5)
            .with("PART", 0)
            .with("THIRD", 0)
            .with("AFTER", 0)
            .with("ORDERED", 1);
        let plain = text("--@include views/3-solution.sql\n{PART}", &base);
        assert!(plain.starts_with("create view solution"), "{plain}");
        let part = text(
            "--@include views/3-solution.sql with PART = 1, THIRD = N - 7\n{PART}",
            &base,
        );
        assert!(!part.contains("create view"), "{part}");
        assert!(part.contains("and q3.square = :s3"), "{part}");
        assert!(
            part.ends_with(";\n0\n"),
            "the including scope is left as it was: {part}"
        );
        assert!(render("--@include views/3-solution.sql with PART 1", &base).is_err());
    }

    #[test]
    fn parameters_become_the_dialect_s_placeholders() {
        let template = "where a = {:k} and b = {:squares} and c = {:k} -- x::int stays";
        let sqlite = render(template, &scope()).unwrap();
        assert_eq!(
            sqlite.text,
            "where a = :k and b = :squares and c = :k -- x::int stays\n"
        );
        let postgres = render(template, &scope().with_dialect(Dialect::Postgres)).unwrap();
        assert_eq!(
            postgres.text,
            "where a = $1 and b = $2 and c = $1 -- x::int stays\n"
        );
        assert_eq!(postgres.params, ["k", "squares"]);
    }

    #[test]
    fn a_parameter_may_be_bound_to_an_expression() {
        let bound = scope().binding("s1", "p.s1");
        let sql = render("q1.square = {:s1} and q2.square = {:s2}", &bound).unwrap();
        assert_eq!(sql.text, "q1.square = p.s1 and q2.square = :s2\n");
        assert_eq!(sql.params, ["s2"]);
    }

    #[test]
    fn fragments_are_inserted_indented() {
        let with = scope().with_fragment("PART", "select 1\nfrom t\n");
        let out = text("from (\n    --@insert PART\n) as p", &with);
        assert_eq!(out, "from (\n    select 1\n    from t\n) as p\n");
        assert!(render("--@insert MISSING", &scope()).is_err());
    }

    #[test]
    fn a_fragment_inserted_unindented_keeps_every_byte() {
        // A user's statement (queens query on PostgreSQL): its carriage
        // returns and its braces are its own, inside literals too.
        let statement = "select 'a\r\nb', '{N}' -- {{if N: x}}";
        let with = scope().with_fragment("STATEMENT", statement);
        let out = text("from (\n--@insert STATEMENT\n) as q", &with);
        assert_eq!(out, format!("from (\n{statement}\n) as q\n"));
    }

    #[test]
    fn a_statement_loses_its_final_semicolon() {
        let sql = render_statement("select {N};\n\n", &scope()).unwrap();
        assert_eq!(sql.text, "select 3");
    }

    #[test]
    fn words_and_lists_of_words() {
        let with = scope()
            .with_word("SCHEMA", "queens")
            .with_list("VIEWS", ["a", "b", "c"]);
        let template = "--@for v in reversed VIEWS\ndrop view {SCHEMA}.{v};\n--@end\n{{v in VIEWS sep \", \": {v}}}";
        let out = text(template, &with);
        assert_eq!(
            out,
            "drop view queens.c;\ndrop view queens.b;\ndrop view queens.a;\na, b, c\n"
        );
        assert!(render("--@for v in TABLES\nx\n--@end", &with).is_err());
    }

    #[test]
    fn a_folder_includes_its_numbered_templates_in_order() {
        let facts =
            crate::model::schema::shaped_facts(scope(), &crate::model::board::Board::square(8));
        let out = text("--@include facts/", &facts);
        let col = out.find("insert into col_lbl").unwrap();
        let row = out.find("insert into row_lbl").unwrap();
        assert!(col < row, "{out}");
        assert!(out.ends_with(";\n\n"), "{out}");
        assert!(render("--@include nothing/", &scope()).is_err());
    }

    #[test]
    fn a_string_literal_reads_alike_however_backslashes_are_read() {
        assert_eq!(string_literal(r"it's a\b"), r"E'it''s a\\b'");
    }

    #[test]
    fn products_and_joined_conditions() {
        let template = "--@if N = 3 and SQLITE and N < 4\n{4*N-2*N+1}\n--@end\n--@if N = 3 and POSTGRES\nno\n--@end";
        assert_eq!(text(template, &scope()).trim(), "7");
    }

    #[test]
    fn empty_ranges_repeat_nothing() {
        let out = text(
            "--@for k in 2..1\nnever\n--@end\n[{{j in 1..0 sep \",\": x}}]",
            &scope(),
        );
        assert_eq!(out, "[]\n");
    }

    #[test]
    fn unknown_names_and_unbalanced_blocks_are_errors() {
        assert!(render("{M}", &scope()).is_err());
        assert!(render("--@if M\nx\n--@end", &scope()).is_err());
        assert!(render("--@for k in 1..N\nx", &scope()).is_err());
        assert!(render("--@end", &scope()).is_err());
        assert!(render("--@else", &scope()).is_err());
    }
}
