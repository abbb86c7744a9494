//! A schema of its own on a PostgreSQL server or Citus coordinator, for the
//! tests that need one (tests/suite/postgres/model.rs, tests/suite/citus.rs).

use crate::common::Bounded;
use crate::common::wait::DEADLINE;
use std::process::Output;
use std::sync::atomic::{AtomicUsize, Ordering};

use tempfile::TempDir;

use super::{queens, stdout_of_success};

/// The URL in environment variable `var`. A missing server is a failure
/// here: where there is none, the tests are marked ignored.
pub fn url_from(var: &str, needs: &str) -> String {
    match std::env::var(var) {
        Ok(url) if !url.is_empty() => url,
        _ => panic!("{var} is not set: these tests need {needs} (.ci/run starts one and sets it)"),
    }
}

thread_local! {
    /// The variable that names the PostgreSQL server of the test this
    /// thread runs.
    static POSTGRES_VAR: std::cell::Cell<&'static str> =
        const { std::cell::Cell::new("QUEENS_TEST_POSTGRES") };
}

/// The URL of the PostgreSQL server the running test is on: the one
/// QUEENS_TEST_POSTGRES names, or PostgreSQL 18's under `on_postgres_18`.
pub fn postgres() -> String {
    url_from(POSTGRES_VAR.get(), "a PostgreSQL server")
}

/// Runs `test` with `postgres()` giving PostgreSQL 18's URL.
pub fn on_postgres_18(test: fn()) {
    struct Back;
    impl Drop for Back {
        fn drop(&mut self) {
            POSTGRES_VAR.set("QUEENS_TEST_POSTGRES");
        }
    }
    POSTGRES_VAR.set("QUEENS_TEST_POSTGRES18");
    let _back = Back;
    test();
}

/// The statements that take schema `s`, of this build, back to what the
/// queens of schema 8 made: without the tables schemas 9 to 11 made
/// (queens_derived, board_shape, hole, board_rows; the views that read
/// them go with them, as the upgrade makes them again), and with
/// square_line, mov_dir, line_set and safe_next as schema 1 made them
/// (one line a square and direction, three words a line set).
pub fn back_to_schema_8(s: &str) -> String {
    let words = |table: &str| {
        let columns: Vec<String> = (3..16).map(|w| format!("drop column w{w}")).collect();
        format!(
            "alter table {s}.{table} {} cascade",
            columns.join(" cascade, ")
        )
    };
    format!(
        "drop table {s}.queens_derived; drop table {s}.hole cascade; \
         drop table {s}.board_shape cascade; drop table {s}.board_rows cascade; \
         drop index {s}.square_line_one_a_step; \
         alter table {s}.square_line add constraint square_line_square_mov_dir_key \
           unique (square, mov_dir); \
         alter table {s}.mov_dir drop constraint mov_dir_step_or_leap; \
         {}; {}; \
         update {s}.queens_version set version = 8",
        words("line_set"),
        words("safe_next")
    )
}

/// What schema `s` holds, as text to compare: each relation with its kind
/// and columns, and the version queens_version records.
pub fn dump(client: &mut postgres::Client, s: &str) -> Vec<String> {
    let mut held: Vec<String> = client
        .query(
            "select c.relname::text || ' ' || c.relkind::text || ' ' || coalesce(string_agg( \
               a.attname::text || ':' || format_type(a.atttypid, a.atttypmod), ',' \
               order by a.attnum), '') \
             from pg_class as c \
             left join pg_attribute as a \
               on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped \
             where c.relnamespace = $1::text::regnamespace \
             group by c.oid, c.relname, c.relkind \
             order by 1",
            &[&s],
        )
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect();
    let version: i32 = client
        .query_one(&format!("select version from {s}.queens_version"), &[])
        .unwrap()
        .get(0);
    held.push(format!("version {version}"));
    held
}

/// A client of the test's own on the server at `url`. Each statement it
/// sends ends within the suite's deadline, by the server's
/// `statement_timeout` (which also ends a wait for a lock): a hung server
/// fails the test with PostgreSQL's "canceling statement due to statement
/// timeout" at the statement's line, instead of hanging it. A connection
/// gone silent is found dead by TCP keepalives; connecting gives up after
/// a minute. The product's own connections (the `queens` binary) keep
/// their own settings: this is for the tests' admin work only.
#[track_caller]
pub fn connect(url: &str) -> postgres::Client {
    connect_with(url, "")
}

/// `connect` with `options` (`-c name=value …`) added to the startup
/// packet's.
#[track_caller]
pub fn connect_with(url: &str, options: &str) -> postgres::Client {
    match try_connect_with(url, options) {
        Ok(client) => client,
        Err(e) => panic!("cannot connect to the test server: {e}"),
    }
}

/// `connect`, for a `Drop`, which cannot fail the test.
pub fn try_connect(url: &str) -> Result<postgres::Client, postgres::Error> {
    try_connect_with(url, "")
}

