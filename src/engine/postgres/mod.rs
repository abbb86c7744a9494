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
//!   planner settings (sql/postgres/planner_settings.sql);
//! - `reader`: the connection a command reads through;
//! - `wait`: a lock waited for in vain, or a privilege refused, in plain
//!   words;
//! - `query`: the user's statement, as psql would run it;
//! - `doctor`: `queens doctor`'s checks of a schema, read-only;
//! - `values`: parameters and values across the wire.

use anyhow::Result;

use crate::engine::findings::Finding;
use crate::engine::interface::{Inspection, Origin, ReferenceFor, Snapshot};
use crate::error::usage;
use crate::model::board::Board;

mod acl;
mod build;
mod connect;
mod doctor;
mod query;
mod read;
mod reader;
mod values;
mod wait;

pub use build::{
    NoHooks, RefillHooks, build_script, change_model, psql_script, refuse_user_event_triggers,
};
pub use connect::{
    Trust, connect, is_keyword_connection_string, is_url, lower_case_scheme, own_relations,
    without_password,
};
pub use doctor::{MoreChecks, ask as doctor_check, text_rows};
pub use read::keeping_session;
pub use reader::Reader;
pub use values::rows as rows_of;

/// A board in a schema of a PostgreSQL database.
pub struct Engine {
    url: String,
    schema: String,
    /// Whether the boards it builds carry queens' descriptions (`comment
    /// on`): `init` asks for them.
    describe: bool,
    /// The reference board its doctor holds the schema's tables against.
    reference: ReferenceFor,
    /// Roles the user trusts (`--trust-owner`): the schema may hold their
    /// objects, whose SQL then runs with the user's privileges. It also
    /// says whether the command has walked the schema's dependencies.
    trusted: Trust,
}

impl Engine {
    /// The board in `schema` at `url`; `reference` builds the reference
    /// board doctor holds its tables against.
    pub fn new(url: &str, schema: &str, reference: ReferenceFor) -> Engine {
        Engine {
            url: url.to_string(),
            schema: schema.to_string(),
            describe: false,
            reference,
            trusted: Trust::default(),
        }
    }

    /// The URL, the schema, and the roles trusted there.
    pub fn place(&self) -> (&str, &str, &Trust) {
        (&self.url, &self.schema, &self.trusted)
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    pub fn schema(&self) -> &str {
        &self.schema
    }

    /// Opens the board for reading (see `crate::engine::interface::Engine::open`).
    pub fn open_reader(&self, requested: Option<u8>) -> Result<(Reader, Board)> {
        read::open_for_reading(&self.url, &self.schema, &self.trusted, requested)
    }

    /// Another reader in `first`'s snapshot.
    pub fn sibling_reader(&self, first: &Snapshot) -> Result<Reader> {
        read::sibling(&self.url, &self.schema, self.trusted.roles(), first)
    }

    /// Replaces the board with `board`, with what `hooks` adds.
    pub fn rebuild_with(&self, board: &Board, hooks: &dyn RefillHooks) -> Result<()> {
        build::rebuild(self.place(), board, hooks, self.describe)
    }

    /// What `doctor` finds in the schema, with the checks `more` adds.
    pub fn doctor_with(&self, requested: Option<u8>, more: MoreChecks) -> Result<Vec<Finding>> {
        doctor::findings(self.place(), requested, self.reference, more)
    }

    /// Upgrades the board, with what `hooks` adds; whether it had to.
    pub fn bring_up_to_date_with(&self, hooks: &dyn RefillHooks) -> Result<bool> {
        build::bring_up_to_date(self.place(), hooks, self.describe)
    }
}

impl crate::engine::interface::Engine for Engine {
    fn shown(&self) -> String {
        format!("schema {} at {}", self.schema, without_password(&self.url))
    }

    fn describe_relations(&mut self) {
        self.describe = true;
    }

    fn trust_owners(&mut self, roles: &[String]) {
        self.trusted = Trust::new(roles);
    }

    fn open(
        &self,
        requested: Option<u8>,
        _arguments_fit: &dyn Fn(&Board) -> Result<()>,
    ) -> Result<(Box<dyn crate::engine::interface::Reader>, Board)> {
        let (reader, board) = self.open_reader(requested)?;
        Ok((Box::new(reader), board))
    }

    /// No: the search runs on the server.
    fn searches_in_process(&self) -> bool {
        false
    }

    fn sibling(&self, first: &Snapshot) -> Result<Box<dyn crate::engine::interface::Reader>> {
        Ok(Box::new(self.sibling_reader(first)?))
    }

    fn ensure_exists(&self, new: &Board) -> Result<(Origin, Inspection)> {
        build::ensure_exists(self.place(), new, self.describe)
    }

    /// Any kind: `init` builds it (`ensure_exists`, `rebuild`), and a
    /// reader creates no board on a server.
    fn create_missing_as(&mut self, _asked: &Board) -> Result<()> {
        Ok(())
    }

    fn held_board(&self) -> Result<Option<Board>> {
        build::held_board(self.place())
    }

    fn lacks_board_size(&self) -> Result<bool> {
        build::lacks_board_size(&self.url, &self.schema, &self.trusted)
    }

    fn rebuild(&self, board: &Board) -> Result<()> {
        self.rebuild_with(board, &NoHooks)
    }

    fn bring_up_to_date(&self) -> Result<bool> {
        self.bring_up_to_date_with(&NoHooks)
    }

    fn doctor(&self, requested: Option<u8>) -> Result<Vec<Finding>> {
        self.doctor_with(requested, &|_, _| Vec::new())
    }

    fn distribute(&self, _build: &mut dyn FnMut() -> Result<()>) -> Result<(i64, bool)> {
        anyhow::bail!(
            "{} is not a Citus coordinator (this database has no citus extension): \
             --distributed needs one; nothing was changed (see docs/src/howto/citus.md)",
            without_password(&self.url)
        )
    }

    fn store_solutions(
        &self,
        _n: u8,
    ) -> Result<Box<dyn crate::engine::interface::SolutionStore + '_>> {
        Err(usage(
            "--materialize stores solutions in SQLite files only, not on a PostgreSQL --db",
        ))
    }
}
