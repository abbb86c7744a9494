//! Reading the model to show it: the reasoning table and the funnel
//! (`space`, the page), the squares, lines and symmetries the page draws,
//! a solution's symmetry class (`show`), and an SQLite file's catalog
//! (Datasette's metadata). Each question's SQL is a file of
//! `sql/reading/` or `sql/queries/`; the answers are the model's values.

use anyhow::{Context, Result};

use crate::engine::{Param, Value};
use crate::model::reading::{
    BoardShown, CatalogRelation, FunnelStep, LineFact, ReasoningStep, RelationDefinition,
    SolutionClass, SquareFact, SquareImage, SquareLines, SquareOnLine, SymmetryFact, TallyLevel,
};
use crate::model::sql;
use crate::search::context::OpenBoard;

/// Every row of `sql/{path}`, each made a value by `make`.
fn read_all<T>(
    board: &OpenBoard,
    path: &str,
    mut make: impl FnMut(&[Value]) -> Result<T>,
) -> Result<Vec<T>> {
    let mut all = Vec::new();
    // A relation the user replaced may hold what queens' never does: the
    // message names it (sql/reading/NAME.sql reads the relation NAME).
    let relation = path
        .rsplit('/')
        .next()
        .and_then(|file| file.strip_suffix(".sql"))
        .unwrap_or(path);
    board
        .reader()
        .rows(&board.statement(path)?, &[], &mut |row| {
            all.push(make(row).with_context(|| format!("{relation} is not as queens made it"))?);
            Ok(())
        })?;
    Ok(all)
}

/// The rows of search_space: how reasoning shrinks the search, step by step.
pub fn reasoning(board: &OpenBoard) -> Result<Vec<ReasoningStep>> {
    read_all(board, "reading/search_space.sql", |row| {
        Ok(ReasoningStep {
            step: row[0].text(),
            reasoning: row[1].text(),
            calculation: row[2].text(),
            search_space: row[3].clone(),
            about: row[4].text(),
        })
    })
}

/// The rows of search_funnel (a search: seconds beyond 12×12).
pub fn funnel(board: &OpenBoard) -> Result<Vec<FunnelStep>> {
    read_all(board, "reading/search_funnel.sql", |row| {
        Ok(FunnelStep {
            queens: row[0].integer()?,
            by_candidate_rule: match &row[1] {
                Value::Null => None,
                count => Some(count.integer()?),
            },
            by_placement_rule: row[2].integer()?,
        })
    })
}

/// The rows of search_tree_tally, by level (a search of the whole tree:
/// seconds beyond 12×12).
pub fn tree_tally(board: &OpenBoard) -> Result<Vec<TallyLevel>> {
    read_all(board, "reading/search_tree_tally.sql", |row| {
        Ok(TallyLevel {
            queens: row[0].integer()?,
            entered: row[1].integer()?,
            tried: row[2].integer()?,
            placed: row[3].integer()?,
            by_row: row[4].integer()?,
            by_rising: row[5].integer()?,
            by_falling: row[6].integer()?,
            by_knight: row.get(7).map(Value::integer).transpose()?,
        })
    })
}

/// Every square in board order with its line set (line_set) and the names
/// of its lines (square_line, in the order it reads them: the first a
/// square shares with another names the pair's line): what the walk of
/// the search tree reads.
pub fn square_lines(board: &OpenBoard) -> Result<Vec<SquareLines>> {
    let mut squares = read_all(board, "reading/line_set.sql", |row| {
        Ok(SquareLines {
            column: row[0].integer()?,
            row: row[1].integer()?,
            square: row[2].text(),
            words: (row[3..].iter().map(Value::integer)).collect::<Result<_>>()?,
            lines: Vec::new(),
        })
    })?;
    let index: std::collections::HashMap<String, usize> = (squares.iter().enumerate())
        .map(|(i, square)| (square.square.clone(), i))
        .collect();
    let hole = |name: &str| board.board.holes.iter().any(|h| h.name() == name);
    for on in square_line(board)? {
        // A hole lies on its lines, but no queen stands there: the walk
        // never tries it.
        if hole(&on.square) {
            continue;
        }
        let i = *index
            .get(&on.square)
            .with_context(|| format!("square_line names {}, which line_set lacks", on.square))?;
        squares[i].lines.push(LineFact {
            anchor: on.anchor,
            mov_dir: on.mov_dir,
        });
    }
    Ok(squares)
}

/// The rows of square_line: which square lies on which line.
fn square_line(board: &OpenBoard) -> Result<Vec<SquareOnLine>> {
    read_all(board, "reading/square_line.sql", |row| {
        Ok(SquareOnLine {
            square: row[0].text(),
            anchor: row[1].text(),
            mov_dir: row[2].text(),
        })
    })
}