fn try_connect_with(url: &str, options: &str) -> Result<postgres::Client, postgres::Error> {
    let mut config: postgres::Config = url.parse()?;
    let options = format!(
        "{} -c statement_timeout={} {options}",
        config.get_options().unwrap_or(""),
        DEADLINE.as_millis()
    );
    config
        .options(options.trim())
        .connect_timeout(std::time::Duration::from_secs(60))
        .keepalives(true)
        .keepalives_idle(std::time::Duration::from_secs(60));
    config.connect(postgres::NoTls)
}

/// A schema of its own for each use, dropped afterwards.
pub struct Schema {
    pub url: String,
    pub name: String,
    pub dir: TempDir,
}

static NEXT: AtomicUsize = AtomicUsize::new(0);

impl Schema {
    /// A new, empty schema name on the server at `url`, starting `prefix`.
    pub fn new(url: &str, prefix: &str) -> Schema {
        let name = format!(
            "{prefix}{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        Schema {
            url: url.to_string(),
            name,
            dir: TempDir::new().unwrap(),
        }
    }

    pub fn run(&self, args: &[&str]) -> Output {
        queens(self.dir.path())
            .args(args)
            .args(["--db", &self.url, "--schema", &self.name])
            .bounded_output()
            .unwrap()
    }

    /// queens with `args` on this schema, started with its output piped
    /// and not waited for.
    pub fn spawn(&self, args: &[&str]) -> std::process::Child {
        std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
            .current_dir(self.dir.path())
            .args(args)
            .args(["--db", &self.url, "--schema", &self.name])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    }

    pub fn stdout(&self, args: &[&str]) -> String {
        stdout_of_success(self.run(args), args)
    }

    pub fn client(&self) -> postgres::Client {
        connect(&self.url)
    }

    pub fn count(&self, relation: &str) -> u64 {
        let sql = format!("select count(*) from {}.{relation}", self.name);
        self.client().query_one(&sql, &[]).unwrap().get::<_, i64>(0) as u64
    }

    pub fn tables(&self) -> i64 {
        self.client()
            .query_one(
                "select count(*) from information_schema.tables where table_schema = $1",
                &[&self.name],
            )
            .unwrap()
            .get(0)
    }

    /// Every row of `sql`, run with the schema on the search path.
    pub fn rows(&self, sql: &str) -> Vec<postgres::Row> {
        let mut client = self.client();
        client
            .batch_execute(&format!("set search_path to {}", self.name))
            .unwrap();
        client.query(sql, &[]).unwrap()
    }
}

impl Drop for Schema {
    fn drop(&mut self) {
        if let Ok(mut client) = try_connect(&self.url) {
            let _ = client.batch_execute(&format!("drop schema if exists {} cascade", self.name));
        }
    }
}

/// A login role of its own on the server at `admin_url` (for the tests
/// that try what another role can do), dropped afterwards with everything
/// it owns and every privilege granted to it.
pub struct Role {
    pub name: String,
    pub url: String,
    admin_url: String,
}

impl Role {
    /// A new role `name` (made unique) that may log in with a password;
    /// `setup` runs as the admin afterwards, with `{role}` standing for its
    /// name.
    pub fn new(admin_url: &str, name: &str, setup: &str) -> Role {
        let name = format!(
            "{name}_{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let mut admin = connect(admin_url);
        admin
            .batch_execute(&catalog_serialised(&format!(
                "create role {name} login password 'secret'; {}",
                setup.replace("{role}", &name)
            )))
            .unwrap();
        Role {
            url: url_with_user(admin_url, &name, "secret"),
            name,
            admin_url: admin_url.to_string(),
        }
    }

    pub fn client(&self) -> postgres::Client {
        connect(&self.url)
    }
}

/// Mallory: a role with a schema of her own (her name, then `_s`), whom
/// the owner of `schema` let add triggers to its `table` (and lock it:
/// `update`); `more` runs as the admin afterwards, `{role}` her name.
pub fn may_add_triggers(admin_url: &str, schema: &Schema, table: &str, more: &str) -> Role {
    let name = &schema.name;
    Role::new(
        admin_url,
        "mallory",
        &format!(
            "create schema {{role}}_s authorization {{role}};
             grant usage on schema {name} to {{role}};
             grant trigger, update on {name}.{table} to {{role}}; {more}"
        ),
    )
}

impl Drop for Role {
    fn drop(&mut self) {
        if let Ok(mut admin) = try_connect(&self.admin_url) {
            let _ = admin.batch_execute(&catalog_serialised(&format!(
                "drop owned by {0} cascade; drop role if exists {0}",
                self.name
            )));
        }
    }
}

/// `sql` in a transaction that first takes the tests' lock on the server's
/// shared catalog rows: a grant or revoke on a database, and dropping what
/// a role owns, rewrite the database's row, and two at once from parallel
/// tests failed with PostgreSQL's "tuple concurrently updated". (A pair of
/// int4 keys: queens' own advisory locks take one bigint, another space.)
pub fn catalog_serialised(sql: &str) -> String {
    format!("begin; select pg_catalog.pg_advisory_xact_lock(7265, 1); {sql}; commit;")
}

/// `url` with another user and password.
pub fn url_with_user(url: &str, user: &str, password: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap();
    let host = rest.rsplit_once('@').map_or(rest, |(_, host)| host);
    format!("{scheme}://{user}:{password}@{host}")
}
