//! The project's own database objects as the SQL files define them: the
//! versioned tables (`migrations/`), the facts derived from the board size
//! (`sql/facts/`), the views expanded for that size (`sql/views/`) and the
//! table of stored solutions (`sql/tables/`). This module says what they
//! are and expands them for a board and a dialect; running them is the
//! engines' business.

use std::sync::LazyLock;

use anyhow::{Context, Result, bail};
use sha2::{Digest, Sha256};

use crate::model::board::Board;
use crate::model::hex::hex;
use crate::model::reading::Comment;
use crate::model::sql;
use crate::model::template::{self, Dialect, Scope, Sql};

/// The fact population scripts, named by the table each fills, in the
/// order their foreign keys need (the files' numbers).
static FACTS: LazyLock<Vec<(&'static str, &'static str)>> =
    LazyLock::new(|| sql::numbered("facts"));

/// The view templates, named by their view, each after the views it reads.
static VIEWS: LazyLock<Vec<(&'static str, &'static str)>> =
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

/// The number of 64-bit words of line_set and safe_next: 1,024 lines.
pub const LINE_SET_WORDS: i64 = crate::model::board::LINES_HELD / 64;

pub use crate::model::board::{knight_lines, line_count};

/// `scope` with the shape of `board`, for the facts and for the words the
/// search tests (`board_scope`): ROWS, a rectangle's rows (0 on a square
/// board), TORUS and SUPERQUEENS, 1 or 0, and the list HOLES, the holes'
/// names (squares `Board` checked), and HOLED, 1 where there are any.
pub fn with_shape(scope: Scope, board: &Board) -> Scope {
    let holes: Vec<String> = board.holes.iter().map(|h| h.name()).collect();
    scope
        .with("ROWS", board.stored_rows())
        .with("TORUS", board.torus.into())
        .with("SUPERQUEENS", board.superqueens.into())
        .with("HOLED", (!board.holes.is_empty()).into())
        .with_list("HOLES", holes.iter().map(String::as_str))
}

/// The fact population scripts of `board` (its size is board_size's) for
/// `dialect`, by table, in order.
pub fn fact_sql(board: &Board, dialect: Dialect) -> Result<Vec<(&'static str, String)>> {
    let scope = shaped_facts(Scope::for_dialect(dialect), board);
    FACTS
        .iter()
        .map(|(table, text)| {
            let sql = template::render(text, &scope)
                .with_context(|| format!("could not expand the facts of {table}"))?;
            Ok((*table, sql.text))
        })
        .collect()
}

/// The number of 64-bit words that a line set of an `n`×`n` board needs:
/// the board has 6n − 2 lines (n rows, n columns, 2n − 1 diagonals each way).
pub fn line_set_words(n: u8) -> i64 {
    (6 * u64::from(n) - 2).div_ceil(64) as i64
}

/// The number of words of a line set the search tests: those holding the
/// lines two queens of the search could share. line_set numbers the others
/// last (sql/facts/09-line_set.sql): the columns, which the search never
/// shares since it places one queen per column, and the lines of one
/// square (the corners' diagonals), which no two queens can share. On the
/// plain board of `n` columns and `rows` rows they are the rows and the
/// diagonals of two squares or more, 3·rows + 2n − 6 (5n − 6 on a square
/// board: one up to 14×14 needs one word instead of two); on a torus,
/// whose lines are cycles of n squares, the n rows and 2n diagonals; and a
/// superqueens board adds a line for each knight's move (`knight_lines`).
pub fn search_words(n: u8, rows: u8, torus: bool, superqueens: bool) -> i64 {
    let (n, r) = (i64::from(n), i64::from(rows));
    let queens = if torus {
        3 * n
    } else {
        (3 * r + 2 * n - 6).max(0)
    };
    let knights = if superqueens {
        knight_lines(n as u8, rows, torus)
    } else {
        0
    };
    ((queens + knights).max(1) as u64).div_ceil(64) as i64
}

