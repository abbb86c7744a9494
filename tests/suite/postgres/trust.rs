//! On a shared PostgreSQL server, queens relies on the server's own
//! privileges: it makes no role, grants nothing, and runs a user's query
//! with the privileges of the role in the URL. Each test tries one promise
//! as another role on the same server would.

use crate::common;
use crate::common::Bounded;

use std::process::Output;

use common::server::{Role, Schema, url_with_user};
use common::{assert_refused, queens, text};

fn server() -> String {
    common::server::postgres()
}

/// Runs queens as `role` on `schema`.
fn run_as(role: &Role, schema: &Schema, args: &[&str]) -> Output {
    queens(schema.dir.path())
        .args(args)
        .args(["--db", &role.url, "--schema", &schema.name])
        .bounded_output()
        .unwrap()
}

fn one_value<T: for<'a> postgres::types::FromSql<'a>>(schema: &Schema, sql: &str) -> T {
    schema.client().query_one(sql, &[]).unwrap().get(0)
}

// It counts the server's roles: no other test may make one meanwhile.
promise!(
    init_makes_no_role_and_grants_nothing,
    needs = [PostgresAlone]
);
fn init_makes_no_role_and_grants_nothing() {
    let schema = Schema::new(&server(), "t");
    let mut admin = schema.client();
    admin
        .batch_execute(&format!(
            "create schema {0}; create table {0}.customers (name text); \
             insert into {0}.customers values ('carol');",
            schema.name
        ))
        .unwrap();
    let roles_before: i64 = one_value(&schema, "select count(*) from pg_roles");
    schema.stdout(&["init", "--size", "5"]);
    schema.stdout(&["init", "--size", "6", "--force"]);
    let roles_after: i64 = one_value(&schema, "select count(*) from pg_roles");
    assert_eq!(roles_after, roles_before, "init made a role");
    let granted: i64 = one_value(
        &schema,
        &format!(
            "select (select count(*) from pg_class as c, aclexplode(c.relacl) as a
                     where c.relnamespace = '{0}'::regnamespace and a.grantee <> c.relowner)
                  + (select count(*) from pg_namespace as n, aclexplode(n.nspacl) as a
                     where n.nspname = '{0}' and a.grantee <> n.nspowner)",
            schema.name
        ),
    );
    assert_eq!(granted, 0, "init granted something to another role");
    let functions: i64 = one_value(
        &schema,
        &format!(
            "select count(*) from pg_proc where pronamespace = '{}'::regnamespace",
            schema.name
        ),
    );
    assert_eq!(functions, 0, "init made functions");
    assert_eq!(schema.count("customers"), 1);
}

