//! What `queens doctor` checks in a file: everything of queens' in it,
//! against SQLite's own checks, a board built afresh at the same size, the
//! native checker and the published counts. Reads the file without
//! changing it, and reports damage rather than refusing it.

use std::collections::HashSet;
use std::path::Path;

use anyhow::{Result, bail};
use rusqlite::{Connection, OptionalExtension};

use crate::checker;
use crate::engine::findings::{Finding, board_finding, model_finding, multiset_difference};
use crate::engine::interface::check_requested_size;
use crate::engine::sqlite::{build, open};
use crate::model::board::{Board, Square};
use crate::model::schema::{self, board_table_names, latest_version};
use crate::model::sql;
use crate::model::template::{self, Dialect};

/// Largest board whose solutions doctor counts (12×12 takes about a second).
const COUNT_UP_TO: u8 = 12;
/// Largest board on which doctor compares solution with its definition.
const COMPARE_UP_TO: u8 = 10;

/// Every finding for the file at `path`, which must hold a board of
/// `requested` if given.
pub fn findings(path: &Path, requested: Option<u8>) -> Result<Vec<Finding>> {
    if !path.exists() {
        bail!(
            "{} does not exist; doctor checks a database and never creates one",
            path.display()
        );
    }
    // One connection, one read transaction: every finding is of one board.
    let (conn, found, size_rows) = open::inspect_for_doctor(path)?;
    check_requested_size(&path.display().to_string(), found.size, requested)?;
    let n = found.size;
    let board = build::stored_board(&conn, n)?;
    let mut findings = vec![Finding {
        what: "schema version",
        found: format!(
            "{} (this queens writes {})",
            found.version,
            latest_version()
        ),
        holds: Some(found.version == latest_version()),
    }];
    findings.push(board_finding((n, board.rows), size_rows));
    if !board.is_plain() {
        // Said the way the flags that build it say it.
        findings.push(Finding::info("shape", board.flags().trim().to_string()));
    }
    findings.push(of("integrity", integrity(&conn, path), path)?);
    findings.push(of("foreign keys", foreign_keys(&conn), path)?);
    findings.push(of("facts", facts(&conn, &board), path)?);
    findings.push(of("model", model(&conn, &board), path)?);
    findings.push(of("encodings", encodings(&conn), path)?);
    findings.push(of("symmetries", symmetries(&conn, &board), path)?);
    findings.push(of("views", views(&conn, n, path), path)?);
    findings.push(of("derived", derived(&conn, n, path), path)?);
    if build::has_store(&conn)? {
        findings.push(of("stored", stored_solutions(&conn, &board), path)?);
    }
    findings.push(if n <= COUNT_UP_TO {
        of("solutions", solutions(&conn, &board), path)?
    } else {
        Finding::info(
            "solutions",
            format!("not counted beyond {COUNT_UP_TO}×{COUNT_UP_TO}"),
        )
    });
    findings.push(if n <= COMPARE_UP_TO {
        of("by definition", by_definition(&conn), path)?
    } else {
        Finding::info(
            "by definition",
            format!("not compared beyond {COMPARE_UP_TO}×{COMPARE_UP_TO}"),
        )
    });
    Ok(findings)
}

/// The finding `what`, unless its check was refused memory: that says
/// nothing of the board, so doctor stops and says so.
fn of(what: &'static str, outcome: Result<(bool, String)>, path: &Path) -> Result<Finding> {
    let checking = format!("checking the {what} of {}", path.display());
    match outcome.map_err(|e| super::failure::explain_memory(e, &checking)) {
        Err(e) if crate::error::is_out_of_memory(&e) => {
            Err(crate::error::Error::OutOfMemory { what: checking }.into())
        }
        outcome => Ok(Finding::of(what, outcome)),
    }
}

fn count(conn: &Connection, sql: &str) -> Result<i64> {
    Ok(conn.query_row(sql, [], |row| row.get(0))?)
}