/// How many queens the solution view places before it works out the lines
/// they cover, U_k, once for each placement (see sql/views/03-solution.sql).
/// About half the board: cutting after column N/2 + 1 was as fast as any
/// other single cut and faster than most (docs/src/explanation/fast.md,
/// "Carrying the covered lines forward").
pub fn placed_first(n: u8) -> i64 {
    (i64::from(n) / 2 + 1).min(n.into())
}

/// How many rows the numbered views and solution_class give from the first
/// solutions alone, at once, before the rows that wait for the whole search
/// (sql/views/05-numbered_solution.sql): one number for both views, since
/// solution_class's first part reads numbered_solution's.
pub const FIRST_ROWS: i64 = 200;

/// Whether a board of `n` columns and `rows` rows can have more solutions
/// than the views' first part holds, so that they need a second: a square
/// board from 9×9 on (A000170: 92 solutions on 8×8, 352 on 9×9, and more
/// on every larger board; a torus, holes or knights only take solutions
/// away); a rectangle where its queens can stand on more than that many
/// lists of distinct rows, rows · (rows − 1) · … (n factors).
pub fn views_in_two_parts(n: u8, rows: u8) -> bool {
    if rows == n {
        return n >= 9;
    }
    let distinct_rows =
        (0..u64::from(n)).try_fold(1u64, |ways, k| ways.checked_mul(u64::from(rows) - k));
    distinct_rows.is_none_or(|ways| ways > FIRST_ROWS as u64)
}

/// Whether solution_class is written in two parts on an `n`×`n` board:
/// from 11×11 on. Up to 10×10 its every row takes a tenth of a second or
/// less in one part, and a second part, which compares images again and
/// doubles the statement SQLite prepares, would only add to that
/// (docs/src/explanation/fast.md, "The numbered views in two parts").
pub fn classes_in_two_parts(n: u8) -> bool {
    n >= 11
}

/// The numbers the templates need for an `n`×`n` board: the size, the
/// words of a line set, where the search carries U_k forward, how many
/// rows the views give from the first solutions alone and whether they
/// need a second part, and whether the solution view is expanded as one
/// part of the search.
fn board_scope(n: u8, scope: Scope) -> Scope {
    // The plain board's, where the scope has no shape (`with_shape`).
    let torus = scope.number_or("TORUS", 0);
    let superqueens = scope.number_or("SUPERQUEENS", 0);
    let holed = scope.number_or("HOLED", 0);
    let rows = match scope.number_or("ROWS", 0) {
        0 => n,
        r => u8::try_from(r).unwrap_or(n),
    };
    let split = views_in_two_parts(n, rows);
    scope
        .with("TORUS", torus)
        .with("SUPERQUEENS", superqueens)
        .with("HOLED", holed)
        .with("N", n.into())
        .with("ROWS", rows.into())
        .with("RECT", (rows != n).into())
        .with("W", search_words(n, rows, torus != 0, superqueens != 0))
        // (The second part's search needs a queen after `placed`.)
        .with("CUT", placed_first(n).min(i64::from(n) - i64::from(split)))
        .with("FIRST", FIRST_ROWS)
        .with("SPLIT", split.into())
        .with("CLASS_SPLIT", classes_in_two_parts(n).into())
        .with("PART", 0)
        .with("THIRD", 0)
        .with("AFTER", 0)
        .with("ORDERED", 1)
        .with("LEFT", i64::from(n.div_ceil(2)))
        // whether each half of DuckDB's search starts with two columns
        // (an even number of them), so that the rest go two at a time
        .with("LEFT_PAIR", i64::from(n.div_ceil(2).is_multiple_of(2)))
        .with("RIGHT_PAIR", i64::from((n / 2).is_multiple_of(2)))
        .with("ONES", hexadecimal_ones(n))
}

/// 0x11…1, a hexadecimal 1 for each of `n` queens (0 where that passes 64
/// bits): a path minus each digit from N + 1 is the mirror image's path.
fn hexadecimal_ones(n: u8) -> i64 {
    (0..u32::from(n))
        .try_fold(0i64, |ones, k| ones.checked_add(16i64.checked_pow(k)?))
        .unwrap_or(0)
}

