//! Roles and grants on a shared server, each test a promise once broken: a rebuild keeps every grant with its grantor and the
//! owner's own revokes; a relation of the user's of any kind named like
//! one of queens' is refused by name and kind; a data-modifying WITH is
//! refused as every writing statement is; and what a read-only role's and
//! a superuser's `query` can and cannot do to other sessions and through
//! other connections. They need a server (QUEENS_TEST_POSTGRES; .ci/run
//! starts one); without it they show as ignored.

use crate::common;
use crate::common::Bounded;

use std::process::Output;

use common::server::{Role, Schema, url_from};
use common::{assert_refused, queens, text};

fn server() -> String {
    url_from("QUEENS_TEST_POSTGRES", "a PostgreSQL server")
}

/// Runs queens as `role` on `schema`.
fn run_as(role: &Role, schema: &Schema, args: &[&str]) -> Output {
    queens(schema.dir.path())
        .args(args)
        .args(["--db", &role.url, "--schema", &schema.name])
        .bounded_output()
        .unwrap()
}

/// Every ACL on the schema's views, as text: each view's relacl and each
/// of its columns' attacl, in the catalog's own order.
fn view_acls(schema: &Schema) -> Vec<String> {
    schema
        .client()
        .query(
            "select c.relname || ' ' || coalesce(c.relacl::text, 'null') || ' '
                    || coalesce((select string_agg(a.attname || '=' || a.attacl::text, ' '
                                                   order by a.attnum)
                                 from pg_attribute as a
                                 where a.attrelid = c.oid and a.attacl is not null), '')
             from pg_class as c
             where c.relnamespace = $1::text::regnamespace and c.relkind = 'v'
             order by c.relname",
            &[&schema.name],
        )
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect()
}

/// `sql` run as `role`, or the server's error.
fn as_role(role: &Role, sql: &str) -> Result<(), postgres::Error> {
    role.client().batch_execute(sql)
}

promise!(
    a_rebuild_keeps_every_grant_with_its_grantor_and_the_owner_s_own_revokes,
    needs = [Postgres]
);
fn a_rebuild_keeps_every_grant_with_its_grantor_and_the_owner_s_own_revokes() {
    let schema = Schema::new(&server(), "t");
    schema.stdout(&["init", "--size", "8"]);
    let s = &schema.name;
    let usage = format!("grant usage on schema {s} to {{role}}");
    let (bob, carol) = (
        Role::new(&schema.url, "bob", &usage),
        Role::new(&schema.url, "carol", &usage),
    );
    grants_from_bob_to_carol_and_the_owner_s_revokes(&schema, &bob, &carol);
    let before = view_acls(&schema);
    let solution = before.iter().find(|a| a.starts_with("solution ")).unwrap();
    assert!(
        solution.contains(&format!("{}=r/{}", carol.name, bob.name)),
        "{solution}"
    );
    for size in ["9", "8"] {
        schema.stdout(&["init", "--force", "--size", size]);
        assert_eq!(
            view_acls(&schema),
            before,
            "after the rebuild for {size}×{size}"
        );
    }
    // The grants are bob's still: bob can take them back.
    as_role(
        &bob,
        &format!(
            "revoke select on {s}.solution from {carol}; \
             revoke select (step) on {s}.search_space from {carol}",
            carol = carol.name
        ),
    )
    .unwrap();
    let kept = may_read_solutions(&schema, &carol);
    assert!(!kept, "bob could not take back his grant to carol");
}

/// Grants with grant option to bob and from bob to carol (of columns too,
/// and to public), and the owner's revokes of his own privileges.
fn grants_from_bob_to_carol_and_the_owner_s_revokes(schema: &Schema, bob: &Role, carol: &Role) {
    let s = &schema.name;
    schema
        .client()
        .batch_execute(&format!(
            "grant select, insert on {s}.solution to {bob} with grant option;
             grant select (step) on {s}.search_space to {bob} with grant option;
             grant select on {s}.candidate to public;
             revoke select on {s}.search_space from current_user;
             revoke delete, truncate on {s}.candidate from current_user;",
            bob = bob.name
        ))
        .unwrap();
    as_role(
        bob,
        &format!(
            "grant select on {s}.solution to {carol};
             grant select (step) on {s}.search_space to {carol};",
            carol = carol.name
        ),
    )
    .unwrap();
}