fn integrity(conn: &Connection, path: &Path) -> Result<(bool, String)> {
    let mut stmt = conn.prepare("pragma integrity_check")?;
    let messages: Vec<String> = stmt
        .query_map([], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    super::failure::refuse_check_short_of_memory(
        messages.iter().map(String::as_str),
        "checking the file",
        || super::failure::held_pages(conn, path),
    )?;
    let holds = messages == ["ok"];
    Ok((
        holds,
        if holds {
            "ok".to_string()
        } else {
            messages.join("; ")
        },
    ))
}

fn foreign_keys(conn: &Connection) -> Result<(bool, String)> {
    let broken = count(conn, "select count(*) from pragma_foreign_key_check")?;
    Ok((broken == 0, format!("{broken} broken references")))
}

fn facts(conn: &Connection, board: &Board) -> Result<(bool, String)> {
    let found: (i64, i64, i64) =
        conn.query_row(sql::file("doctor/fact_counts.sql"), [], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?))
        })?;
    let expected = expected_facts(board);
    let ((squares, lines, memberships), (e_squares, e_lines, e_memberships)) = (found, expected);
    Ok((
        found == expected,
        format!(
            "{squares} squares, {lines} lines, {memberships} memberships \
             (expected {e_squares}, {e_lines}, {e_memberships})"
        ),
    ))
}

/// How many squares, lines and memberships of a square in a line a board
/// has. The plain board of n columns and r rows: n·r, then n + r +
/// 2·(n + r − 1) (its rows, columns and diagonals each way; 6n − 2 when
/// square), then 4n·r (four lines through each square). A torus: its 4n lines are
/// cycles of n squares, so again four through each square (on 1×1, four
/// lines of the one square). A knight's move is a line of two squares
/// (`schema::knight_lines`).
fn expected_facts(board: &Board) -> (i64, i64, i64) {
    let (size, rows) = (board.cols, board.rows);
    let (n, r) = (i64::from(size), i64::from(rows));
    let knight_lines = if board.superqueens {
        schema::knight_lines(size, rows, board.torus)
    } else {
        0
    };
    (
        n * r,
        schema::line_count(size, rows, board.torus, board.superqueens),
        4 * n * r + 2 * knight_lines,
    )
}

/// Every table and index of queens' must be as in a board built afresh at
/// the same size: the same definition (columns, keys, checks), the same
/// indexes, and the same rows in queens' columns. Each difference is named;
/// a damaged or doctored fact (a second board size, a line renamed in
/// every table, a direction renamed) answers wrongly without breaking any
/// key, so only this comparison finds it.
fn model(conn: &Connection, board: &Board) -> Result<(bool, String)> {
    let n = board.cols;
    let fresh = build::fresh_board(board)?;
    let mut differences = Vec::new();
    let tables = board_table_names();
    for table in &tables {
        differences.extend(table_differences(conn, &fresh, table)?);
    }
    let indexes = "select name, tbl_name, coalesce(sql, '') from sqlite_schema \
                   where type = 'index' order by name";
    let expected = build::rows_as_text(&fresh, indexes)?;
    let found = build::rows_as_text(conn, indexes)?;
    for index in &expected {
        match found.iter().find(|f| f[0] == index[0]) {
            None => differences.push(format!("index {} on {} is missing", index[0], index[1])),
            Some(f) if f != index => {
                differences.push(format!("index {} on {} is not queens'", index[0], index[1]));
            }
            Some(_) => {}
        }
    }
    let compared = format!("{} tables and {} indexes", tables.len(), expected.len());
    Ok(model_finding((n, board.rows), &compared, &differences))
}

