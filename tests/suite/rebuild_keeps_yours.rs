//! What is the user's stays the user's: a rebuild (`init --force`) or an
//! upgrade keeps the user's grants and comments on queens' objects, and
//! refuses, before changing anything and naming the object, where it would
//! drop, fire or empty something of theirs, on SQLite and on PostgreSQL.

use crate::common;
use crate::common::Bounded;

use common::server::{Schema, url_from};
use common::{Board, assert_refused, contents};
use rusqlite::Connection;

fn server() -> String {
    url_from("QUEENS_TEST_POSTGRES", "a PostgreSQL server")
}

promise!(a_rebuild_refuses_to_erase_a_column_you_added_to_an_sqlite_file);
fn a_rebuild_refuses_to_erase_a_column_you_added_to_an_sqlite_file() {
    let board = Board::new(6);
    Connection::open(&board.db)
        .unwrap()
        .execute_batch(
            "alter table square add column note text;
             update square set note = 'my favourite' where square = 'c5';",
        )
        .unwrap();
    let before = contents(&board.db);
    for args in [
        &["init", "--force"][..],
        &["init", "--force", "--size", "7"],
    ] {
        assert_refused(&board.run(args), 1, "a column of yours, note");
        assert_eq!(contents(&board.db), before, "{args:?} changed the file");
    }
    // A file of the previous schema: the upgrade is refused before its
    // migrations run, so its version is not moved on either.
    let current = contents(&board.db);
    board.back_to_schema_8();
    let before = contents(&board.db);
    assert_refused(&board.run(&["init"]), 1, "a column of yours, note");
    assert_eq!(
        contents(&board.db),
        before,
        "the refused upgrade changed the file"
    );
    std::fs::write(&board.db, current).unwrap();
    let doctor = board.run(&["doctor"]);
    assert_eq!(doctor.status.code(), Some(1));
    assert!(
        common::text(&doctor.stdout).contains("square has columns queens does not make (note)"),
        "{}",
        common::text(&doctor.stdout)
    );
}

promise!(a_rebuild_names_your_index_that_calls_a_function_only_your_program_defines);
fn a_rebuild_names_your_index_that_calls_a_function_only_your_program_defines() {
    let board = Board::new(6);
    {
        let conn = Connection::open(&board.db).unwrap();
        conn.create_scalar_function(
            "my_weight",
            1,
            rusqlite::functions::FunctionFlags::SQLITE_DETERMINISTIC,
            |ctx| Ok(ctx.get::<String>(0)?.len() as i64),
        )
        .unwrap();
        conn.execute_batch("create index my_weighted on square (my_weight(square));")
            .unwrap();
    }
    let before = contents(&board.db);
    let out = board.run(&["init", "--force", "--size", "7"]);
    assert_refused(&out, 1, "my_weighted");
    let stderr = common::text(&out.stderr);
    assert!(stderr.contains("my_weight"), "{stderr}");
    assert!(stderr.len() < 400, "a message, not queens' SQL: {stderr}");
    assert_eq!(contents(&board.db), before);
}

promise!(
    a_rebuild_refuses_to_erase_a_column_you_added_on_postgresql,
    needs = [Postgres]
);
fn a_rebuild_refuses_to_erase_a_column_you_added_on_postgresql() {
    let schema = Schema::new(&server(), "t");
    schema.stdout(&["init", "--size", "6"]);
    schema
        .client()
        .batch_execute(&format!(
            "alter table {0}.square add column note text; \
             update {0}.square set note = 'mine' where square = 'c5';",
            schema.name
        ))
        .unwrap();
    let out = schema.run(&["init", "--force"]);
    assert_refused(&out, 1, "a column of yours, note");
    let notes = schema.rows("select count(*) from square where note = 'mine'");
    assert_eq!(notes[0].get::<_, i64>(0), 1);
}

promise!(
    a_rebuild_refuses_to_empty_a_table_of_yours_that_inherits_from_queens,
    needs = [Postgres]
);
fn a_rebuild_refuses_to_empty_a_table_of_yours_that_inherits_from_queens() {
    let schema = Schema::new(&server(), "t");
    schema.stdout(&["init", "--size", "6"]);
    let mine = format!("{}_x", schema.name);
    let mut admin = schema.client();
    admin
        .batch_execute(&format!(
            "create schema {mine};
             create table {mine}.my_squares (note text) inherits ({s}.square);
             insert into {mine}.my_squares values ('z1', 'z', '1', 26, 1, 'one'), ('z2', 'z', '2', 26, 2, 'two');",
            s = schema.name
        ))
        .unwrap();
    let out = schema.run(&["init", "--force"]);
    assert_refused(&out, 1, "my_squares");
    assert!(common::text(&out.stderr).contains("inherits from queens' square"));
    let kept: i64 = admin
        .query_one(&format!("select count(*) from {mine}.my_squares"), &[])
        .unwrap()
        .get(0);
    assert_eq!(kept, 2);
    admin
        .batch_execute(&format!("drop schema {mine} cascade"))
        .unwrap();
}