promise!(
    another_role_reads_through_queens_only_what_postgres_lets_it_read,
    needs = [Postgres]
);
fn another_role_reads_through_queens_only_what_postgres_lets_it_read() {
    let schema = Schema::new(&server(), "t");
    schema.stdout(&["init", "--size", "5"]);
    let bob = Role::new(
        &schema.url,
        "bob",
        &format!("grant usage on schema {} to {{role}}", schema.name),
    );
    // Without the right to read the schema's version, bob reads nothing;
    // nor without the right to read what its board was derived from.
    let out = run_as(&bob, &schema, &["count"]);
    assert_refused(&out, 1, "permission denied for table queens_version");
    schema
        .client()
        .batch_execute(&format!(
            "grant select on {0}.queens_version, {0}.board_size to {1}",
            schema.name, bob.name
        ))
        .unwrap();
    let out = run_as(&bob, &schema, &["count"]);
    assert_refused(&out, 1, "permission denied for table queens_derived");
    // What it was derived from: the text (queens_derived) and the board's
    // shape (board_shape, hole, mov_dir's knight's moves, board_rows).
    schema
        .client()
        .batch_execute(&format!(
            "grant select on {0}.queens_derived to {1}",
            schema.name, bob.name
        ))
        .unwrap();
    let out = run_as(&bob, &schema, &["count"]);
    assert_refused(&out, 1, "permission denied for table board_shape");
    schema
        .client()
        .batch_execute(&format!(
            "grant select on {0}.board_shape, {0}.hole, {0}.mov_dir, {0}.board_rows to {1}",
            schema.name, bob.name
        ))
        .unwrap();
    let out = run_as(&bob, &schema, &["query", "select * from square"]);
    assert_refused(&out, 2, "permission denied for table square");
    let out = run_as(&bob, &schema, &["count"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    schema
        .client()
        .batch_execute(&format!(
            "grant select on {}.square to {}",
            schema.name, bob.name
        ))
        .unwrap();
    let out = run_as(&bob, &schema, &["query", "select count(*) from square"]);
    assert_eq!(
        text(&out.stdout),
        "count\n-----\n25\n",
        "{}",
        text(&out.stderr)
    );
    let out = run_as(&bob, &schema, &["query", "select * from solution"]);
    assert_refused(&out, 2, "permission denied");
}

promise!(
    another_role_can_change_nothing_the_owner_s_queens_runs_later,
    needs = [Postgres]
);
fn another_role_can_change_nothing_the_owner_s_queens_runs_later() {
    let schema = Schema::new(&server(), "t");
    schema.stdout(&["init", "--size", "5"]);
    let bob = Role::new(
        &schema.url,
        "bob",
        &format!(
            "grant usage on schema {} to {{role}}; create schema {{role}}_x authorization {{role}}",
            schema.name
        ),
    );
    // What bob tries directly: each needs a privilege bob lacks.
    let mut as_bob = bob.client();
    for attack in [
        format!("alter view {}.solution rename to kept", schema.name),
        format!(
            "create function {}.count_me() returns int language sql as 'select 31337'",
            schema.name
        ),
        format!("create view {}.solution2 as select 31337", schema.name),
        format!(
            "alter table {}.board_size add column x int default 31337",
            schema.name
        ),
        format!("grant select on {}.square to public", schema.name),
    ] {
        assert!(
            as_bob.batch_execute(&attack).is_err(),
            "bob could: {attack}"
        );
    }
    // Bob's own schema holds decoys for names the owner's queries use.
    as_bob
        .batch_execute(&format!(
            "create function {0}_x.count(anyelement) returns bigint language sql as 'select 31337::bigint';
             create view {0}_x.solution as select 31337 as s1;",
            bob.name
        ))
        .unwrap();
    assert_eq!(
        schema.stdout(&["query", "select count(*) from solution"]),
        "count\n-----\n10\n"
    );
    assert_eq!(schema.stdout(&["count"]), "10\n");
    assert_eq!(
        schema.stdout(&["solve", "--format", "csv"]).lines().count(),
        11
    );
}

promise!(
    a_read_only_role_made_as_the_readme_says_cannot_act_on_the_server,
    needs = [Postgres]
);
fn a_read_only_role_made_as_the_readme_says_cannot_act_on_the_server() {
    let schema = Schema::new(&server(), "t");
    schema.stdout(&["init", "--size", "5"]);
    // The how-to's three lines (docs/src/howto/postgres.md) for a role to run SQL one does not trust.
    let guest = Role::new(
        &schema.url,
        "guest",
        &format!(
            "grant usage on schema {0} to {{role}}; \
             grant select on all tables in schema {0} to {{role}};",
            schema.name
        ),
    );
    let mut victim = schema.client();
    let victim_pid: i32 = victim
        .query_one("select pg_backend_pid()", &[])
        .unwrap()
        .get(0);
    let marker = schema.dir.path().join("server-wrote-this");
    let marker = marker.to_str().unwrap();
    for sql in [
        format!("select pg_terminate_backend({victim_pid})"),
        format!("select lo_export(lo_from_bytea(0, 'x'), '{marker}')"),
        "select pg_read_file('/etc/hostname')".to_string(),
        "select * from pg_authid".to_string(),
        format!(
            "select g, case when g = 2500 then pg_terminate_backend({victim_pid}) end \
             from generate_series(1, 3000) as g"
        ),
    ] {
        let out = run_as(&guest, &schema, &["query", "-f", "csv", &sql]);
        let stderr = text(&out.stderr);
        assert_ne!(out.status.code(), Some(0), "{sql}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{sql}: {stderr}");
        assert!(
            stderr.contains("privileges of the role in --db"),
            "{sql}: {stderr}"
        );
    }
    assert!(
        !std::path::Path::new(marker).exists(),
        "the server wrote a file"
    );
    let alive: i32 = victim.query_one("select 1", &[]).unwrap().get(0);
    assert_eq!(alive, 1, "query ended another session");
    let out = run_as(&guest, &schema, &["count"]);
    assert_eq!(text(&out.stdout), "10\n", "{}", text(&out.stderr));
}

promise!(
    init_takes_back_what_an_earlier_release_gave_queens_reader_and_nothing_else,
    needs = [Postgres]
);
fn init_takes_back_what_an_earlier_release_gave_queens_reader_and_nothing_else() {
    let _reader = READER_ROLE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let schema = Schema::new(&server(), "t");
    schema.stdout(&["init", "--size", "5"]);
    let bob = Role::new(&schema.url, "bob", "");
    let s = &schema.name;
    let mut admin = schema.client();
    let made_reader = make_reader_role(&mut admin);
    admin
        .batch_execute(&format!(
            "create table {s}.customers (name text);
             grant select on {s}.customers to {bob};
             comment on table {s}.customers is 'kept';",
            bob = bob.name
        ))
        .unwrap();
    give_as_the_earlier_release_did(&mut admin, s);
    // Reading commands do not run such a schema: they name the upgrade.
    let out = schema.run(&["count"]);
    assert_refused(&out, 1, "queens init");
    let said = schema.stdout(&["init"]);
    assert!(said.contains("brought it up to date"), "{said}");
    let left: i64 = one_value(
        &schema,
        &format!(
            "select (select count(*) from pg_proc where pronamespace = '{s}'::regnamespace)
                  + (select count(*) from pg_class as c, aclexplode(c.relacl) as a
                     where c.relnamespace = '{s}'::regnamespace
                       and a.grantee = 'queens_reader'::regrole)
                  + (select count(*) from pg_namespace as n, aclexplode(n.nspacl) as a
                     where n.nspname = '{s}' and a.grantee = 'queens_reader'::regrole)
                  + (select count(*) from pg_auth_members
                     where roleid = 'queens_reader'::regrole and member = current_user::regrole)"
        ),
    );
    assert_eq!(left, 0, "something of queens_reader's was left");
    let kept: bool = one_value(
        &schema,
        &format!(
            "select has_table_privilege('{}', '{s}.customers', 'select')
                and obj_description('{s}.customers'::regclass) = 'kept'
                and exists (select 1 from pg_roles where rolname = 'queens_reader')",
            bob.name
        ),
    );
    assert!(kept, "init took away more than the earlier release gave");
    assert_eq!(schema.stdout(&["count"]), "10\n");
    drop_reader_role(&mut admin, made_reader);
}

promise!(
    init_says_how_to_take_back_what_queens_reader_passed_on,
    needs = [Postgres]
);
fn init_says_how_to_take_back_what_queens_reader_passed_on() {
    let _reader = READER_ROLE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let schema = Schema::new(&server(), "t");
    schema.stdout(&["init", "--size", "5"]);
    let guest = Role::new(&schema.url, "guest", "");
    let s = &schema.name;
    let mut admin = schema.client();
    let made_reader = make_reader_role(&mut admin);
    give_as_the_earlier_release_did(&mut admin, s);
    admin
        .batch_execute(&format!(
            "grant select on {s}.square to queens_reader with grant option;
             set role queens_reader; grant select on {s}.square to {guest}; reset role;",
            guest = guest.name
        ))
        .unwrap();
    let out = schema.run(&["init"]);
    assert_refused(&out, 1, "cascade");
    assert!(text(&out.stderr).contains("nothing was changed"));
    admin
        .batch_execute(&format!(
            "revoke all on {s}.square from queens_reader cascade"
        ))
        .unwrap();
    assert!(schema.stdout(&["init"]).contains("brought it up to date"));
    drop_reader_role(&mut admin, made_reader);
}

/// One test at a time makes, uses and drops the server-wide role
/// queens_reader.
static READER_ROLE: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Makes the role queens_reader where the server lacks it; whether it did.
fn make_reader_role(admin: &mut postgres::Client) -> bool {
    let made: bool = admin
        .query_one(
            "select not exists (select 1 from pg_roles where rolname = 'queens_reader')",
            &[],
        )
        .unwrap()
        .get(0);
    if made {
        admin
            .batch_execute("create role queens_reader nologin")
            .unwrap();
    }
    made
}

fn drop_reader_role(admin: &mut postgres::Client, made: bool) {
    if made {
        admin
            .batch_execute(&common::server::catalog_serialised(
                "drop owned by queens_reader cascade; drop role queens_reader",
            ))
            .unwrap();
    }
}

/// What the release before 2026-11-24 did in `init` for its role
/// queens_reader, as it did it.
fn give_as_the_earlier_release_did(admin: &mut postgres::Client, s: &str) {
    let relations: Vec<String> = admin
        .query(
            "select format('%I.%I', n.nspname, c.relname) from pg_class as c
             join pg_namespace as n on n.oid = c.relnamespace
             where n.nspname = $1 and c.relkind in ('r', 'v')",
            &[&s],
        )
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect();
    admin
        .batch_execute(&format!(
            "grant queens_reader to current_user;
             grant usage on schema {s} to queens_reader;
             grant select on {relations} to queens_reader;
             create function {s}.queens_open(statement text) returns refcursor
                 language plpgsql security definer as $$ begin return null; end $$;
             create function {s}.queens_fetch(rows refcursor, how_many integer)
                 returns setof text[] language plpgsql security definer
                 as $$ begin return; end $$;
             grant create on schema {s} to queens_reader;
             alter function {s}.queens_open(text) owner to queens_reader;
             alter function {s}.queens_fetch(refcursor, integer) owner to queens_reader;
             revoke create on schema {s} from queens_reader;",
            relations = relations.join(", ")
        ))
        .unwrap();
}

promise!(
    a_password_is_never_shown_however_the_url_spells_it,
    needs = [Postgres]
);
fn a_password_is_never_shown_however_the_url_spells_it() {
    let url = server();
    let dir = tempfile::TempDir::new().unwrap();
    let (scheme, rest) = url.split_once("://").unwrap();
    let (credentials, host) = rest.rsplit_once('@').unwrap();
    let user = credentials.split(':').next().unwrap();
    for spelled in [
        format!("{scheme}://{user}:Wr0ngPw@{host}"),
        format!("{scheme}://{user}@{host}?password=Wr0ngPw"),
        format!("{scheme}://{user}@{host}?pass%77ord=Wr0ngPw"),
        format!("{scheme}://{user}@{host}?%70assword=Wr0ngPw"),
        format!("{scheme}://{user}@{host}?sslmode=disable&PASSWORD=Wr0ngPw"),
        url_with_user(&url, user, "Wr0ngPw"),
    ] {
        for args in [&["count"][..], &["init"], &["query", "select 1"]] {
            let out = queens(dir.path())
                .args(args)
                .args(["--db", &spelled])
                .bounded_output()
                .unwrap();
            let said = format!("{}{}", text(&out.stdout), text(&out.stderr));
            assert!(!out.status.success(), "{spelled}: {said}");
            assert!(common::is_one_error(&text(&out.stderr)), "{said}");
            assert!(!said.contains("Wr0ngPw"), "{spelled} shown: {said}");
        }
    }
}

promise!(
    a_reader_gives_up_on_a_held_lock_and_names_its_table,
    needs = [Postgres]
);
fn a_reader_gives_up_on_a_held_lock_and_names_its_table() {
    let schema = Schema::new(&server(), "t");
    schema.stdout(&["init", "--size", "6"]);
    let mut holder = schema.client();
    let mut lock = holder.transaction().unwrap();
    lock.batch_execute(&format!(
        "lock table {}.board_size in access exclusive mode",
        schema.name
    ))
    .unwrap();
    // The lock is held until the test lets go: each command's ending, with
    // the line that names the table, is lock_timeout's (10 s) doing, and
    // then --timeout's (1 s).
    // The three wait side by side: each waits out the same 10 s.
    let commands = [&["count"][..], &["show", "1"], &["query", "select 1"]];
    let outs: Vec<_> = std::thread::scope(|scope| {
        let running: Vec<_> = commands
            .iter()
            .map(|args| scope.spawn(|| schema.run(args)))
            .collect();
        running.into_iter().map(|r| r.join().unwrap()).collect()
    });
    for out in &outs {
        assert_refused(out, 1, "board_size");
        assert!(text(&out.stderr).contains("busy"), "{}", text(&out.stderr));
    }
    lock.rollback().unwrap();
    let mut lock = holder.transaction().unwrap();
    lock.batch_execute(&format!(
        "lock table {}.square in access exclusive mode",
        schema.name
    ))
    .unwrap();
    // --timeout bounds the wait of query, with the same message.
    let out = schema.run(&["query", "--timeout", "1", "select count(*) from square"]);
    assert_refused(&out, 1, "square");
    lock.rollback().unwrap();
    assert_eq!(schema.stdout(&["count"]), "4\n");
}

promise!(
    a_schema_name_too_long_for_postgresql_is_refused_for_its_length,
    needs = [Postgres]
);
fn a_schema_name_too_long_for_postgresql_is_refused_for_its_length() {
    let url = server();
    let dir = tempfile::TempDir::new().unwrap();
    let long = "q".repeat(64);
    let out = queens(dir.path())
        .args(["init", "--db", &url, "--schema", &long])
        .bounded_output()
        .unwrap();
    assert_refused(&out, 2, "64 characters long");
}

promise!(
    a_type_of_yours_named_like_a_queens_table_is_refused_in_one_line,
    needs = [Postgres]
);
fn a_type_of_yours_named_like_a_queens_table_is_refused_in_one_line() {
    let schema = Schema::new(&server(), "t");
    schema
        .client()
        .batch_execute(&format!(
            "create schema {0}; create type {0}.square as (x int);",
            schema.name
        ))
        .unwrap();
    let out = schema.run(&["init"]);
    assert_refused(&out, 1, "a type of yours named square");
    assert_eq!(schema.tables(), 0, "something was built");
}

promise!(
    materialize_on_a_server_is_refused_before_anything_is_built,
    needs = [Postgres]
);
fn materialize_on_a_server_is_refused_before_anything_is_built() {
    let schema = Schema::new(&server(), "t");
    let out = schema.run(&["init", "--materialize"]);
    assert_refused(&out, 2, "SQLite files only");
    assert_eq!(schema.tables(), 0, "something was built");
}

promise!(
    a_schema_where_another_role_owns_a_collation_is_not_read,
    needs = [Postgres]
);
fn a_schema_where_another_role_owns_a_collation_is_not_read() {
    let schema = Schema::new(&server(), "t");
    schema.stdout(&["init", "--size", "5"]);
    let evil = Role::new(&schema.url, "evil", "");
    schema
        .client()
        .batch_execute(&format!(
            "create collation {0}.c1 from \"C\"; alter collation {0}.c1 owner to {1};",
            schema.name, evil.name
        ))
        .unwrap();
    let out = schema.run(&["count"]);
    assert_refused(&out, 1, &format!("role {}", evil.name));
}

promise!(
    init_blocked_by_a_held_lock_names_the_table,
    needs = [Postgres]
);
fn init_blocked_by_a_held_lock_names_the_table() {
    let schema = Schema::new(&server(), "t");
    schema.stdout(&["init", "--size", "6"]);
    let mut holder = schema.client();
    let mut lock = holder.transaction().unwrap();
    lock.batch_execute(&format!(
        "lock table {}.board_size in access exclusive mode",
        schema.name
    ))
    .unwrap();
    let out = schema.run(&["init"]);
    lock.rollback().unwrap();
    assert_refused(&out, 1, "board_size");
}

/// A database of its own on the server, owned by `owner`, dropped
/// afterwards (with any session still in it).
struct Database {
    name: String,
    url: String,
    admin_url: String,
}

impl Database {
    fn new(admin_url: &str, owner: &str) -> Database {
        let name = format!("qdb_{}_{}", std::process::id(), owner);
        let mut admin = common::server::connect(admin_url);
        admin
            .batch_execute(&format!("create database {name} owner {owner}"))
            .unwrap();
        let (base, _) = admin_url.rsplit_once('/').unwrap();
        Database {
            url: format!("{base}/{name}"),
            name,
            admin_url: admin_url.to_string(),
        }
    }
}

impl Drop for Database {
    fn drop(&mut self) {
        if let Ok(mut admin) = common::server::try_connect(&self.admin_url) {
            let _ = admin.batch_execute(&format!(
                "drop database if exists {} with (force)",
                self.name
            ));
        }
    }
}

// From an attack: bob, owning database puz, set `role = bob` on it, so a
// superuser's `init` built a board bob owned (bob then deleted a safe_next
// row and count printed 76 for 8×8), and `query "select current_user"`
// said bob. queens acts as the role in the URL, whatever a database's or
// role's settings say.
promise!(
    a_database_s_or_role_s_role_setting_never_changes_who_queens_acts_as,
    needs = [Postgres]
);
fn a_database_s_or_role_s_role_setting_never_changes_who_queens_acts_as() {
    let admin_url = server();
    let bob = Role::new(&admin_url, "bob", "");
    let alice = Role::new(
        &admin_url,
        "alice",
        &format!("grant {} to {{role}}", bob.name),
    );
    let database = Database::new(&admin_url, &bob.name);
    let mut admin = common::server::connect(&database.url);
    let me: String = admin
        .query_one("select current_user::text", &[])
        .unwrap()
        .get(0);
    admin
        .batch_execute(&common::server::catalog_serialised(&format!(
            "alter database {0} set role = '{1}'; alter role {2} in database {0} set role = '{1}'; \
             grant create on database {0} to {2}",
            database.name, bob.name, alice.name
        )))
        .unwrap();
    let alice_url = url_with_user(&database.url, &alice.name, "secret");
    for (url, who) in [(&database.url, &me), (&alice_url, &alice.name)] {
        let dir = tempfile::TempDir::new().unwrap();
        let run = |args: &[&str]| {
            queens(dir.path())
                .args(args)
                .args(["--db", url, "--schema", "board2"])
                .bounded_output()
                .unwrap()
        };
        let out = run(&["init"]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let owner: String = admin
            .query_one(
                "select nspowner::regrole::text from pg_namespace where nspname = 'board2'",
                &[],
            )
            .unwrap()
            .get(0);
        assert_eq!(&owner, who, "the schema's owner");
        let out = run(&[
            "query",
            "select current_user || ' ' || session_user",
            "-f",
            "csv",
        ]);
        let said = text(&out.stdout);
        assert_eq!(
            said.lines().last(),
            Some(format!("{who} {who}").as_str()),
            "{said}{}",
            text(&out.stderr)
        );
        let out = run(&["count"]);
        assert_eq!(text(&out.stdout).trim(), "92", "{}", text(&out.stderr));
        admin.batch_execute("drop schema board2 cascade").unwrap();
    }
}

// From attacks: a role's or database's statement_timeout = 5 (ms),
// idle_in_transaction_session_timeout = 1 or default_transaction_read_only
// = on made `init` fail with PostgreSQL's own words, and
// quote_all_identifiers = on made every schema "an SQL key word". queens pins the
// settings its work depends on, as pg_dump does, and honours the others.
promise!(
    settings_a_role_or_database_sets_do_not_stop_queens,
    needs = [Postgres]
);
also_on_postgres_18!(
    settings_a_role_or_database_sets_do_not_stop_queens,
    settings_a_role_or_database_sets_do_not_stop_queens_on_postgresql_18
);
fn settings_a_role_or_database_sets_do_not_stop_queens() {
    let admin_url = server();
    let tim = Role::new(&admin_url, "tim", "");
    let database = Database::new(&admin_url, &tim.name);
    let mut admin = common::server::connect(&database.url);
    admin
        .batch_execute(&format!(
            "alter role {1} in database {0} set statement_timeout = 5; \
             alter role {1} in database {0} set idle_in_transaction_session_timeout = 1; \
             alter database {0} set default_transaction_read_only = on; \
             alter database {0} set idle_session_timeout = 1; \
             alter database {0} set standard_conforming_strings = off; \
             alter database {0} set transform_null_equals = on; \
             alter database {0} set quote_all_identifiers = on; \
             alter database {0} set jit = on; \
             alter database {0} set jit_above_cost = 0",
            database.name, tim.name
        ))
        .unwrap();
    let url = url_with_user(&database.url, &tim.name, "secret");
    let dir = tempfile::TempDir::new().unwrap();
    let run = |args: &[&str]| {
        let out = queens(dir.path())
            .args(args)
            .args(["--db", &url, "--schema", "timed"])
            .bounded_output()
            .unwrap();
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        text(&out.stdout)
    };
    run(&["init", "--size", "10"]);
    assert_eq!(run(&["count"]).trim(), "724");
    run(&["init", "--force", "--size", "9"]);
    assert_eq!(run(&["count"]).trim(), "352");
    run(&["doctor"]);
    assert_eq!(run(&["solve", "-f", "csv"]).lines().count(), 353);
    assert_eq!(
        run(&["query", "select 'a\\b'", "-f", "csv"]).lines().last(),
        Some("a\\b")
    );
    // The settings queens pins, whatever the database sets: x = null is
    // never true, and nothing is compiled by JIT.
    let pinned = "select current_setting('transform_null_equals'), current_setting('jit'), \
                  current_setting('standard_conforming_strings')";
    assert_eq!(
        run(&["query", pinned, "-f", "csv"]).lines().last(),
        Some("off,off,on")
    );
}

// An extension's objects are the server's, trusted; but dblink runs the
// SQL it is given on a connection of its own, so a trusted role's view
// calling it could run anyone's SQL: refused as query_to_xml is.
promise!(
    a_view_calling_dblink_is_refused_as_sql_given_as_text,
    needs = [Postgres]
);
also_on_postgres_18!(
    a_view_calling_dblink_is_refused_as_sql_given_as_text,
    a_view_calling_dblink_is_refused_as_sql_given_as_text_on_postgresql_18
);
fn a_view_calling_dblink_is_refused_as_sql_given_as_text() {
    let admin_url = server();
    let carol = Role::new(&admin_url, "carol", "");
    let database = Database::new(&admin_url, &carol.name);
    let mut admin = common::server::connect(&database.url);
    admin.batch_execute("create extension dblink").unwrap();
    let carol_url = url_with_user(&database.url, &carol.name, "secret");
    let dir = tempfile::TempDir::new().unwrap();
    let run = |url: &str, args: &[&str]| {
        queens(dir.path())
            .args(args)
            .args([
                "--db",
                url,
                "--schema",
                "board",
                "--trust-owner",
                &carol.name,
            ])
            .bounded_output()
            .unwrap()
    };
    let out = run(&carol_url, &["init"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = run(&database.url, &["count"]);
    assert_eq!(text(&out.stdout).trim(), "92", "{}", text(&out.stderr));
    let mut as_carol = common::server::connect(&carol_url);
    as_carol
        .batch_execute(
            "create table board.funnel_copy as select * from board.search_funnel; \
             create or replace view board.search_funnel as select f.queens, \
             f.by_candidate_rule, f.by_placement_rule + (select count(*) from \
             public.dblink('dbname=postgres', 'select 1') as t (one int)) * 0 as by_placement_rule \
             from board.funnel_copy as f",
        )
        .unwrap();
    let out = run(&database.url, &["count"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    assert!(
        text(&out.stderr).contains(
            "view board.search_funnel calls public.dblink(text,text), which runs SQL given as text"
        ),
        "{}",
        text(&out.stderr)
    );
    a_view_calling_crosstab_is_refused(&mut as_carol, &|args| run(&database.url, args));
    admin.batch_execute("create extension amcheck").unwrap();
    a_view_calling_amcheck_is_refused(&mut as_carol, &|args| run(&database.url, args));
}

/// Tablefunc is an extension a database's owner
/// may install, and its crosstab runs the query it is given.
fn a_view_calling_crosstab_is_refused(
    as_carol: &mut postgres::Client,
    run: &dyn Fn(&[&str]) -> Output,
) {
    as_carol
        .batch_execute(
            "create schema cx; create extension tablefunc schema cx; \
             create or replace view board.search_funnel as select f.queens, \
             f.by_candidate_rule, f.by_placement_rule + (select count(*) from \
             cx.crosstab('select 1::text, 1::text, 1::text') as t (a text, b text)) * 0 \
             as by_placement_rule from board.funnel_copy as f",
        )
        .unwrap();
    let out = run(&["count"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("view board.search_funnel calls cx.crosstab(text)"),
        "{}",
        text(&out.stderr)
    );
}

/// amcheck, which a superuser installs, runs the expressions of the index
/// it is named at run time, as the brin functions do.
fn a_view_calling_amcheck_is_refused(
    as_carol: &mut postgres::Client,
    run: &dyn Fn(&[&str]) -> Output,
) {
    as_carol
        .batch_execute(
            "create or replace view board.search_funnel as select f.queens, \
             f.by_candidate_rule, f.by_placement_rule + (select count(*) from \
             (select public.bt_index_check('board.board_size_pkey'::text::regclass, true)) as t) * 0 \
             as by_placement_rule from board.funnel_copy as f",
        )
        .unwrap();
    let out = run(&["count"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr)
            .contains("view board.search_funnel calls public.bt_index_check(regclass,boolean)"),
        "{}",
        text(&out.stderr)
    );
}
