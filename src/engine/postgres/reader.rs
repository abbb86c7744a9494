//! The connection a command reads a schema through, in the transaction
//! and snapshot `read` began.

use std::cell::{RefCell, RefMut};
use std::ops::ControlFlow;
use std::time::Duration;

use anyhow::Result;
use postgres::Client;

use crate::engine::interface::{Params, Snapshot};
use crate::engine::postgres::connect::without_password;
use crate::engine::postgres::query;
use crate::engine::postgres::values::rows;
use crate::engine::postgres::wait::gave_up_waiting_or;
use crate::model::board::Board;
use crate::model::template::{Dialect, Sql};
use crate::model::value::Value;

/// A connection in a repeatable-read, read-only transaction; `snapshot`
/// names its snapshot, which the command's other connections import so
/// that all of them read the same board. `url` and `schema` say where,
/// for messages.
pub struct Reader {
    pub(super) client: RefCell<Client>,
    pub(super) snapshot: String,
    pub(super) url: String,
    pub(super) schema: String,
}

impl Reader {
    /// The connection, for an engine built on this one (Citus) to run its
    /// own statements in the same transaction.
    pub fn client(&self) -> RefMut<'_, Client> {
        self.client.borrow_mut()
    }

    /// The board of `n` columns (board_size's) it reads, with its shape
    /// (board_shape, hole, mov_dir, board_rows).
    pub fn board(&self, n: u8) -> Result<Board> {
        super::connect::held_board(&mut *self.client.borrow_mut(), &self.schema, n)
    }

    /// The number a statement without markers or parameters answers.
    pub fn number(&self, text: &str) -> Result<i64> {
        let reader: &dyn crate::engine::interface::Reader = self;
        reader.number(text)
    }
}

impl crate::engine::interface::Reader for Reader {
    fn dialect(&self) -> Dialect {
        Dialect::Postgres
    }

    fn rows_until(
        &self,
        sql: &Sql,
        params: &Params,
        each: &mut dyn FnMut(&[Value]) -> Result<ControlFlow<()>>,
    ) -> Result<ControlFlow<()>> {
        rows(&mut self.client.borrow_mut(), sql, params, each)
            .map_err(|e| gave_up_waiting_or(e, &self.url, &self.schema))
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
        let mut client = self.client.borrow_mut();
        let place = (self.url.as_str(), self.schema.as_str());
        query::run(&mut client, place, statement, timeout, headers, each)
    }

    fn has_own_solution_view(&self, _board: &Board) -> Result<bool> {
        super::connect::has_own_solution_view(&mut *self.client.borrow_mut(), &self.schema)
    }

    fn dump(&self, _out: &mut dyn std::io::Write) -> Result<()> {
        Err(crate::error::usage(format!(
            "schema {} at {} is on PostgreSQL; add --dialect postgres for a script that builds it",
            self.schema,
            without_password(&self.url)
        )))
    }
}
