//! Citus: the PostgreSQL model spread over a cluster, built on `postgres/`.
//! The facts become reference tables (a copy on every node), the parts of
//! the search become the rows of one distributed table, `search_part`, and
//! a count or a listing is one statement that Citus pushes down to the
//! workers. The SQL is in `sql/distributed/`.
//!
//! On a coordinator, a schema that is not distributed (no `search_part`)
//! is read and changed as plain PostgreSQL.

use std::ops::ControlFlow;
use std::time::Duration;

mod kept;
mod parts;

use anyhow::{Context, Result, bail};
use postgres::{GenericClient, Transaction};

use crate::engine::interface::{
    Cluster, Inspection, KeptCount, KeptParts, Origin, Param, Params, Snapshot,
};
use crate::engine::postgres::{self as pg, RefillHooks};
use crate::model::board::Board;
use crate::model::schema;
use crate::model::sql;
use crate::model::template::{self, Dialect, Scope, Sql};
use crate::model::value::Value;

/// Whether the server of `server` is a Citus coordinator: its database has
/// the citus extension, so this engine serves it.
pub fn serves(server: &pg::Engine) -> Result<bool> {
    let mut client = pg::connect(server.url())?;
    has_citus(&mut client)
}

fn has_citus(client: &mut impl GenericClient) -> Result<bool> {
    Ok(client
        .query_one(
            "select exists (select 1 from pg_extension where extname = 'citus')",
            &[],
        )?
        .get(0))
}

/// A board on a Citus coordinator.
pub struct Engine {
    server: pg::Engine,
}

impl Engine {
    pub fn new(server: pg::Engine) -> Engine {
        Engine { server }
    }
}

impl crate::engine::interface::Engine for Engine {
    fn shown(&self) -> String {
        crate::engine::interface::Engine::shown(&self.server)
    }

    fn describe_relations(&mut self) {
        crate::engine::interface::Engine::describe_relations(&mut self.server);
    }

    fn trust_owners(&mut self, roles: &[String]) {
        crate::engine::interface::Engine::trust_owners(&mut self.server, roles);
    }

    fn open(
        &self,
        requested: Option<u8>,
        _arguments_fit: &dyn Fn(&Board) -> Result<()>,
    ) -> Result<(Box<dyn crate::engine::interface::Reader>, Board)> {
        let (reader, board) = self.server.open_reader(requested)?;
        let reader = Reader::new(reader, self.server.place())?;
        // Once per command, in its first reader's snapshot, which its
        // other readers share.
        if reader.distributed {
            parts::refuse_damaged(&reader.inner, board.cols, &self.server)?;
        }
        Ok((Box::new(reader), board))
    }

    /// No: the search runs on the cluster's workers.
    fn searches_in_process(&self) -> bool {
        false
    }

    fn sibling(&self, first: &Snapshot) -> Result<Box<dyn crate::engine::interface::Reader>> {
        Ok(Box::new(Reader::new(
            self.server.sibling_reader(first)?,
            self.server.place(),
        )?))
    }

    fn create_missing_as(&mut self, asked: &Board) -> Result<()> {
        crate::engine::interface::Engine::create_missing_as(&mut self.server, asked)
    }

    fn held_board(&self) -> Result<Option<Board>> {
        crate::engine::interface::Engine::held_board(&self.server)
    }

    fn ensure_exists(&self, new: &Board) -> Result<(Origin, Inspection)> {
        crate::engine::interface::Engine::ensure_exists(&self.server, new)
    }

    fn lacks_board_size(&self) -> Result<bool> {
        crate::engine::interface::Engine::lacks_board_size(&self.server)
    }

