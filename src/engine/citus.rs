//! Citus: the PostgreSQL model spread over a cluster. A thin layer over
//! `postgres.rs`: the facts become reference tables (a copy on every node), the parts
//! of the search become the rows of one distributed table, `search_part`,
//! and a count or a listing is one statement that Citus pushes down to the
//! workers. The SQL is in `sql/distributed/`.

use anyhow::{Result, bail};
use postgres::GenericClient;

use crate::engine::{Param, Reader, Value};
use crate::model::schema;
use crate::model::template::{self, Scope};

const REFERENCE_TABLES: &str = include_str!("../../sql/distributed/1-reference_tables.sql");
const SEARCH_PART: &str = include_str!("../../sql/distributed/2-search_part.sql");
const FILL_SEARCH_PART: &str = include_str!("../../sql/distributed/fill_search_part.sql");
const PARTITION: &str = include_str!("../../sql/queries/partition.sql");
const PARTITION3: &str = include_str!("../../sql/distributed/partition3.sql");
const COUNT: &str = include_str!("../../sql/distributed/count.sql");
const ROWS: &str = include_str!("../../sql/distributed/rows.sql");
const IN_PLACE: &str = include_str!("../../sql/distributed/fundamental_count.sql");

/// Refuses, in one line, a server on which `--distributed` cannot work:
/// one without the Citus extension in this database, or with no worker.
pub fn refuse_without_cluster(client: &mut impl GenericClient, shown: &str) -> Result<()> {
    let has_citus: bool = client
        .query_one(
            "select exists (select 1 from pg_extension where extname = 'citus')",
            &[],
        )?
        .get(0);
    if !has_citus {
        bail!(
            "{shown} is not a Citus coordinator (this database has no citus extension): \
             --distributed needs one; nothing was changed (see the README, Beyond one machine)"
        );
    }
    if active_workers(client)? == 0 {
        bail!(
            "{shown} is a Citus coordinator without active worker nodes (citus_add_node adds \
             them); nothing was changed"
        );
    }
    Ok(())
}

/// How many worker nodes the coordinator counts as active.
pub fn active_workers(client: &mut impl GenericClient) -> Result<i64> {
    Ok(client
        .query_one("select count(*) from citus_get_active_worker_nodes()", &[])?
        .get(0))
}

/// Whether the schema on the search path is distributed: it has the
/// distributed table of the search's parts.
pub fn is_distributed(client: &mut impl GenericClient) -> Result<bool> {
    Ok(client
        .query_one("select to_regclass('search_part') is not null", &[])?
        .get(0))
}

/// The SQL that turns the freshly built model on the search path into a
/// distributed one: the facts as reference tables, the parts as the
/// distributed table search_part.
pub fn distribute_script() -> String {
    format!("{REFERENCE_TABLES}\n{SEARCH_PART}\n")
}

/// Deleting the old board's parts must come before its squares go.
pub const EMPTY_SEARCH_PART: &str = "delete from search_part;\n";

/// First in every transaction that changes the model. A rebuild changes
/// distributed views after search_part's rows, which Citus allows in one
/// transaction only over one connection per node, and without running part
/// of it on the coordinator's own copies; the settings must come before the
/// first statement that touches a distributed table. PostgreSQL without
/// Citus keeps them as placeholders that nothing reads.
pub const CHANGE_SETTINGS: &str = "set local citus.multi_shard_modify_mode to 'sequential';\n\
                                   set local citus.enable_local_execution to off;\n";

/// Before each distributed search, inside the command's read transaction
/// (after its lock and snapshot, which must not be handed on): the planner
/// settings that keep each worker's search in column order, as on one
/// machine (dialect.rs says why), handed on to the workers' connections,
/// which by default keep their own. Without them each worker planned every
/// part by its own estimates: the 12×12 count took 1.45 s instead of
/// 0.87 s, and a run of a few parts as long as the whole. With the hash
/// joins and no JIT it takes 0.17 s (with the hash joins and JIT, 32.7 s).
const WORKER_SETTINGS: &str = "set local citus.propagate_set_commands = 'local';\n\
                               set local join_collapse_limit = 1;\n\
                               set local from_collapse_limit = 1;\n\
                               set local enable_nestloop = off;\n\
                               set local enable_mergejoin = off;\n\
                               set local jit = off;";

