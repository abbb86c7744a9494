//! A search in parts: the statement each part of a split search runs
//! (its first squares fixed inside the search), and a count split by the
//! first queens, the rest looked up (`part_count_by_last_queens.sql`).

use anyhow::{Context, Result};

use crate::model::sql;
use crate::model::template::{self, Dialect, Scope, Sql};

use super::build::{query, query_in};
use super::tuning::{board_scope, count_part_queens, last_queens_from};

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
/// squares, `s1`, `s2` and, where a part fixes three queens, `s3`,
/// whether that count weighs the part's solutions
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
/// by the board's symmetries; on a board with holes, on the whole board, whose
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
        return part_count_by_last_queens(
            board_scope(n, scope)
                .with("FROM", from.into())
                .with("FIXED", count_part_queens(n).into()),
        );
    }
    Ok(PartCount {
        prepare: None,
        count: part_size(n, scope)?,
        weighed: false,
        parts: None,
    })
}

/// The number of solutions in one part, its squares `s1` and `s2` as
/// parameters: the solution view's own search with the part fixed,
/// counted as it stands (weighed by no symmetry).
pub fn part_size(n: u8, scope: Scope) -> Result<Sql> {
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
    Ok(Sql {
        text: count.text,
        params: part.params,
    })
}

/// The database, in memory, that holds a reader's own tables beside the
/// board, on every connection that counts: the count's last_queens, and
/// the copies of line_set and safe_next it reads, whose image the first
/// reader of the board built in its `temp`.
pub const COUNT_SCHEMA: &str = "queens_count";

/// The count of a part by last_queens, in `scope` (a board's, with FROM):
/// on copies of the board's line_set and safe_next, or, on a board with
/// holes, on the whole board's, which the count builds first with
/// last_queens, so that the connections that count read those tables
/// alone (`COUNT_SCHEMA`).
fn part_count_by_last_queens(scope: Scope) -> Result<PartCount> {
    let holed = scope.number_or("HOLED", 0) != 0;
    // The tables the count reads, in `schema`: the whole board's, or the
    // copies of the board's own (count_board.sql). The first reader builds
    // them in temp; the image each counting connection loads is COUNT_SCHEMA.
    let tables = |schema: &str| {
        let prefix = if holed { "whole" } else { "count" };
        scope
            .clone()
            .with_word("SCRATCH", schema)
            .with_word("LINE_SET", &format!("{schema}.{prefix}_line_set"))
            .with_word("SAFE_NEXT", &format!("{schema}.{prefix}_safe_next"))
    };
    let mut prepare = if holed {
        whole_board(tables("temp"))?
    } else {
        query_in("queries/count_board.sql", &tables("temp"))?.text
    };
    prepare += &query_in("queries/last_queens.sql", &tables("temp"))?.text;
    let scope = tables(COUNT_SCHEMA);
    let count =
        template::render_statement(sql::file("queries/part_count_by_last_queens.sql"), &scope)
            .context("could not expand sql/queries/part_count_by_last_queens.sql")?;
    let parts = template::render_statement(sql::file("queries/count_parts.sql"), &scope)
        .context("could not expand sql/queries/count_parts.sql")?;
    Ok(PartCount {
        prepare: Some(prepare),
        count,
        weighed: true,
        parts: Some(parts),
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
