//! The search split into independent parts (`sql/queries/partition.sql`),
//! each evaluated as its own SQL query on its own read-only connection, on
//! as many threads as asked for; or, on a cluster, run by the engine's
//! workers in runs of parts. The SQL decides what a part is and how much it
//! counts; this module only hands parts to threads and puts the answers
//! back in order, and says how far it has got through `Progress`.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::thread;

use anyhow::{Result, bail};

use crate::engine::{Cluster, Engine, KeptParts, Param, Reader, Snapshot, Value};
use crate::model::board::Board;
use crate::model::schema;
use crate::model::sql;
use crate::search::context::{OpenBoard, SMALLEST_SPLIT, Workers};

/// One part of the search: the solutions starting with queens on s1 and s2.
#[derive(Clone, Debug)]
pub struct Part {
    pub s1: String,
    pub s2: String,
    /// The third queen's square, where the part fixes three
    /// (count_parts.sql from 14×14 on).
    pub s3: Option<String>,
    /// How often the part counts towards the number of solutions (2, 1 or
    /// 0, by the board's mirror symmetry; see partition.sql), or, for a
    /// count that weighs its solutions itself (count_parts.sql), 1.
    pub weight: u64,
}

/// The parts of the search, in board order.
pub fn parts(reader: &dyn Reader) -> Result<Vec<Part>> {
    parts_of(reader, sql::file("queries/partition.sql"), false)
}

/// The parts `statement` lists, in its order: s1, s2, then, `with_third`,
/// s3 or null (count_parts.sql), then the weight.
fn parts_of(reader: &dyn Reader, statement: &str, with_third: bool) -> Result<Vec<Part>> {
    let mut parts = Vec::new();
    reader.each_row(statement, &[], |row| {
        let third = with_third.then(|| &row[2]);
        parts.push(Part {
            s1: row[0].text(),
            s2: row[1].text(),
            s3: third.filter(|s3| **s3 != Value::Null).map(Value::text),
            weight: row[2 + usize::from(with_third)].integer()? as u64,
        });
        Ok(())
    })?;
    Ok(parts)
}

/// The number of solutions of `board`: only the parts the mirror symmetry
/// does not make redundant are searched, on `board.workers.jobs` threads.
/// A `solution` view that is not the one this build writes (replaced by
/// the user, or written by an older queens) is counted as it stands, in
/// one query: neither the parts' search nor the symmetry need hold for it.
pub fn count_solutions(board: &OpenBoard) -> Result<u64> {
    if board.read_whole()? {
        return Ok(board.number("reading/count_solutions.sql")? as u64);
    }
    if let Some(cluster) = board.reader.cluster()? {
        return count_on_cluster(cluster, board.n(), board.workers);
    }
    let counting = schema::part_count(board.n(), board.scope())?;
    let opener = Opener::new(board, counting.prepare.as_deref())?;
    // (Parts of weight 0 count nothing: they are not searched.)
    let searched =
        |listed: Vec<Part>| -> Vec<Part> { listed.into_iter().filter(|p| p.weight > 0).collect() };
    let (needed, readers) = match &counting.parts {
        // The parts of a count that builds tables of its own are read on
        // a connection that loaded them.
        Some(statement) => {
            let first = opener.open()?;
            let needed = searched(parts_of(first.as_ref(), &statement.text, true)?);
            let mut readers = vec![first];
            readers.extend(opener.open_many(threads(board, needed.len()) - 1)?);
            (needed, readers)
        }
        None => {
            let needed = searched(parts(board.reader())?);
            let readers = if on_the_first_reader(board, needed.len()) {
                Vec::new()
            } else {
                opener.open_many(threads(board, needed.len()))?
            };
            (needed, readers)
        }
    };
    let mut total = 0;
    run_parts(
        board,
        &needed,
        readers,
        |reader, part| Ok(reader.number_of(&counting.count, &part_params(part))? as u64),
        |index, count| {
            total += if counting.weighed {
                count
            } else {
                needed[index].weight * count
            };
            Ok(())
        },
    )?;
    Ok(total)
}