/// What a user gave queens' views: bob's and public's select, the view's
/// and its first column's comments, the candidate view's options.
type Keepsakes = (
    bool,
    bool,
    Option<String>,
    Option<String>,
    Option<Vec<String>>,
);

/// The keepsakes on the views of schema `s`, as the catalog holds them now.
fn keepsakes_on_views(admin: &mut postgres::Client, s: &str, bob: &str) -> Keepsakes {
    let row = admin
        .query_one(
            &format!(
                "select has_table_privilege('{bob}', '{s}.solution', 'select'),
                        has_table_privilege('public', '{s}.search_space', 'select'),
                        obj_description('{s}.solution'::regclass),
                        col_description('{s}.solution'::regclass, 1),
                        (select reloptions from pg_class where oid = '{s}.candidate'::regclass)"
            ),
            &[],
        )
        .unwrap();
    (row.get(0), row.get(1), row.get(2), row.get(3), row.get(4))
}

/// What `query 'select count(*) from solution'` prints when run with the
/// role of `url` on `schema`.
fn solutions_counted_as(schema: &Schema, url: &str) -> String {
    let out = common::queens(schema.dir.path())
        .args([
            "query",
            "select count(*) from solution",
            "--db",
            url,
            "--schema",
            &schema.name,
        ])
        .bounded_output()
        .unwrap();
    common::text(&out.stdout)
}

promise!(
    a_rebuild_keeps_your_grants_and_comments_on_queens_views,
    needs = [Postgres]
);
fn a_rebuild_keeps_your_grants_and_comments_on_queens_views() {
    let schema = Schema::new(&server(), "t");
    schema.stdout(&["init", "--size", "6"]);
    let s = &schema.name;
    let bob = common::server::Role::new(
        &schema.url,
        "bob",
        &format!(
            "grant usage on schema {s} to {{role}}; \
             grant select on {s}.queens_version, {s}.board_size, {s}.queens_derived, \
             {s}.board_shape, {s}.hole, {s}.mov_dir, {s}.board_rows to {{role}}"
        ),
    );
    let mut admin = schema.client();
    admin
        .batch_execute(&format!(
            "grant select on {s}.solution to {bob};
             grant select on {s}.search_space to public;
             comment on view {s}.solution is 'the answers';
             comment on column {s}.solution.s1 is 'queen of column a';
             alter view {s}.candidate set (security_barrier = true);",
            bob = bob.name
        ))
        .unwrap();
    let keepsakes = |admin: &mut postgres::Client| keepsakes_on_views(admin, s, &bob.name);
    let before = keepsakes(&mut admin);
    assert!(before.0 && before.1);
    schema.stdout(&["init", "--force", "--size", "7"]);
    assert_eq!(keepsakes(&mut admin), before);
    assert_eq!(schema.stdout(&["count"]), "40\n");
    assert_eq!(
        solutions_counted_as(&schema, &bob.url),
        "count\n-----\n40\n"
    );
    // A comment on a column the smaller board's view lacks cannot be kept.
    admin
        .batch_execute(&format!(
            "comment on column {s}.solution.s7 is 'the last queen'"
        ))
        .unwrap();
    let out = schema.run(&["init", "--force", "--size", "6"]);
    assert_refused(&out, 1, "column s7");
    assert_eq!(
        schema.stdout(&["count"]),
        "40\n",
        "the refused rebuild changed the board"
    );
}

promise!(
    a_rebuild_refuses_to_drop_your_policy_row_type_column_or_function_naming_each,
    needs = [Postgres]
);
fn a_rebuild_refuses_to_drop_your_policy_row_type_column_or_function_naming_each() {
    let schema = Schema::new(&server(), "t");
    schema.stdout(&["init", "--size", "6"]);
    let s = &schema.name;
    let mine = format!("{s}_x");
    let mut admin = schema.client();
    admin
        .batch_execute(&format!(
            "create schema {mine}; create table {mine}.t (sq text);"
        ))
        .unwrap();
    for (make, named, says) in [
        (
            format!(
                "create policy my_policy on {mine}.t using (sq in (select s1 from {s}.solution))"
            ),
            "policy my_policy",
            "depends on queens' solution",
        ),
        (
            format!("alter table {mine}.t add column kept {s}.solution"),
            "column kept",
            "row type of queens' solution",
        ),
        (
            format!(
                "create function {mine}.first_queen() returns text language sql \
                 begin atomic select s1 from {s}.solution limit 1; end"
            ),
            "function",
            "depends on queens' solution",
        ),
    ] {
        admin.batch_execute(&make).unwrap();
        let out = schema.run(&["init", "--force", "--size", "7"]);
        assert_refused(&out, 1, named);
        assert!(
            common::text(&out.stderr).contains(says),
            "{}",
            common::text(&out.stderr)
        );
        assert!(!common::text(&out.stderr).contains("db error"));
        assert_eq!(schema.stdout(&["count"]), "4\n");
        admin
            .batch_execute(&format!(
                "drop policy if exists my_policy on {mine}.t;
                 alter table {mine}.t drop column if exists kept;
                 drop function if exists {mine}.first_queen();"
            ))
            .unwrap();
    }
    schema.stdout(&["init", "--force", "--size", "7"]);
    admin
        .batch_execute(&format!("drop schema {mine} cascade"))
        .unwrap();
}

