//! An upgrade makes every name it makes anew: a table, view, index or
//! trigger of the user's under a name that a migration from the file's (or
//! schema's) version on makes is refused by name, and the file is left
//! byte for byte as it was (the schema as it was), never taken over as
//! queens' own, on SQLite and on PostgreSQL.

use crate::common;

use common::server::Schema;
use common::{Board, assert_refused, contents};
use queens::model::schema::migrations_after;
use queens::model::template::Dialect;
use rusqlite::Connection;

/// The names each migration makes, as (its number, kind, name), read off
/// the migrations' SQL as `dialect` receives it: every `create [unique]
/// table|index|view|trigger [if not exists] NAME`.
fn names_made(dialect: Dialect) -> Vec<(usize, String, String)> {
    let mut made = Vec::new();
    for (at, up) in migrations_after(0, dialect).unwrap().iter().enumerate() {
        for statement in up.to_lowercase().split(';') {
            let code: Vec<&str> = statement
                .lines()
                .map(|line| line.split("--").next().unwrap_or_default())
                .collect();
            let words: Vec<String> = code
                .join(" ")
                .split_whitespace()
                .map(str::to_string)
                .collect();
            let mut rest = words
                .iter()
                .map(String::as_str)
                .skip_while(|w| *w != "create");
            rest.next();
            let mut kind = rest.next().unwrap_or_default();
            if kind == "unique" {
                kind = rest.next().unwrap_or_default();
            }
            if !["table", "index", "view", "trigger"].contains(&kind) {
                continue;
            }
            let mut name = rest.next().unwrap_or_default();
            if name == "if" {
                name = rest.nth(2).unwrap_or_default();
            }
            let name = name.split('(').next().unwrap_or_default();
            made.push((at + 1, kind.to_string(), name.to_string()));
        }
    }
    made
}

/// A file as the queens of schema `version` wrote it. (A database of the
/// user's that queens has not touched, of version 0, is never migrated:
/// queens builds its board in a file of its own beside it.)
fn file_of_schema(version: usize) -> Board {
    let board = Board::new(6);
    match version {
        1 => board.back_to_schema_1(),
        2..=8 => {
            let conn = Connection::open(&board.db).unwrap();
            conn.execute_batch(common::BACK_TO_SCHEMA_8).unwrap();
            conn.pragma_update(None, "user_version", version as i64)
                .unwrap();
        }
        _ => panic!("no file of schema {version} to make"),
    }
    board
}

/// The user's object of `kind` named `name`, made in `conn`.
fn make_yours(kind: &str, name: &str) -> String {
    match kind {
        "table" => format!("create table {name} (square text); insert into {name} values ('c5')"),
        "view" => format!("create view {name} as select 'c5' as square"),
        "index" => format!("create table my_{name} (x); create index {name} on my_{name} (x)"),
        _ => format!(
            "create table my_{name} (x); \
             create trigger {name} after insert on my_{name} begin select 1; end"
        ),
    }
}

// From an attack: a file of schema 8 that held the user's own `hole`
// (c5) was "brought up to date" and then counted 80 solutions, its
// board_rows made it a rectangle and its board_shape a torus.
promise!(an_upgrade_refuses_every_name_of_yours_that_a_migration_makes);
fn an_upgrade_refuses_every_name_of_yours_that_a_migration_makes() {
    let made = names_made(Dialect::Sqlite);
    assert!(made.len() > 20, "{made:?}");
    // The versions a file is found at: the first, and the last before the
    // tables changed again (3 to 8 hold the same tables).
    for from in [1, 8] {
        let held: Vec<String> = common::rows_of(
            &Connection::open(&file_of_schema(from).db).unwrap(),
            "select lower(name) from sqlite_schema",
        )
        .unwrap()
        .concat();
        for (at, kind, name) in made.iter().filter(|(at, ..)| *at > from) {
            if held.contains(name) {
                continue; // queens' own at that version, made again
            }
            let board = file_of_schema(from);
            Connection::open(&board.db)
                .unwrap()
                .execute_batch(&make_yours(kind, name))
                .unwrap();
            let before = contents(&board.db);
            let out = board.run(&["init"]);
            assert_refused(
                &out,
                1,
                &format!(" named {name}, which a file of schema version"),
            );
            assert_eq!(
                contents(&board.db),
                before,
                "schema {from}, {kind} {name} of migration {at}: the file changed"
            );
        }
    }
}

// The same attack on a server: a schema of version 8 holding the user's
// `hole` counted 80, and `doctor` said every check held.
promise!(
    an_upgrade_on_a_server_refuses_every_name_of_yours_that_a_migration_makes,
    needs = [Postgres]
);
fn an_upgrade_on_a_server_refuses_every_name_of_yours_that_a_migration_makes() {
    let made = names_made(Dialect::Postgres);
    let fresh = Schema::new(&common::server::postgres(), "up");
    fresh.stdout(&["init", "--size", "6"]);
    let held: Vec<String> = fresh
        .client()
        .query(
            "select relname::text from pg_class where relnamespace = $1::text::regnamespace",
            &[&fresh.name],
        )
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect();
    for (at, kind, name) in made.iter().filter(|(at, ..)| *at > 8) {
        let schema = Schema::new(&common::server::postgres(), "up");
        schema.stdout(&["init", "--size", "6"]);
        let s = &schema.name;
        let yours = match kind.as_str() {
            "index" => format!(
                "create table {s}.my_{name} (x int); create index {name} on {s}.my_{name} (x)"
            ),
            _ => format!(
                "create table {s}.{name} (square text); insert into {s}.{name} values ('c5')"
            ),
        };
        let mut admin = schema.client();
        admin
            .batch_execute(&common::server::back_to_schema_8(s))
            .unwrap();
        admin.batch_execute(&yours).unwrap();
        let before = common::server::dump(&mut admin, s);
        let out = schema.run(&["init"]);
        assert_refused(&out, 1, &format!("\"{name}\" already exists"));
        assert_eq!(
            common::server::dump(&mut admin, s),
            before,
            "{kind} {name} of migration {at}: the schema changed"
        );
        assert!(
            held.contains(name),
            "{name} is not in a schema of this build"
        );
        assert_refused(&schema.run(&["count"]), 1, "older queens");
        assert_eq!(
            schema.run(&["doctor"]).status.code(),
            Some(1),
            "doctor passed"
        );
    }
}

// Schema 10 makes mov_dir, square_line,
// line_set and safe_next again (SQLite changes no constraint in place), so
// an upgrade from an older file would drop the user's indexes on them,
// silently. It refuses, naming the index, before anything changes.
promise!(an_upgrade_that_would_drop_an_index_of_yours_names_it_first);
fn an_upgrade_that_would_drop_an_index_of_yours_names_it_first() {
    for (table, index) in [
        (
            "square_line",
            "create index my_lines on square_line (anchor)",
        ),
        ("line_set", "create index my_sets on line_set (w0)"),
        ("mov_dir", "create index my_moves on mov_dir (d_rw)"),
        ("safe_next", "create index my_next on safe_next (square)"),
    ] {
        let board = file_of_schema(8);
        Connection::open(&board.db)
            .unwrap()
            .execute_batch(index)
            .unwrap();
        let before = contents(&board.db);
        assert_refused(
            &board.run(&["init"]),
            1,
            &format!(" on queens' {table}; nothing was changed"),
        );
        assert_eq!(contents(&board.db), before, "{table}: the file changed");
    }
}
