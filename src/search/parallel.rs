//! The search split into independent parts (`sql/queries/partition.sql`),
//! each evaluated as its own SQL query on its own read-only connection, on
//! as many threads as asked for. The SQL decides what a part is and how
//! much it counts; this module only hands parts to threads and puts the
//! answers back in order.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::Result;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle, TermLike};

use crate::engine;
use crate::engine::{Param, Reader, Target, Value};
use crate::model::schema::part_search_sql;

const PARTITION: &str = include_str!("../../sql/queries/partition.sql");

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

/// How the work is run: on how many threads, and whether to show progress.
#[derive(Clone, Copy, Debug)]
pub struct Workers {
    pub jobs: usize,
    pub progress: bool,
}

impl Workers {
    /// As many threads as the machine has cores.
    pub fn all_cores() -> usize {
        thread::available_parallelism().map_or(1, |n| n.get())
    }
}

/// The parts of the search, in board order.
pub fn parts(reader: &Reader) -> Result<Vec<Part>> {
    let mut parts = Vec::new();
    reader.rows(PARTITION, &[], |row| {
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
fn read_whole(reader: &Reader, n: u8) -> Result<bool> {
    Ok(n < SMALLEST_SPLIT || !reader.has_own_solution_view(n)?)
}

/// The number of solutions of the board at `target` (whose size `n` the
/// caller has read through `reader`): only the parts the mirror symmetry
/// does not make redundant are searched, on `workers.jobs` threads. A
/// `solution` view that is not the one this build writes (replaced by the
/// user, or written by an older queens) is counted as it stands, in one
/// query: neither the parts' search nor the symmetry need hold for it.
pub fn count_solutions(target: &Target, reader: &Reader, n: u8, workers: Workers) -> Result<u64> {
    if read_whole(reader, n)? {
        return Ok(reader.number("select count(*) from solution", &[])? as u64);
    }
    if reader.is_distributed()? {
        return count_on_cluster(reader, n, workers);
    }
    let needed: Vec<Part> = parts(reader)?
        .into_iter()
        .filter(|p| p.weight > 0)
        .collect();
    let count_sql = format!("select count(*) from (\n{}\n) as part", part_search_sql(n)?);
    let mut total = 0;
    run_parts(
        target,
        reader,
        &needed,
        workers,
        |reader, part| Ok(reader.number(&count_sql, &part_params(part))? as u64),
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
pub fn count_classes(reader: &Reader, n: u8, workers: Workers) -> Result<u64> {
    if n < SMALLEST_SPLIT || !reader.is_distributed()? {
        return Ok(reader.number("select count(*) from fundamental_solution", &[])? as u64);
    }
    let symmetries = reader.number("select count(*) from symmetry", &[])? as u64;
    let mut in_place = 0;
    in_cluster_batches(reader, n, workers, true, |(first, last)| {
        in_place += reader.pairs_in_place_on_cluster(n, first, last)?;
        Ok(())
    })?;
    Ok(in_place / symmetries)
}

/// Calls `each` with the squares of every solution, in board order, while
/// the parts are searched on `workers.jobs` threads (a `solution` view
/// not of this build is read as it stands, in one query).
pub fn for_each_solution(
    target: &Target,
    reader: &Reader,
    n: u8,
    workers: Workers,
    mut each: impl FnMut(Vec<String>) -> Result<()>,
) -> Result<()> {
    if read_whole(reader, n)? {
        return reader.rows("select * from solution", &[], |row| {
            each(row.iter().map(Value::text).collect())
        });
    }
    if reader.is_distributed()? {
        return each_solution_on_cluster(reader, n, workers, each);
    }
    let all = parts(reader)?;
    // Parts finish in any order; hold the early ones until their turn.
    let mut waiting: BTreeMap<usize, Vec<Vec<String>>> = BTreeMap::new();
    let mut next = 0;
    let rows_sql = part_search_sql(n)?;
    let part_rows = |reader: &Reader, part: &Part| {
        let mut rows = Vec::new();
        reader.rows(&rows_sql, &part_params(part), |row| {
            rows.push(row.iter().map(Value::text).collect());
            Ok(())
        })?;
        Ok(rows)
    };
    run_parts(target, reader, &all, workers, part_rows, |index, rows| {
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

/// How many statements a distributed search is cut into when its progress
/// is shown: the coordinator learns only of whole statements, so the bar
/// moves once per statement. Each statement still reaches every worker
/// (search_part is spread by a hash of part_no, so a run of consecutive
/// parts lies on all of them).
const CLUSTER_STATEMENTS: usize = 16;

/// The smallest board whose distributed search is cut up to show progress.
/// Each statement costs about 65 ms more on the local cluster (measured:
/// the 12×12 count in 1.84 s as 16 statements, 0.87 s as one), noise for
/// the minutes a 14×14 or larger search takes, but twice the time at
/// 12×12, which ends before a bar would be worth showing.
const CLUSTER_PROGRESS_FROM: u8 = 14;

/// The runs of consecutive part numbers (from 1) a distributed search
/// hands the cluster, one statement each: all parts at once unless
/// progress is to be shown (on a terminal, for a large board).
fn cluster_batches(parts: usize, n: u8, progress: bool) -> Vec<(usize, usize)> {
    let shown = progress && n >= CLUSTER_PROGRESS_FROM && console::Term::stderr().is_term();
    let statements = if shown { CLUSTER_STATEMENTS } else { 1 };
    let size = parts.div_ceil(statements).max(1);
    (1..=parts)
        .step_by(size)
        .map(|first| (first, (first + size - 1).min(parts)))
        .collect()
}

/// Runs `batch` on each run of parts a distributed search hands the
/// cluster (see `cluster_batches`), moving the bar by the parts each run
/// searches: those of weight 1 or 2 when `weighted` (a count skips the
/// rest), all of them otherwise.
fn in_cluster_batches(
    reader: &Reader,
    n: u8,
    workers: Workers,
    weighted: bool,
    mut batch: impl FnMut((usize, usize)) -> Result<()>,
) -> Result<()> {
    let weights = reader.part_weights_on_cluster()?;
    let searched = |(first, last): (usize, usize)| {
        weights[first - 1..last]
            .iter()
            .filter(|&&w| !weighted || w > 0)
            .count()
    };
    let progress = Progress::new(searched((1, weights.len())), workers.progress);
    for run in cluster_batches(weights.len(), n, workers.progress) {
        batch(run)?;
        progress.inc_by(searched(run));
    }
    progress.finish();
    Ok(())
}

/// The number of solutions of a distributed board: counted by the cluster,
/// the parts of weight 0 skipped as on one machine.
fn count_on_cluster(reader: &Reader, n: u8, workers: Workers) -> Result<u64> {
    let mut total = 0;
    in_cluster_batches(reader, n, workers, true, |(first, last)| {
        total += reader.count_on_cluster(n, first, last)?;
        Ok(())
    })?;
    Ok(total)
}

/// Every solution of a distributed board, in board order, listed by the
/// cluster.
fn each_solution_on_cluster(
    reader: &Reader,
    n: u8,
    workers: Workers,
    mut each: impl FnMut(Vec<String>) -> Result<()>,
) -> Result<()> {
    in_cluster_batches(reader, n, workers, false, |run| {
        reader.each_solution_on_cluster(n, run, &mut each)
    })
}

fn part_params(part: &Part) -> [(&'static str, Param); 2] {
    [
        (":s1", Param::Text(part.s1.clone())),
        (":s2", Param::Text(part.s2.clone())),
    ]
}

/// Runs `work` on every part, on `workers.jobs` threads that each take the
/// next part not yet taken, with a read-only connection of their own that
/// reads the same board as `first`. `done` gets each result on the calling
/// thread, as results arrive.
fn run_parts<T: Send>(
    target: &Target,
    first: &Reader,
    parts: &[Part],
    workers: Workers,
    work: impl Fn(&Reader, &Part) -> Result<T> + Sync,
    mut done: impl FnMut(usize, T) -> Result<()>,
) -> Result<()> {
    let progress = Progress::new(parts.len(), workers.progress);
    let snapshot = first.snapshot();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<(usize, Result<T>)>();
    thread::scope(|scope| {
        for _ in 0..workers.jobs.clamp(1, parts.len().max(1)) {
            let sender = sender.clone();
            let (next, stop, work, snapshot) = (&next, &stop, &work, &snapshot);
            scope.spawn(move || {
                let reader = match engine::open_sibling(target, snapshot) {
                    Ok(reader) => reader,
                    Err(e) => return drop(sender.send((usize::MAX, Err(e)))),
                };
                while !stop.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(part) = parts.get(index) else { break };
                    if sender.send((index, work(&reader, part))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut outcome = Ok(());
        for (index, result) in receiver {
            let handled = result.and_then(|value| done(index, value));
            if let Err(e) = handled {
                stop.store(true, Ordering::Relaxed);
                outcome = Err(e);
                break;
            }
            progress.inc();
        }
        stop.store(true, Ordering::Relaxed);
        progress.finish();
        outcome
    })
}

/// How long work runs before its progress bar appears: a bar that would
/// flash for less than this only distracts.
const SHOW_PROGRESS_AFTER: Duration = Duration::from_secs(1);

/// The progress bar on screen, if any, for the Ctrl-C handler to clear.
static BAR_ON_SCREEN: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// A bar on stderr with a whole-number rate and the time left, shown only
/// once the work has run for a second (and never when asked to be quiet
/// or when stderr is not a terminal, which indicatif checks).
pub struct Progress {
    bar: ProgressBar,
    show: bool,
    started: Instant,
    revealed: std::cell::Cell<bool>,
}

impl Progress {
    pub fn new(len: usize, show: bool) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} parts  {rate}  about {eta} left")
                .expect("a valid progress template")
                .with_key(
                    "rate",
                    |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = write!(w, "{:.0}/s", state.per_sec());
                    },
                ),
        );
        if show {
            clear_bar_on_interrupt();
        }
        Progress {
            bar,
            show,
            started: Instant::now(),
            revealed: std::cell::Cell::new(false),
        }
    }

    pub fn inc(&self) {
        self.inc_by(1);
    }

    pub fn inc_by(&self, done: usize) {
        if self.show && !self.revealed.get() && self.started.elapsed() >= SHOW_PROGRESS_AFTER {
            self.revealed.set(true);
            let stderr = console::Term::stderr();
            if !stderr.is_term() {
                return self.bar.inc(done as u64);
            }
            self.bar
                .set_draw_target(ProgressDrawTarget::term_like(Box::new(NarrowStderr(
                    stderr,
                ))));
            if let Ok(mut on_screen) = BAR_ON_SCREEN.lock() {
                *on_screen = Some(self.bar.clone());
            }
        }
        self.bar.inc(done as u64);
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
        if let Ok(mut on_screen) = BAR_ON_SCREEN.lock() {
            *on_screen = None;
        }
    }
}

/// On Ctrl-C, rubs out the bar's line before the process ends, as a
/// program without a bar would leave the terminal. Installed once.
fn clear_bar_on_interrupt() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        crate::interrupt::on_interrupt(|| {
            if let Ok(Some(bar)) = BAR_ON_SCREEN.lock().as_deref() {
                bar.finish_and_clear();
            }
        });
    });
}

/// Standard error as the progress bar sees it: three columns narrower than
/// the terminal. indicatif pads the bar's line to the full width, which
/// leaves the cursor waiting to wrap; the terminal's echo of ^C would then
/// start a new line, and the bar's line could no longer be cleared.
#[derive(Debug)]
struct NarrowStderr(console::Term);

impl TermLike for NarrowStderr {
    fn width(&self) -> u16 {
        self.0.size().1.saturating_sub(3).max(1)
    }
    fn height(&self) -> u16 {
        self.0.size().0
    }
    fn move_cursor_up(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_up(n)
    }
    fn move_cursor_down(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_down(n)
    }
    fn move_cursor_right(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_right(n)
    }
    fn move_cursor_left(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_left(n)
    }
    fn write_line(&self, s: &str) -> std::io::Result<()> {
        self.0.write_line(s)
    }
    fn write_str(&self, s: &str) -> std::io::Result<()> {
        self.0.write_str(s)
    }
    fn clear_line(&self) -> std::io::Result<()> {
        self.0.clear_line()
    }
    fn flush(&self) -> std::io::Result<()> {
        self.0.flush()
    }
}
