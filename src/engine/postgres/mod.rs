//! The model in a schema on a PostgreSQL server (`--db postgres://…`,
//! `--schema`). The only place, with `citus/` which builds on it, that the
//! `postgres` driver is named.
//!
//! - `connect`: the connection, the URL as shown, the checks of a schema;
//! - `build`: building, upgrading and rebuilding the model, keeping what is
//!   the user's; an engine built on this one adds to it (`RefillHooks`);
//! - `acl`: the privileges on queens' views across a rebuild, each by its
//!   grantor;
//! - `read`: one snapshot for all of a command's connections, queens'
//!   planner settings (sql/postgres/planner_settings.sql), bounded waits;
//! - `query`: the user's statement, as psql would run it;
//! - `doctor`: `queens doctor`'s checks of a schema, read-only;
//! - `values`: parameters and values across the wire.

use std::cell::{RefCell, RefMut};
use std::ops::ControlFlow;
use std::time::Duration;

use anyhow::Result;
use postgres::Client;

use crate::engine::{Describe, Finding, Inspection, Origin, Params, Snapshot, Value};
use crate::model::template::{Dialect, Sql};

mod acl;
mod build;
mod connect;
mod doctor;
mod query;
mod read;
mod values;

pub use build::{NoHooks, RefillHooks, build_script, change_model};
pub use connect::{
    connect, is_keyword_connection_string, is_url, lower_case_scheme, without_password,
};
pub use doctor::{MoreChecks, ask as doctor_check, text_rows};

/// A board in a schema of a PostgreSQL database.
pub struct Engine {
    url: String,
    schema: String,
    /// What `init` describes queens' relations with (`comment on`).
    describe: Option<Describe>,
    /// Roles the user trusts (`--trust-owner`): the schema may hold their
    /// objects, whose SQL then runs with the user's privileges.
    trusted: Vec<String>,
}

impl Engine {
    pub fn new(url: &str, schema: &str) -> Engine {
        Engine {
            url: url.to_string(),
            schema: schema.to_string(),
            describe: None,
            trusted: Vec::new(),
        }
    }

    /// The URL, the schema, and the roles trusted there.
    pub fn place(&self) -> (&str, &str, &[String]) {
        (&self.url, &self.schema, &self.trusted)
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    pub fn schema(&self) -> &str {
        &self.schema
    }

    /// Opens the board for reading (see `crate::engine::Engine::open`).
    pub fn open_reader(&self, requested: Option<u8>) -> Result<(Reader, u8)> {
        read::open_for_reading(&self.url, &self.schema, &self.trusted, requested)
    }

    /// Another reader in `first`'s snapshot.
    pub fn sibling_reader(&self, first: &Snapshot) -> Result<Reader> {
        read::sibling(&self.url, &self.schema, &self.trusted, first)
    }

    /// Replaces the board with an `n`×`n` one, with what `hooks` adds.
    pub fn rebuild_with(&self, n: u8, hooks: &dyn RefillHooks) -> Result<()> {
        build::rebuild(self.place(), n, hooks, self.describe)
    }

    /// What `doctor` finds in the schema, with the checks `more` adds.
    pub fn doctor_with(&self, requested: Option<u8>, more: MoreChecks) -> Result<Vec<Finding>> {
        doctor::findings(&self.url, &self.schema, &self.trusted, requested, more)
    }

    /// Upgrades the board, with what `hooks` adds; whether it had to.
    pub fn bring_up_to_date_with(&self, hooks: &dyn RefillHooks) -> Result<bool> {
        build::bring_up_to_date(self.place(), hooks, self.describe)
    }
}

impl crate::engine::Engine for Engine {
    fn shown(&self) -> String {
        format!("schema {} at {}", self.schema, without_password(&self.url))
    }

    fn describe_with(&mut self, describe: Describe) {
        self.describe = Some(describe);
    }

    fn trust_owners(&mut self, roles: &[String]) {
        self.trusted = roles.to_vec();
    }

    fn open(
        &self,
        requested: Option<u8>,
        _arguments_fit: &dyn Fn(u8) -> Result<()>,
    ) -> Result<(Box<dyn crate::engine::Reader>, u8)> {
        let (reader, n) = self.open_reader(requested)?;
        Ok((Box::new(reader), n))
    }

    fn sibling(&self, first: &Snapshot) -> Result<Box<dyn crate::engine::Reader>> {
        Ok(Box::new(self.sibling_reader(first)?))
    }

    fn ensure_exists(&self, requested: Option<u8>) -> Result<(Origin, Inspection)> {
        build::ensure_exists(self.place(), requested, self.describe)
    }

    fn lacks_board_size(&self) -> Result<bool> {
        build::lacks_board_size(&self.url, &self.schema, &self.trusted)
    }

    fn rebuild(&self, n: u8) -> Result<()> {
        self.rebuild_with(n, &NoHooks)
    }

    fn bring_up_to_date(&self) -> Result<bool> {
        self.bring_up_to_date_with(&NoHooks)
    }

    fn doctor(&self, requested: Option<u8>) -> Result<Vec<Finding>> {
        self.doctor_with(requested, &|_, _| Vec::new())
    }

    fn refuse_without_cluster(&self) -> Result<()> {
        anyhow::bail!(
            "{} is not a Citus coordinator (this database has no citus extension): \
             --distributed needs one; nothing was changed (see the README, Beyond one machine)",
            without_password(&self.url)
        )
    }
}

/// A connection in a repeatable-read, read-only transaction; `snapshot`
/// names its snapshot, which the command's other connections import so
/// that all of them read the same board. `url` and `schema` say where,
/// for messages.
pub struct Reader {
    client: RefCell<Client>,
    snapshot: String,
    url: String,
    schema: String,
}

impl Reader {
    /// The connection, for an engine built on this one (Citus) to run its
    /// own statements in the same transaction.
    pub fn client(&self) -> RefMut<'_, Client> {
        self.client.borrow_mut()
    }

    /// The number a statement without markers or parameters answers.
    pub fn number(&self, text: &str) -> Result<i64> {
        let reader: &dyn crate::engine::Reader = self;
        reader.number(text)
    }
}

impl crate::engine::Reader for Reader {
    fn dialect(&self) -> Dialect {
        Dialect::Postgres
    }

    fn rows_until(
        &self,
        sql: &Sql,
        params: &Params,
        each: &mut dyn FnMut(&[Value]) -> Result<ControlFlow<()>>,
    ) -> Result<ControlFlow<()>> {
        values::rows(&mut self.client.borrow_mut(), sql, params, each)
            .map_err(|e| read::gave_up_waiting_or(e, &self.url, &self.schema))
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot(Some(self.snapshot.clone()))
    }

    fn user_query(
        &self,
        statement: &str,
        timeout: Option<Duration>,
        headers: &mut dyn FnMut(Vec<String>) -> Result<()>,
        each: &mut dyn FnMut(&[Value]) -> Result<()>,
    ) -> Result<()> {
        query::run(self, statement, timeout, headers, each)
    }

    fn dump(&self, _out: &mut dyn std::io::Write) -> Result<()> {
        Err(crate::error::usage(format!(
            "schema {} at {} is on PostgreSQL; add --dialect postgres for a script that builds it",
            self.schema,
            without_password(&self.url)
        )))
    }
}
