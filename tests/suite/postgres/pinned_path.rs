//! Nobody becomes someone else through queens: on PostgreSQL (and a Citus
//! coordinator) no statement of queens runs before its session's
//! search_path is pinned, so an object of another role's that a database's
//! or a role's settings put on the path (a function or an operator
//! shadowing pg_catalog's) is never run by queens. Each test builds a database owned by an ordinary
//! role, mallory, who sets such a trap, and runs every command there as
//! the superuser.

use crate::common;
use crate::common::Bounded;

use std::sync::atomic::{AtomicUsize, Ordering};

use common::server::{Role, url_with_user};
use common::{queens, text};

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// A database owned by an ordinary role that set a trap in it: `trap`
/// runs as that role, with {role} standing for its name, {me} for the
/// superuser's and {db} for the database's; every trap calls
/// evil.sprung(), which records who ran it.
struct Trapped {
    admin_url: String,
    database: String,
    url: String,
    owner: Role,
    dir: tempfile::TempDir,
}

impl Trapped {
    fn new(admin_url: &str, trap: &str) -> Trapped {
        let owner = Role::new(admin_url, "mallory", "");
        let database = format!(
            "trapped_{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let mut admin = common::server::connect(admin_url);
        admin
            .batch_execute(&format!("create database {database} owner {}", owner.name))
            .unwrap();
        let url = in_database(admin_url, &database);
        let me = admin
            .query_one("select current_user::text", &[])
            .unwrap()
            .get::<_, String>(0);
        let owner_url = in_database(&url_with_user(admin_url, &owner.name, "secret"), &database);
        let mut as_owner = common::server::connect(&owner_url);
        as_owner
            .batch_execute(&format!(
                "create schema evil; create table evil.runs (who text);
                 grant usage on schema evil to public; grant insert on evil.runs to public;
                 create function evil.sprung() returns boolean language plpgsql
                 set search_path = pg_catalog as $$
                 begin insert into evil.runs values (current_user);
                 if (select rolsuper from pg_catalog.pg_roles where rolname = current_user) then
                   execute 'alter role {role} superuser';
                 end if; return true; end $$;
                 {}",
                trap.replace("{role}", &owner.name)
                    .replace("{me}", &me)
                    .replace("{db}", &database),
                role = owner.name
            ))
            .unwrap();
        Trapped {
            admin_url: admin_url.to_string(),
            database,
            url,
            owner,
            dir: tempfile::TempDir::new().unwrap(),
        }
    }

    /// Runs every command of queens on the trapped database, as the
    /// superuser; each must succeed.
    fn run_every_command(&self) {
        for args in [
            &["init", "--size", "6"][..],
            &["count"][..],
            &["count", "-j", "2"][..],
            &["solve", "-f", "csv"][..],
            &["show", "1"][..],
            &["check", "a2", "b4"][..],
            &["complete", "a2"][..],
            &["space"][..],
            &["query", "select count(*) from solution"][..],
            &["export", "--format", "csv", "--out", "all.csv"][..],
            &["init", "--force", "--size", "7"][..],
            &["count"][..],
        ] {
            let out = queens(self.dir.path())
                .args(args)
                .args(["--db", &self.url, "--schema", "board"])
                .bounded_output()
                .unwrap();
            assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        }
    }

    /// Who ran the trap, and whether its owner became a superuser.
    fn sprung(&self) -> (Vec<String>, bool) {
        let mut admin = pinned_client(&self.url);
        let runs = admin
            .query("select who from evil.runs", &[])
            .unwrap()
            .iter()
            .map(|row| row.get(0))
            .collect();
        let superuser = admin
            .query_one(
                "select rolsuper from pg_catalog.pg_roles where rolname = $1",
                &[&self.owner.name],
            )
            .unwrap()
            .get(0);
        (runs, superuser)
    }

    fn assert_never_sprung(&self) {
        self.run_every_command();
        let (runs, superuser) = self.sprung();
        assert!(runs.is_empty(), "queens ran the trap as {runs:?}");
        assert!(!superuser, "the database's owner became a superuser");
    }
}

impl Drop for Trapped {
    fn drop(&mut self) {
        if let Ok(mut admin) = common::server::try_connect(&self.admin_url) {
            let _ = admin.batch_execute(&format!(
                "drop database if exists {} with (force)",
                self.database
            ));
        }
    }
}

/// A client of the test's own that the trap's path does not reach.
fn pinned_client(url: &str) -> postgres::Client {
    common::server::connect_with(url, "-c search_path=")
}

fn in_database(url: &str, database: &str) -> String {
    let (base, query) = url.split_once('?').map_or((url, ""), |(b, q)| (b, q));
    let (server, _) = base.rsplit_once('/').unwrap();
    match query {
        "" => format!("{server}/{database}"),
        query => format!("{server}/{database}?{query}"),
    }
}

/// A function named like one of pg_catalog's that queens calls, in a
/// schema the database puts first on everyone's path.
const SHADOWING_FUNCTION: &str = "
    create function evil.quote_ident(text) returns text language sql as
      $$ select case when evil.sprung() then pg_catalog.quote_ident($1) end $$;
    create function evil.format_type(oid, integer) returns text language sql as
      $$ select case when evil.sprung() then pg_catalog.format_type($1, $2) end $$;
    create function evil.current_schema() returns name language sql as
      $$ select case when evil.sprung() then pg_catalog.current_schema() end $$;";

/// An operator for integers and one for text, ahead of pg_catalog's.
const SHADOWING_OPERATORS: &str = "
    create function evil.int_eq(integer, integer) returns boolean language sql
      set search_path = pg_catalog
      as $$ select evil.sprung() and $1 operator(pg_catalog.=) $2 $$;
    create operator evil.= (leftarg = integer, rightarg = integer, function = evil.int_eq);
    create function evil.text_eq(text, text) returns boolean language sql
      set search_path = pg_catalog
      as $$ select evil.sprung() and $1 operator(pg_catalog.=) $2 $$;
    create operator evil.= (leftarg = text, rightarg = text, function = evil.text_eq);
    create function evil.name_eq(name, text) returns boolean language sql
      set search_path = pg_catalog
      as $$ select evil.sprung() and $1 operator(pg_catalog.=) $2 $$;
    create operator evil.= (leftarg = name, rightarg = text, function = evil.name_eq);
    create function evil.names_eq(name, name) returns boolean language sql
      set search_path = pg_catalog
      as $$ select evil.sprung() and $1 operator(pg_catalog.=) $2 $$;
    create operator evil.= (leftarg = name, rightarg = name, function = evil.names_eq);
    create function evil.oid_eq(oid, oid) returns boolean language sql
      set search_path = pg_catalog
      as $$ select evil.sprung() and $1 operator(pg_catalog.=) $2 $$;
    create operator evil.= (leftarg = oid, rightarg = oid, function = evil.oid_eq);
    create function evil.char_eq(\"char\", \"char\") returns boolean language sql
      set search_path = pg_catalog
      as $$ select evil.sprung() and $1 operator(pg_catalog.=) $2 $$;
    create operator evil.= (leftarg = \"char\", rightarg = \"char\", function = evil.char_eq);";

fn database_path_trap(server: &str, shadows: &str) {
    Trapped::new(
        server,
        &format!("{shadows} alter database {{db}} set search_path = evil, pg_catalog, public;"),
    )
    .assert_never_sprung();
}

fn postgres() -> String {
    common::server::postgres()
}

fn citus() -> String {
    common::server::url_from("QUEENS_TEST_CITUS", "a Citus cluster")
}

promise!(
    a_functions_trap_set_by_the_databases_search_path_is_never_run,
    needs = [Postgres]
);
also_on_postgres_18!(
    a_functions_trap_set_by_the_databases_search_path_is_never_run,
    a_functions_trap_set_by_the_databases_search_path_is_never_run_on_postgresql_18
);
fn a_functions_trap_set_by_the_databases_search_path_is_never_run() {
    database_path_trap(&postgres(), SHADOWING_FUNCTION);
}

promise!(
    an_operators_trap_set_by_the_databases_search_path_is_never_run,
    needs = [Postgres]
);
fn an_operators_trap_set_by_the_databases_search_path_is_never_run() {
    database_path_trap(&postgres(), SHADOWING_OPERATORS);
}

promise!(
    a_trap_set_by_the_roles_own_setting_in_that_database_is_never_run,
    needs = [Postgres]
);
fn a_trap_set_by_the_roles_own_setting_in_that_database_is_never_run() {
    // The database's owner cannot change the superuser's settings; the
    // server's admin might have, for this database (alter role … in
    // database …), and the startup options outrank that too.
    let trapped = Trapped::new(&postgres(), SHADOWING_FUNCTION);
    let mut admin = pinned_client(&trapped.url);
    admin
        .batch_execute(&format!(
            "alter role current_user in database {} set search_path = evil, pg_catalog",
            trapped.database
        ))
        .unwrap();
    trapped.assert_never_sprung();
}

promise!(
    a_trap_set_by_the_databases_search_path_is_never_run_on_citus,
    needs = [Citus]
);
fn a_trap_set_by_the_databases_search_path_is_never_run_on_citus() {
    // On the coordinator's own database: Citus is installed there.
    let server = citus();
    let trapped = Trapped::new(&server, SHADOWING_FUNCTION);
    // Citus runs in the trapped database only once its extension is
    // there; the superuser adds it, as a cluster's admin would.
    let mut admin = pinned_client(&trapped.url);
    admin.batch_execute("create extension citus").unwrap();
    drop(admin);
    let owner_url = in_database(
        &url_with_user(&server, &trapped.owner.name, "secret"),
        &trapped.database,
    );
    pinned_client(&owner_url)
        .batch_execute(&format!(
            "alter database {} set search_path = evil, pg_catalog, public",
            trapped.database
        ))
        .unwrap();
    trapped.assert_never_sprung();
}