/// The number of classes of solutions that the board's symmetries turn
/// into one another (fundamental solutions). On a distributed board the
/// workers count them by Burnside's lemma (fundamental_count.sql); else
/// the fundamental_solution view lists them.
pub fn count_classes(board: &OpenBoard) -> Result<u64> {
    let n = board.n();
    let cluster = if n < SMALLEST_SPLIT {
        None
    } else {
        board.reader.cluster()?
    };
    let Some(cluster) = cluster else {
        return Ok(board.number("reading/count_classes.sql")? as u64);
    };
    let symmetries = board.number("reading/count_symmetries.sql")? as u64;
    let mut in_place = 0;
    in_cluster_batches(cluster, n, board.workers, true, |(first, last)| {
        in_place += cluster.pairs_in_place(n, first, last)?;
        Ok(())
    })?;
    Ok(in_place / symmetries)
}

/// Calls `each` with the squares of every solution, in board order, while
/// the parts are searched on `board.workers.jobs` threads (a `solution`
/// view not of this build is read as it stands, in one query).
pub fn for_each_solution(
    board: &OpenBoard,
    mut each: impl FnMut(Vec<String>) -> Result<()>,
) -> Result<()> {
    for_each_solution_where(board, &|_| true, |_, squares| each(squares))
}

/// Calls `each` with the number (from 1, in board order) and the squares
/// of every solution in the parts `wanted` picks, and perhaps of others:
/// a part before the last one wanted but not wanted itself is only
/// counted, for the numbers after it, and the parts after the last one
/// wanted are not searched. Where the search is not in parts (a view read
/// whole, a cluster's), every solution is.
pub fn for_each_solution_where(
    board: &OpenBoard,
    wanted: &(dyn Fn(&Part) -> bool + Sync),
    mut each: impl FnMut(u64, Vec<String>) -> Result<()>,
) -> Result<()> {
    let n = board.n();
    let mut number = 0;
    let mut numbered = |squares: Vec<String>| {
        number += 1;
        each(number, squares)
    };
    if board.read_whole()? {
        let whole = board.statement("reading/all_solutions.sql")?;
        return board.reader.rows(&whole, &[], &mut |row| {
            numbered(row.iter().map(Value::text).collect())
        });
    }
    if let Some(cluster) = board.reader.cluster()? {
        return in_cluster_batches(cluster, n, board.workers, false, |(first, last)| {
            cluster.each_solution(n, first, last, &mut numbered)
        });
    }
    let mut all = parts(board.reader())?;
    all.truncate(all.iter().rposition(wanted).map_or(0, |last| last + 1));
    let rows_sql = schema::part_search(n, board.scope())?;
    // The count of a part is written only where some part is counted.
    let size_sql = if all.iter().all(wanted) {
        None
    } else {
        Some(schema::part_size(n, board.scope())?)
    };
    let searched = |reader: &dyn Reader, part: &Part| -> Result<Found> {
        if let Some(size_sql) = size_sql.as_ref().filter(|_| !wanted(part)) {
            let size = reader.number_of(size_sql, &part_params(part))?;
            return Ok(Found::Counted(size as u64));
        }
        let mut rows = Vec::new();
        reader.rows(&rows_sql, &part_params(part), &mut |row| {
            rows.push(row.iter().map(Value::text).collect());
            Ok(())
        })?;
        Ok(Found::Listed(rows))
    };
    // Parts finish in any order; hold the early ones until their turn.
    let mut waiting: BTreeMap<usize, Found> = BTreeMap::new();
    let mut next = 0;
    let readers = if on_the_first_reader(board, all.len()) {
        Vec::new()
    } else {
        Opener::new(board, None)?.open_many(threads(board, all.len()))?
    };
    run_parts(board, &all, readers, searched, |index, found| {
        waiting.insert(index, found);
        while let Some(found) = waiting.remove(&next) {
            match found {
                Found::Counted(size) => number += size,
                Found::Listed(rows) => {
                    for squares in rows {
                        number += 1;
                        each(number, squares)?;
                    }
                }
            }
            next += 1;
        }
        Ok(())
    })
}

