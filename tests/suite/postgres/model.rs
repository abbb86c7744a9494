//! The same model on a PostgreSQL server: the same answers as on SQLite,
//! the exported script, and a server's own errors said in one line.

use crate::common;
use crate::common::Bounded;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

use common::golden::assert_same_text;
use common::server::Schema;
use common::{A000170, A002464, Board, queens};
use queens::checker;
use tempfile::TempDir;

/// The server's URL (see common::server).
fn server() -> String {
    common::server::postgres()
}

promise!(
    counts_equal_sqlite_oeis_and_the_native_counter,
    needs = [Postgres]
);
fn counts_equal_sqlite_oeis_and_the_native_counter() {
    let url = server();
    for n in 1..=10u8 {
        let schema = Schema::new(&url, "t");
        let size = n.to_string();
        schema.stdout(&["init", "--size", &size]);
        let solutions = schema.count("solution");
        assert_eq!(solutions, A000170[usize::from(n) - 1], "n = {n}");
        assert_eq!(solutions, checker::count_solutions(n), "n = {n}");
        assert_eq!(
            schema.stdout(&["count"]),
            format!("{solutions}\n"),
            "n = {n}"
        );
        assert_eq!(
            schema.count("candidate"),
            A002464[usize::from(n) - 1],
            "n = {n}"
        );
        let sqlite = Board::new(n);
        assert_eq!(
            sqlite.count("select count(*) from solution"),
            solutions,
            "n = {n}"
        );
        assert_eq!(
            sqlite.count("select count(*) from candidate"),
            schema.count("candidate"),
            "n = {n}"
        );
        assert_eq!(schema.count("square"), u64::from(n) * u64::from(n));
        assert_eq!(schema.count("line"), 6 * u64::from(n) - 2);
        assert_eq!(schema.count("square_line"), 4 * u64::from(n) * u64::from(n));
    }
}

/// Commands that print the same on a PostgreSQL schema as on an SQLite
/// file of the same board.
fn commands_both_engines_answer() -> [Vec<&'static str>; 12] {
    [
        vec!["solve"],
        vec!["solve", "--fundamental"],
        vec!["solve", "--format", "boards", "--jobs", "1"],
        vec!["count", "--fundamental"],
        vec!["show", "3"],
        vec!["check", "a1", "b5", "c8", "d6", "e3", "f7", "g2", "h4"],
        vec!["check", "a2", "b6"],
        vec!["complete", "a2", "b6"],
        vec!["space"],
        vec!["export", "--format", "json"],
        vec!["export", "--format", "csv", "--fundamental"],
        vec![
            "query",
            "select * from square_line where square = 'c5' order by mov_dir",
        ],
    ]
}

promise!(
    every_command_answers_as_it_does_on_sqlite,
    needs = [Postgres]
);
also_on_postgres_18!(
    every_command_answers_as_it_does_on_sqlite,
    every_command_answers_as_it_does_on_sqlite_on_postgresql_18
);
fn every_command_answers_as_it_does_on_sqlite() {
    let url = server();
    let schema = Schema::new(&url, "t");
    let sqlite = Board::new(8);
    schema.stdout(&["init"]);
    let solve = schema.stdout(&["solve"]);
    let lines: Vec<&str> = solve.lines().collect();
    assert_eq!(lines[2], "1         a1  b5  c8  d6  e3  f7  g2  h4");
    assert_eq!(lines[93], "92        a8  b4  c1  d3  e6  f2  g7  h5");
    for args in commands_both_engines_answer() {
        // Advice repeats the --db it was given (and --schema), which
        // differ by engine; what comes before it must not.
        let without_db = |text: String| match text.find(" --db ") {
            Some(at) => text[..at].to_string(),
            None => text,
        };
        assert_same_text(
            "the SQLite file's",
            &without_db(sqlite.stdout(&args)),
            "PostgreSQL's",
            &without_db(schema.stdout(&args)),
            &format!("{args:?}"),
        );
    }
    let advice = schema.stdout(&["check", "a2", "b6"]);
    let shown = queens::engine::hide_passwords(&url);
    assert!(
        advice.contains(&format!("--db {shown} --schema {}`", schema.name)) && shown != url,
        "{advice}"
    );
    let check = schema.run(&["check", "c5", "f2"]);
    assert_eq!(check.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&check.stdout).contains("along the RGHT-DN line anchored at a7")
    );
    for sql in [
        "delete from square",
        "drop view solution",
        "select 1; select 2",
    ] {
        let refused = schema.run(&["query", sql]);
        assert_eq!(refused.status.code(), Some(2), "{sql}");
    }
    assert_eq!(schema.count("square"), 64);
}