/// One part of the search for an `n`×`n` board (`n` ≥ 4): the solution
/// view's select with the first two queens fixed on the squares `param("s1")` and
/// `param("s2")`, inside the step that carries the covered lines forward (a
/// condition on the view's columns would not reach in there). `scope` gives
/// the dialect, and may bind the two squares to columns of a query around
/// it (a Citus part's).
pub fn part_search(n: u8, scope: Scope) -> Result<Sql> {
    piece_search(n, scope, false)
}

/// As `part_search`, or, `by_three`, with the third queen fixed on `param("s3")`
/// too (the parts of partition3.sql, smaller ones).
pub fn piece_search(n: u8, scope: Scope, by_three: bool) -> Result<Sql> {
    template::render_statement(
        sql::file("views/03-solution.sql"),
        &board_scope(n, scope)
            .with("PART", 1)
            .with("THIRD", by_three.into()),
    )
    .context("could not expand the template of a part of the search")
}

/// How one part of the search is counted: the statements that build what
/// the count reads first on each connection (`prepare`, SQLite's
/// last_queens), if any, the count itself, whose parameters are the part's
/// squares, `s1` and `s2`, whether that count weighs the part's solutions
/// by the board's symmetries itself (`weighed`), or is to be multiplied by
/// the part's weight (partition.sql), and the parts it counts where they
/// are not partition.sql's (`parts`, read on a connection that counts).
pub struct PartCount {
    pub prepare: Option<String>,
    pub count: Sql,
    pub weighed: bool,
    pub parts: Option<Sql>,
}

/// The number of solutions of one part of the search for an `n`×`n` board,
/// for the dialect of `scope`. On SQLite, from 10×10 on, each placement of
/// the first queens looks up the ways to end it in last_queens, which the
/// count builds once (`sql/queries/part_count_by_last_queens.sql`, weighed
/// by two symmetries; on a board with holes, on the whole board, whose
/// parts and tables the count builds too, `whole_board.sql`); elsewhere it
/// is `sql/queries/part_count.sql` around `part_search`, unsorted, to be
/// multiplied by the part's weight.
pub fn part_count(n: u8, scope: Scope) -> Result<PartCount> {
    // (The lookup asks for the rows the first queens leave free: a
    // rectangle's queens leave rows free, so it counts part by part.)
    let rows = scope.number_or("ROWS", 0);
    let square = rows == 0 || rows == i64::from(n);
    if let Some(from) = last_queens_from(n).filter(|_| scope.dialect() == Dialect::Sqlite && square)
    {
        return part_count_by_last_queens(board_scope(n, scope).with("FROM", from.into()));
    }
    // A count needs no order: the completions are not sorted.
    let part = template::render_statement(
        sql::file("views/03-solution.sql"),
        &board_scope(n, scope.clone())
            .with("PART", 1)
            .with("ORDERED", 0),
    )
    .context("could not expand the template of a part of the search")?;
    let count = query(
        "queries/part_count.sql",
        n,
        scope.with_fragment("PART_SEARCH", &part.text),
    )?;
    Ok(PartCount {
        prepare: None,
        count: Sql {
            text: count.text,
            params: part.params,
        },
        weighed: false,
        parts: None,
    })
}

/// The count of a part by last_queens, in `scope` (a board's, with FROM):
/// on the board's line_set and safe_next, or, on a board with holes, on
/// the whole board's, which the count builds first with last_queens.
fn part_count_by_last_queens(scope: Scope) -> Result<PartCount> {
    let tables = |schema: &str, whole: bool| {
        let (line_set, safe_next) = if whole {
            (
                format!("{schema}.whole_line_set"),
                format!("{schema}.whole_safe_next"),
            )
        } else {
            ("line_set".to_string(), "safe_next".to_string())
        };
        scope
            .clone()
            .with_word("LINE_SET", &line_set)
            .with_word("SAFE_NEXT", &safe_next)
    };
    let holed = scope.number_or("HOLED", 0) != 0;
    let mut prepare = if holed {
        whole_board(tables("temp", true))?
    } else {
        String::new()
    };
    prepare += &query_in("queries/last_queens.sql", &tables("temp", holed))?.text;
    let count = template::render_statement(
        sql::file("queries/part_count_by_last_queens.sql"),
        &tables("queens_count", holed),
    )
    .context("could not expand sql/queries/part_count_by_last_queens.sql")?;
    let parts = if holed {
        Some(template::render_statement(
            sql::file("queries/whole_board_parts.sql"),
            &scope,
        )?)
    } else {
        None
    };
    Ok(PartCount {
        prepare: Some(prepare),
        count,
        weighed: true,
        parts,
    })
}