promise!(
    a_rebuild_keeps_your_column_grants_and_defaults_on_queens_views,
    needs = [Postgres]
);
fn a_rebuild_keeps_your_column_grants_and_defaults_on_queens_views() {
    let schema = Schema::new(&server(), "t");
    schema.stdout(&["init", "--size", "6"]);
    let s = &schema.name;
    let bob = common::server::Role::new(&schema.url, "bob", "");
    let mut admin = schema.client();
    admin
        .batch_execute(&format!(
            "grant select (s1) on {s}.solution to {bob};
             alter view {s}.solution alter column s1 set default 'a1';",
            bob = bob.name
        ))
        .unwrap();
    let kept = |admin: &mut postgres::Client| -> (bool, i64) {
        let row = admin
            .query_one(
                &format!(
                    "select has_column_privilege('{bob}', '{s}.solution', 's1', 'select'),
                            (select count(*) from pg_attrdef where adrelid = '{s}.solution'::regclass)",
                    bob = bob.name
                ),
                &[],
            )
            .unwrap();
        (row.get(0), row.get(1))
    };
    assert_eq!(kept(&mut admin), (true, 1));
    schema.stdout(&["init", "--force", "--size", "7"]);
    assert_eq!(kept(&mut admin), (true, 1));
}

promise!(
    a_rebuild_refuses_a_column_of_yours_typed_as_an_array_of_a_view_s_rows,
    needs = [Postgres]
);
fn a_rebuild_refuses_a_column_of_yours_typed_as_an_array_of_a_view_s_rows() {
    let schema = Schema::new(&server(), "t");
    schema.stdout(&["init", "--size", "6"]);
    let s = &schema.name;
    let mut admin = schema.client();
    admin
        .batch_execute(&format!(
            "create schema {s}_x; create table {s}_x.kept (rows {s}.numbered_solution[]);"
        ))
        .unwrap();
    let out = schema.run(&["init", "--force", "--size", "7"]);
    assert_refused(&out, 1, "column rows");
    assert!(
        common::text(&out.stderr).contains("row type of queens' numbered_solution"),
        "{}",
        common::text(&out.stderr)
    );
    assert_eq!(schema.stdout(&["count"]), "4\n");
    admin
        .batch_execute(&format!("drop schema {s}_x cascade"))
        .unwrap();
}

promise!(
    a_rebuild_names_another_role_s_object_as_that_role_s,
    needs = [Postgres]
);
fn a_rebuild_names_another_role_s_object_as_that_role_s() {
    let schema = Schema::new(&server(), "t");
    schema.stdout(&["init", "--size", "6"]);
    let s = &schema.name;
    let bob = common::server::Role::new(
        &schema.url,
        "bob",
        &format!(
            "grant usage on schema {s} to {{role}}; create schema {{role}}_x authorization {{role}}"
        ),
    );
    bob.client()
        .batch_execute(&format!(
            "create table {b}_x.t (rows {s}.solution)",
            b = bob.name
        ))
        .unwrap();
    let out = schema.run(&["init", "--force", "--size", "7"]);
    assert_refused(&out, 1, &format!("role {}'s column", bob.name));
}

