//! A board's facts and views follow their text: each board records the
//! checksum of the SQL it was derived from (queens_derived), the reading
//! commands refuse a board derived from other text, naming the command
//! that derives it again, and `init` does so, keeping the user's tables.
//! Versions count table changes only: a file of schema 8, which had the
//! same tables but no record, is upgraded from where it is.

use crate::common;
use crate::common::server::{Schema, url_from};
use common::{Board, assert_refused, contents, text};

/// What another queens would have recorded: a checksum of other text.
const OTHER_TEXT: &str = "update queens_derived set checksum = \
     'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'";

fn writable(board: &Board) -> rusqlite::Connection {
    rusqlite::Connection::open(&board.db).unwrap()
}

/// `init` on `board`, whose queens_derived has a column `note` of the
/// user's, is refused by name and leaves the file byte for byte.
fn init_refuses_the_column_note_and_leaves_the_file(board: &Board) {
    let before = contents(&board.db);
    assert_refused(
        &board.run(&["init"]),
        1,
        "a column of yours, note, in queens' table queens_derived",
    );
    assert_eq!(contents(&board.db), before);
}

fn recorded(board: &Board) -> Vec<Vec<String>> {
    board.rows("select checksum from queens_derived")
}

promise!(reading_refuses_a_board_derived_from_other_text_until_init_derives_it);
fn reading_refuses_a_board_derived_from_other_text_until_init_derives_it() {
    let board = Board::new(6);
    let ours = recorded(&board);
    assert_eq!(ours.len(), 1);
    assert_eq!(ours[0][0].len(), 64);
    writable(&board).execute_batch(OTHER_TEXT).unwrap();
    let before = contents(&board.db);
    for command in [&["count"][..], &["solve"], &["show", "1"], &["space"]] {
        let out = board.run(command);
        assert_refused(&out, 1, "were derived by another queens");
        assert!(
            text(&out.stderr).contains("`queens init --db "),
            "{command:?}"
        );
    }
    assert_eq!(contents(&board.db), before, "a reading command wrote");
    let doctor = board.run(&["doctor"]);
    assert_eq!(doctor.status.code(), Some(1));
    assert!(text(&doctor.stdout).contains("come from other SQL than this queens'"));
    let init = board.stdout(&["init"]);
    assert!(init.contains("brought it up to date"), "{init}");
    assert_eq!(recorded(&board), ours);
    assert_eq!(board.stdout(&["count"]), "4\n");
    assert!(board.run(&["doctor"]).status.success());
    assert!(board.stdout(&["init"]).contains("nothing to do"));
}

promise!(a_file_of_schema_8_is_upgraded_to_record_what_it_was_derived_from);
fn a_file_of_schema_8_is_upgraded_to_record_what_it_was_derived_from() {
    let board = Board::new(6);
    let ours = recorded(&board);
    board.back_to_schema_8();
    writable(&board)
        .execute_batch("create table notes (line text); insert into notes values ('mine')")
        .unwrap();
    assert_refused(&board.run(&["count"]), 1, "older queens");
    let init = board.stdout(&["init"]);
    assert!(init.contains("brought it up to date"), "{init}");
    assert_eq!(
        board.count("pragma user_version"),
        queens::model::schema::latest_version() as u64
    );
    assert_eq!(recorded(&board), ours);
    assert_eq!(board.rows("select line from notes"), [["mine"]]);
    assert_eq!(board.stdout(&["count"]), "4\n");
    assert!(board.run(&["doctor"]).status.success());
}

promise!(stored_solutions_record_the_views_over_them);
fn stored_solutions_record_the_views_over_them() {
    let board = Board::new(6);
    let searched = recorded(&board);
    let said = board.stdout(&["init", "--materialize"]);
    assert!(said.contains("stored its 4 solutions"), "{said}");
    // The views read solution_store now: other text, recorded as such.
    assert_ne!(recorded(&board), searched);
    assert_eq!(board.stdout(&["count"]), "4\n");
    assert!(board.run(&["doctor"]).status.success());
    assert!(board.stdout(&["init"]).contains("nothing to do"));
}

fn server() -> String {
    url_from("QUEENS_TEST_POSTGRES", "a PostgreSQL server")
}

promise!(
    a_schema_derived_from_other_text_is_refused_until_init_derives_it,
    needs = [Postgres]
);
fn a_schema_derived_from_other_text_is_refused_until_init_derives_it() {
    let schema = Schema::new(&server(), "d");
    schema.stdout(&["init", "--size", "6"]);
    let mut client = schema.client();
    let s = &schema.name;
    client
        .batch_execute(&format!("set search_path to {s}; {OTHER_TEXT}"))
        .unwrap();
    let out = schema.run(&["count"]);
    assert_refused(&out, 1, "were derived by another queens");
    assert!(
        text(&out.stderr).contains(&format!("--schema {s}`")),
        "{}",
        text(&out.stderr)
    );
    let doctor = schema.run(&["doctor"]);
    assert_eq!(doctor.status.code(), Some(1));
    assert!(text(&doctor.stdout).contains("come from other SQL than this queens'"));
    assert!(schema.stdout(&["init"]).contains("brought it up to date"));
    assert_eq!(schema.stdout(&["count"]), "4\n");
    assert!(schema.run(&["doctor"]).status.success());
    assert!(schema.stdout(&["init"]).contains("nothing to do"));
}