/// The script that builds the whole board's line_set and safe_next
/// (sql/queries/whole_board.sql) from the facts' own scripts, into the
/// tables `scope` names, with the words the search tests.
fn whole_board(scope: Scope) -> Result<String> {
    let words = scope.number_or("W", 1);
    let facts = scope.with("WHOLE", 1).with("WORDS", words);
    let fact = |path: &str| query_in(path, &facts).map(|sql| sql.text);
    let scope = facts
        .clone()
        .with_fragment("WHOLE_LINE_SET", &fact("facts/09-line_set.sql")?)
        .with_fragment("WHOLE_SAFE_NEXT", &fact("facts/10-safe_next.sql")?);
    Ok(query_in("queries/whole_board.sql", &scope)?.text)
}

/// The column where last_queens begins on an `n`×`n` board, if a count
/// reads it: from 10×10 on, it holds the last five columns, six from
/// 13×13 to 16×16, and four from 21×21 on. A longer last_queens makes
/// placed shorter, but costs more to build and gives each lookup more rows
/// to test; these are the fastest measured, with the table under a million
/// rows (docs/src/explanation/fast.md, "Counting: the last queens looked
/// up"). Below 10×10 a count takes milliseconds either way.
pub fn last_queens_from(n: u8) -> Option<u8> {
    let columns = match n {
        0..=9 => return None,
        13..=16 => 6,
        21.. => 4,
        _ => 5,
    };
    Some(n + 1 - columns)
}

/// Every row of table `table` in `columns` (sql/queries/table_rows.sql):
/// queens' own names, or a user's quoted by the caller.
pub fn table_rows(table: &str, columns: &[String], dialect: Dialect) -> Result<String> {
    let scope = Scope::for_dialect(dialect)
        .with_word("TABLE", table)
        .with_list("COLUMNS", columns.iter().map(String::as_str));
    Ok(question("queries/table_rows.sql", scope)?.text)
}

/// A question of `sql/queries/` that holds nothing of the board's size,
/// expanded for the dialect of `scope`.
pub fn question(path: &str, scope: Scope) -> Result<Sql> {
    template::render_statement(sql::file(path), &scope)
        .with_context(|| format!("could not expand sql/{path}"))
}

/// A question of `sql/queries/` or `sql/distributed/` for an `n`×`n`
/// board, expanded for `dialect`, with the fragments of `scope` inserted.
pub fn query(path: &str, n: u8, scope: Scope) -> Result<Sql> {
    template::render_statement(sql::file(path), &board_scope(n, scope))
        .with_context(|| format!("could not expand sql/{path}"))
}

/// The script `sql/{path}` (statements, each ending in `;`), expanded in
/// `scope`.
fn query_in(path: &str, scope: &Scope) -> Result<Sql> {
    template::render(sql::file(path), scope).with_context(|| format!("could not expand sql/{path}"))
}

/// Every view's `create view` statement for `board`, by name; `stored`
/// when the solutions are kept in solution_store.
pub fn view_sql(
    board: &Board,
    stored: bool,
    dialect: Dialect,
) -> Result<Vec<(&'static str, String)>> {
    let scope = board_scope(board.cols, with_shape(Scope::for_dialect(dialect), board))
        .with("STORED", stored.into());
    VIEWS
        .iter()
        .map(|(name, text)| {
            let sql = template::render(text, &scope)
                .with_context(|| format!("could not expand the template of view {name}"))?;
            Ok((*name, sql.text.trim_end().to_string()))
        })
        .collect()
}