promise!(
    a_rebuild_refuses_to_fire_your_event_trigger,
    needs = [PostgresAlone]
);
fn a_rebuild_refuses_to_fire_your_event_trigger() {
    let schema = Schema::new(&server(), "t");
    schema.stdout(&["init", "--size", "6"]);
    // A board an older queens made, which `init` would upgrade (its first
    // DDL a migration's), made before the event trigger.
    let older = Schema::new(&server(), "t");
    older.stdout(&["init", "--size", "5"]);
    let s = &schema.name;
    let trigger = format!("{s}_watch");
    let mut admin = schema.client();
    admin
        .batch_execute(&common::server::back_to_schema_8(&older.name))
        .unwrap();
    admin
        .batch_execute(&format!(
            "create schema {s}_x; create sequence {s}_x.fired;
             create function {s}_x.note() returns event_trigger language plpgsql
                 as $$ begin perform nextval('{s}_x.fired'); end $$;
             create event trigger {trigger} on ddl_command_start execute function {s}_x.note();"
        ))
        .unwrap();
    // A board missing one of its descriptions: `init` would write it.
    admin
        .batch_execute(&format!("comment on table {s}.hole is null"))
        .unwrap();
    // A sequence counts the firings: nextval is never rolled back, so a
    // firing before a refusal shows too.
    let mut fired = || {
        let row = admin
            .query_one(
                &format!("select last_value, is_called from {s}_x.fired"),
                &[],
            )
            .unwrap();
        (row.get::<_, i64>(0), row.get::<_, bool>(1))
    };
    let before = fired();
    let outs = [
        schema.run(&["init", "--force", "--size", "7"]),
        schema.run(&["init"]),
        older.run(&["init"]),
    ];
    let after = fired();
    admin
        .batch_execute(&format!(
            "drop event trigger {trigger}; drop schema {s}_x cascade;"
        ))
        .unwrap();
    for out in &outs {
        assert_refused(out, 1, &format!("event trigger {trigger}"));
    }
    assert_eq!(after, before, "queens' DDL fired the event trigger");
    assert_eq!(schema.stdout(&["count"]), "4\n");
}

promise!(
    a_constraint_of_yours_the_new_board_breaks_is_named,
    needs = [Postgres]
);
fn a_constraint_of_yours_the_new_board_breaks_is_named() {
    let schema = Schema::new(&server(), "t");
    schema.stdout(&["init", "--size", "6"]);
    schema
        .client()
        .batch_execute(&format!(
            "alter table {}.square add constraint my_small_board check (rw_no <= 6)",
            schema.name
        ))
        .unwrap();
    let out = schema.run(&["init", "--force", "--size", "8"]);
    assert_refused(&out, 1, "constraint my_small_board on square");
    assert!(!common::text(&out.stderr).contains("db error"));
    assert_eq!(schema.stdout(&["count"]), "4\n");
}

promise!(a_rebuild_refuses_when_a_row_of_yours_would_newly_point_at_nothing);
fn a_rebuild_refuses_when_a_row_of_yours_would_newly_point_at_nothing() {
    // (b8, RGHT-DN) is a line of the 8×8 board and not of the 9×9 one;
    // (a9, RGHT-DN) is the other way round. The count of broken references
    // is one before and one after: the rows tell them apart.
    refused_until_mended(
        "create table my_lines (id integer primary key, anchor text, mov_dir text,
             foreign key (anchor, mov_dir) references line (anchor, mov_dir));
         insert into my_lines values (1, 'b8', 'RGHT-DN'), (2, 'a9', 'RGHT-DN');",
        "the row with rowid 1 of your table my_lines",
        "delete from my_lines where id = 1",
    );
}

promise!(a_rebuild_refuses_when_a_row_of_a_table_without_rowid_would_newly_point_at_nothing);
fn a_rebuild_refuses_when_a_row_of_a_table_without_rowid_would_newly_point_at_nothing() {
    // SQLite's foreign-key check names no row of a table without rowid;
    // the rows are told apart by their primary keys.
    refused_until_mended(
        "create table my_marks (id text primary key, anchor text, mov_dir text,
             foreign key (anchor, mov_dir) references line (anchor, mov_dir)) without rowid;
         insert into my_marks values ('x', 'a9', 'RGHT-DN'), ('y', 'b8', 'RGHT-DN'),
                                     ('z', null, 'RGHT-DN');",
        "the row whose key is ('y') of your table my_marks",
        "delete from my_marks where id = 'y'",
    );
}

/// On an 8×8 file where `yours` (run with foreign keys off) made a row that
/// a 9×9 board would leave pointing at nothing: the rebuild is refused,
/// naming the row (`named`), and the file is unchanged; once `mend` has
/// run, the rebuild goes ahead.
fn refused_until_mended(yours: &str, named: &str, mend: &str) {
    let board = Board::new(8);
    Connection::open(&board.db)
        .unwrap()
        .execute_batch(&format!("pragma foreign_keys = off; {yours}"))
        .unwrap();
    let before = contents(&board.db);
    let out = board.run(&["init", "--force", "--size", "9"]);
    assert_refused(&out, 1, named);
    assert_eq!(
        contents(&board.db),
        before,
        "the refused rebuild changed the file"
    );
    Connection::open(&board.db)
        .unwrap()
        .execute_batch(mend)
        .unwrap();
    assert!(
        board
            .run(&["init", "--force", "--size", "9"])
            .status
            .success()
    );
}
