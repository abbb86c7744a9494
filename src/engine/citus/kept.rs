//! The parts' counts a distributed count keeps (search_part_count): each
//! run of parts commits its counts as it finishes, on a session of its own
//! beside the command's read-only transaction, so that a count stopped by
//! Ctrl-C, a worker lost or the coordinator restarted resumes, run again,
//! from the parts it finished.

use std::cell::RefCell;

use anyhow::{Result, bail};
use postgres::Client;

use crate::engine::interface::{KeptCount, KeptParts, Param};
use crate::engine::postgres::{self as pg, without_password};
use crate::error::shell_word;
use crate::model::sql;
use crate::model::template::{self, Dialect, Scope, Sql};
use crate::model::value::Value;

/// Where counts are kept: the board's place, and the keeping session,
/// opened when a count first needs it.
pub struct Keeper {
    url: String,
    schema: String,
    trusted: Vec<String>,
    session: RefCell<Option<Client>>,
}

impl Keeper {
    pub fn new((url, schema, trusted): (&str, &str, &pg::Trust)) -> Keeper {
        Keeper {
            url: url.to_string(),
            schema: schema.to_string(),
            trusted: trusted.roles().to_vec(),
            session: RefCell::new(None),
        }
    }

    /// Runs `work` on the keeping session, opening it first if need be.
    fn on_session<T>(&self, work: impl FnOnce(&mut Client) -> Result<T>) -> Result<T> {
        let mut session = self.session.borrow_mut();
        if session.is_none() {
            *session = Some(pg::keeping_session(&self.url, &self.schema, &self.trusted)?);
        }
        let client = session.as_mut().expect("opened above");
        work(client)
    }

    /// The rows of `sql` on the keeping session, in the transaction it is
    /// in, if any.
    fn rows(&self, sql: &Sql) -> Result<Vec<Vec<Value>>> {
        self.on_session(|client| {
            let mut rows = Vec::new();
            pg::rows_of(client, sql, &[], &mut |row| {
                rows.push(row.to_vec());
                Ok(std::ops::ControlFlow::Continue(()))
            })
            .map(drop)?;
            Ok(rows)
        })
    }

    /// The rows of `sql`, which reads a few rows of the cluster's tables,
    /// in a transaction of its own on one connection to each worker
    /// (sql/distributed/few_rows.sql). Never asked while a keep's
    /// transaction is open.
    fn few_rows(&self, sql: &Sql) -> Result<Vec<Vec<Value>>> {
        self.in_transaction(sql::file("distributed/few_rows.sql"), || self.rows(sql))
    }

    /// Runs `work` on the keeping session in a transaction of its own,
    /// begun with `settings` (`set local` statements, sent with the
    /// `begin`): committed if `work` succeeds, rolled back if not. The
    /// error `work` gives is the one returned, whether or not the
    /// rollback succeeds (a lost connection fails both).
    fn in_transaction<T>(&self, settings: &str, work: impl FnOnce() -> Result<T>) -> Result<T> {
        self.on_session(|client| Ok(client.batch_execute(&format!("begin;\n{settings}"))?))?;
        let done = work();
        let end = if done.is_ok() { "commit;" } else { "rollback;" };
        let ended = self.on_session(|client| Ok(client.batch_execute(end)?));
        let value = done?;
        ended?;
        Ok(value)
    }