/// The checksum (SHA-256, in hex) of the SQL text that derives the facts
/// and views of `board` for `dialect` (`stored` as for `view_sql`): what
/// queens_derived holds where they are this build's.
pub fn derived_checksum(board: &Board, stored: bool, dialect: Dialect) -> Result<String> {
    let mut sha = Sha256::new();
    for (_, sql) in fact_sql(board, dialect)?
        .iter()
        .chain(&view_sql(board, stored, dialect)?)
    {
        // Each text's length first, so that no two lists hash alike.
        sha.update(sql.len().to_le_bytes());
        sha.update(sql.as_bytes());
    }
    Ok(hex(&sha.finalize()))
}

/// The `create table` statement of solution_store for an `n`×`n` board.
pub fn store_sql(n: u8) -> Result<String> {
    let sql = template::render(
        sql::file("tables/solution_store.sql"),
        &Scope::default().with("N", n.into()),
    )?;
    Ok(sql.text)
}

/// The insert of one row into solution_store for an `n`×`n` board
/// (sql/tables/solution_store_row.sql): its number, then its squares.
pub fn store_row_sql(n: u8) -> Result<String> {
    let sql = template::render_statement(
        sql::file("tables/solution_store_row.sql"),
        &Scope::default().with("N", n.into()),
    )?;
    Ok(sql.text)
}

/// What every template of sql/build/ may read besides the dialect: the
/// lists of queens' views and fact tables, each in the order they are
/// made, and the latest schema version.
fn build_scope(scope: Scope) -> Scope {
    scope
        .with_list("VIEWS", view_names())
        .with_list("FACT_TABLES", fact_tables())
        .with("VERSION", latest_version() as i64)
}

/// `scope` with what the facts of `board` need: the board's
/// own tables (a count on a board with holes writes line_set and
/// safe_next again, as if it had none, into tables of its own:
/// `whole_board`).
pub(crate) fn shaped_facts(scope: Scope, board: &Board) -> Scope {
    with_shape(scope, board)
        .with("WORDS", LINE_SET_WORDS)
        .with("WHOLE", 0)
        .with_word("LINE_SET", "line_set")
        .with_word("SAFE_NEXT", "safe_next")
}

/// The statements that drop queens' views (sql/build/drop_views.sql).
pub fn drop_views_sql(dialect: Dialect) -> Result<String> {
    let sql = template::render(
        sql::file("build/drop_views.sql"),
        &build_scope(Scope::for_dialect(dialect)),
    )?;
    Ok(sql.text)
}

/// The statements that clear the board before it is derived again, the
/// same for every engine (sql/build/clear_board.sql); `drop_store`: the
/// stored solutions go with the old board.
pub fn clear_board_sql(dialect: Dialect, drop_store: bool) -> Result<String> {
    let scope = build_scope(Scope::for_dialect(dialect)).with("DROP_STORE", drop_store.into());
    Ok(template::render(sql::file("build/clear_board.sql"), &scope)?.text)
}

/// The `create table` statement of queens_version, PostgreSQL's record of
/// its schema version (sql/build/queens_version.sql), from its first
/// keyword on: as the build runs it, and as a catalog keeps it.
pub fn version_table() -> Result<String> {
    let sql = template::render(
        sql::file("build/queens_version.sql"),
        &Scope::for_dialect(Dialect::Postgres),
    )?;
    let heading: usize = (sql.text.lines())
        .take_while(|line| line.starts_with("--"))
        .map(|line| line.len() + 1)
        .sum();
    Ok(sql.text[heading..].to_string())
}

/// The PostgreSQL script of `board` (sql/build/script.sql): with `fresh_in` a schema, the whole model built
/// in it (tables, version, facts, views), which queens runs in one
/// transaction; without, the board derived again over the old one, in the
/// schema on the search path.
pub fn postgres_build(board: &Board, fresh_in: Option<&str>) -> Result<String> {
    let scope = postgres_scope(board, fresh_in)?.with("SCRIPT", 0);
    let sql = template::render(sql::file("build/script.sql"), &scope)
        .context("could not expand sql/build/script.sql")?;
    Ok(sql.text)
}

/// The PostgreSQL script of `board` that psql runs
/// (`export --format sql --dialect postgres`): the whole model in a new
/// schema `schema`, the statements `comments` last, in one transaction
/// that psql stops at its first error (sql/build/script.sql, SCRIPT).
pub fn postgres_script(board: &Board, schema: &str, comments: &str) -> Result<String> {
    let scope = postgres_scope(board, Some(schema))?
        .with("SCRIPT", 1)
        .with_fragment("COMMENTS", comments);
    let sql = template::render(sql::file("build/script.sql"), &scope)
        .context("could not expand sql/build/script.sql")?;
    Ok(sql.text)
}