/// Runs `WORKER_SETTINGS` on the reader's connection.
fn settle_workers(reader: &Reader) -> Result<()> {
    match reader {
        Reader::Postgres { client, .. } => {
            Ok(client.borrow_mut().batch_execute(WORKER_SETTINGS)?)
        }
        Reader::Sqlite(_) => bail!("an SQLite file is not distributed"),
    }
}

/// First in the transaction that distributes a model: Citus copies the
/// facts to the coordinator's own placements as it makes them reference
/// tables, which needs local execution.
pub const DISTRIBUTE_SETTINGS: &str = "set local citus.multi_shard_modify_mode to 'sequential';\n";

/// Parts a worker should have at least, for the search to keep it busy
/// and spread the work evenly: fewer, and the search is split by three
/// queens instead of two.
const PARTS_PER_WORKER: i64 = 4;

/// Fills search_part with the parts of the board in board_size: split by
/// the first two queens, or by the first three when two give fewer than
/// `PARTS_PER_WORKER` searched parts a worker.
pub fn fill_search_part(client: &mut impl GenericClient) -> Result<()> {
    let workers = active_workers(client)?;
    let by_two: i64 = client
        .query_one(
            &format!(
                "select count(*) from (\n{}\n) as p where p.weight > 0",
                PARTITION.trim_end().trim_end_matches(';')
            ),
            &[],
        )?
        .get(0);
    let (columns, parts) = if by_two < PARTS_PER_WORKER * workers {
        ("s1, s2, s3, weight, part_no", PARTITION3)
    } else {
        ("s1, s2, weight, part_no", PARTITION)
    };
    client.batch_execute(&format!(
        "{FILL_SEARCH_PART}insert into search_part ({columns})\n{parts}\n"
    ))?;
    Ok(())
}

/// The weights of the distributed board's parts, in part_no order (1, 2, …).
pub fn part_weights(reader: &Reader) -> Result<Vec<u64>> {
    let mut weights = Vec::new();
    reader.rows(
        "select weight from search_part order by part_no",
        &[],
        |row| {
            weights.push(row[0].integer()? as u64);
            Ok(())
        },
    )?;
    Ok(weights)
}

/// The parts numbered `first` to `last`, as parameters of the SQL.
fn part_range(first: usize, last: usize) -> [(&'static str, Param); 2] {
    [
        (":first", Param::Int(first as i64)),
        (":last", Param::Int(last as i64)),
    ]
}

/// `sql` (a statement of sql/distributed/) for the `n`×`n` board, with the
/// search of each part, `part_search`, put in: the solution view's search
/// with the first two squares those of the part `p` of search_part.
fn with_part_search(sql: &str, n: u8) -> Result<String> {
    let sql = template::render(sql, &Scope::default().with("N", n.into()))?;
    let part = schema::part_search_sql(n)?
        .replace(":s1", "p.s1")
        .replace(":s2", "p.s2");
    Ok(sql.replace("part_search as s", &format!("(\n{part}\n) as s")))
}

/// The number of solutions in the parts numbered `first` to `last` of the
/// `n`×`n` distributed board `reader` reads, each part weighted.
pub fn count_solutions(reader: &Reader, n: u8, first: usize, last: usize) -> Result<u64> {
    let sql = with_part_search(COUNT, n)?;
    settle_workers(reader)?;
    Ok(reader.number(&sql, &part_range(first, last))? as u64)
}

/// Calls `each` with the squares of every solution in the parts numbered
/// `first` to `last` of the `n`×`n` distributed board, in board order.
pub fn for_each_solution(
    reader: &Reader,
    n: u8,
    first: usize,
    last: usize,
    mut each: impl FnMut(Vec<String>) -> Result<()>,
) -> Result<()> {
    let sql = with_part_search(ROWS, n)?;
    settle_workers(reader)?;
    reader.rows(&sql, &part_range(first, last), |row| {
        each(row.iter().map(Value::text).collect())
    })
}

/// How many (solution, symmetry) pairs of the parts numbered `first` to
/// `last` of the `n`×`n` distributed board have the symmetry leave the
/// solution in place, each part weighted (see fundamental_count.sql).
pub fn pairs_in_place(reader: &Reader, n: u8, first: usize, last: usize) -> Result<u64> {
    let sql = with_part_search(IN_PLACE, n)?;
    settle_workers(reader)?;
    Ok(reader.number(&sql, &part_range(first, last))? as u64)
}
