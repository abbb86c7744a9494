//! Expands the SQL templates of `sql/` and `migrations/` for one board and
//! one engine, with minijinja (a maintained Jinja engine). Every splice of
//! SQL happens here, from names the scope gives; a name the scope lacks is
//! an error, never an empty splice (`UndefinedBehavior::Strict`).
//!
//! The notation is Jinja's, described in `sql/README.md`: `{{ k - 1 }}`,
//! `{% if … %}`, statements on lines of their own after `--@`
//! (`--@ for k in range(2, N + 1)` … `--@ endfor`), comments that only the
//! template's reader sees after `--#`, `include`, `with`, macros of
//! another template imported by name (`from … import`), the `indent`
//! filter. This module adds three functions: `param("name")`,
//! a parameter (the dialect's placeholder, or the SQL expression the scope
//! binds it to), `col(k)`, a column's letter, and `numbered("facts")`, the
//! numbered templates of a folder of sql/, in order.

use std::collections::BTreeMap;
use std::sync::{Arc, LazyLock, Mutex};

use anyhow::{Result, anyhow};
use minijinja::syntax::SyntaxConfig;
use minijinja::value::{Object, Value};
use minijinja::{AutoEscape, Environment, Error, ErrorKind, State, UndefinedBehavior};

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
    // Shared until changed (`Arc::make_mut`): most of a scope is the same
    // for every template a caller expands.
    values: Arc<BTreeMap<String, Value>>,
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
            values: Arc::default(),
            bound: Arc::default(),
            dialect,
        }
        .with_dialect(dialect)
    }

    /// The dialect the scope's SQL is for.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The same scope, for SQL of `dialect`: `SQLITE`, `POSTGRES` and
    /// `DUCKDB` are 1 for it and 0 for the others, and the word `DIV` is
    /// its integer division.
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

    fn with_value(mut self, name: &str, value: Value) -> Self {
        Arc::make_mut(&mut self.values).insert(name.to_string(), value);
        self
    }

    /// A number, for `{{ NAME }}` and conditions.
    pub fn with(self, name: &str, value: i64) -> Self {
        self.with_value(name, Value::from(value))
    }

    /// A word, for `{{ NAME }}`: SQL text spliced as it is, so only a name
    /// the engine checked, one of queens' own, or a literal
    /// `string_literal` quoted.
    pub fn with_word(self, name: &str, text: &str) -> Self {
        self.with_value(name, Value::from(text))
    }

    /// A list of words, for `--@ for x in NAME`: queens' own names (its
    /// views, its tables), in the order they are made.
    pub fn with_list<'a>(self, name: &str, words: impl IntoIterator<Item = &'a str>) -> Self {
        let words: Vec<Value> = words.into_iter().map(Value::from).collect();
        self.with_value(name, Value::from(words))
    }

    /// A fragment of SQL, for `{{ NAME }}` on a line of its own (or
    /// `{{ NAME | indent(8) }}` after 8 spaces): its lines end where the
    /// line of the template does, so the fragment's own final newline is
    /// left out.
    pub fn with_fragment(self, name: &str, sql: &str) -> Self {
        let sql = sql.strip_suffix('\n').unwrap_or(sql);
        self.with_value(name, Value::from(sql))
    }

    /// The parameter `param("name")` stands for the SQL expression `expr`
    /// (a column of a table joined around the template, say) instead of a
    /// value bound when the statement runs.
    pub fn binding(mut self, name: &str, expr: &str) -> Self {
        Arc::make_mut(&mut self.bound).insert(name.to_string(), expr.to_string());
        self
    }

    /// The number `name`, or `default` where the scope has none.
    pub fn number_or(&self, name: &str, default: i64) -> i64 {
        (self.values.get(name))
            .and_then(|value| i64::try_from(value.clone()).ok())
            .unwrap_or(default)
    }
}

/// An expanded template: SQL text, and the names of the parameters it
/// takes, in the order of their placeholders (`$1` is the first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sql {
    pub text: String,
    pub params: Vec<String>,
}

/// The name under which an expansion's placeholders are in its context.
const PLACEHOLDERS: &str = "__placeholders";

/// The parameters of one expansion: the dialect's placeholders, numbered
/// in the order they are first met across its includes, and those the
/// scope binds to SQL expressions.
#[derive(Debug)]
struct Placeholders {
    dialect: Dialect,
    bound: Arc<BTreeMap<String, String>>,
    met: Mutex<Vec<String>>,
}

impl Object for Placeholders {}

impl Placeholders {
    /// What `param(name)` becomes: the expression the scope binds it to,
    /// or the dialect's placeholder, the same for every use of one name.
    fn placeholder(&self, name: &str) -> String {
        if let Some(expr) = self.bound.get(name) {
            return expr.clone();
        }
        let mut met = self
            .met
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let number = match met.iter().position(|p| p == name) {
            Some(k) => k + 1,
            None => {
                met.push(name.to_string());
                met.len()
            }
        };
        match self.dialect {
            Dialect::Sqlite => format!(":{name}"),
            Dialect::Postgres | Dialect::Duckdb => format!("${number}"),
        }
    }
}