    /// The searched parts whose counts are kept, or why none is kept here:
    /// `reader` (the command's transaction) says whether the table is there
    /// and whether the role may keep counts in it.
    pub fn kept_parts(&self, reader: &pg::Reader) -> Result<KeptParts> {
        let keeping = statement("distributed/keeping.sql")?;
        let row = reader
            .client()
            .query_one(&keeping.text, &[])
            .map_err(anyhow::Error::from)?;
        let (present, ours, may_keep, role): (bool, bool, bool, String) =
            (row.get(0), row.get(1), row.get(2), row.get(3));
        let options = format!(
            "--db {} --schema {}",
            shell_word(&without_password(&self.url)),
            self.schema
        );
        if !present {
            return Ok(KeptParts::NotKept(format!(
                "schema {} was distributed by an earlier queens and has no search_part_count, \
                 so this count keeps no part's count; `queens init {options}` adds it",
                self.schema
            )));
        }
        if !ours {
            return Ok(KeptParts::NotKept(format!(
                "schema {}'s search_part_count is not the table queens makes there (it does not \
                 lie beside search_part), so this count keeps no part's count in it",
                self.schema
            )));
        }
        if !may_keep {
            return Ok(KeptParts::NotKept(format!(
                "role {role} may not read and add to {}.search_part_count, so this count keeps \
                 no part's count and cannot be resumed",
                self.schema
            )));
        }
        if let Some(found) = self.keeping_fires(Copies::Too)? {
            return Ok(KeptParts::NotKept(format!(
                "schema {} has {found}, which keeping a part's count would fire, so this count \
                 keeps no part's count",
                self.schema
            )));
        }
        let kept = self.few_rows(&statement("distributed/kept_parts.sql")?)?;
        kept.iter()
            .map(|row| Ok(row[0].integer()? as usize))
            .collect::<Result<_>>()
            .map(KeptParts::Kept)
    }

    /// Runs `keep` (keep_part_counts.sql for the parts `first` to `last`,
    /// PART_SEARCH put in) in a transaction of its own, after `settings`
    /// (the planner settings handed on to the workers) and the lock of
    /// hold_kept_counts.sql, which is sent alone (its header says why).
    pub fn keep_counts(&self, keep: &Sql, settings: &str, first: usize, last: usize) -> Result<()> {
        let range = [
            ("first", Param::Int(first as i64)),
            ("last", Param::Int(last as i64)),
        ];
        let hold = Scope::for_dialect(Dialect::Postgres).with_word("SCHEMA", &self.schema);
        let hold =
            template::render_statement(sql::file("distributed/hold_kept_counts.sql"), &hold)?;
        self.in_transaction(settings, || {
            self.on_session(|client| Ok(client.batch_execute(&hold.text)?))?;
            if let Some(found) = self.keeping_fires(Copies::Not)? {
                bail!(
                    "schema {} has {found}, added during this count, which keeping the parts' \
                     counts would fire; the counts kept before it stay (drop it, then run the \
                     count again to go on from them)",
                    self.schema
                );
            }
            self.on_session(|client| {
                // (An insert answers no rows.)
                pg::rows_of(client, keep, &range, &mut |_| {
                    Ok(std::ops::ControlFlow::Continue(()))
                })
                .map(drop)
            })
        })
    }

    /// A trigger that keeping would fire, in words: on search_part_count
    /// (sql/distributed/keeping_fires.sql) or, asked `Copies::Too`, a
    /// trigger, rule or policy on a node's copy of it.
    fn keeping_fires(&self, copies: Copies) -> Result<Option<String>> {
        let rows = self.rows(&statement("distributed/keeping_fires.sql")?)?;
        if let Some(found) = rows.first().and_then(|row| row.first()) {
            return Ok(Some(found.text()));
        }
        if matches!(copies, Copies::Not) {
            return Ok(None);
        }
        let tables = ["search_part_count".to_string()];
        self.on_session(|client| super::copy_dependent(client, &self.schema, &tables))
    }

    /// The kept counts added up, as committed now.
    pub fn kept_count(&self) -> Result<KeptCount> {
        let rows = self.few_rows(&statement("distributed/kept_count.sql")?)?;
        let Some([solutions, searched, kept]) = rows.first().map(Vec::as_slice) else {
            bail!("no answer to sql/distributed/kept_count.sql");
        };
        Ok(KeptCount {
            solutions: solutions.integer()? as u64,
            searched: searched.integer()? as u64,
            kept: kept.integer()? as u64,
        })
    }
}

/// Whether a look for triggers that keeping would fire asks the nodes
/// about their copies of search_part_count too: once a count, before it
/// keeps anything (each node is asked on a connection of its own, about
/// 0.1 s on the test cluster). At each keep the coordinator's table is
/// looked at under the keep's lock; a copy has no lock there to look
/// under, so asking again would narrow no window.
enum Copies {
    Too,
    Not,
}

/// A statement of sql/distributed/ that needs nothing put in.
pub fn statement(path: &str) -> Result<Sql> {
    template::render_statement(sql::file(path), &Scope::for_dialect(Dialect::Postgres))
}