/// How queens' `table` in `conn` differs from the same table in `fresh`:
/// its definition, then its rows (in queens' columns).
fn table_differences(conn: &Connection, fresh: &Connection, table: &str) -> Result<Vec<String>> {
    let definition = "select sql from sqlite_schema where type = 'table' and name = ?1";
    let read = |c: &Connection| -> Result<Option<String>> {
        Ok(c.query_row(definition, [table], |row| row.get(0))
            .optional()?)
    };
    let Some(found) = read(conn)? else {
        return Ok(vec![format!("table {table} is missing")]);
    };
    let mut differences = Vec::new();
    if Some(&found) != read(fresh)?.as_ref() {
        let own = build::table_columns(fresh, table)?;
        let columns = build::table_columns(conn, table)?;
        let added: Vec<&String> = columns.iter().filter(|c| !own.contains(c)).collect();
        let lost: Vec<&String> = own.iter().filter(|c| !columns.contains(c)).collect();
        differences.push(match (added.is_empty(), lost.is_empty()) {
            (false, _) => format!(
                "{table} has columns queens does not make ({})",
                join(&added)
            ),
            (true, false) => format!("{table} lacks queens' columns ({})", join(&lost)),
            (true, true) => format!("{table}'s definition (keys, checks) is not queens'"),
        });
        if !lost.is_empty() {
            return Ok(differences);
        }
    }
    let own = build::table_columns(fresh, table)?;
    let rows = crate::model::schema::table_rows(table, &own, Dialect::Sqlite)?;
    let (extra, missing) = multiset_difference(
        &build::rows_as_text(conn, &rows)?,
        &build::rows_as_text(fresh, &rows)?,
    );
    if extra + missing > 0 {
        differences.push(format!(
            "{table}: {extra} rows a fresh board does not have, {missing} of its rows missing"
        ));
    }
    Ok(differences)
}