    /// PostgreSQL's checks, and on a distributed board its parts.
    fn store_solutions(
        &self,
        n: u8,
    ) -> Result<Box<dyn crate::engine::interface::SolutionStore + '_>> {
        crate::engine::interface::Engine::store_solutions(&self.server, n)
    }

    fn doctor(&self, requested: Option<u8>) -> Result<Vec<crate::engine::findings::Finding>> {
        self.server.doctor_with(requested, &|reader, n| {
            let distributed = is_distributed(&mut *reader.client());
            match distributed {
                Ok(false) => Vec::new(),
                Ok(true) => vec![parts::finding(reader, n)],
                Err(e) => vec![crate::engine::findings::Finding {
                    what: "parts",
                    found: crate::error::one_line(&e),
                    holds: Some(false),
                }],
            }
        })
    }

    fn rebuild(&self, board: &Board) -> Result<()> {
        self.server.rebuild_with(board, &Parts)
    }

    fn bring_up_to_date(&self) -> Result<bool> {
        self.server.bring_up_to_date_with(&Parts)
    }

    /// Refuses, in one line, a coordinator without workers, before
    /// `build` runs; then spreads the model over the cluster in one
    /// transaction (nothing when it is spread already).
    fn distribute(&self, build: &mut dyn FnMut() -> Result<()>) -> Result<(i64, bool)> {
        let mut client = pg::connect(self.server.url())?;
        if active_workers(&mut client)? == 0 {
            bail!(
                "{} is a Citus coordinator without active worker nodes (citus_add_node adds \
                 them); nothing was changed",
                pg::without_password(self.server.url())
            );
        }
        drop(client);
        build()?;
        let mut tries = 1;
        loop {
            match self.distribute_once() {
                Err(e) if tries < DEADLOCK_TRIES && is_distributed_deadlock(&e) => {
                    std::thread::sleep(Duration::from_millis(250 * tries));
                    tries += 1;
                }
                outcome => return outcome,
            }
        }
    }
}

/// How many times a distribution is tried that Citus cancels for a
/// distributed deadlock: two sessions distributing schemas at once both
/// change the cluster's metadata, and Citus cancels one of them. The whole
/// transaction was rolled back, so it can simply be tried again.
const DEADLOCK_TRIES: u64 = 5;

/// Whether the error is Citus's cancellation for a distributed deadlock
/// (SQLSTATE 40P01, as PostgreSQL's own deadlocks).
fn is_distributed_deadlock(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<postgres::Error>()
            .and_then(postgres::Error::code)
            == Some(&postgres::error::SqlState::T_R_DEADLOCK_DETECTED)
    })
}

impl Engine {
    /// One try at `distribute`, in one transaction.
    fn distribute_once(&self) -> Result<(i64, bool)> {
        let (mut workers, mut done) = (0, false);
        pg::change_model(self.server.place(), &Distributing, |tx, _| {
            if !is_distributed(tx)? {
                let schema = current_schema(tx)?;
                refuse_event_triggers(tx, &schema)?;
                let failed = "could not distribute the board over the cluster";
                for file in [
                    "distributed/01-reference_tables.sql",
                    "distributed/02-search_part.sql",
                    "distributed/03-search_part_count.sql",
                ] {
                    tx.batch_execute(sql::file(file)).context(failed)?;
                }
                fill_search_part(tx).context(failed)?;
                done = true;
            }
            workers = active_workers(tx)?;
            Ok(())
        })?;
        Ok((workers, done))
    }
}

/// What a distributed board adds to every change of the model: the parts
/// of the old board go before its squares, and the new board's parts come
/// after its facts.
struct Parts;

impl RefillHooks for Parts {
    /// A rebuild changes distributed views after search_part's rows, which
    /// Citus allows in one transaction only over one connection per node,
    /// and without running part of it on the coordinator's own copies; the
    /// settings must come before the first statement that touches a
    /// distributed table. The facts are derived on the nodes' copies
    /// through Citus's own connections, which keep the nodes' settings, not
    /// those queens pins on its session: without JIT there too (before
    /// their tables are analysed, PostgreSQL guessed them far larger than
    /// they are and compiled two of the facts' queries to machine code,
    /// 0.9 s each on a 9×9 board, against milliseconds without).
    fn settings(&self) -> &str {
        "set local citus.multi_shard_modify_mode to 'sequential';\n\
         set local citus.enable_local_execution to off;\n\
         set local citus.propagate_set_commands = 'local';\n\
         set local jit = off;\n"
    }

    /// What the user made on a node's copy of one of queens' tables (a
    /// trigger, rule or policy, a table inheriting from it or with a
    /// foreign key to it), which the coordinator's look for the user's
    /// objects does not see, refuses the rebuild, which would fire or
    /// empty it there.
    fn before_refill(&self, tx: &mut Transaction) -> Result<()> {
        if is_distributed(tx)? {
            let schema = current_schema(tx)?;
            if let Some(found) = copy_dependent(tx, &schema, &pg::own_relations())? {
                return Err(crate::error::Error::InTheWay {
                    board: format!("schema {schema}"),
                    object: format!("{found}, which rebuilding the board would fire or empty"),
                    advice: "drop it there first (with citus.enable_manual_changes_to_shards \
                             on), or use another --schema"
                        .to_string(),
                }
                .into());
            }
            tx.batch_execute("delete from search_part;")?;
        }
        Ok(())
    }

