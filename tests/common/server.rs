//! A schema of its own on a PostgreSQL server or Citus coordinator, for the
//! tests that need one (tests/postgres.rs, tests/citus.rs).

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
            .output()
            .unwrap()
    }

    pub fn stdout(&self, args: &[&str]) -> String {
        stdout_of_success(self.run(args), args)
    }

    pub fn client(&self) -> postgres::Client {
        postgres::Client::connect(&self.url, postgres::NoTls).unwrap()
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
        if let Ok(mut client) = postgres::Client::connect(&self.url, postgres::NoTls) {
            let _ = client.batch_execute(&format!("drop schema if exists {} cascade", self.name));
        }
    }
}