/// The largest board whose page holds search_tree_tally's counts: the
/// tally is the whole search tree, 6 s at 12×12 in the sqlite3 shell and
/// about six times that a size beyond, longer than the rest of the page.
pub const TALLY_SHOWN_UP_TO: u8 = 12;

/// Everything the page shows of the board but its solutions.
pub fn board_shown(board: &OpenBoard) -> Result<BoardShown> {
    Ok(BoardShown {
        n: board.n(),
        squares: read_all(board, "reading/square.sql", |row| {
            Ok(SquareFact {
                square: row[0].text(),
                column: row[1].integer()?,
                row: row[2].integer()?,
            })
        })?,
        lines: read_all(board, "reading/line.sql", |row| {
            Ok(LineFact {
                anchor: row[0].text(),
                mov_dir: row[1].text(),
            })
        })?,
        square_lines: square_line(board)?,
        symmetries: symmetries(board)?,
        images: read_all(board, "reading/square_image.sql", |row| {
            Ok(SquareImage {
                symmetry: row[0].text(),
                square: row[1].text(),
                image: row[2].text(),
            })
        })?,
        reasoning: reasoning(board)?,
        funnel: funnel(board)?,
        tally: if board.n() <= TALLY_SHOWN_UP_TO {
            tree_tally(board)?
        } else {
            Vec::new()
        },
        definitions: definitions(board)?,
    })
}

/// The SQL the database holds for the relations the page reads, by name.
pub fn definitions(board: &OpenBoard) -> Result<Vec<RelationDefinition>> {
    read_all(board, "reading/relation_definitions.sql", |row| {
        Ok(RelationDefinition {
            name: row[0].text(),
            kind: row[1].text(),
            sql: row[2].text(),
        })
    })
}

/// The board's symmetries, by sym_no.
fn symmetries(board: &OpenBoard) -> Result<Vec<SymmetryFact>> {
    read_all(board, "reading/symmetry.sql", |row| {
        Ok(SymmetryFact {
            symmetry: row[0].text(),
            description: row[1].text(),
        })
    })
}

/// What the symmetry named `symmetry` does, in words (empty for a name
/// that is no symmetry).
pub fn symmetry_description(board: &OpenBoard, symmetry: &str) -> Result<String> {
    let sql = board.statement("reading/symmetry_description.sql")?;
    let params = [("symmetry", Param::Text(symmetry.to_string()))];
    let found = board.reader().first(&sql, &params)?;
    Ok(found.map(|row| row[0].text()).unwrap_or_default())
}

/// The symmetry class of the solution whose queens stand on `squares`
/// (sql/queries/class_of.sql: only this solution is moved, no search).
pub fn class_of(board: &OpenBoard, squares: &[String]) -> Result<SolutionClass> {
    let sql = board.statement("queries/class_of.sql")?;
    let names = serde_json::to_string(squares)?;
    let row = board
        .reader()
        .first(&sql, &[("squares", Param::Text(names))])?
        .context("the solution has no images under the symmetries")?;
    let columns = usize::from(board.n());
    Ok(SolutionClass {
        class_size: row[0].integer()?,
        representative: row[1..=columns].iter().map(Value::text).collect(),
        symmetry: row[columns + 1].text(),
    })
}

/// The tables and views of an SQLite file, as Datasette will list them
/// (sql/datasette/relations.sql), each with its columns.
pub fn catalog(board: &OpenBoard) -> Result<Vec<CatalogRelation>> {
    let reader = board.reader();
    let mut relations = Vec::new();
    reader.each_row(sql::file("datasette/relations.sql"), &[], |row| {
        relations.push((row[0].text(), row[1].text(), row[2].text()));
        Ok(())
    })?;
    let columns_sql = sql::file("datasette/columns.sql");
    let mut catalog = Vec::new();
    for (name, kind, sql) in relations {
        let mut columns = Vec::new();
        let params = [("relation", Param::Text(name.clone()))];
        // A relation whose columns cannot be read (a view of the user's
        // that no longer compiles) is described without them; a read
        // refused memory says nothing of the relation, and stops.
        let readable = reader.each_row(columns_sql, &params, |row| {
            columns.push(row[0].text());
            Ok(())
        });
        if crate::error::none_unless_out_of_memory(readable)?.is_none() {
            columns.clear();
        }
        catalog.push(CatalogRelation {
            name,
            kind,
            sql,
            columns,
        });
    }
    Ok(catalog)
}