    fn after_refill(&self, tx: &mut Transaction) -> Result<()> {
        if is_distributed(tx)? {
            fill_search_part(tx)?;
            add_search_part_count(tx)?;
        }
        Ok(())
    }

    /// The coordinator's event triggers and the workers': Citus runs a
    /// distributed board's DDL on the workers too.
    fn refuse_event_triggers(&self, tx: &mut Transaction, schema: &str) -> Result<()> {
        refuse_event_triggers(tx, schema)
    }

    /// A board distributed by an earlier queens gets the table where
    /// counts keep their parts' counts.
    fn bring_current(&self, tx: &mut Transaction) -> Result<bool> {
        add_search_part_count(tx)
    }
}

/// Makes search_part_count on a distributed board that has none (one an
/// earlier queens distributed); says whether it made it. A relation of
/// the user's under that name is refused by name, never taken over.
fn add_search_part_count(tx: &mut Transaction) -> Result<bool> {
    if !is_distributed(tx)? {
        return Ok(false);
    }
    let row = tx.query_one(&kept::statement("distributed/keeping.sql")?.text, &[])?;
    let (present, ours): (bool, bool) = (row.get(0), row.get(1));
    if !present {
        let schema = current_schema(tx)?;
        refuse_event_triggers(tx, &schema)?;
        tx.batch_execute(sql::file("distributed/03-search_part_count.sql"))
            .context("could not add search_part_count, where counts keep their parts' counts")?;
        return Ok(true);
    }
    if !ours {
        let schema = current_schema(tx)?;
        return Err(crate::error::usage(format!(
            "schema {schema} already holds a relation search_part_count that queens did not \
             make, and queens needs the name for the table where counts keep their parts' \
             counts; nothing was changed (drop or rename it)"
        )));
    }
    Ok(false)
}

/// What distributing a board adds to its change: its settings, and the
/// workers' event triggers looked for with the coordinator's.
struct Distributing;

impl RefillHooks for Distributing {
    /// First in the transaction that distributes a model: Citus copies the
    /// facts to the coordinator's own placements as it makes them reference
    /// tables, which needs local execution.
    fn settings(&self) -> &str {
        "set local citus.multi_shard_modify_mode to 'sequential';\n"
    }

    fn refuse_event_triggers(&self, tx: &mut Transaction, schema: &str) -> Result<()> {
        refuse_event_triggers(tx, schema)
    }
}

/// Refuses DDL on the board in `schema` where it would fire an event
/// trigger of the user's: the coordinator's, as on PostgreSQL, or a
/// worker's (sql/distributed/node_event_triggers.sql), where Citus runs
/// the DDL too. A worker that cannot be asked is an error.
fn refuse_event_triggers(tx: &mut Transaction, schema: &str) -> Result<()> {
    pg::refuse_user_event_triggers(tx, schema)?;
    let sql = kept::statement("distributed/node_event_triggers.sql")?;
    let question = kept::statement("postgres/user_event_triggers.sql")?;
    let Some(row) = tx.query_opt(&sql.text, &[&question.text])? else {
        return Ok(());
    };
    let (node, asked, found): (String, bool, String) = (row.get(0), row.get(1), row.get(2));
    if !asked {
        bail!("could not ask Citus {node} for its event triggers: {found}");
    }
    bail!(
        "the database on Citus {node} has your event trigger {found}, which changing \
         schema {schema} would fire there: Citus makes, drops, grants on and comments on its \
         tables and views there too; nothing was changed (`alter event trigger` … `disable` \
         on that node for the change, or use another database)"
    );
}

