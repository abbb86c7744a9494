//! `queens doctor` on a server: a schema on PostgreSQL or on a Citus
//! coordinator is checked against a fresh board of its size, read-only, and
//! a distributed board whose parts were deleted behind queens' back is
//! refused by the reading commands instead of counted short.

use crate::common;

use std::process::Output;

use common::server::{Schema, url_from};
use common::{Board, assert_refused, is_one_error, text};

fn server() -> String {
    url_from("QUEENS_TEST_POSTGRES", "a PostgreSQL server")
}

fn coordinator() -> String {
    url_from("QUEENS_TEST_CITUS", "a Citus cluster")
}

/// The lines of doctor's report that failed.
fn failures(out: &Output) -> Vec<String> {
    text(&out.stdout)
        .lines()
        .filter(|line| line.trim_start().starts_with("FAIL"))
        .map(str::to_string)
        .collect()
}

/// How many relations the schema holds: doctor must add none.
fn relations(schema: &Schema) -> i64 {
    schema
        .client()
        .query_one(
            "select count(*) from pg_class where relnamespace = $1::text::regnamespace",
            &[&schema.name],
        )
        .unwrap()
        .get(0)
}

promise!(doctor_still_passes_a_fresh_sqlite_file);
fn doctor_still_passes_a_fresh_sqlite_file() {
    let board = Board::new(6);
    let said = board.stdout(&["doctor"]);
    assert!(said.ends_with("all checks hold\n"), "{said}");
    assert!(
        said.starts_with(&format!("{}\n", board.db.display())),
        "{said}"
    );
}

promise!(
    doctor_passes_a_fresh_board_on_postgres_and_creates_nothing,
    needs = [Postgres]
);
fn doctor_passes_a_fresh_board_on_postgres_and_creates_nothing() {
    for n in [1u8, 6, 8] {
        let schema = Schema::new(&server(), "d");
        schema.stdout(&["init", "--size", &n.to_string()]);
        let before = relations(&schema);
        let said = schema.stdout(&["doctor"]);
        assert!(
            said.starts_with(&format!("schema {} at ", schema.name)),
            "{said}"
        );
        assert!(said.contains("14 tables as in a fresh"), "{said}");
        assert!(said.contains("views are there"), "{said}");
        assert!(said.ends_with("all checks hold\n"), "n = {n}: {said}");
        assert_eq!(relations(&schema), before, "doctor created something");
        // --size must agree with the board.
        let other = schema.run(&["doctor", "--size", &(n + 1).to_string()]);
        assert_refused(&other, 2, "holds");
    }
}