fn join(names: &[&String]) -> String {
    names
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// line_set must say "these two squares share a line" exactly when
/// square_line does, and safe_next must hold exactly the pairs of
/// neighbouring columns that share none.
fn encodings(conn: &Connection) -> Result<(bool, String)> {
    let words = |path: &str| {
        template::render_statement(sql::file(path), &template::Scope::default()).map(|sql| sql.text)
    };
    let wrong_pairs = count(conn, &words("doctor/line_set_disagreements.sql")?)?;
    let wrong_steps = count(conn, &words("doctor/safe_next_disagreements.sql")?)?;
    Ok((
        wrong_pairs == 0 && wrong_steps == 0,
        format!(
            "line_set and safe_next agree with square_line ({wrong_pairs} + {wrong_steps} disagreements)"
        ),
    ))
}

/// The facts and views must have been derived from this build's SQL text,
/// as queens_derived records.
fn derived(conn: &Connection, n: u8, path: &Path) -> Result<(bool, String)> {
    let current = build::derived_is_current(conn, n)?;
    let found = if current {
        "the facts and views come from this queens' SQL (queens_derived)".to_string()
    } else {
        format!(
            "the facts and views come from other SQL than this queens' (queens_derived); \
             `queens init --db {}` derives them again",
            crate::error::shell_word(&path.display().to_string())
        )
    };
    Ok((current, found))
}

fn views(conn: &Connection, n: u8, path: &Path) -> Result<(bool, String)> {
    let differing = build::differing_views(conn, n)?;
    let found = if differing.is_empty() {
        "as this queens writes them".to_string()
    } else {
        format!(
            "{} missing or not as this queens writes them; `queens init --db {}` rewrites them",
            differing.join(", "),
            crate::error::shell_word(&path.display().to_string())
        )
    };
    Ok((differing.is_empty(), found))
}

/// The symmetry matrices must move every square as the native checker's
/// symmetries do (in sym_no order), and square_image must hold exactly
/// those moves: the fundamental solutions are computed from it.
fn symmetries(conn: &Connection, board: &Board) -> Result<(bool, String)> {
    let n = board.cols;
    let mut stmt = conn.prepare("select sym_no, symmetry, xx, xy, yx, yy from symmetry")?;
    let matrices = stmt
        .query_map([], |row| {
            Ok((
                row.get::<_, i64>(0)?,
                row.get::<_, String>(1)?,
                [row.get::<_, i64>(2)?, row.get(3)?, row.get(4)?, row.get(5)?],
            ))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let (mut wrong_matrices, expected) = if board.is_square() {
        native_images(&matrices, n, &board.holes)
    } else {
        (0, rectangle_images(&matrices, board))
    };
    let mut stmt = conn.prepare("select symmetry, square, image from square_image")?;
    let stored = stmt
        .query_map([], |row| {
            Ok((row.get::<_, String>(0)?, row.get(1)?, row.get(2)?))
        })?
        .collect::<rusqlite::Result<HashSet<(String, String, String)>>>()?;
    let wrong_images = stored.symmetric_difference(&expected).count();
    // Names and descriptions are the schema's own data: compare them with
    // the rows the migrations write into a fresh database.
    let all_rows =
        "select sym_no, symmetry, description, xx, xy, yx, yy from symmetry order by sym_no";
    let reference = build::fresh_rows(all_rows)?;
    let found = build::rows_as_text(conn, all_rows)?;
    wrong_matrices += reference.iter().zip(&found).filter(|(a, b)| a != b).count()
        + reference.len().abs_diff(found.len());
    let holds = matrices.len() == 8 && wrong_matrices == 0 && wrong_images == 0;
    Ok((
        holds,
        format!(
            "{} symmetries ({wrong_matrices} wrong or renamed), {} square images ({wrong_images} differ \
             from the native checker's)",
            matrices.len(),
            stored.len()
        ),
    ))
}

/// A symmetry as the file stores it: its number, name and matrix.
type Matrix = (i64, String, [i64; 4]);

/// How many of the `matrices` move some square elsewhere than the native
/// checker's symmetry of the same number does, and every (symmetry,
/// square, image) the native checker's symmetries give.
/// The rows square_image holds, as the checker moves the squares: only
/// those of the symmetries that move every hole onto a hole (the board's
/// own); and how many of `matrices` move the squares otherwise.
fn native_images(
    matrices: &[Matrix],
    n: u8,
    holes: &[Square],
) -> (usize, HashSet<(String, String, String)>) {
    let native = checker::symmetries(n);
    let squares: Vec<Square> = (1..=n)
        .flat_map(|col| (1..=n).map(move |row| Square { col, row }))
        .collect();
    let centred = |i: u8| 2 * i64::from(i) - (i64::from(n) + 1);
    let uncentred = |v: i64| u8::try_from((v + i64::from(n) + 1) / 2).unwrap_or(0);
    let mut expected = HashSet::new();
    let mut wrong = 0;
    for (sym_no, name, [xx, xy, yx, yy]) in matrices {
        let Some(moves) = usize::try_from(*sym_no - 1)
            .ok()
            .and_then(|i| native.get(i))
        else {
            wrong += 1;
            continue;
        };
        let mut right = true;
        let keeps_holes = holes.iter().all(|&hole| holes.contains(&moves(hole)));
        for &square in &squares {
            let (x, y) = (centred(square.col), centred(square.row));
            let image = moves(square);
            right &=
                uncentred(xx * x + xy * y) == image.col && uncentred(yx * x + yy * y) == image.row;
            if keeps_holes {
                expected.insert((name.clone(), square.name(), image.name()));
            }
        }
        wrong += usize::from(!right);
    }
    (wrong, expected)
}

/// The images of every square of a rectangle (`rules`) under its own
/// symmetries (`checker::variants`), named as the `matrices` of the
/// symmetry table name them.
fn rectangle_images(matrices: &[Matrix], rules: &Board) -> HashSet<(String, String, String)> {
    let mut expected = HashSet::new();
    for (place, moved) in rules.symmetries() {
        let Some((_, name, _)) = matrices.iter().find(|(no, _, _)| *no == place as i64 + 1) else {
            continue;
        };
        for col in 1..=rules.cols {
            for row in 1..=rules.rows {
                let square = Square { col, row };
                expected.insert((name.clone(), square.name(), moved(square).name()));
            }
        }
    }
    expected
}

/// Largest board whose stored solutions doctor counts natively (14×14's
/// 365,596 take well under a second).
const STORED_COUNT_UP_TO: u8 = 14;

/// Every stored row must be a solution of the stored board, numbered 1, 2,
/// … in board order (so none twice), and, where the native counter can
/// tell, all of them must be there.
fn stored_solutions(conn: &Connection, board: &Board) -> Result<(bool, String)> {
    let n = board.cols;
    // The board's own rules, the checker's (`checker::variants`) where the
    // board is not the plain one.
    let rules = board;
    let is_solution = |queens: &[Square]| {
        if board.is_plain() {
            checker::is_solution(queens, n)
        } else {
            rules.is_solution(queens)
        }
    };
    let mut stmt = conn.prepare("select * from solution_store order by solution_no")?;
    let width = stmt.column_count();
    let mut rows = stmt.query([])?;
    let (mut count, mut wrong, mut misnumbered, mut out_of_order) = (0u64, 0u64, 0u64, 0u64);
    let mut previous: Option<Vec<u8>> = None;
    while let Some(row) = rows.next()? {
        count += 1;
        misnumbered += u64::from(row.get::<_, i64>(0)? != count as i64);
        let queens: Option<Vec<Square>> = (1..width)
            .map(|i| {
                let name = row.get::<_, String>(i).ok()?;
                // Exactly as queens names it: `Square::parse` forgives case
                // and blanks, which the views' joins do not.
                Square::parse_on(&name, n, board.rows)
                    .ok()
                    .filter(|q| usize::from(q.col) == i && q.name() == name)
            })
            .collect();
        let Some(queens) = queens.filter(|q| is_solution(q)) else {
            wrong += 1;
            continue;
        };
        let rows_by_column: Vec<u8> = queens.iter().map(|q| q.row).collect();
        out_of_order += u64::from(previous.as_ref().is_some_and(|p| *p >= rows_by_column));
        previous = Some(rows_by_column);
    }
    let mut holds = wrong == 0 && misnumbered == 0 && out_of_order == 0;
    let mut found = format!(
        "{count} stored: {wrong} not a solution of this board, {misnumbered} misnumbered, \
         {out_of_order} out of board order or repeated"
    );
    // (The checker's rules of another board count without bitboards: up
    // to COUNT_UP_TO, as the solutions' finding.)
    if n <= STORED_COUNT_UP_TO && (board.is_plain() || n <= COUNT_UP_TO) {
        let native = if board.is_plain() {
            checker::count_solutions(n)
        } else {
            rules.count()
        };
        holds &= count == native;
        found.push_str(&format!(" (native counter: {native})"));
    }
    Ok((holds, found))
}

/// The solution view's rows against the native checker's, one by one: as
/// many, and in board order, as SQLite streams them to the sqlite3 shell.
/// An index of the user's that SQLite walks instead of safe_next's key can
/// reorder the view (queens' own commands name the key's index).
fn solutions(conn: &Connection, board: &Board) -> Result<(bool, String)> {
    let n = board.cols;
    let native = if board.is_plain() {
        checker::solutions(n)
    } else {
        board.solutions()
    };
    let mut stmt = conn.prepare("select * from solution")?;
    let mut rows = stmt.query([])?;
    let (mut found, mut first_astray) = (0usize, None);
    while let Some(row) = rows.next()? {
        let squares = (0..usize::from(n))
            .map(|k| row.get::<_, String>(k))
            .collect::<rusqlite::Result<Vec<String>>>()?;
        let rows_of: Vec<u8> = squares
            .iter()
            .map(|square| square.get(1..).and_then(|r| r.parse().ok()).unwrap_or(0))
            .collect();
        if first_astray.is_none() && native.get(found) != Some(&rows_of) {
            first_astray = Some(found + 1);
        }
        found += 1;
    }
    let mut said = format!("{found} (native counter: {})", native.len());
    match (first_astray, found == native.len()) {
        (None, true) => said.push_str(", in board order"),
        (Some(k), true) => said.push_str(&format!(
            ", but not in board order from row {k} on (an index or statistics of yours \
             make SQLite walk the search otherwise than by safe_next's key; queens' own \
             commands keep board order)"
        )),
        _ => {}
    }
    Ok((first_astray.is_none() && found == native.len(), said))
}

fn by_definition(conn: &Connection) -> Result<(bool, String)> {
    let apart = count(conn, sql::file("doctor/definition_disagreements.sql"))?;
    Ok((
        apart == 0,
        format!("solution_by_definition has the same rows ({apart} differ)"),
    ))
}