/// What was made past Citus on a node's copy of one of queens' `tables`
/// in `schema` (a trigger, rule or policy on it, a table inheriting from
/// it or with a foreign key to it), which the coordinator's catalog of
/// its tables does not hold (sql/distributed/copy_dependents.sql): what
/// it is, the copy and the node, in words. A node that cannot be asked is an
/// error.
fn copy_dependent(
    client: &mut impl GenericClient,
    schema: &str,
    tables: &[String],
) -> Result<Option<String>> {
    let sql = kept::statement("distributed/copy_dependents.sql")?;
    let Some(row) = client.query_opt(&sql.text, &[&schema, &tables])? else {
        return Ok(None);
    };
    let (node, asked, found): (String, bool, String) = (row.get(0), row.get(1), row.get(2));
    if !asked {
        bail!(
            "could not ask Citus {node} for triggers, rules and policies on queens' tables: {found}"
        );
    }
    Ok(Some(format!("{found}, on {node}, made there past Citus")))
}

/// The schema a change of the model works in: the first on its search
/// path, which `pg::change_model` sets to the board's.
fn current_schema(client: &mut impl GenericClient) -> Result<String> {
    Ok(client
        .query_one("select current_schema()::text", &[])?
        .get(0))
}

/// How many worker nodes the coordinator counts as active.
fn active_workers(client: &mut impl GenericClient) -> Result<i64> {
    Ok(client
        .query_one("select count(*) from citus_get_active_worker_nodes()", &[])?
        .get(0))
}

/// Whether the schema on the search path is distributed: it has the
/// distributed table of the search's parts.
fn is_distributed(client: &mut impl GenericClient) -> Result<bool> {
    Ok(client
        .query_one("select to_regclass('search_part') is not null", &[])?
        .get(0))
}

/// Parts a worker should have at least, for the search to keep it busy
/// and spread the work evenly: fewer, and the search is split by three
/// queens instead of two.
const PARTS_PER_WORKER: i64 = 4;

/// Fills search_part with the parts of the board in board_size: split by
/// the first two queens, or by the first three when two give fewer than
/// `PARTS_PER_WORKER` searched parts a worker.
fn fill_search_part(client: &mut impl GenericClient) -> Result<()> {
    let workers = active_workers(client)?;
    let postgres = Scope::for_dialect(Dialect::Postgres);
    let by_two = template::render_statement(sql::file("queries/partition.sql"), &postgres)?;
    let searched = template::render_statement(
        sql::file("distributed/searched_parts.sql"),
        &postgres.clone().with_fragment("PARTITION", &by_two.text),
    )?;
    let parts: i64 = client.query_one(&searched.text, &[])?.get(0);
    let by_three = parts < PARTS_PER_WORKER * workers;
    let partition = if by_three {
        template::render_statement(sql::file("queries/partition3.sql"), &postgres)?
    } else {
        by_two
    };
    let fill = template::render(
        sql::file("distributed/fill_search_part.sql"),
        &postgres
            .with("BY_THREE", by_three.into())
            .with_fragment("PARTS", &partition.text),
    )?;
    client.batch_execute(&fill.text)?;
    Ok(())
}

/// A reader on a Citus coordinator: a PostgreSQL reader that also runs the
/// distributed search, where the schema is distributed.
pub struct Reader {
    inner: pg::Reader,
    distributed: bool,
    /// The board, read once, when first asked (every batch of parts needs
    /// its shape for the words its search tests).
    board: std::cell::OnceCell<Board>,
    /// Where a count keeps its parts' counts.
    keeper: kept::Keeper,
}

impl Reader {
    fn new(inner: pg::Reader, place: (&str, &str, &pg::Trust)) -> Result<Reader> {
        let distributed = is_distributed(&mut *inner.client())?;
        Ok(Reader {
            inner,
            distributed,
            board: std::cell::OnceCell::new(),
            keeper: kept::Keeper::new(place),
        })
    }

    /// The board of `n` columns it reads (board_shape, hole, mov_dir,
    /// board_rows), read in this reader's transaction the first time only.
    fn board(&self, n: u8) -> Result<Board> {
        if let Some(board) = self.board.get() {
            return Ok(board.clone());
        }
        let board = self.inner.board(n)?;
        Ok(self.board.get_or_init(|| board).clone())
    }

    /// Before each distributed search, inside the command's read
    /// transaction (after its lock and snapshot, which must not be handed
    /// on): the planner settings that keep each worker's search in column
    /// order, as on one machine, handed on to the workers' connections,
    /// which by default keep their own (the book's performance page has what
    /// they save).
    fn settle_workers(&self) -> Result<()> {
        Ok(self.inner.client().batch_execute(&worker_settings()?)?)
    }

