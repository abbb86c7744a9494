//! `queens doctor` compares every table and index of queens' with a board
//! built afresh at the same size, row for row, and names each difference.
//! Each test damages a file the way a careless or hostile hand would, in a
//! way that breaks no key or check and makes commands answer wrongly.

use crate::common;

use common::{Board, text};
use rusqlite::Connection;

/// Changes the file with plain SQL, as the sqlite3 shell would.
fn tamper(board: &Board, sql: &str) {
    Connection::open(&board.db)
        .unwrap()
        .execute_batch(sql)
        .unwrap();
}

/// doctor's report; it must fail (exit 1) and say `says`.
fn fails_saying(board: &Board, says: &str) {
    let out = board.run(&["doctor"]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}{}", text(&out.stderr));
    assert!(report.contains(says), "expected {says:?} in:\n{report}");
    assert!(report.contains("FAIL  model"), "{report}");
}

promise!(doctor_passes_a_board_as_built);
fn doctor_passes_a_board_as_built() {
    for n in [1, 4, 8, 13] {
        let board = Board::new(n);
        let out = board.run(&["doctor"]);
        let report = text(&out.stdout);
        assert!(out.status.success(), "{report}");
        assert!(report.contains("ok    model"), "{report}");
    }
}

promise!(doctor_fails_a_second_board_size_row);
fn doctor_fails_a_second_board_size_row() {
    let board = Board::new(6);
    tamper(
        &board,
        "drop index board_size_has_one_row; insert into board_size values (7);",
    );
    fails_saying(
        &board,
        "index board_size_has_one_row on board_size is missing",
    );
    fails_saying(&board, "board_size: 1 rows a fresh board does not have");
}

promise!(doctor_fails_a_line_renamed_in_every_table);
fn doctor_fails_a_line_renamed_in_every_table() {
    let board = Board::new(8);
    tamper(
        &board,
        "pragma foreign_keys = off;
         update line set anchor = 'b6' where anchor = 'a7' and mov_dir = 'RGHT-DN';
         update square_line set anchor = 'b6' where anchor = 'a7' and mov_dir = 'RGHT-DN';",
    );
    fails_saying(
        &board,
        "line: 1 rows a fresh board does not have, 1 of its rows missing",
    );
    fails_saying(&board, "square_line: 7 rows");
}

promise!(doctor_fails_a_direction_renamed_everywhere);
fn doctor_fails_a_direction_renamed_everywhere() {
    let board = Board::new(5);
    tamper(
        &board,
        "pragma foreign_keys = off;
         update mov_dir set mov_dir = 'DOWN' where mov_dir = 'UP';
         update line set mov_dir = 'DOWN' where mov_dir = 'UP';
         update square_line set mov_dir = 'DOWN' where mov_dir = 'UP';",
    );
    fails_saying(&board, "mov_dir: 1 rows a fresh board does not have");
}

promise!(doctor_fails_a_fact_table_whose_keys_were_changed);
fn doctor_fails_a_fact_table_whose_keys_were_changed() {
    let board = Board::new(5);
    tamper(
        &board,
        "pragma foreign_keys = off;
         pragma legacy_alter_table = on;
         create table col_lbl_new (cl text, cl_no integer);
         insert into col_lbl_new select * from col_lbl;
         drop table col_lbl;
         alter table col_lbl_new rename to col_lbl;",
    );
    fails_saying(&board, "col_lbl's definition (keys, checks) is not queens'");
}
