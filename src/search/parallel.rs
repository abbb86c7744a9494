//! The search split into independent parts (`sql/queries/partition.sql`),
//! each evaluated as its own SQL query on its own read-only connection, on
//! as many threads as asked for; or, on a cluster, run by the engine's
//! workers in runs of parts. The SQL decides what a part is and how much it
//! counts; this module only hands parts to threads and puts the answers
//! back in order, and says how far it has got through `Progress`.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

use anyhow::Result;

use crate::engine::{Cluster, Engine, Param, Reader, Value};
use crate::model::schema;
use crate::model::sql;
use crate::model::template::{Scope, Sql};
use crate::search::Progress;

/// Boards below this size are searched in one query: they have no
/// solutions to split (2×2, 3×3) or only one (1×1), and no column b to
/// split by on 1×1.
const SMALLEST_SPLIT: u8 = 4;

/// One part of the search: the solutions starting with queens on s1 and s2.
#[derive(Clone, Debug)]
pub struct Part {
    pub s1: String,
    pub s2: String,
    /// How often the part counts towards the number of solutions (2, 1 or
    /// 0, by the board's mirror symmetry; see partition.sql).
    pub weight: u64,
}

/// How the work is run: on how many threads, and who watches its progress.
#[derive(Clone, Copy)]
pub struct Workers<'a> {
    pub jobs: usize,
    pub progress: &'a dyn Progress,
}

impl Workers<'_> {
    /// As many threads as the machine has cores.
    pub fn all_cores() -> usize {
        thread::available_parallelism().map_or(1, |n| n.get())
    }
}

/// The parts of the search, in board order.
pub fn parts(reader: &dyn Reader) -> Result<Vec<Part>> {
    let mut parts = Vec::new();
    reader.each_row(sql::file("queries/partition.sql"), &[], |row| {
        parts.push(Part {
            s1: row[0].text(),
            s2: row[1].text(),
            weight: row[2].integer()? as u64,
        });
        Ok(())
    })?;
    Ok(parts)
}

/// Whether the solution view is read in one query rather than searched in
/// parts: on boards too small to split, and when the view is not the one
/// this build writes (replaced by the user, or written by an older queens),
/// which is read as it stands.
fn read_whole(reader: &dyn Reader, n: u8) -> Result<bool> {
    Ok(n < SMALLEST_SPLIT || !reader.has_own_solution_view(n)?)
}

/// One part's search, for the reader's dialect.
fn part_search(reader: &dyn Reader, n: u8) -> Result<Sql> {
    schema::part_search(n, Scope::for_dialect(reader.dialect()))
}

/// The number of solutions of the board `engine` holds (whose size `n`
/// the caller has read through `reader`): only the parts the mirror
/// symmetry does not make redundant are searched, on `workers.jobs`
/// threads. A `solution` view that is not the one this build writes
/// (replaced by the user, or written by an older queens) is counted as it
/// stands, in one query: neither the parts' search nor the symmetry need
/// hold for it.
pub fn count_solutions(
    engine: &dyn Engine,
    reader: &dyn Reader,
    n: u8,
    workers: Workers,
) -> Result<u64> {
    if read_whole(reader, n)? {
        return Ok(reader.number("select count(*) from solution")? as u64);
    }
    if let Some(cluster) = reader.cluster()? {
        return count_on_cluster(cluster, n, workers);
    }
    let needed: Vec<Part> = parts(reader)?
        .into_iter()
        .filter(|p| p.weight > 0)
        .collect();
    let count = schema::part_count(n, Scope::for_dialect(reader.dialect()))?;
    let mut total = 0;
    run_parts(
        engine,
        reader,
        &needed,
        workers,
        |reader, part| Ok(reader.number_of(&count, &part_params(part))? as u64),
        |index, count| {
            total += needed[index].weight * count;
            Ok(())
        },
    )?;
    Ok(total)
}

/// The number of classes of solutions that the board's symmetries turn
/// into one another (fundamental solutions). On a distributed board the
/// workers count them by Burnside's lemma (fundamental_count.sql); else
/// the fundamental_solution view lists them.
pub fn count_classes(reader: &dyn Reader, n: u8, workers: Workers) -> Result<u64> {
    let cluster = match n < SMALLEST_SPLIT {
        true => None,
        false => reader.cluster()?,
    };
    let Some(cluster) = cluster else {
        return Ok(reader.number("select count(*) from fundamental_solution")? as u64);
    };
    let symmetries = reader.number("select count(*) from symmetry")? as u64;
    let mut in_place = 0;
    in_cluster_batches(cluster, n, workers, true, |(first, last)| {
        in_place += cluster.pairs_in_place(n, first, last)?;
        Ok(())
    })?;
    Ok(in_place / symmetries)
}

/// Calls `each` with the squares of every solution, in board order, while
/// the parts are searched on `workers.jobs` threads (a `solution` view
/// not of this build is read as it stands, in one query).
pub fn for_each_solution(
    engine: &dyn Engine,
    reader: &dyn Reader,
    n: u8,
    workers: Workers,
    mut each: impl FnMut(Vec<String>) -> Result<()>,
) -> Result<()> {
    if read_whole(reader, n)? {
        return reader.each_row("select * from solution", &[], |row| {
            each(row.iter().map(Value::text).collect())
        });
    }
    if let Some(cluster) = reader.cluster()? {
        return in_cluster_batches(cluster, n, workers, false, |(first, last)| {
            cluster.each_solution(n, first, last, &mut each)
        });
    }
    let all = parts(reader)?;
    // Parts finish in any order; hold the early ones until their turn.
    let mut waiting: BTreeMap<usize, Vec<Vec<String>>> = BTreeMap::new();
    let mut next = 0;
    let rows_sql = part_search(reader, n)?;
    let part_rows = |reader: &dyn Reader, part: &Part| {
        let mut rows = Vec::new();
        reader.rows(&rows_sql, &part_params(part), &mut |row| {
            rows.push(row.iter().map(Value::text).collect());
            Ok(())
        })?;
        Ok(rows)
    };
    run_parts(engine, reader, &all, workers, part_rows, |index, rows| {
        waiting.insert(index, rows);
        while let Some(rows) = waiting.remove(&next) {
            for squares in rows {
                each(squares)?;
            }
            next += 1;
        }
        Ok(())
    })
}