/// What the search of one part found: its solutions, or only how many.
enum Found {
    Listed(Vec<Vec<String>>),
    Counted(u64),
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
/// 12×12, which ends before progress would be worth showing (the book's
/// performance page, Citus).
const CLUSTER_PROGRESS_FROM: u8 = 14;

/// The runs of consecutive part numbers (from 1) a distributed search
/// hands the cluster, one statement each: all parts at once unless
/// progress is watched, for a large board.
fn cluster_batches(parts: usize, n: u8, watched: bool) -> Vec<(usize, usize)> {
    let statements = if watched && n >= CLUSTER_PROGRESS_FROM {
        CLUSTER_STATEMENTS
    } else {
        1
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
/// the parts of weight 0 skipped as on one machine. Each run of parts
/// keeps its parts' counts on the cluster as it finishes, and the parts an
/// earlier count kept are not searched again (said in a note); where no
/// count can be kept, the parts are counted as they stand.
fn count_on_cluster(cluster: &dyn Cluster, n: u8, workers: Workers) -> Result<u64> {
    let kept = match cluster.kept_parts()? {
        KeptParts::Kept(kept) => kept,
        KeptParts::NotKept(reason) => {
            if n >= CLUSTER_PROGRESS_FROM {
                workers.progress.note(&reason);
            }
            let mut total = 0;
            in_cluster_batches(cluster, n, workers, true, |(first, last)| {
                total += cluster.count(n, first, last)?;
                Ok(())
            })?;
            return Ok(total);
        }
    };
    let weights = cluster.part_weights()?;
    let searched = weights.iter().filter(|&&w| w > 0).count();
    if kept.len() == searched {
        workers.progress.note(&format!(
            "all {searched} parts were counted by an earlier count (search_part_count)"
        ));
    } else if !kept.is_empty() {
        workers.progress.note(&format!(
            "{} of the {searched} parts were counted by an earlier count (search_part_count); \
             counting the other {}",
            kept.len(),
            searched - kept.len()
        ));
    }
    let progress = workers.progress;
    progress.start(searched);
    progress.advance(kept.len());
    // Cut as when watched, whoever watches: a run's counts are kept when
    // it ends, so a long count loses at most one run when it is stopped.
    for (first, last) in cluster_batches(weights.len(), n, true) {
        let left = (first..=last)
            .filter(|&part| weights[part - 1] > 0 && kept.binary_search(&part).is_err())
            .count();
        if left > 0 {
            cluster.keep_counts(n, first, last)?;
            progress.advance(left);
        }
    }
    progress.finish();
    let total = cluster.kept_count()?;
    if total.kept != total.searched {
        bail!(
            "the cluster kept the counts of {} of the {} parts it searched, so the count is \
             not known (was the board rebuilt meanwhile?)",
            total.kept,
            total.searched
        );
    }
    Ok(total.solutions)
}

fn part_params(part: &Part) -> Vec<(&'static str, Param)> {
    let mut params = vec![
        ("s1", Param::Text(part.s1.clone())),
        ("s2", Param::Text(part.s2.clone())),
    ];
    if let Some(s3) = &part.s3 {
        params.push(("s3", Param::Text(s3.clone())));
    }
    params
}

/// How many threads search `parts` parts: `board.workers.jobs`, but no
/// more than there are parts.
fn threads(board: &OpenBoard, parts: usize) -> usize {
    board.workers.jobs.clamp(1, parts.max(1))
}

/// Whether `parts` parts are searched on the board's own reader, on this
/// thread: one thread on a server, where another connection would cost
/// the server a login and queens' checks of the schema, and search no
/// faster. (In this process a reader of its own per thread costs little,
/// and SQLite's first reader is kept for the command's other questions.)
fn on_the_first_reader(board: &OpenBoard, parts: usize) -> bool {
    threads(board, parts) == 1 && !board.engine.searches_in_process()
}

/// Runs `work` on every part, on a thread for each of `readers` (see
/// `Opener`), each taking the next part not yet taken; given no reader,
/// in turn on the board's own reader, on this thread
/// (`on_the_first_reader`). Every connection is opened before any part is
/// searched: a board that can no longer be read as the first reader reads
/// it (an SQLite file in WAL mode, rebuilt since) is said before any
/// answer, never after some. `done` gets each result on the calling
/// thread, as results arrive.
fn run_parts<T: Send>(
    board: &OpenBoard,
    parts: &[Part],
    readers: Vec<Box<dyn Reader>>,
    work: impl Fn(&dyn Reader, &Part) -> Result<T> + Sync,
    mut done: impl FnMut(usize, T) -> Result<()>,
) -> Result<()> {
    let progress = board.workers.progress;
    progress.start(parts.len());
    if readers.is_empty() {
        let outcome = parts.iter().enumerate().try_for_each(|(index, part)| {
            done(index, work(board.reader(), part)?)?;
            progress.advance(1);
            Ok(())
        });
        progress.finish();
        return outcome;
    }
    let shared = Shared {
        parts,
        next: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
    };
    let (sender, receiver) = mpsc::channel::<(usize, Result<T>)>();
    let outcome = thread::scope(|scope| {
        shared.start_threads(scope, readers, &work, sender)?;
        let mut outcome = Ok(());
        for (index, result) in receiver {
            if let Err(e) = result.and_then(|value| done(index, value)) {
                outcome = Err(e);
                break;
            }
            progress.advance(1);
        }
        shared.stop.store(true, Ordering::Relaxed);
        outcome
    });
    progress.finish();
    outcome
}

/// What opens the read-only connections a search runs on, each reading
/// the board `board.reader` reads. Given `prepare`, that first reader
/// builds the tables it makes, once, and each connection reads their one
/// image instead of the board.
struct Opener<'a> {
    engine: &'a dyn Engine,
    reads: Reads,
}

/// What the connections of an `Opener` read.
enum Reads {
    /// The board, where the first reader read it, each checked to be
    /// that board.
    Board { snapshot: Snapshot, same: SameBoard },
    /// The image of the tables the first reader built. It holds nothing of
    /// the board but what that reader read: there is nothing to check.
    Image(Arc<Vec<u8>>),
}

impl<'a> Opener<'a> {
    fn new(board: &OpenBoard<'a>, prepare: Option<&str>) -> Result<Self> {
        let reads = match prepare {
            // The first reader builds them: it is the command's read of
            // the board, its schema already read and its file checked.
            Some(script) => Reads::Image(board.reader.build_scratch(script)?),
            None => {
                let identity_of = board.statement("queries/board_identity.sql")?;
                let same = SameBoard {
                    shown: board.engine.shown(),
                    first: board.reader.first(&identity_of, &[])?,
                    named: board.board.the_board(),
                    identity_of,
                };
                let snapshot = board.reader.snapshot();
                Reads::Board { snapshot, same }
            }
        };
        Ok(Opener {
            engine: board.engine,
            reads,
        })
    }

    /// One connection.
    fn open(&self) -> Result<Box<dyn Reader>> {
        match &self.reads {
            Reads::Image(image) => self.engine.sibling_on_image(image),
            Reads::Board { snapshot, same } => same.check(self.engine.sibling(snapshot)?),
        }
    }

    /// `count` connections. Those of the board are opened at once on
    /// threads of their own (a server's connection takes a login, which the
    /// openings wait for side by side, not one after another; where the
    /// system gives no thread, on this one); those of an image one after
    /// another here, as each takes a fraction of a millisecond, less than
    /// a thread takes to start on a busy machine.
    fn open_many(&self, count: usize) -> Result<Vec<Box<dyn Reader>>> {
        match &self.reads {
            Reads::Image(_) => (0..count).map(|_| self.open()).collect(),
            Reads::Board { .. } => open_side_by_side(count, || self.open()),
        }
    }
}

/// What tells that a connection reads the board the first one read: the
/// board's whole identity, its size and its shape (rows, torus,
/// superqueens, holes). A file replaced by another between two opens
/// (`mv`) would give the command's connections different boards, of the
/// same size or not, and their answers together none of them.
struct SameBoard {
    shown: String,
    identity_of: crate::model::template::Sql,
    /// What the first connection found.
    first: Option<Vec<Value>>,
    /// The board the first connection read, as messages name it.
    named: String,
}

impl SameBoard {
    /// `reader`, if it reads the board the first reader reads.
    fn check(&self, reader: Box<dyn Reader>) -> Result<Box<dyn Reader>> {
        // A connection that cannot read the identity reads no board (a
        // file of another program has no board_size), unless it was short
        // of memory: that says nothing of the file.
        let found = crate::error::none_unless_out_of_memory(reader.first(&self.identity_of, &[]))?
            .flatten();
        if found.is_some() && found == self.first {
            return Ok(reader);
        }
        let seen = found.as_deref().map_or("no board".to_string(), board_named);
        anyhow::bail!(
            "{} was replaced while this command read it (one of its connections found {seen}, \
             not {}); run the command again",
            self.shown,
            self.named
        )
    }
}

/// The board a row of sql/queries/board_identity.sql names ("a 14×14
/// board with holes at g7"), or "another board" where it names none.
fn board_named(row: &[Value]) -> String {
    let named = || -> Result<String> {
        let [n, torus, superqueens, holes, rows] = row else {
            anyhow::bail!("not a board's identity");
        };
        let n = u8::try_from(n.integer()?)?;
        let board = Board::from_stored(
            n,
            torus.integer()? != 0,
            superqueens.integer()? != 0,
            &holes.text(),
            rows.integer()?,
        )?;
        Ok(board.a_board())
    };
    named().unwrap_or_else(|_| "another board".to_string())
}

/// `count` readers opened by `open`, each on a thread of its own, or on
/// this one where the system gives no thread.
fn open_side_by_side(
    count: usize,
    open: impl Fn() -> Result<Box<dyn Reader>> + Sync,
) -> Result<Vec<Box<dyn Reader>>> {
    thread::scope(|scope| {
        let opening: Vec<_> = (0..count)
            .map(|_| {
                thread::Builder::new()
                    .stack_size(THREAD_STACK)
                    .spawn_scoped(scope, &open)
            })
            .collect();
        opening
            .into_iter()
            .map(|spawned| match spawned {
                Ok(handle) => handle.join().unwrap_or_else(|_| {
                    Err(anyhow::anyhow!(
                        "a search thread stopped opening its connection"
                    ))
                }),
                Err(_) => open(),
            })
            .collect()
    })
}

/// The stack of a search thread: the search runs in SQLite's code and the
/// server's, which ask for little, so a thread is given a small stack (as
/// a secondary thread gets on macOS, where SQLite runs the same), not
/// Rust's 2 MiB.
const THREAD_STACK: usize = 512 * 1024;

/// What the threads of `run_parts` share: the parts, the next part not
/// yet taken, and whether to stop.
struct Shared<'a> {
    parts: &'a [Part],
    next: AtomicUsize,
    stop: AtomicBool,
}

impl<'a> Shared<'a> {
    /// Starts a thread for each of `readers` that sends each part's
    /// result. A system that runs out of threads (ulimit -u, ulimit -v)
    /// gets the search on the threads it gave, or, given none, one line
    /// saying so.
    fn start_threads<'scope, T: Send + 'scope>(
        &'scope self,
        scope: &'scope thread::Scope<'scope, '_>,
        readers: Vec<Box<dyn Reader>>,
        work: &'scope (impl Fn(&dyn Reader, &Part) -> Result<T> + Sync),
        sender: mpsc::Sender<(usize, Result<T>)>,
    ) -> Result<()> {
        for (started, reader) in readers.into_iter().enumerate() {
            let sender = sender.clone();
            let spawned = thread::Builder::new()
                .stack_size(THREAD_STACK)
                .spawn_scoped(scope, move || {
                    self.take_parts(reader.as_ref(), work, &sender);
                });
            match spawned {
                Ok(_) => {}
                Err(e) if started == 0 => {
                    return Err(anyhow::anyhow!("cannot start a thread to search with: {e}"));
                }
                Err(_) => break,
            }
        }
        Ok(())
    }

    /// One thread's work: parts until none is left, the caller stops
    /// listening or something failed.
    fn take_parts<T>(
        &self,
        reader: &dyn Reader,
        work: &(impl Fn(&dyn Reader, &Part) -> Result<T> + Sync),
        sender: &mpsc::Sender<(usize, Result<T>)>,
    ) {
        while !self.stop.load(Ordering::Relaxed) {
            let index = self.next.fetch_add(1, Ordering::Relaxed);
            let Some(part) = self.parts.get(index) else {
                break;
            };
            if sender.send((index, work(reader, part))).is_err() {
                break;
            }
        }
    }
}