/// Whether `role` may select from the schema's solution view.
fn may_read_solutions(schema: &Schema, role: &Role) -> bool {
    schema
        .client()
        .query_one(
            &format!(
                "select has_table_privilege('{}', '{}.solution', 'select')",
                role.name, schema.name
            ),
            &[],
        )
        .unwrap()
        .get(0)
}

promise!(
    a_rebuild_refuses_a_grant_it_cannot_make_again_as_its_grantor_changing_nothing,
    needs = [Postgres]
);
fn a_rebuild_refuses_a_grant_it_cannot_make_again_as_its_grantor_changing_nothing() {
    let schema = Schema::new(&server(), "t");
    let s = &schema.name;
    // An owner who is no superuser and no member of bob.
    let owner = Role::new(
        &schema.url,
        "owner",
        &format!(
            "create schema {s} authorization {{role}}; \
             do $$ begin execute format('grant create on database %I to {{role}}', \
             current_database()); end $$;"
        ),
    );
    let usage = format!("grant usage on schema {s} to {{role}}");
    let (bob, carol) = (
        Role::new(&schema.url, "bob", &usage),
        Role::new(&schema.url, "carol", &usage),
    );
    let out = run_as(&owner, &schema, &["init", "--size", "6"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    as_role(
        &owner,
        &format!(
            "grant select on {s}.solution to {} with grant option",
            bob.name
        ),
    )
    .unwrap();
    as_role(
        &bob,
        &format!("grant select on {s}.solution to {}", carol.name),
    )
    .unwrap();
    let before = view_acls(&schema);
    let out = run_as(&owner, &schema, &["init", "--force", "--size", "7"]);
    assert_refused(
        &out,
        2,
        &format!(
            "role {0} granted {1} select on queens' view solution, which a rebuild must grant \
             again as {0}, and this session may not act as {0}; nothing was changed",
            bob.name, carol.name
        ),
    );
    assert_eq!(view_acls(&schema), before);
    let out = run_as(&owner, &schema, &["count"]);
    assert_eq!(
        text(&out.stdout),
        "4\n",
        "the refused rebuild changed the board"
    );
}

/// A relation of the user's of each kind, named like one of queens' ({s}
/// the schema, {w} the test's foreign-data wrapper), and what init says.
const RELATIONS_NAMED_LIKE_QUEENS: [(&str, &str); 7] = [
    ("create sequence {s}.square", "your sequence square"),
    (
        "create table {s}.mine (x int); create index square on {s}.mine (x)",
        "your index square",
    ),
    (
        "create view {s}.square as select 1 as x",
        "your view square",
    ),
    (
        "create materialized view {s}.square as select 1 as x",
        "your materialized view square",
    ),
    (
        "create foreign table {s}.square (x int) server {w}_server",
        "your foreign table square",
    ),
    (
        "create view {s}.queens_version as select 1 as version",
        "your view queens_version",
    ),
    (
        "create sequence {s}.board_size_has_one_row",
        "already holds an object of yours whose name queens needs",
    ),
];

/// In a fresh schema where `make` made a relation of the user's, init
/// refuses saying `says` and the advice, and creates nothing.
fn init_refuses_and_creates_nothing(
    admin: &mut postgres::Client,
    url: &str,
    make: &str,
    says: &str,
) {
    let schema = Schema::new(url, "t");
    let s = &schema.name;
    let make = make.replace("{s}", s);
    admin
        .batch_execute(&format!("create schema {s}; {make}"))
        .unwrap();
    let count = |admin: &mut postgres::Client| -> i64 {
        admin
            .query_one(
                "select count(*) from pg_class where relnamespace = $1::text::regnamespace",
                &[s],
            )
            .unwrap()
            .get(0)
    };
    let before = count(admin);
    let out = schema.run(&["init", "--size", "5"]);
    assert_refused(&out, 2, says);
    assert!(
        text(&out.stderr).contains("choose another --schema"),
        "{make}"
    );
    assert_eq!(count(admin), before, "{make}: init created something");
}

promise!(
    init_refuses_a_relation_of_yours_of_any_kind_named_like_queens_naming_it_and_its_kind,
    needs = [Postgres]
);
fn init_refuses_a_relation_of_yours_of_any_kind_named_like_queens_naming_it_and_its_kind() {
    let url = server();
    // A foreign table needs a server of a foreign-data wrapper: one of
    // this test's own, dropped at the end.
    let wrapper = format!("queens_test_fdw_{}", std::process::id());
    let mut admin = common::server::connect(&url);
    admin
        .batch_execute(&format!(
            "create foreign data wrapper {wrapper}; \
             create server {wrapper}_server foreign data wrapper {wrapper};"
        ))
        .unwrap();
    for (make, says) in RELATIONS_NAMED_LIKE_QUEENS {
        let make = make.replace("{w}", &wrapper);
        init_refuses_and_creates_nothing(&mut admin, &url, &make, says);
    }
    admin
        .batch_execute(&format!("drop foreign data wrapper {wrapper} cascade"))
        .unwrap();
}

promise!(
    query_refuses_a_data_modifying_with_as_every_writing_statement_exit_2,
    needs = [Postgres]
);
fn query_refuses_a_data_modifying_with_as_every_writing_statement_exit_2() {
    let schema = Schema::new(&server(), "t");
    schema.stdout(&["init", "--size", "5"]);
    let s = &schema.name;
    for sql in [
        format!("with d as (delete from {s}.square returning *) select * from d"),
        "with d as (update square set rw = rw returning 1) select count(*) from d".to_string(),
        "with d as (insert into board_size values (9) returning n) table d".to_string(),
    ] {
        let out = schema.run(&["query", &sql]);
        assert_refused(
            &out,
            2,
            "query only reads: this statement would change the database, which is refused",
        );
    }
    // The same refusal as another writing statement's.
    let out = schema.run(&["query", "select * from square for update"]);
    assert_refused(
        &out,
        2,
        "query only reads: this statement would change the database, which is refused",
    );
    assert_eq!(schema.count("square"), 25);
}

/// The pid of a new session of `client`'s, and whether it is alive.
fn pid_of(client: &mut postgres::Client) -> i32 {
    client
        .query_one("select pg_backend_pid()", &[])
        .unwrap()
        .get(0)
}

fn alive(client: &mut postgres::Client) -> bool {
    client.simple_query("select 1").is_ok()
}

promise!(
    a_readme_read_only_role_cannot_end_another_role_s_session_but_can_end_its_own,
    needs = [Postgres]
);
fn a_readme_read_only_role_cannot_end_another_role_s_session_but_can_end_its_own() {
    let schema = Schema::new(&server(), "t");
    schema.stdout(&["init", "--size", "5"]);
    // The how-to's three lines (docs/src/howto/postgres.md).
    let guest = Role::new(
        &schema.url,
        "guest",
        &format!(
            "grant usage on schema {0} to {{role}}; \
             grant select on all tables in schema {0} to {{role}};",
            schema.name
        ),
    );
    // Another role's session, a superuser's or a plain role's: refused.
    let plain = Role::new(&schema.url, "plain", "");
    for mut other_role in [schema.client(), plain.client()] {
        let other_pid = pid_of(&mut other_role);
        let sql = format!("select pg_terminate_backend({other_pid})");
        let out = run_as(&guest, &schema, &["query", &sql]);
        assert_refused(
            &out,
            2,
            "query runs with the privileges of the role in --db, which the server refused",
        );
        assert!(alive(&mut other_role), "guest ended another role's session");
    }
    // Its own other session is its own to end, as PostgreSQL lets any role.
    let mut own = guest.client();
    let own_pid = pid_of(&mut own);
    let out = run_as(
        &guest,
        &schema,
        &["query", &format!("select pg_terminate_backend({own_pid})")],
    );
    assert_eq!(
        text(&out.stdout),
        "pg_terminate_backend\n--------------------\n1\n",
        "{}",
        text(&out.stderr)
    );
    assert!(!alive(&mut own), "guest's own other session lived on");
}

promise!(
    a_superuser_s_query_is_refused_writes_in_its_session_but_not_through_another_connection,
    needs = [Postgres]
);
fn a_superuser_s_query_is_refused_writes_in_its_session_but_not_through_another_connection() {
    let url = server();
    let schema = Schema::new(&url, "t");
    schema.stdout(&["init", "--size", "5"]);
    let s = &schema.name;
    // Its own session: every write is refused.
    for sql in [
        format!("delete from {s}.square"),
        format!("with d as (delete from {s}.square returning *) select * from d"),
        format!("select * from {s}.square for update"),
    ] {
        let out = schema.run(&["query", &sql]);
        assert_eq!(out.status.code(), Some(2), "{sql}: {}", text(&out.stderr));
    }
    assert_eq!(schema.count("square"), 25);
    // Another session: a superuser's query ends it.
    let mut victim = schema.client();
    let pid = pid_of(&mut victim);
    let out = schema.run(&["query", &format!("select pg_terminate_backend({pid})")]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(!alive(&mut victim), "the superuser's query did not end it");
    // Another connection (dblink) writes in its own transaction, which
    // the query's read-only one does not hold back.
    let tools = format!("{s}_tools");
    let mut admin = schema.client();
    admin
        .batch_execute(&format!(
            "create schema {tools}; create extension dblink schema {tools}; \
             create table {tools}.note (x int);"
        ))
        .unwrap();
    let write = format!(
        "select {tools}.dblink_exec('{}', 'insert into {tools}.note values (1)')",
        url.replace('\'', "''")
    );
    let out = schema.run(&["query", &write]);
    let wrote: i64 = admin
        .query_one(&format!("select count(*) from {tools}.note"), &[])
        .unwrap()
        .get(0);
    admin
        .batch_execute(&format!("drop schema {tools} cascade"))
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(wrote, 1, "dblink's write through another connection");
}

promise!(
    a_role_refused_reading_is_given_the_grants_that_let_it_and_they_do,
    needs = [Postgres]
);
fn a_role_refused_reading_is_given_the_grants_that_let_it_and_they_do() {
    let schema = Schema::new(&server(), "t");
    schema.stdout(&["init", "--size", "5"]);
    let reader = Role::new(&schema.url, "reader", "");
    let out = run_as(&reader, &schema, &["count"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let advice = stderr
        .split('`')
        .nth(1)
        .expect("advice in backquotes")
        .to_string();
    assert!(advice.contains("grant usage on schema"), "{advice}");
    // The owner runs the advice as given, naming the role.
    schema.client().batch_execute(&advice).unwrap();
    let out = run_as(&reader, &schema, &["count"]);
    assert_eq!(text(&out.stdout), "10\n", "{}", text(&out.stderr));
}

promise!(
    init_by_a_role_that_may_not_create_schemas_is_given_the_grant_that_lets_it,
    needs = [Postgres]
);
fn init_by_a_role_that_may_not_create_schemas_is_given_the_grant_that_lets_it() {
    let schema = Schema::new(&server(), "t");
    let builder = Role::new(&schema.url, "builder", "");
    let out = run_as(&builder, &schema, &["init", "--size", "5"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(!stderr.contains("not yours to read"), "{stderr}");
    let advice = stderr
        .split('`')
        .nth(1)
        .expect("advice in backquotes")
        .to_string();
    assert!(advice.starts_with("grant create on database"), "{advice}");
    schema.client().batch_execute(&advice).unwrap();
    let out = run_as(&builder, &schema, &["init", "--size", "5"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let database: String = schema
        .client()
        .query_one("select current_database()::text", &[])
        .unwrap()
        .get(0);
    schema
        .client()
        .batch_execute(&common::server::catalog_serialised(&format!(
            "revoke create on database {database} from {}",
            builder.name
        )))
        .unwrap();
}