promise!(
    doctor_fails_naming_the_table_of_a_changed_or_deleted_fact_on_postgres,
    needs = [Postgres]
);
fn doctor_fails_naming_the_table_of_a_changed_or_deleted_fact_on_postgres() {
    for (table, damage) in [
        (
            "square_line",
            "update {s}.square_line set anchor = 'a1' where square = 'b2' and mov_dir = 'UP'",
        ),
        (
            "line_set",
            "update {s}.line_set set w0 = w0 # 1 where square = 'c3'",
        ),
        (
            "safe_next",
            "delete from {s}.safe_next where cl_no = 4 and rw_no = 5",
        ),
        (
            "symmetry",
            "update {s}.symmetry set description = description || '!' where sym_no = 2",
        ),
    ] {
        let schema = Schema::new(&server(), "d");
        schema.stdout(&["init", "--size", "6"]);
        schema
            .client()
            .batch_execute(&damage.replace("{s}", &schema.name))
            .unwrap();
        let out = schema.run(&["doctor"]);
        assert_eq!(out.status.code(), Some(1), "{table}: {}", text(&out.stdout));
        let failed = failures(&out);
        assert!(
            failed
                .iter()
                .any(|line| line.contains(&format!("{table}:"))),
            "{table}: {failed:?}"
        );
        assert!(text(&out.stdout).contains("check"), "{}", text(&out.stdout));
    }
    // A view dropped is named too.
    let schema = Schema::new(&server(), "d");
    schema.stdout(&["init", "--size", "5"]);
    schema
        .client()
        .batch_execute(&format!("drop view {}.search_funnel", schema.name))
        .unwrap();
    let out = schema.run(&["doctor"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        failures(&out)
            .iter()
            .any(|l| l.contains("search_funnel missing")),
        "{}",
        text(&out.stdout)
    );
}

/// A distributed schema of its own, with an `n`×`n` board.
fn distributed(n: u8) -> Schema {
    let schema = Schema::new(&coordinator(), "dc");
    let said = schema.stdout(&["init", "--distributed", "--size", &n.to_string()]);
    assert!(said.contains("distributed over"), "{said}");
    schema
}

promise!(
    doctor_passes_a_fresh_board_on_citus_distributed_or_not,
    needs = [Citus]
);
fn doctor_passes_a_fresh_board_on_citus_distributed_or_not() {
    let schema = distributed(8);
    let before = relations(&schema);
    let said = schema.stdout(&["doctor"]);
    assert!(said.contains("search_part holds the"), "{said}");
    assert!(said.ends_with("all checks hold\n"), "{said}");
    assert_eq!(relations(&schema), before, "doctor created something");
    let plain = Schema::new(&coordinator(), "dc");
    plain.stdout(&["init", "--size", "7"]);
    let said = plain.stdout(&["doctor"]);
    assert!(said.ends_with("all checks hold\n"), "{said}");
}

promise!(
    deleted_parts_fail_doctor_naming_search_part_and_count_refuses_instead_of_22,
    needs = [Citus]
);
fn deleted_parts_fail_doctor_naming_search_part_and_count_refuses_instead_of_22() {
    let schema = distributed(8);
    schema.stdout(&[
        "query",
        &format!(
            "select * from run_command_on_placements('{}.search_part', \
             'delete from %s where part_no > 10')",
            schema.name
        ),
    ]);
    let out = schema.run(&["doctor"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    let failed = failures(&out);
    assert!(
        failed.len() == 1 && failed[0].contains("search_part"),
        "{failed:?}"
    );
    let password = coordinator()
        .parse::<postgres::Config>()
        .unwrap()
        .get_password()
        .map(|p| String::from_utf8_lossy(p).into_owned());
    for command in [
        &["count"][..],
        &["solve"],
        &["show", "1"],
        &["check", "a1"],
        &["complete", "a1"],
        &["space"],
        &["export", "--format", "csv", "--out", "-"],
    ] {
        let out = schema.run(command);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{command:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{command:?}: {}", text(&out.stdout));
        assert!(is_one_error(&stderr), "{command:?}: {stderr}");
        for says in [
            "search_part".to_string(),
            "`queens doctor --db postgres://".to_string(),
            format!("--schema {}`", schema.name),
            "`queens init --force --size 8 --db postgres://".to_string(),
        ] {
            assert!(
                stderr.contains(&says),
                "{command:?}: {says} not in {stderr}"
            );
        }
        if let Some(password) = &password {
            assert!(!stderr.contains(password.as_str()), "{stderr}");
        }
    }
    // The rebuild it names mends it.
    schema.stdout(&["init", "--force", "--size", "8"]);
    assert_eq!(schema.stdout(&["count"]), "92\n");
    assert!(schema.stdout(&["doctor"]).ends_with("all checks hold\n"));
}

promise!(
    search_part_and_its_kept_counts_carry_their_sentences_and_each_column_its_meaning,
    needs = [Citus]
);
fn search_part_and_its_kept_counts_carry_their_sentences_and_each_column_its_meaning() {
    let schema = distributed(6);
    for (table, columns, opening) in [
        ("search_part", 5, "Part part_no of the search is"),
        (
            "search_part_count",
            2,
            "Part part_no of the search (search_part) was counted",
        ),
    ] {
        let described: Vec<(String, bool)> = schema
            .client()
            .query(
                "select a.attname::text, coalesce(col_description(c.oid, a.attnum), '') <> ''
                 from pg_class as c
                 join pg_attribute as a
                   on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                 where c.relnamespace = cast($1::text as regnamespace) and c.relname = $2",
                &[&schema.name, &table],
            )
            .unwrap()
            .iter()
            .map(|row| (row.get(0), row.get(1)))
            .collect();
        assert_eq!(described.len(), columns, "{table}: {described:?}");
        assert!(described.iter().all(|(_, has)| *has), "{described:?}");
        let sentence: String = schema
            .client()
            .query_one(
                "select obj_description(cast($1::text || '.' || $2 as regclass), 'pg_class')",
                &[&schema.name, &table],
            )
            .unwrap()
            .get(0);
        assert!(sentence.starts_with(opening), "{sentence}");
    }
}