/// How many statements a distributed search is cut into when someone
/// watches its progress: the coordinator learns only of whole statements,
/// so the progress moves once per statement. Each statement still reaches
/// every worker (search_part is spread by a hash of part_no, so a run of
/// consecutive parts lies on all of them).
const CLUSTER_STATEMENTS: usize = 16;

/// The smallest board whose distributed search is cut up to show progress:
/// each statement costs a fixed time on the cluster, noise for the minutes
/// a 14×14 or larger search takes, but as much as the whole search at
/// 12×12, which ends before progress would be worth showing (BENCHMARKS.md,
/// Citus).
const CLUSTER_PROGRESS_FROM: u8 = 14;

/// The runs of consecutive part numbers (from 1) a distributed search
/// hands the cluster, one statement each: all parts at once unless
/// progress is watched, for a large board.
fn cluster_batches(parts: usize, n: u8, watched: bool) -> Vec<(usize, usize)> {
    let statements = match watched && n >= CLUSTER_PROGRESS_FROM {
        true => CLUSTER_STATEMENTS,
        false => 1,
    };
    let size = parts.div_ceil(statements).max(1);
    (1..=parts)
        .step_by(size)
        .map(|first| (first, (first + size - 1).min(parts)))
        .collect()
}

/// Runs `batch` on each run of parts a distributed search hands the
/// cluster (see `cluster_batches`), reporting the parts each run
/// searches: those of weight 1 or 2 when `weighted` (a count skips the
/// rest), all of them otherwise.
fn in_cluster_batches(
    cluster: &dyn Cluster,
    n: u8,
    workers: Workers,
    weighted: bool,
    mut batch: impl FnMut((usize, usize)) -> Result<()>,
) -> Result<()> {
    let weights = cluster.part_weights()?;
    let searched = |(first, last): (usize, usize)| {
        weights[first - 1..last]
            .iter()
            .filter(|&&w| !weighted || w > 0)
            .count()
    };
    let progress = workers.progress;
    progress.start(searched((1, weights.len())));
    for run in cluster_batches(weights.len(), n, progress.watched()) {
        batch(run)?;
        progress.advance(searched(run));
    }
    progress.finish();
    Ok(())
}

/// The number of solutions of a distributed board: counted by the cluster,
/// the parts of weight 0 skipped as on one machine.
fn count_on_cluster(cluster: &dyn Cluster, n: u8, workers: Workers) -> Result<u64> {
    let mut total = 0;
    in_cluster_batches(cluster, n, workers, true, |(first, last)| {
        total += cluster.count(n, first, last)?;
        Ok(())
    })?;
    Ok(total)
}

fn part_params(part: &Part) -> [(&'static str, Param); 2] {
    [
        ("s1", Param::Text(part.s1.clone())),
        ("s2", Param::Text(part.s2.clone())),
    ]
}

/// Runs `work` on every part, on `workers.jobs` threads that each take the
/// next part not yet taken, with a read-only connection of their own that
/// reads the same board as `first`. `done` gets each result on the calling
/// thread, as results arrive.
fn run_parts<T: Send>(
    engine: &dyn Engine,
    first: &dyn Reader,
    parts: &[Part],
    workers: Workers,
    work: impl Fn(&dyn Reader, &Part) -> Result<T> + Sync,
    mut done: impl FnMut(usize, T) -> Result<()>,
) -> Result<()> {
    let progress = workers.progress;
    progress.start(parts.len());
    let snapshot = first.snapshot();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<(usize, Result<T>)>();
    let outcome = thread::scope(|scope| {
        let mut started = 0;
        let mut refused = None;
        for _ in 0..workers.jobs.clamp(1, parts.len().max(1)) {
            let sender = sender.clone();
            let (next, stop, work, snapshot) = (&next, &stop, &work, &snapshot);
            // A system that runs out of threads (ulimit -u) gets the search
            // on the threads it gave, or, given none, one line saying so.
            let spawned = thread::Builder::new().spawn_scoped(scope, move || {
                let reader = match engine.sibling(snapshot) {
                    Ok(reader) => reader,
                    Err(e) => return drop(sender.send((usize::MAX, Err(e)))),
                };
                while !stop.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(part) = parts.get(index) else { break };
                    if sender.send((index, work(reader.as_ref(), part))).is_err() {
                        break;
                    }
                }
            });
            match spawned {
                Ok(_) => started += 1,
                Err(e) => {
                    refused = Some(e);
                    break;
                }
            }
        }
        drop(sender);
        if let (0, Some(e)) = (started, refused) {
            return Err(anyhow::anyhow!("cannot start a thread to search with: {e}"));
        }
        let mut outcome = Ok(());
        for (index, result) in receiver {
            let handled = result.and_then(|value| done(index, value));
            if let Err(e) = handled {
                stop.store(true, Ordering::Relaxed);
                outcome = Err(e);
                break;
            }
            progress.advance(1);
        }
        stop.store(true, Ordering::Relaxed);
        outcome
    });
    progress.finish();
    outcome
}