promise!(
    a_schema_of_version_8_is_upgraded_to_record_what_it_was_derived_from,
    needs = [Postgres]
);
fn a_schema_of_version_8_is_upgraded_to_record_what_it_was_derived_from() {
    let schema = Schema::new(&server(), "d");
    schema.stdout(&["init", "--size", "6"]);
    let s = &schema.name;
    schema
        .client()
        .batch_execute(&common::server::back_to_schema_8(s))
        .unwrap();
    assert_refused(&schema.run(&["count"]), 1, "older queens");
    assert!(schema.stdout(&["init"]).contains("brought it up to date"));
    assert_eq!(schema.count("queens_derived"), 1);
    assert_eq!(schema.stdout(&["count"]), "4\n");
    assert!(schema.run(&["doctor"]).status.success());
}

promise!(a_dropped_or_changed_record_is_refused_by_readers_and_mended_by_init);
fn a_dropped_or_changed_record_is_refused_by_readers_and_mended_by_init() {
    // Each once broke: a dropped table could not be made again, a
    // blob checksum stopped every command with a driver's message, and a
    // column of the user's on queens_derived was erased without a word.
    let board = Board::new(6);
    let ours = recorded(&board);
    for damage in [
        "drop table queens_derived",
        "update queens_derived set checksum = cast(checksum as blob)",
        "delete from queens_derived",
    ] {
        writable(&board).execute_batch(damage).unwrap();
        assert_refused(&board.run(&["count"]), 1, "were derived by another queens");
        let init = board.stdout(&["init"]);
        assert!(init.contains("brought it up to date"), "{damage}: {init}");
        assert_eq!(recorded(&board), ours, "{damage}");
        assert_eq!(board.stdout(&["count"]), "4\n", "{damage}");
    }
    writable(&board)
        .execute_batch("alter table queens_derived add column note text; update queens_derived set note = 'mine', checksum = upper(checksum)")
        .unwrap();
    init_refuses_the_column_note_and_leaves_the_file(&board);
}

promise!(a_table_of_yours_named_queens_derived_stops_the_upgrade_by_name);
fn a_table_of_yours_named_queens_derived_stops_the_upgrade_by_name() {
    let board = Board::new(6);
    board.back_to_schema_8();
    writable(&board)
        .execute_batch("create table queens_derived (note text, checksum text); insert into queens_derived values ('mine', 'x')")
        .unwrap();
    let before = contents(&board.db);
    assert_refused(
        &board.run(&["init"]),
        1,
        "has a table named queens_derived, which a file of schema version 8 does not hold",
    );
    assert_eq!(contents(&board.db), before);
    // A version lowered by hand on a file of this build: its tables are
    // not those of the version it says, and the upgrade takes over none of
    // them as queens' own.
    let board = Board::new(6);
    writable(&board)
        .execute_batch("pragma user_version = 3")
        .unwrap();
    let before = contents(&board.db);
    assert_refused(
        &board.run(&["init"]),
        1,
        "has a table named queens_derived, which a file of schema version 3 does not hold",
    );
    assert_eq!(contents(&board.db), before);
}

promise!(
    a_schema_s_dropped_or_retyped_record_is_mended_or_refused_by_name,
    needs = [Postgres]
);
fn a_schema_s_dropped_or_retyped_record_is_mended_or_refused_by_name() {
    let schema = Schema::new(&server(), "d");
    schema.stdout(&["init", "--size", "6"]);
    let s = &schema.name;
    let mut client = schema.client();
    client
        .batch_execute(&format!("drop table {s}.queens_derived"))
        .unwrap();
    assert_refused(&schema.run(&["count"]), 1, "were derived by another queens");
    assert!(schema.stdout(&["init"]).contains("brought it up to date"));
    assert_eq!(schema.stdout(&["count"]), "4\n");
    client
        .batch_execute(&format!(
            "alter table {s}.queens_derived drop constraint queens_derived_checksum_check;
             alter table {s}.queens_derived alter checksum type bytea using checksum::bytea"
        ))
        .unwrap();
    assert_refused(&schema.run(&["count"]), 1, "were derived by another queens");
    assert_refused(
        &schema.run(&["init"]),
        1,
        "does not keep what queens writes in it",
    );
    client
        .batch_execute(&format!(
            "drop table {s}.queens_derived;
             create view {s}.queens_derived as select repeat('b', 64) as checksum"
        ))
        .unwrap();
    assert_refused(&schema.run(&["count"]), 1, "were derived by another queens");
    assert_refused(
        &schema.run(&["init"]),
        1,
        "a relation of yours named queens_derived",
    );
}