/// What sql/build/script.sql reads on PostgreSQL (`postgres_build`).
fn postgres_scope(board: &Board, fresh_in: Option<&str>) -> Result<Scope> {
    let mut scope = board_scope(
        board.cols,
        shaped_facts(build_scope(Scope::for_dialect(Dialect::Postgres)), board),
    )
    .with("STORED", 0)
    .with("FRESH", fresh_in.is_some().into())
    .with("DROP_STORE", 1)
    .with_word(
        "DERIVED_CHECKSUM",
        &template::string_literal(&derived_checksum(board, false, Dialect::Postgres)?),
    );
    if let Some(schema) = fresh_in {
        let migrations: String = (migrations_after(0, Dialect::Postgres)?.iter())
            .map(|up| format!("{up}\n"))
            .collect();
        scope = scope
            .with_word("SCHEMA", schema)
            .with_fragment("MIGRATIONS", &migrations)
            .with_fragment("VERSION_TABLE", &version_table()?);
    }
    Ok(scope)
}

/// `comment on` for one of queens' relations or columns
/// (sql/postgres/comment_on.sql), for `dialect`: in `schema` on
/// PostgreSQL, unqualified in DuckDB's script. The names are queens' own
/// (plain lower-case words); the text becomes a string literal.
pub fn comment_on(dialect: Dialect, schema: &str, comment: &Comment) -> Result<String> {
    let scope = Scope::for_dialect(dialect)
        .with_word("SCHEMA", schema)
        .with_word("KIND", &comment.kind)
        .with_word("RELATION", &comment.relation)
        .with_word("COLUMN_NAME", comment.column.as_deref().unwrap_or_default())
        .with("COLUMN", comment.column.is_some().into())
        .with_word("TEXT", &template::string_literal(&comment.text));
    Ok(
        template::render(sql::file("postgres/comment_on.sql"), &scope)
            .context("could not expand sql/postgres/comment_on.sql")?
            .text,
    )
}

/// The `comment on` statements of `described` (`comment_on`), one after
/// another, with the template's own heading left out.
pub fn comments_on<'a>(
    dialect: Dialect,
    schema: &str,
    described: impl IntoIterator<Item = &'a Comment>,
) -> Result<String> {
    let mut statements = String::new();
    for comment in described {
        let statement = comment_on(dialect, schema, comment)?;
        for line in statement.lines().filter(|line| !line.starts_with("--")) {
            statements.push_str(line);
            statements.push('\n');
        }
    }
    Ok(statements)
}

/// The DuckDB script of an `n`×`n` board of `shape` (`duckdb_build`) with
/// `described` as `comment on` statements, for DuckDB's `duckdb_tables()`,
/// `duckdb_views()` and `duckdb_columns()`. The columns of views go
/// undescribed: DuckDB 1.4 refuses a comment on a column of a view made
/// with a list of column names, as each of queens' views is. Nor are
/// queens_version and queens_derived described: the script, run once and
/// never upgraded, has neither.
pub fn duckdb_script(board: &Board, described: &[Comment]) -> Result<String> {
    let kept = described.iter().filter(|comment| {
        let unkept = ["queens_version", "queens_derived"].contains(&comment.relation.as_str());
        let view_column = comment.kind == "view" && comment.column.is_some();
        !(unkept || view_column)
    });
    let comments = format!(
        "-- What each relation and column holds, for duckdb_tables() and the like.\n{}",
        comments_on(Dialect::Duckdb, "", kept)?
    );
    duckdb_script_with(board, &comments)
}

/// Why an `n`×`n` board is too large for the DuckDB script, if it is: its
/// solution view writes a solution's rows as hexadecimal digits of one
/// 64-bit integer.
pub fn duckdb_too_large(n: u8) -> Option<String> {
    (n > DUCKDB_LARGEST).then(|| {
        format!(
            "the DuckDB script holds boards up to {DUCKDB_LARGEST}×{DUCKDB_LARGEST} (its \
             solution view writes a solution's rows in one 64-bit integer), not {n}×{n}"
        )
    })
}

