//! A filter is not dearer than the whole: on every table and view of an
//! 8×8 board of each kind and a holed rectangle, as the file's catalog
//! lists them, `where column = value` for each column takes at most about
//! the work of reading every row, so a learner who narrows a question
//! gets the answer about as soon, never much later. Work is counted in
//! SQLite's bytecode steps, which no other process on the machine
//! changes. (The performance page names what falls outside: the literal
//! `solution_by_definition` on some other sizes, and joins.)

use crate::common;

use common::Board;
use rusqlite::types::Value;
use rusqlite::{Connection, OptionalExtension, StatementStatus, params_from_iter};

/// The bytecode steps `sql` takes to run to its end on `conn`, with
/// `value` bound to its parameter, if it has one.
fn steps(conn: &Connection, sql: &str, value: Option<&Value>) -> i64 {
    let mut statement = conn.prepare(sql).unwrap();
    let mut rows = statement.query(params_from_iter(value)).unwrap();
    while rows.next().unwrap().is_some() {}
    drop(rows);
    i64::from(statement.get_status(StatementStatus::VmStep))
}

/// Each column of each relation whose filter on the first value the
/// column holds takes more than twice the steps (and a thousand more) of
/// reading every row: "relation.column = value: steps against whole".
fn dear_filters(board: &Board) -> Vec<String> {
    let conn = board.connect();
    let relations = common::rows_of(
        &conn,
        "select name from sqlite_schema where type in ('table', 'view') \
         and name not like 'sqlite%' order by name",
    )
    .unwrap();
    let mut dear = Vec::new();
    for relation in relations.iter().map(|row| &row[0]) {
        let whole = steps(&conn, &format!("select * from \"{relation}\""), None);
        let columns = common::rows_of(
            &conn,
            &format!("select name from pragma_table_info('{relation}')"),
        )
        .unwrap();
        for column in columns.iter().map(|row| &row[0]) {
            let first = format!(
                "select \"{column}\" from \"{relation}\" where \"{column}\" is not null limit 1"
            );
            // A column that holds only NULLs has no value to filter on.
            let Some(value) = (conn.query_row(&first, [], |row| row.get::<_, Value>(0)))
                .optional()
                .unwrap()
            else {
                continue;
            };
            let sql = format!("select count(*) from \"{relation}\" where \"{column}\" = ?1");
            let filtered = steps(&conn, &sql, Some(&value));
            if filtered > 2 * whole + 1000 {
                dear.push(format!(
                    "{relation}.{column} = {value:?}: {filtered} steps against {whole}"
                ));
            }
        }
    }
    dear
}

// A filter on search_tree's line or attacker once made SQLite fold the
// pairs of squares that share a line into every try: `where mov_dir =
// 'RGHT-UP'` took 50 times the steps of reading every row at 10×10 (8 s
// against 0.15 s), and `grade` asks it of the built-in exercise "Killed by
// a rising diagonal" on boards up to 10×10.
promise!(a_filter_on_any_column_reads_no_more_than_about_the_whole_relation);
fn a_filter_on_any_column_reads_no_more_than_about_the_whole_relation() {
    let mut dear = Vec::new();
    for (size, flags) in [
        ("8", &[][..]),
        ("8", &["--torus"]),
        ("8", &["--superqueens"]),
        ("5x7", &["--holes", "c3"]),
    ] {
        let board = Board::sized(size, flags);
        for filter in dear_filters(&board) {
            dear.push(format!("{size} {flags:?}: {filter}"));
        }
    }
    assert!(dear.is_empty(), "{}", dear.join("\n"));
}