/// `param("name")`: the parameter's placeholder in this expansion.
fn param(state: &State, name: &str) -> Result<String, Error> {
    let placeholders = state.lookup(PLACEHOLDERS);
    let placeholders = (placeholders.as_ref())
        .and_then(Value::downcast_object_ref::<Placeholders>)
        .ok_or_else(|| Error::new(ErrorKind::InvalidOperation, "no parameters here"))?;
    Ok(placeholders.placeholder(name))
}

/// `range(from, to)`: the numbers from `from` up to `to`, `to` left out,
/// as Jinja's, but with both ends given and numbers: a name the scope
/// lacks is an error here too, not an empty end.
fn range(from: i64, to: i64) -> Vec<i64> {
    (from..to).collect()
}

/// `col(k)`: the letter of the k-th column (3 → `c`).
fn col(number: i64) -> Result<String, Error> {
    column_label(number).map_err(|e| Error::new(ErrorKind::InvalidOperation, e.to_string()))
}

/// `numbered("facts")`: the paths of the numbered templates of sql/facts,
/// in order, to include one after another.
fn numbered(folder: &str) -> Result<Vec<String>, Error> {
    crate::model::sql::find_numbered_paths(folder).ok_or_else(|| {
        Error::new(
            ErrorKind::TemplateNotFound,
            format!("no folder sql/{folder} to include"),
        )
    })
}

/// The engine: Jinja with statements on lines of their own after `--@`,
/// comments for the template's reader alone after `--#`,
/// every undefined name an error, templates included by their path under
/// sql/, nothing escaped (the text is SQL, not HTML).
static ENGINE: LazyLock<Environment<'static>> = LazyLock::new(|| {
    let mut engine = Environment::new();
    let syntax = SyntaxConfig::builder()
        .line_statement_prefix("--@")
        .line_comment_prefix("--#")
        .build()
        .expect("`--@` and `--#` are valid line prefixes");
    engine.set_syntax(syntax);
    engine.set_undefined_behavior(UndefinedBehavior::Strict);
    engine.set_keep_trailing_newline(true);
    engine.set_auto_escape_callback(|_| AutoEscape::None);
    engine.set_loader(|path| Ok(crate::model::sql::find(path).map(str::to_string)));
    engine.add_function("param", param);
    engine.add_function("range", range);
    engine.add_function("col", col);
    engine.add_function("numbered", numbered);
    engine
});