    /// A statement of sql/distributed/ for the `n`×`n` board, with the
    /// search of each part put in: the solution view's search with the
    /// first two squares those of the part `p` of search_part.
    fn with_part_search(&self, path: &str, n: u8) -> Result<Sql> {
        // The words the search tests depend on the board's lines, and so
        // on its shape.
        let board = self.board(n)?;
        let bound = schema::with_shape(Scope::for_dialect(Dialect::Postgres), &board)
            .binding("s1", "p.s1")
            .binding("s2", "p.s2");
        let part = schema::part_search(n, bound)?;
        schema::query(
            path,
            n,
            Scope::for_dialect(Dialect::Postgres).with_fragment("PART_SEARCH", &part.text),
        )
    }

    /// The number one statement of sql/distributed/ answers for the parts
    /// numbered `first` to `last`.
    fn parts_number(&self, path: &str, n: u8, first: usize, last: usize) -> Result<u64> {
        let sql = self.with_part_search(path, n)?;
        self.settle_workers()?;
        let reader: &dyn crate::engine::interface::Reader = self;
        Ok(reader.number_of(&sql, &part_range(first, last))? as u64)
    }
}

/// The planner settings of a distributed search, for its transaction
/// only and handed on to the workers' connections
/// (sql/postgres/planner_settings.sql).
fn worker_settings() -> Result<String> {
    Ok(template::render(
        sql::file("postgres/planner_settings.sql"),
        &Scope::for_dialect(Dialect::Postgres)
            .with("LOCAL", 1)
            .with("CITUS", 1),
    )?
    .text)
}

/// The parts numbered `first` to `last`, as parameters of the SQL.
fn part_range(first: usize, last: usize) -> [(&'static str, Param); 2] {
    [
        ("first", Param::Int(first as i64)),
        ("last", Param::Int(last as i64)),
    ]
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
        self.inner.rows_until(sql, params, each)
    }

    fn snapshot(&self) -> Snapshot {
        self.inner.snapshot()
    }

    fn user_query(
        &self,
        statement: &str,
        timeout: Option<Duration>,
        headers: &mut dyn FnMut(Vec<String>) -> Result<()>,
        each: &mut dyn FnMut(&[Value]) -> Result<()>,
    ) -> Result<()> {
        self.inner.user_query(statement, timeout, headers, each)
    }

    fn has_own_solution_view(&self, board: &Board) -> Result<bool> {
        self.inner.has_own_solution_view(board)
    }

    fn cluster(&self) -> Result<Option<&dyn Cluster>> {
        Ok(self.distributed.then_some(self as &dyn Cluster))
    }

    fn dump(&self, out: &mut dyn std::io::Write) -> Result<()> {
        self.inner.dump(out)
    }
}

impl Cluster for Reader {
    fn part_weights(&self) -> Result<Vec<u64>> {
        let mut weights = Vec::new();
        let reader: &dyn crate::engine::interface::Reader = self;
        reader.each_row(
            "select weight from search_part order by part_no",
            &[],
            |row| {
                weights.push(row[0].integer()? as u64);
                Ok(())
            },
        )?;
        Ok(weights)
    }

    fn count(&self, n: u8, first: usize, last: usize) -> Result<u64> {
        self.parts_number("distributed/count.sql", n, first, last)
    }

    fn each_solution(
        &self,
        n: u8,
        first: usize,
        last: usize,
        each: &mut dyn FnMut(Vec<String>) -> Result<()>,
    ) -> Result<()> {
        let sql = self.with_part_search("distributed/rows.sql", n)?;
        self.settle_workers()?;
        let reader: &dyn crate::engine::interface::Reader = &self.inner;
        reader.rows(&sql, &part_range(first, last), &mut |row| {
            each(row.iter().map(Value::text).collect())
        })
    }

    fn pairs_in_place(&self, n: u8, first: usize, last: usize) -> Result<u64> {
        self.parts_number("distributed/fundamental_count.sql", n, first, last)
    }

    fn kept_parts(&self) -> Result<KeptParts> {
        self.keeper.kept_parts(&self.inner)
    }

    fn keep_counts(&self, n: u8, first: usize, last: usize) -> Result<()> {
        let keep = self.with_part_search("distributed/keep_part_counts.sql", n)?;
        self.keeper
            .keep_counts(&keep, &worker_settings()?, first, last)
    }

    fn kept_count(&self) -> Result<KeptCount> {
        self.keeper.kept_count()
    }
}