/// The largest board the DuckDB script holds: its solution view writes a
/// solution's rows as hexadecimal digits of one 64-bit integer.
pub const DUCKDB_LARGEST: u8 = 15;

/// The DuckDB script of an `n`×`n` board of `shape`
/// (sql/build/script.sql): the whole model (tables, facts, views), which
/// DuckDB runs as it is, in one transaction. Boards above
/// `DUCKDB_LARGEST` are refused.
pub fn duckdb_build(board: &Board) -> Result<String> {
    duckdb_script_with(board, "")
}

/// `duckdb_build`, with the statements `comments` last in its transaction.
fn duckdb_script_with(board: &Board, comments: &str) -> Result<String> {
    if let Some(why) = duckdb_too_large(board.cols) {
        bail!(why);
    }
    let migrations: String = (migrations_after(0, Dialect::Duckdb)?.iter())
        .map(|up| format!("{up}\n"))
        .collect();
    let scope = board_scope(
        board.cols,
        shaped_facts(build_scope(Scope::for_dialect(Dialect::Duckdb)), board),
    )
    .with("STORED", 0)
    .with("FRESH", 1)
    .with("SCRIPT", 1)
    .with_fragment("MIGRATIONS", &migrations)
    .with_fragment("COMMENTS", comments);
    // The names the script makes, read off the script itself, for its
    // first statement to check (sql/build/names_free.sql).
    let render = |scope: &Scope| {
        template::render(sql::file("build/script.sql"), scope)
            .context("could not expand sql/build/script.sql")
    };
    let unchecked = render(
        &scope
            .clone()
            .with_list("RELATIONS", [])
            .with_list("INDEXES", []),
    )?;
    let (relations, indexes) = names_made(&unchecked.text);
    let scope = scope
        .with_list("RELATIONS", relations.iter().map(String::as_str))
        .with_list("INDEXES", indexes.iter().map(String::as_str));
    Ok(render(&scope)?.text)
}

/// The names `sql` makes, each once: its tables and views, and apart its
/// indexes. Each `create [unique] table|view|index NAME` begins a line,
/// as queens writes its SQL.
fn names_made(sql: &str) -> (Vec<String>, Vec<String>) {
    let (mut relations, mut indexes) = (Vec::new(), Vec::new());
    for line in sql.lines() {
        let mut words = line.split_whitespace().map(str::to_ascii_lowercase);
        if words.next().as_deref() != Some("create") {
            continue;
        }
        let mut kind = words.next().unwrap_or_default();
        if kind == "unique" {
            kind = words.next().unwrap_or_default();
        }
        let name = words.next().unwrap_or_default();
        let name = name.split('(').next().unwrap_or_default().to_string();
        let into = match kind.as_str() {
            "table" | "view" => &mut relations,
            "index" => &mut indexes,
            _ => continue,
        };
        if !into.contains(&name) {
            into.push(name);
        }
    }
    (relations, indexes)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_views_have_a_second_part_exactly_when_the_first_cannot_hold_every_solution() {
        // The native counter, not the table this rule was read from; the
        // counts only grow from 9×9 on (A000170).
        for n in 1..=12 {
            let count = crate::checker::count_solutions(n);
            assert_eq!(
                views_in_two_parts(n, n),
                count > FIRST_ROWS as u64,
                "{n}×{n} has {count} solutions"
            );
        }
        // A rectangle whose solutions could pass the first part: two parts
        // wherever they do (the checker's count), and one where they cannot.
        for (n, rows, split) in [
            (1u8, 26u8, false),
            (2, 14, false),
            (2, 15, true),
            (3, 9, true),
            (4, 8, true),
            (5, 6, true),
        ] {
            let count = Board {
                rows,
                ..Board::square(n)
            }
            .count();
            assert_eq!(views_in_two_parts(n, rows), split, "{n}×{rows}");
            assert!(split || count <= FIRST_ROWS as u64, "{n}×{rows}: {count}");
        }
    }
}