promise!(
    a_rebuild_replaces_the_board_in_one_transaction_and_keeps_other_objects,
    needs = [Postgres]
);
fn a_rebuild_replaces_the_board_in_one_transaction_and_keeps_other_objects() {
    let url = server();
    let schema = Schema::new(&url, "t");
    schema.stdout(&["init", "--size", "6"]);
    schema
        .client()
        .batch_execute(&format!(
            "create table {}.my_notes (note text)",
            schema.name
        ))
        .unwrap();
    let refused = schema.run(&["count", "--size", "7"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        schema
            .stdout(&["init", "--size", "7", "--force"])
            .contains("7×7")
    );
    assert_eq!(schema.count("solution"), 40);
    assert_eq!(schema.count("my_notes"), 0);
    assert!(schema.stdout(&["init"]).contains("nothing to do"));
}

promise!(
    the_exported_script_builds_a_model_that_answers_the_same,
    needs = [Postgres, Psql]
);
also_on_postgres_18!(
    the_exported_script_builds_a_model_that_answers_the_same,
    the_exported_script_builds_a_model_that_answers_the_same_on_postgresql_18
);
fn the_exported_script_builds_a_model_that_answers_the_same() {
    let url = server();
    let sqlite = Board::new(7);
    let schema = Schema::new(&url, "t");
    let script = postgres_script_of(&sqlite, &schema.name);
    let psql = Command::new("psql")
        .args(["-q", "-v", "ON_ERROR_STOP=1", "-f"])
        .arg(&script)
        .arg(&url)
        .bounded_output()
        .expect("psql, from the postgresql package that .ci/run installs");
    assert!(
        psql.status.success(),
        "{}",
        String::from_utf8_lossy(&psql.stderr)
    );
    let mut client = schema.client();
    let rows: Vec<Vec<String>> = client
        .query(&format!("select * from {}.solution", schema.name), &[])
        .unwrap()
        .iter()
        .map(|row| (0..row.len()).map(|i| row.get::<_, String>(i)).collect())
        .collect();
    assert_eq!(rows, sqlite.rows("select * from solution"));
    assert_eq!(schema.count("fundamental_solution"), 6);
    the_schema_is_described(&mut client, &schema.name);
    // And queens takes the schema as its own.
    assert_eq!(schema.stdout(&["count"]), "40\n");
}

// From an attack: the script made its schema `if not exists` and ran
// without a transaction, so a schema of the user's holding their own hole
// (c5) took it as the board's (76 solutions, exit 0). The script now runs
// in one transaction that psql stops at its first error, and makes its
// schema new: a schema of that name (empty, or holding a table of the
// user's) stops it there, with nothing changed; so does a second run.
promise!(
    the_psql_script_stops_at_a_schema_of_yours_and_changes_nothing,
    needs = [Postgres, Psql]
);
fn the_psql_script_stops_at_a_schema_of_yours_and_changes_nothing() {
    let url = server();
    let schema = Schema::new(&url, "p");
    let s = &schema.name;
    let board = Board::new(8);
    let script = postgres_script_of(&board, s);
    // Plain psql, with nothing set: the script sets what it needs.
    let psql = || {
        Command::new("psql")
            .args(["-q", "-f"])
            .arg(&script)
            .arg(&url)
            .bounded_output()
            .expect("psql")
    };
    let mut admin = schema.client();
    for yours in [
        format!("create schema {s}"),
        format!(
            "create schema {s}; create table {s}.hole (square text); insert into {s}.hole values ('c5')"
        ),
    ] {
        admin.batch_execute(&yours).unwrap();
        let before = held_by(&mut admin, s);
        let out = psql();
        let stderr = common::text(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{stderr}");
        assert!(
            stderr.contains(&format!("schema \"{s}\" already exists")),
            "{stderr}"
        );
        assert_eq!(
            held_by(&mut admin, s),
            before,
            "the script changed schema {s}"
        );
        admin
            .batch_execute(&format!("drop schema {s} cascade"))
            .unwrap();
    }
    let out = psql();
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    assert_eq!(schema.count("solution"), 92);
    let before = held_by(&mut admin, s);
    assert_eq!(psql().status.code(), Some(3), "a second run went on");
    assert_eq!(held_by(&mut admin, s), before);
    assert_eq!(schema.count("solution"), 92);
}

/// The PostgreSQL script of `board`'s file that builds it in schema
/// `schema`, as `export --dialect postgres` writes it beside the file.
fn postgres_script_of(board: &Board, schema: &str) -> std::path::PathBuf {
    let script = board.dir.path().join("model.sql");
    let out = board.run(&[
        "export",
        "--format",
        "sql",
        "--dialect",
        "postgres",
        "--schema",
        schema,
        "--out",
        script.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    script
}

/// Each relation of schema `s` with its kind, and the rows of a table of
/// the user's named hole, where there is one.
fn held_by(client: &mut postgres::Client, s: &str) -> Vec<String> {
    let mut held: Vec<String> = client
        .query(
            "select relname::text || ' ' || relkind::text from pg_class \
             where relnamespace = $1::text::regnamespace order by 1",
            &[&s],
        )
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect();
    if let Ok(rows) = client.query(&format!("select square from {s}.hole order by 1"), &[]) {
        held.extend(rows.iter().map(|row| row.get::<_, String>(0)));
    }
    held
}

/// psql's \d+ shows what each relation and column of `schema` holds, as
/// after init: the exported script carries the comments.
fn the_schema_is_described(client: &mut postgres::Client, schema: &str) {
    let mut described = |object: &str| -> Option<String> {
        client
            .query_one(
                "select pg_catalog.obj_description(pg_catalog.to_regclass($1), 'pg_class')",
                &[&format!("{schema}.{object}")],
            )
            .unwrap()
            .get(0)
    };
    for relation in ["solution", "square_line", "search_tree", "queens_version"] {
        let text = described(relation).unwrap_or_else(|| panic!("{relation}: no comment"));
        assert!(text.len() > 20 && !text.contains('`'), "{relation}: {text}");
    }
    let column: Option<String> = client
        .query_one(
            "select pg_catalog.col_description(pg_catalog.to_regclass($1), 1)",
            &[&format!("{schema}.square_line")],
        )
        .unwrap()
        .get(0);
    assert!(column.is_some_and(|text| text.contains("square")));
}

/// URLs init must refuse, beside `url` of the test server: the exit code
/// and what the one line says. One has a password that must not be shown.
fn urls_init_refuses(url: &str) -> [(String, i32, &'static str); 3] {
    let wrong_password = {
        let (scheme_user, rest) = url.split_once('@').unwrap();
        let user = scheme_user.rsplit_once(':').unwrap().0;
        format!("{user}:not-the-password@{rest}")
    };
    let port = url
        .rsplit_once(':')
        .unwrap()
        .1
        .split('/')
        .next()
        .unwrap()
        .to_string();
    let unreachable = url.replace(&format!(":{port}/"), ":1/");
    [
        (
            "postgres://queens@127.0.0.1:port/x".to_string(),
            2,
            "not a PostgreSQL URL",
        ),
        (unreachable, 1, "cannot connect"),
        (wrong_password, 1, "password authentication failed"),
    ]
}

/// A schema that holds someone else's table named like one of ours: init
/// refuses and creates nothing beside it.
fn a_schema_holding_a_table_named_like_queens_is_refused(url: &str) {
    let taken = Schema::new(url, "t");
    taken
        .client()
        .batch_execute(&format!(
            "create schema {0}; create table {0}.square (x int)",
            taken.name
        ))
        .unwrap();
    let output = taken.run(&["init"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("already holds square"), "{stderr}");
    assert_eq!(
        taken.tables(),
        1,
        "something was created beside the foreign table"
    );
}

promise!(
    bad_urls_servers_passwords_and_taken_schemas_are_refused_plainly,
    needs = [Postgres]
);
fn bad_urls_servers_passwords_and_taken_schemas_are_refused_plainly() {
    let url = server();
    let dir = TempDir::new().unwrap();
    for (db, code, says) in urls_init_refuses(&url) {
        let output = queens(dir.path())
            .args(["init", "--db", &db])
            .bounded_output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(code), "{db}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(says), "{db}: {stderr}");
        assert!(
            !stderr.contains("not-the-password"),
            "the password is shown: {stderr}"
        );
    }
    a_schema_holding_a_table_named_like_queens_is_refused(&url);
    let bad_schema = queens(dir.path())
        .args(["init", "--db", &url, "--schema", "x;drop"])
        .bounded_output()
        .unwrap();
    assert_eq!(bad_schema.status.code(), Some(2));
}

promise!(
    a_version_or_size_table_without_its_one_row_is_named_in_one_line,
    needs = [Postgres]
);
fn a_version_or_size_table_without_its_one_row_is_named_in_one_line() {
    let url = server();
    for (tamper, says) in [
        (
            "delete from queens_version",
            "table queens_version is empty",
        ),
        (
            "insert into queens_version select version from queens_version",
            "table queens_version holds more than one row",
        ),
        (
            "drop index board_size_has_one_row; insert into board_size values (7)",
            "table board_size holds more than one row",
        ),
        (
            "alter table queens_version alter version drop not null; \
             update queens_version set version = null",
            "table queens_version holds NULL",
        ),
    ] {
        let schema = Schema::new(&url, "one");
        schema.stdout(&["init", "--size", "6"]);
        schema
            .client()
            .batch_execute(&format!("set search_path to {}; {tamper}", schema.name))
            .unwrap();
        for args in [&["count"][..], &["solve"], &["init"], &["init", "--force"]] {
            let output = schema.run(args);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(
                output.status.code(),
                Some(1),
                "{tamper}, {args:?}: {stderr}"
            );
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
            assert!(stderr.contains(says), "{tamper}, {args:?}: {stderr}");
            assert!(output.stdout.is_empty(), "{tamper}, {args:?}");
        }
    }
}

promise!(
    a_schema_from_schema_version_1_is_upgraded_in_place,
    needs = [Postgres]
);
fn a_schema_from_schema_version_1_is_upgraded_in_place() {
    let url = server();
    let schema = Schema::new(&url, "t");
    schema.stdout(&["init", "--size", "6"]);
    // As the first release would have left it: the tables of schema 8
    // without the symmetry tables, and none of the views made from them.
    let s = &schema.name;
    schema
        .client()
        .batch_execute(&format!(
            "{}; drop view if exists {s}.fundamental_solution; \
             drop view if exists {s}.solution_class; drop view if exists {s}.solution_queen; \
             drop view if exists {s}.numbered_solution; \
             drop table {s}.square_image cascade; drop table {s}.symmetry; \
             update {s}.queens_version set version = 1",
            common::server::back_to_schema_8(s)
        ))
        .unwrap();
    // Reading does not upgrade: it refuses, naming the command that does.
    let refused = schema.run(&["count", "--fundamental"]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("older queens") && stderr.contains("queens init"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert_eq!(schema.count("square"), 36, "the refusal changed the schema");
    assert!(schema.stdout(&["init"]).contains("brought it up to date"));
    assert_eq!(schema.stdout(&["count", "--fundamental"]), "1\n");
    assert_eq!(schema.count("square_image"), 8 * 36);
    assert_eq!(schema.count("queens_version"), 1);
}

promise!(
    a_board_under_12x12_on_a_server_is_searched_on_one_connection_unless_jobs_asks_more,
    needs = [Postgres]
);
/// Without `--jobs`, a server searches a board under 12×12 on the
/// command's first connection alone: a role that may hold two connections
/// at once (that one, and the one that asked whether the server is a
/// Citus coordinator, were it still closing) counts, solves, shows and
/// exports it. `--jobs 2` asks for two connections more, which the server
/// refuses it. Each command runs as a role of its own: a server counts a
/// session against its role's limit until the backend has ended, which
/// may be after the client that closed it has gone on to its next
/// command (so a role shared by the commands was once refused).
fn a_board_under_12x12_on_a_server_is_searched_on_one_connection_unless_jobs_asks_more() {
    let schema = Schema::new(&server(), "t");
    schema.stdout(&["init", "--size", "8"]);
    let s = &schema.name;
    let run = |args: &[&str]| {
        let frugal = common::server::Role::new(
            &schema.url,
            "frugal",
            &format!(
                "grant usage on schema {s} to {{role}}; \
                 grant select on all tables in schema {s} to {{role}}; \
                 alter role {{role}} connection limit 2"
            ),
        );
        super::shared_board::run_as(&frugal.url, &schema, args, &[])
    };
    for (args, lines) in [
        (&["count"][..], 1),
        (&["solve", "--format", "csv"], 93),
        (&["show", "92"], 13),
        (&["export", "--format", "csv", "--out", "-"], 93),
    ] {
        let out = run(args);
        let said = common::text(&out.stderr);
        assert!(out.status.success(), "{args:?}: {said}");
        assert_eq!(common::text(&out.stdout).lines().count(), lines, "{args:?}");
    }
    let out = run(&["count", "--jobs", "2"]);
    let said = common::text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(common::is_one_error(&said), "{said}");
    assert!(said.contains("too many connections"), "{said}");
}

promise!(
    a_solution_view_the_user_replaced_is_read_as_it_stands_by_every_path,
    needs = [Postgres]
);
/// A `solution` view written after the board's build is what `count`,
/// `solve`, `show` and `export` read, whole, with or without `--jobs`
/// (the parts, which search the board themselves, once counted 92 beside
/// a view of 4 when given `--jobs 2`); `doctor` names it, and `init
/// --force` writes queens' own again.
fn a_solution_view_the_user_replaced_is_read_as_it_stands_by_every_path() {
    let schema = Schema::new(&server(), "t");
    schema.stdout(&["init", "--size", "8"]);
    assert_eq!(schema.stdout(&["count", "--jobs", "2"]).trim(), "92");
    schema
        .client()
        .batch_execute(&format!(
            "set search_path to {s}; \
             create table keep as select * from solution where s1 = 'a1'; \
             create or replace view solution as select * from keep",
            s = schema.name
        ))
        .unwrap();
    for jobs in [&[][..], &["--jobs", "1"], &["--jobs", "2"]] {
        let with = |args: &[&'static str]| -> Vec<&'static str> { [args, jobs].concat() };
        assert_eq!(schema.stdout(&with(&["count"])).trim(), "4", "{jobs:?}");
        for args in [
            &["solve", "--format", "csv"][..],
            &["export", "--format", "csv"],
        ] {
            let lines = schema.stdout(&with(args)).lines().count();
            assert_eq!(lines, 1 + 4, "{args:?} {jobs:?}");
        }
        let past = schema.run(&with(&["show", "5"]));
        let said = common::text(&past.stderr);
        assert_eq!(past.status.code(), Some(2), "{jobs:?}: {said}");
        assert!(said.contains("has 4 (1 to 4)"), "{jobs:?}: {said}");
    }
    let doctor = schema.run(&["doctor"]);
    let said = common::text(&doctor.stdout) + &common::text(&doctor.stderr);
    assert!(!doctor.status.success(), "{said}");
    assert!(
        said.contains("solution is not the view queens wrote with the others"),
        "{said}"
    );
    schema.stdout(&["init", "--force", "--size", "8"]);
    assert_eq!(schema.stdout(&["count"]).trim(), "92");
    assert_eq!(schema.stdout(&["count", "--jobs", "2"]).trim(), "92");
    assert!(schema.run(&["doctor"]).status.success());
}

promise!(
    readers_see_one_board_while_another_process_rebuilds,
    needs = [Postgres]
);
fn readers_see_one_board_while_another_process_rebuilds() {
    let url = server();
    let schema = Schema::new(&url, "t");
    schema.stdout(&["init", "--size", "6"]);
    let (answers, _busy) = std::thread::scope(|s| {
        let writer = s.spawn(|| {
            for round in 0..8 {
                let size = if round % 2 == 0 { "7" } else { "6" };
                let out = schema.run(&["init", "--force", "--size", size]);
                assert!(
                    out.status.success(),
                    "{}",
                    String::from_utf8_lossy(&out.stderr)
                );
            }
        });
        let mut answers = Vec::new();
        let mut busy = 0;
        let deadline = common::wait::Deadline::new("the rebuilds to end and 20 counts");
        while !writer.is_finished() || answers.len() < 20 {
            deadline.check();
            // Two connections per command, which must share one snapshot.
            let count = schema.run(&["count", "--jobs", "2"]);
            let solve = schema.run(&["solve", "--format", "csv", "--jobs", "2"]);
            for out in [&count, &solve] {
                let stderr = String::from_utf8_lossy(&out.stderr);
                if !out.status.success() {
                    assert!(stderr.contains("busy"), "{stderr}");
                    busy += 1;
                }
            }
            if count.status.success() {
                answers.push(String::from_utf8(count.stdout).unwrap());
            }
            if solve.status.success() {
                let csv = String::from_utf8(solve.stdout).unwrap();
                let width = csv.lines().next().unwrap().split(',').count();
                assert!(width == 7 || width == 8, "{csv}");
                for line in csv.lines() {
                    assert_eq!(line.split(',').count(), width, "{csv}");
                }
                assert_eq!(csv.lines().count() - 1, if width == 7 { 4 } else { 40 });
            }
        }
        writer.join().unwrap();
        (answers, busy)
    });
    for answer in &answers {
        assert!(answer == "4\n" || answer == "40\n", "{answer:?}");
    }
}

promise!(
    two_inits_of_one_new_schema_give_one_board,
    needs = [Postgres]
);
fn two_inits_of_one_new_schema_give_one_board() {
    let url = server();
    for round in 0..5 {
        let schema = Schema::new(&url, "t");
        let (a, b) = std::thread::scope(|s| {
            let a = s.spawn(|| schema.run(&["init", "--size", "7"]));
            let b = s.spawn(|| schema.run(&["init", "--size", "7"]));
            (a.join().unwrap(), b.join().unwrap())
        });
        let said: Vec<String> = [&a, &b]
            .iter()
            .map(|out| {
                assert!(
                    out.status.success(),
                    "round {round}: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
                String::from_utf8_lossy(&out.stdout).into_owned()
            })
            .collect();
        assert_eq!(
            said.iter().filter(|s| s.starts_with("created")).count(),
            1,
            "{said:?}"
        );
        assert_eq!(schema.count("square"), 49);
    }
}

promise!(
    query_cannot_change_anything_on_the_server,
    needs = [Postgres]
);
also_on_postgres_18!(
    query_cannot_change_anything_on_the_server,
    query_cannot_change_anything_on_the_server_on_postgresql_18
);
fn query_cannot_change_anything_on_the_server() {
    let url = server();
    let schema = Schema::new(&url, "t");
    schema.stdout(&["init", "--size", "5"]);
    let marker = schema.dir.path().join("server-wrote-this");
    let marker = marker.to_str().unwrap();
    // As a superuser: the read-only transaction and the one-query wrapper
    // refuse whatever writes. (What a superuser's functions do without
    // writing, they still do, as in psql: see tests/suite/postgres/trust.rs,
    // a_read_only_role_made_as_the_readme_says_cannot_act_on_the_server.)
    let tricks = [
        format!("copy (select 1) to '{marker}'"),
        format!("copy (select 1) to program 'touch {marker}'"),
        format!("/* c */ (copy (select 1) to '{marker}')"),
        "select 1; drop table square".to_string(),
        "delete from square returning *".to_string(),
        "with gone as (delete from square returning 1) select count(*) from gone".to_string(),
        "select nextval('x')".to_string(),
        "create table mine (x int)".to_string(),
        "set role queens".to_string(),
    ];
    let squares = schema.count("square");
    for sql in &tricks {
        let out = schema.run(&["query", sql]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_ne!(out.status.code(), Some(0), "{sql}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{sql}: {stderr}");
        assert!(out.stdout.is_empty(), "{sql}");
    }
    assert!(
        !std::path::Path::new(marker).exists(),
        "the server wrote a file"
    );
    assert_eq!(schema.count("square"), squares);
    assert_eq!(
        schema.stdout(&["query", "select count(*) from square"]),
        "count\n-----\n25\n"
    );
}

promise!(query_streams_its_rows_and_stops_on_time, needs = [Postgres]);
fn query_streams_its_rows_and_stops_on_time() {
    let url = server();
    let schema = Schema::new(&url, "t");
    schema.stdout(&["init", "--size", "4"]);
    let endless = "with recursive r(i) as (select 1 union all select i + 1 from r) select i from r";
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .current_dir(schema.dir.path())
        .args([
            "query",
            "--db",
            &url,
            "--schema",
            &schema.name,
            "-f",
            "csv",
            endless,
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let watchdog = common::wait::Watchdog::on(child.id(), "query's first 200,000 rows");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    assert_eq!(lines.next().unwrap().unwrap(), "i");
    for expected in 1..=200_000 {
        assert_eq!(lines.next().unwrap().unwrap(), expected.to_string());
    }
    drop(watchdog);
    let peak_kb = common::peak_memory_kb(child.id());
    let _ = child.kill();
    common::wait::exit_of(&mut child, "the killed query to end");
    assert!(peak_kb < 64 * 1024, "{peak_kb} kB after 200,000 rows");
    // --timeout: what came before the limit is printed, as whole JSON. The
    // query has no end of its own: its ending with that line is the proof.
    let out = schema.run(&["query", "-f", "json", "--timeout", "2", endless]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("stopped after 2 s (--timeout)"), "{stderr}");
    let printed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = printed.as_array().unwrap();
    assert!(!rows.is_empty());
    assert_eq!(rows[0], serde_json::json!({"i": 1}));
    // Values typed as SQLite would give them: numbers, truth as 1 or 0.
    let typed = schema.stdout(&[
        "query",
        "-f",
        "ndjson",
        "select 1 = 1 as yes, 1 = 2 as no, 2::int8 as big, 1.5::numeric as n, \
         0.25::float8 as r, 'x'::text as t, null::int as nothing, \
         '-Infinity'::float8 as low, 1 as t",
    ]);
    assert_eq!(
        typed,
        "{\"yes\":1,\"no\":0,\"big\":2,\"n\":1.5,\"r\":0.25,\"t\":\"x\",\
         \"nothing\":null,\"low\":-9.0e+999,\"t:1\":1}\n"
    );
}

promise!(
    a_rebuild_never_drops_or_changes_what_is_the_users,
    needs = [Postgres]
);
fn a_rebuild_never_drops_or_changes_what_is_the_users() {
    let url = server();
    let schema = Schema::new(&url, "t");
    schema.stdout(&["init", "--size", "6"]);
    let name = &schema.name;
    let mut client = schema.client();
    for (setup, says, teardown) in [
        (
            format!("create view {name}.my_firsts as select s1 from {name}.solution"),
            "my_firsts",
            format!("drop view {name}.my_firsts"),
        ),
        (
            format!(
                "create table {name}.my_games (sq text references {name}.square (square) on delete cascade);
                 insert into {name}.my_games values ('a1')"
            ),
            "my_games",
            format!("drop table {name}.my_games"),
        ),
        (
            format!(
                "create function {name}.my_fn() returns trigger language plpgsql as $$ begin return null; end $$;
                 create trigger my_trigger after delete on {name}.square for each row execute function {name}.my_fn()"
            ),
            "my_trigger",
            format!("drop trigger my_trigger on {name}.square"),
        ),
        (
            format!(
                "create table {name}.my_log (x text); insert into {name}.my_log values ('keep');
                 create rule my_rule as on delete to {name}.square do also delete from {name}.my_log"
            ),
            "my_rule",
            format!("drop rule my_rule on {name}.square; drop table {name}.my_log"),
        ),
    ] {
        client.batch_execute(&setup).unwrap();
        for args in [&["init", "--force"][..], &["init", "--force", "--size", "7"]] {
            let out = schema.run(args);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
            assert!(stderr.contains(says) && stderr.lines().count() == 1, "{stderr}");
            assert_eq!(schema.count("square"), 36, "{args:?} changed the board");
        }
        if says == "my_games" {
            assert_eq!(schema.count("my_games"), 1);
        }
        client.batch_execute(&teardown).unwrap();
    }
    assert!(
        schema
            .stdout(&["init", "--force", "--size", "7"])
            .contains("now a 7×7")
    );
}

promise!(
    a_trigger_added_while_a_rebuild_waits_is_refused_never_fired,
    needs = [Postgres]
);
fn a_trigger_added_while_a_rebuild_waits_is_refused_never_fired() {
    // Mallory may add triggers to queens' square (the board's owner granted
    // it), which a command refuses as it refuses her owning an object
    // there. Trusted, she holds a lock on square, so that the rebuild
    // waits for her; while it waits she adds a trigger whose function
    // would run as the role that rebuilds, and lets it go on. The rebuild
    // must see the trigger before it changes a row: refused by name,
    // nothing fired or changed.
    let url = server();
    let schema = Schema::new(&url, "t");
    schema.stdout(&["init", "--size", "6"]);
    let name = &schema.name;
    let mallory = common::server::may_add_triggers(&url, &schema, "square", "");
    let m = &mallory.name;
    for args in [&["init", "--force"][..], &["count"]] {
        let out = schema.run(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&format!("role {m},"))
                && stderr.contains("the right to add triggers to square"),
            "{args:?}: {stderr}"
        );
    }
    refused_while_public_may_add_triggers(&schema);
    let mut admin = schema.client();
    admin
        .batch_execute(&format!("create table {name}.fired (by text)"))
        .unwrap();
    let mut her = mallory.client();
    her.batch_execute(&format!("begin; lock table {name}.square in share mode"))
        .unwrap();
    let mut child = schema.spawn(&["init", "--force", "--trust-owner", m]);
    let waiting = format!(
        "select count(*) from pg_locks where not granted and relation = '{name}.square'::regclass"
    );
    common::wait::until_reached_by(&mut child, "the rebuild's wait for mallory's lock", || {
        admin.query_one(&waiting, &[]).unwrap().get::<_, i64>(0) > 0
    });
    her.batch_execute(&format!(
        "create function {m}_s.f() returns trigger language plpgsql as $$
             begin insert into {name}.fired values (current_user); return null; end $$;
         create trigger my_trigger after delete on {name}.square
             for each statement execute function {m}_s.f();
         commit"
    ))
    .unwrap();
    let out = common::wait::output_of(child, "the rebuild after mallory's trigger");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    // The note that she is trusted, then the refusal.
    let refusal = stderr.lines().nth(1).unwrap_or_default();
    assert!(
        refusal.contains(&format!("role {m}'s trigger my_trigger")),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 2, "{stderr}");
    assert_eq!(schema.count("fired"), 0, "mallory's trigger ran");
    assert_eq!(schema.count("square"), 36, "the board was changed");
}

/// With TRIGGER on square granted to PUBLIC, a command is refused in one
/// line that names PUBLIC and the revoke that mends it, not the first of
/// every role the grant reaches.
fn refused_while_public_may_add_triggers(schema: &Schema) {
    let name = &schema.name;
    let mut admin = schema.client();
    admin
        .batch_execute(&format!("grant trigger on {name}.square to public"))
        .unwrap();
    let out = schema.run(&["count"]);
    admin
        .batch_execute(&format!("revoke trigger on {name}.square from public"))
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        common::is_one_error(&stderr)
            && stderr.contains("every role (PUBLIC) has the right to add triggers to square")
            && stderr.contains(&format!(
                "`revoke trigger on {name}.\"square\" from public`"
            )),
        "{stderr}"
    );
}

promise!(
    schema_names_that_are_key_words_or_system_schemas_are_refused,
    needs = [Postgres]
);
fn schema_names_that_are_key_words_or_system_schemas_are_refused() {
    let url = server();
    let dir = TempDir::new().unwrap();
    for (name, says) in [
        ("select", "key word"),
        ("information_schema", "PostgreSQL's own"),
        ("pg_catalog", "PostgreSQL's own"),
        ("pg_toast", "PostgreSQL's own"),
    ] {
        let out = queens(dir.path())
            .args(["init", "--db", &url, "--schema", name])
            .bounded_output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert!(stderr.contains(says), "{name}: {stderr}");
    }
    let mut client = common::server::connect(&url);
    let leaked: i64 = client
        .query_one(
            "select count(*) from information_schema.tables
             where table_schema in ('information_schema', 'pg_catalog') and table_name = 'board_size'",
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(leaked, 0);
}

/// As the role of `plain_url`, in `schema`: a view `solution` whose
/// function writes `marker` (a server file) when a superuser reads it.
fn plant_a_view_that_writes_a_file_when_a_superuser_reads(
    plain_url: &str,
    schema: &str,
    marker: &Path,
) {
    let plain = |sql: &str| {
        common::server::connect(plain_url)
            .batch_execute(sql)
            .unwrap();
    };
    plain(&format!(
        "set search_path to {s};
         create function evil() returns boolean language plpgsql as $$
         begin
             if (select rolsuper from pg_roles where rolname = current_user) then
                 execute 'copy (select 1) to ''{m}''';
             end if;
             return true;
         end $$;
         alter view solution rename to solution_kept;
         create view solution as select * from solution_kept where evil();",
        s = schema,
        m = marker.display()
    ));
}

/// Reading commands and a rebuild, run by the superuser on a schema that
/// `role` owns, refuse in one line naming the role.
fn every_reader_refuses_naming_the_schema_s_owner(schema: &Schema, role: &str) {
    for args in [
        &["count"][..],
        &["solve"],
        &["query", "select 1"],
        &["init", "--force"],
    ] {
        let out = schema.run(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&format!("role {role}")) && stderr.lines().count() == 1,
            "{stderr}"
        );
    }
}

promise!(
    a_schema_another_role_controls_is_not_read_with_a_superuser_s_powers,
    needs = [Postgres]
);
also_on_postgres_18!(
    a_schema_another_role_controls_is_not_read_with_a_superuser_s_powers,
    a_schema_another_role_controls_is_not_read_with_a_superuser_s_powers_on_postgresql_18
);
fn a_schema_another_role_controls_is_not_read_with_a_superuser_s_powers() {
    let url = server();
    let schema = Schema::new(&url, "t");
    let role = format!("plain_{}", schema.name);
    let mut admin = schema.client();
    admin
        .batch_execute(&common::server::catalog_serialised(&format!(
            "create role {role} login password 'plain'; grant create on database postgres to {role}"
        )))
        .unwrap();
    let (_, rest) = url.split_once("://").unwrap();
    let (_, host) = rest.rsplit_once('@').unwrap();
    let plain_url = format!("postgres://{role}:plain@{host}");
    let as_plain = |args: &[&str]| {
        queens(schema.dir.path())
            .args(args)
            .args(["--db", &plain_url, "--schema", &schema.name])
            .bounded_output()
            .unwrap()
    };
    // A role without special powers builds its own board and queries it
    // with its own privileges.
    let init = as_plain(&["init", "--size", "5"]);
    assert!(
        init.status.success(),
        "{}",
        String::from_utf8_lossy(&init.stderr)
    );
    let out = as_plain(&["query", "select count(*) from solution"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "count\n-----\n10\n");
    // That role's schema is not for a superuser to read: its views would
    // run the role's SQL with the superuser's powers. Planted here: a view
    // whose function writes a server file when a superuser reads it.
    let marker = schema.dir.path().join("written-as-superuser");
    plant_a_view_that_writes_a_file_when_a_superuser_reads(&plain_url, &schema.name, &marker);
    every_reader_refuses_naming_the_schema_s_owner(&schema, &role);
    assert!(
        !marker.exists(),
        "reading ran the schema owner's code as superuser"
    );
    let out = as_plain(&["count"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "10\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    admin
        .batch_execute(&common::server::catalog_serialised(&format!(
            "drop schema {} cascade; revoke create on database postgres from {role}; drop role {role}",
            schema.name
        )))
        .unwrap();
}

promise!(
    an_emptied_board_size_is_mended_by_the_advice_given,
    needs = [Postgres]
);
fn an_emptied_board_size_is_mended_by_the_advice_given() {
    let url = server();
    let schema = Schema::new(&url, "t");
    schema.stdout(&["init", "--size", "6"]);
    schema
        .client()
        .batch_execute(&format!("delete from {}.board_size", schema.name))
        .unwrap();
    let out = schema.run(&["count"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("init --force --size N"), "{stderr}");
    assert!(
        schema
            .stdout(&["init", "--force", "--size", "7"])
            .contains("was without a board")
    );
    assert_eq!(schema.stdout(&["count"]), "40\n");
}

promise!(
    init_distributed_without_citus_changes_nothing,
    needs = [Postgres]
);
fn init_distributed_without_citus_changes_nothing() {
    let schema = Schema::new(&server(), "t");
    let out = schema.run(&["init", "--distributed", "--size", "6"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("not a Citus coordinator"), "{stderr}");
    assert!(!stderr.contains(&schema.url), "password shown: {stderr}");
    assert_eq!(schema.tables(), 0);
    let exists: bool = schema
        .client()
        .query_one(
            "select exists (select 1 from pg_namespace where nspname = $1)",
            &[&schema.name],
        )
        .unwrap()
        .get(0);
    assert!(!exists, "schema {} was created", schema.name);
    // An existing plain schema stays plain and whole.
    schema.stdout(&["init", "--size", "6"]);
    let out = schema.run(&["init", "--distributed"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(schema.stdout(&["count"]), "4\n");
    let search_part = format!("{}.search_part", schema.name);
    let distributed: bool = schema
        .client()
        .query_one("select to_regclass($1) is not null", &[&search_part])
        .unwrap()
        .get(0);
    assert!(!distributed);
}

promise!(
    query_keeps_numbers_exact_and_fails_in_one_line,
    needs = [Postgres]
);
/// What once broke `query` on PostgreSQL: inexact numerics, a panic when the query changed the client
/// encoding, a statement that closed the subquery it is wrapped in, and
/// run-time errors called invalid SQL (exit 2).
fn query_keeps_numbers_exact_and_fails_in_one_line() {
    let schema = Schema::new(&server(), "t");
    schema.stdout(&["init", "--size", "5"]);
    let exact = "select 123456789.123456789::numeric as y, 1e-40::numeric as l, \
                 5::numeric(10,3) as v, 12345678901234567890123::numeric as b, \
                 'NaN'::numeric as n, '-Infinity'::numeric as i";
    assert_eq!(
        schema.stdout(&["query", exact, "--format", "csv"]),
        "y,l,v,b,n,i\n123456789.123456789,0.0000000000000000000000000000000000000001,\
         5.000,12345678901234567890123,NaN,-Inf\n"
    );
    assert_eq!(
        schema.stdout(&["query", exact, "--format", "json"]),
        "[\n  {\"y\":123456789.123456789,\"l\":0.0000000000000000000000000000000000000001,\
         \"v\":5.000,\"b\":12345678901234567890123,\"n\":null,\"i\":-9.0e+999}\n]\n"
    );
    let changes_encoding = "select set_config('client_encoding', 'LATIN1', false) as s, 'é' as x";
    let out = schema.run(&["query", changes_encoding, "--format", "json"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("client_encoding") && !stderr.contains("panicked"),
        "{stderr}"
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "[]\n");
    let escapes = "select 'zzz'::text as a) as x, (select true as b, 2.5::float8 as c";
    let out = schema.run(&["query", escapes, "--format", "csv"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let fails_late = "select 1 / (g - 2500) as q from generate_series(1, 3000) as g";
    let out = schema.run(&["query", fails_late, "--format", "csv"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("the query failed: division by zero"),
        "{stderr}"
    );
    // The rows of the batches fetched before the failing one (1,000 at a
    // time), all of them rows before the failure.
    let printed = String::from_utf8_lossy(&out.stdout).lines().count();
    assert!((1..=2500).contains(&printed), "{printed} lines");
}

/// The native checker's solutions of `n`×`n`, in board order, as squares.
fn native_rows(n: u8) -> Vec<Vec<String>> {
    checker::solutions(n)
        .iter()
        .map(|rows| checker::squares_of(rows).iter().map(|q| q.name()).collect())
        .collect()
}

promise!(
    the_view_gives_every_solution_in_board_order_with_the_server_s_settings,
    needs = [Postgres]
);
fn the_view_gives_every_solution_in_board_order_with_the_server_s_settings() {
    // A plain session, as psql's: none of the settings queens gives its own.
    // The recursive form searches half the board and adds the mirror images;
    // odd sizes (a middle row) and even ones, and 1, its own mirror image.
    let url = server();
    for n in 1..=11u8 {
        let schema = Schema::new(&url, "order");
        schema.stdout(&["init", "--size", &n.to_string()]);
        let rows: Vec<Vec<String>> = schema
            .client()
            .query(&format!("select * from {}.solution", schema.name), &[])
            .unwrap()
            .iter()
            .map(|row| (0..row.len()).map(|i| row.get::<_, String>(i)).collect())
            .collect();
        assert_eq!(rows, native_rows(n), "n = {n}");
    }
}

promise!(
    the_view_takes_two_words_of_lines_from_15_by_15_on,
    needs = [Postgres]
);
fn the_view_takes_two_words_of_lines_from_15_by_15_on() {
    // 15×15 is the first board whose line sets take two words, and the
    // largest whose rows fit the recursive form's 64-bit path; 16×16 goes
    // back to the join. Listing either takes minutes: their first rows by
    // queens' walk, and the plan of the view, say the forms are sound.
    let url = server();
    for (n, recursive) in [(15u8, true), (16, false)] {
        let schema = Schema::new(&url, "words");
        schema.stdout(&["init", "--size", &n.to_string()]);
        let plan: Vec<String> = schema
            .client()
            .query(
                &format!("explain select * from {}.solution", schema.name),
                &[],
            )
            .unwrap()
            .iter()
            .map(|row| row.get(0))
            .collect();
        assert_eq!(
            plan.iter().any(|line| line.contains("Recursive Union")),
            recursive,
            "n = {n}: {plan:#?}"
        );
        let csv = schema.stdout(&["export", "--solution", "1", "--format", "csv"]);
        let first: Vec<&str> = csv.lines().nth(1).unwrap().split(',').skip(1).collect();
        assert_eq!(first, native_first(n), "n = {n}");
    }
}

/// The first solution of `n`×`n` in board order, found by the native
/// backtracking search (the whole list would take too long at 15 and 16).
fn native_first(n: u8) -> Vec<String> {
    checker::first_solution(n)
        .map(|rows| {
            checker::squares_of(&rows)
                .iter()
                .map(|q| q.name())
                .collect()
        })
        .unwrap_or_default()
}

promise!(
    the_funnel_reads_the_same_in_a_plain_session,
    needs = [Postgres]
);
fn the_funnel_reads_the_same_in_a_plain_session() {
    let url = server();
    for n in [1u8, 2, 5, 8, 12] {
        let schema = Schema::new(&url, "funnel");
        schema.stdout(&["init", "--size", &n.to_string()]);
        let mut client = schema.client();
        let rows: Vec<(i32, i64, i64)> = client
            .query(&format!("select * from {}.search_funnel", schema.name), &[])
            .unwrap()
            .iter()
            .map(|row| (row.get(0), row.get(1), row.get(2)))
            .collect();
        let placements = checker::placements_per_column(n);
        let candidates = checker::candidates_per_column(n);
        let expected: Vec<(i32, i64, i64)> = (0..=usize::from(n))
            .map(|k| (k as i32, candidates[k] as i64, placements[k] as i64))
            .collect();
        assert_eq!(rows, expected, "{n}×{n}");
    }
}

promise!(
    the_page_of_a_schema_is_the_page_of_the_file,
    needs = [Postgres]
);
fn the_page_of_a_schema_is_the_page_of_the_file() {
    let url = server();
    let schema = Schema::new(&url, "page");
    schema.stdout(&["init", "--size", "7"]);
    let from_server = schema.dir.path().join("server.html");
    let out = schema.run(&["export", "--out", from_server.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let board = Board::new(7);
    let from_file = board.dir.path().join("file.html");
    let out = board.run(&["export", "--out", from_file.to_str().unwrap()]);
    assert!(out.status.success());
    // The same page but for the SQL each database holds for its views
    // (PostgreSQL gives back its own rewriting, without comments).
    let (server, server_sql) = page_without_sql(&from_server);
    let (file, file_sql) = page_without_sql(&from_file);
    assert!(server == file, "the 7×7 pages differ");
    for name in ["search_tree", "search_tree_tally", "search_funnel"] {
        let [kind, sql] = [0, 1].map(|i| server_sql[name][i].as_str().unwrap().to_string());
        assert_eq!(kind, "view");
        assert!(
            sql.starts_with(&format!("create view {name} as\n")),
            "{sql}"
        );
        assert_eq!(file_sql[name][0], "view");
    }
    assert_eq!(server_sql["square_line"][0], "table");
}

/// A page's text with its data's `relations` (the SQL the database
/// holds) taken out, and those relations.
fn page_without_sql(page: &std::path::Path) -> (String, serde_json::Value) {
    let mut text = std::fs::read_to_string(page).unwrap();
    // The first line holds the digest of the rest, SQL included: the
    // words of that line are compared, its digest is left out.
    let digest = text.find("SHA-256 ").unwrap() + "SHA-256 ".len();
    text.replace_range(digest..digest + 64, "");
    let start = text.find("id=\"queens-data\">").unwrap() + "id=\"queens-data\">".len();
    let end = start + text[start..].find("</script>").unwrap();
    let mut data: serde_json::Value = serde_json::from_str(&text[start..end]).unwrap();
    let relations = data["relations"].take();
    let rest = format!("{}{}{}", &text[..start], data, &text[end..]);
    (rest, relations)
}

promise!(
    every_row_of_search_tree_and_its_tally_on_postgres_is_sqlite_s_on_every_kind_of_board,
    needs = [Postgres]
);
fn every_row_of_search_tree_and_its_tally_on_postgres_is_sqlite_s_on_every_kind_of_board() {
    let url = server();
    let boards: [(&str, &[&str]); 5] = [
        ("6", &[]),
        ("6", &["--torus"]),
        ("6", &["--superqueens"]),
        ("7", &["--holes", "c3,e5"]),
        ("4x6", &[]),
    ];
    for (size, flags) in boards {
        let schema = Schema::new(&url, "tree");
        schema.stdout(&[&["init", "--size", size][..], flags].concat());
        let board = Board::sized(size, flags);
        let columns: Vec<String> = (1..=board.n).map(|k| format!("s{k}")).collect();
        let columns = columns.join(", ");
        let mut on_postgres: Vec<Vec<String>> = (schema.client())
            .query(
                &format!(
                    "select queens::text, {columns}, placed::text, anchor, mov_dir, attacker \
                     from {}.search_tree",
                    schema.name
                ),
                &[],
            )
            .unwrap()
            .iter()
            .map(|row| {
                (0..row.len())
                    .map(|i| row.get::<_, Option<String>>(i).unwrap_or("NULL".into()))
                    .collect()
            })
            .collect();
        let mut on_sqlite = board.rows(&format!(
            "select queens, {columns}, placed, anchor, mov_dir, attacker from search_tree"
        ));
        assert!(!on_sqlite.is_empty());
        on_postgres.sort();
        on_sqlite.sort();
        assert_eq!(on_postgres, on_sqlite, "{size} {flags:?}");
        the_tally_on_postgres_is_sqlite_s(&schema, &board, flags, &format!("{size} {flags:?}"));
    }
}

/// search_tree_tally in `schema` gives `board`'s SQLite rows, in their
/// order, every column compared as text.
fn the_tally_on_postgres_is_sqlite_s(schema: &Schema, board: &Board, flags: &[&str], said: &str) {
    // The tally, in its order, every column as text.
    let mut columns = "queens, entered, tried, placed, by_row, by_rising, by_falling".to_string();
    if flags.contains(&"--superqueens") {
        columns += ", by_knight";
    }
    let as_text: Vec<String> = columns.split(", ").map(|c| format!("{c}::text")).collect();
    let on_postgres: Vec<Vec<String>> = (schema.client())
        .query(
            &format!(
                "select {} from {}.search_tree_tally",
                as_text.join(", "),
                schema.name
            ),
            &[],
        )
        .unwrap()
        .iter()
        .map(|row| (0..row.len()).map(|i| row.get::<_, String>(i)).collect())
        .collect();
    assert_eq!(
        on_postgres,
        board.rows(&format!("select {columns} from search_tree_tally")),
        "{said}"
    );
}

promise!(
    the_search_tree_reads_on_postgres_as_on_sqlite,
    needs = [Postgres]
);
fn the_search_tree_reads_on_postgres_as_on_sqlite() {
    let url = server();
    for n in [1u8, 4, 7] {
        let schema = Schema::new(&url, "tree");
        schema.stdout(&["init", "--size", &n.to_string()]);
        let tally = |sql: &str| -> Vec<Vec<i64>> {
            (schema.client().query(sql, &[]).unwrap().iter())
                .map(|row| (0..row.len()).map(|i| row.get::<_, i64>(i)).collect())
                .collect()
        };
        let found = tally(&format!(
            "select queens::bigint, entered::bigint, tried, placed, by_row, by_rising, by_falling \
             from {}.search_tree_tally",
            schema.name
        ));
        let board = Board::new(n);
        let expected: Vec<Vec<i64>> = (board.rows("select * from search_tree_tally").iter())
            .map(|row| row.iter().map(|v| v.parse().unwrap()).collect())
            .collect();
        assert_eq!(found, expected, "{n}×{n}");
        let placed = &common::A319284[usize::from(n) - 1][1..];
        let per_level: Vec<i64> = found.iter().map(|row| row[3]).collect();
        assert_eq!(
            per_level,
            placed.iter().map(|&p| p as i64).collect::<Vec<_>>()
        );
    }
}