/// Expands a whole template. Each of its lines ends with a newline.
pub fn render(template: &str, scope: &Scope) -> Result<Sql> {
    let placeholders = Arc::new(Placeholders {
        dialect: scope.dialect,
        bound: scope.bound.clone(),
        met: Mutex::new(Vec::new()),
    });
    let mut context = (*scope.values).clone();
    context.insert(
        PLACEHOLDERS.to_string(),
        Value::from_dyn_object(placeholders.clone()),
    );
    // A file of sql/ is compiled once, by its path (the engine keeps what
    // its loader loads); any other text each time it is expanded.
    let rendered = match crate::model::sql::path_of(template) {
        Some(path) => ENGINE
            .get_template(path)
            .and_then(|compiled| compiled.render(Value::from(context))),
        None => ENGINE.render_str(template, Value::from(context)),
    };
    let mut text = rendered.map_err(|e| anyhow!("{e:#}"))?;
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    let params = std::mem::take(
        &mut *placeholders
            .met
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner),
    );
    Ok(Sql { text, params })
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
        let out = text(
            "q{{ N }}, q{{ N - 1 }}, {{ col(N) }}, {{ N + 10 }}",
            &scope(),
        );
        assert_eq!(out, "q3, q2, c, 13\n");
    }

    #[test]
    fn line_statements_leave_no_line_behind() {
        let template = "--@ for k in range(2, N + 1)\n  --@ if k >= 3\nq{{ k }}\n  --@ endif\n--@ endfor\nend\n";
        assert_eq!(text(template, &scope()), "q3\nend\n");
    }

    #[test]
    fn the_dialect_is_a_name_in_scope() {
        let template = "--@ if POSTGRES\npg\n--@ else\nlite\n--@ endif\nx{% if SQLITE %} without rowid{% endif %};";
        assert_eq!(text(template, &scope()), "lite\nx without rowid;\n");
        let postgres = scope().with_dialect(Dialect::Postgres);
        assert_eq!(text(template, &postgres), "pg\nx;\n");
    }

    #[test]
    fn an_included_template_is_expanded_in_the_same_scope_and_numbering() {
        let template = "select {{ param(\"k\") }}\n  {% filter indent(2) %}{% include \"queries/given_squares.sql\" %}{% endfilter %}\nnope";
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
        assert!(render("--@ include \"queries/missing.sql\"", &scope()).is_err());
    }

    #[test]
    fn a_macro_of_another_template_is_imported_by_name_and_leaves_no_line() {
        let template = "--@ from \"queries/line_order.sql\" import line_before\n      and {{ line_before(\"a\", \"b\") }}";
        let out = text(template, &scope());
        assert!(
            out.starts_with("      and (case a.mov_dir when 'RGHT' then 1"),
            "{out}"
        );
        assert!(
            out.ends_with("\n           b.mov_dir, b.anchor)\n"),
            "{out}"
        );
        assert_eq!(out.lines().count(), 4, "{out}");
    }

    #[test]
    fn parameters_become_the_dialect_s_placeholders() {
        let template = "where a = {{ param(\"k\") }} and b = {{ param(\"squares\") }} and c = {{ param(\"k\") }} -- x::int stays";
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
        let sql = render(
            "q1.square = {{ param(\"s1\") }} and q2.square = {{ param(\"s2\") }}",
            &bound,
        )
        .unwrap();
        assert_eq!(sql.text, "q1.square = p.s1 and q2.square = :s2\n");
        assert_eq!(sql.params, ["s2"]);
    }

    #[test]
    fn fragments_are_inserted_indented() {
        let with = scope().with_fragment("PART", "select 1\nfrom t\n");
        let out = text("from (\n    {{ PART | indent(4) }}\n) as p", &with);
        assert_eq!(out, "from (\n    select 1\n    from t\n) as p\n");
        assert!(render("{{ MISSING }}", &scope()).is_err());
    }

    #[test]
    fn a_fragment_inserted_unindented_keeps_every_byte() {
        // A user's statement (queens query on PostgreSQL): its carriage
        // returns and its braces are its own, inside literals too.
        let statement = "select 'a\r\nb', '{N}' -- {{ N }} {% if N %}";
        let with = scope().with_fragment("STATEMENT", statement);
        let out = text("from (\n{{ STATEMENT }}\n) as q", &with);
        assert_eq!(out, format!("from (\n{statement}\n) as q\n"));
    }

    #[test]
    fn a_statement_loses_its_final_semicolon() {
        let sql = render_statement("select {{ N }};\n\n", &scope()).unwrap();
        assert_eq!(sql.text, "select 3");
    }

    #[test]
    fn words_and_lists_of_words() {
        let with = scope()
            .with_word("SCHEMA", "queens")
            .with_list("VIEWS", ["a", "b", "c"]);
        let template = "--@ for v in VIEWS | reverse\ndrop view {{ SCHEMA }}.{{ v }};\n--@ endfor\n{{ VIEWS | join(\", \") }}";
        let out = text(template, &with);
        assert_eq!(
            out,
            "drop view queens.c;\ndrop view queens.b;\ndrop view queens.a;\na, b, c\n"
        );
        assert!(render("--@ for v in TABLES\nx\n--@ endfor", &with).is_err());
    }

    #[test]
    fn a_folder_s_numbered_templates_come_in_their_numbers_order() {
        let facts =
            crate::model::schema::shaped_facts(scope(), &crate::model::board::Board::square(8));
        let template = "--@ for template in numbered(\"facts\")\n{% filter trim %}{% include template %}{% endfilter %}\n\n--@ endfor\n";
        let out = text(template, &facts);
        let col = out.find("insert into col_lbl").unwrap();
        let row = out.find("insert into row_lbl").unwrap();
        let safe = out.find("insert into safe_next").unwrap();
        assert!(col < row && row < safe, "{out}");
        assert!(out.ends_with(";\n\n"), "{out}");
        assert!(render("{{ numbered(\"nothing\") }}", &scope()).is_err());
    }

    #[test]
    fn a_string_literal_reads_alike_however_backslashes_are_read() {
        assert_eq!(string_literal(r"it's a\b"), r"E'it''s a\\b'");
    }

    #[test]
    fn unknown_names_and_unbalanced_blocks_are_errors() {
        assert!(render("{{ M }}", &scope()).is_err());
        assert!(render("--@ if M\nx\n--@ endif", &scope()).is_err());
        assert!(render("--@ for k in range(1, M)\nx\n--@ endfor", &scope()).is_err());
        assert!(render("{{ col(M) }}", &scope()).is_err());
        assert!(render("{{ N - M }}", &scope()).is_err());
        assert!(render("{{ param(M) }}", &scope()).is_err());
        assert!(render("--@ for k in range(1, N)\nx", &scope()).is_err());
        assert!(render("--@ endif", &scope()).is_err());
        assert!(render("--@ else", &scope()).is_err());
    }
}
