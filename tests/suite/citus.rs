//! The model spread over a Citus cluster (`init --distributed`). `.ci/run`
//! builds Citus from ../shared/vendor/citus, starts a coordinator and two
//! workers, and passes the coordinator's URL in QUEENS_TEST_CITUS.

use crate::common;
use crate::common::Bounded;

use std::process::{Command, Stdio};

use common::golden::assert_same_text;
use common::server::{Schema, url_from};
use common::{A000170, A002562, Board, TmuxShell, is_one_error, queens, text};
use queens::checker;
use queens::model::board::Square;

fn coordinator() -> String {
    url_from("QUEENS_TEST_CITUS", "a Citus cluster")
}

/// A distributed schema of its own, with an `n`×`n` board.
fn distributed(n: u8) -> Schema {
    let schema = Schema::new(&coordinator(), "c");
    let said = schema.stdout(&["init", "--distributed", "--size", &n.to_string()]);
    assert!(said.contains("distributed over 2 Citus workers"), "{said}");
    schema
}

promise!(
    distributed_counts_equal_oeis_and_the_native_counter,
    needs = [Citus]
);
fn distributed_counts_equal_oeis_and_the_native_counter() {
    let schema = distributed(1);
    // The facts are on every node, the parts spread over the workers.
    let kinds: Vec<(String, String)> = schema
        .rows(&format!(
            "select c.relname::text,
                    case when p.partkey is not null then 'distributed'
                         when p.repmodel = 't' then 'reference'
                         else 'local' end
             from pg_catalog.pg_dist_partition as p
             join pg_class as c on c.oid = p.logicalrelid
             where c.relnamespace = '{}'::regnamespace order by 1",
            schema.name
        ))
        .iter()
        .map(|row| (row.get(0), row.get(1)))
        .collect();
    assert_eq!(kinds.len(), 17, "{kinds:?}");
    for (table, kind) in &kinds {
        let expected = if table == "search_part" || table == "search_part_count" {
            "distributed"
        } else {
            "reference"
        };
        assert_eq!(kind, expected, "{table}");
    }
    // Sizes through rebuilds of the one schema, which stays distributed:
    // 1×1 and 3×3 (one square; no solution), the search split by three
    // queens at 4×4 and 5×5, by two above: 6×6 and 12×12. (2×2 takes 3×3's
    // path, every size from 7×7 to 11×11 6×6's and 12×12's, and each
    // distributed rebuild takes seconds of the suite's ten minutes; 8×8 is
    // counted by most tests here, 14×14 by the tests below.)
    for n in [1u8, 3, 4, 5, 6, 12] {
        if n > 1 {
            schema.stdout(&["init", "--force", "--size", &n.to_string()]);
        }
        let expected = A000170[usize::from(n) - 1];
        assert_eq!(expected, checker::count_solutions(n), "n = {n}");
        assert_eq!(
            schema.stdout(&["count"]),
            format!("{expected}\n"),
            "n = {n}"
        );
        // The classes, by Burnside's lemma on the workers: OEIS A002562 as
        // far as the table goes, the native checker beyond.
        let classes = checker::fundamental_solutions(n).len() as u64;
        if let Some(&published) = A002562.get(usize::from(n) - 1) {
            assert_eq!(classes, published, "n = {n}");
        }
        assert_eq!(
            schema.stdout(&["count", "--fundamental"]),
            format!("{classes}\n"),
            "n = {n}"
        );
    }
}

promise!(
    other_boards_distributed_answer_as_their_sqlite_files,
    needs = [Citus]
);
fn other_boards_distributed_answer_as_their_sqlite_files() {
    // A knight's moves need more words of line_set than the plain board's
    // lines: the workers' search tests the board's, and the classes are
    // counted under the board's own symmetries (none here but the identity
    // for the holes, which no symmetry keeps; four on a rectangle).
    let schema = Schema::new(&coordinator(), "c");
    for (i, (size, flags)) in [
        ("10", &["--superqueens"][..]),
        ("8", &["--holes", "c2,f7"]),
        ("7", &["--torus", "--superqueens", "--holes", "d4"]),
        ("6x9", &["--plain"]),
    ]
    .into_iter()
    .enumerate()
    {
        let mut init = vec!["init", "--distributed", "--size", size];
        if i > 0 {
            init.push("--force");
        }
        init.extend(flags);
        schema.stdout(&init);
        let sqlite = Board::sized(size, flags);
        for args in [
            &["count"][..],
            &["count", "--fundamental"],
            &["solve", "--format", "csv"],
        ] {
            assert_same_text(
                "the SQLite file's",
                &sqlite.stdout(args),
                "Citus's",
                &schema.stdout(args),
                &format!("{size} {flags:?}: {args:?}"),
            );
        }
    }
}

promise!(
    distributed_solve_is_byte_for_byte_the_sqlite_files,
    needs = [Citus]
);
fn distributed_solve_is_byte_for_byte_the_sqlite_files() {
    for (n, format) in [(8, "table"), (10, "csv"), (11, "json")] {
        let schema = distributed(n);
        let sqlite = Board::new(n);
        let distributed = schema.stdout(&["solve", "--format", format]);
        assert_same_text(
            "the SQLite file's",
            &sqlite.stdout(&["solve", "--format", format]),
            "Citus's",
            &distributed,
            &format!("solve --format {format}, n = {n}"),
        );
        if format == "csv" {
            let rows: Vec<&str> = distributed.lines().skip(1).collect();
            assert_eq!(rows.len() as u64, A000170[usize::from(n) - 1]);
            for row in rows {
                let queens: Vec<Square> = row
                    .split(',')
                    .skip(1)
                    .map(|name| Square::parse(name, n).unwrap())
                    .collect();
                assert!(checker::is_solution(&queens, n), "{row}");
            }
        }
        let export = schema.stdout(&["export", "--format", "csv", "--out", "-"]);
        assert_same_text(
            "the SQLite file's",
            &sqlite.stdout(&["export", "--format", "csv", "--out", "-"]),
            "Citus's",
            &export,
            &format!("export --format csv, n = {n}"),
        );
    }
}

promise!(the_parts_cover_the_search_exactly_once, needs = [Citus]);
fn the_parts_cover_the_search_exactly_once() {
    // 5×5: two queens give 7 searched parts, fewer than 4 for each of the 2
    // workers, so the parts are by three queens; 9×9: by two.
    for (n, by) in [(5u8, 3), (9, 2)] {
        let schema = distributed(n);
        let parts = part_rows(&schema);
        assert!(
            parts.iter().all(|p| p.3.is_some() == (by == 3)),
            "n = {n}: {parts:?}"
        );
        assert_cover_exactly_once(n, &parts);
        if n == 9 {
            // query reads the facts on the coordinator, and search_part on
            // the workers, with the privileges of the role in the URL.
            assert_eq!(
                schema.stdout(&["query", "select count(*) from solution", "--format", "csv"]),
                "count\n352\n"
            );
            let total: i32 = parts.iter().map(|p| p.4).sum();
            assert_eq!(
                schema.stdout(&["query", "select sum(weight) from search_part", "-f", "csv"]),
                format!("sum\n{total}\n")
            );
        }
    }
}

/// search_part's rows: part_no, s1, s2, s3, weight.
type PartRow = (i32, String, String, Option<String>, i32);

fn part_rows(schema: &Schema) -> Vec<PartRow> {
    schema
        .rows("select part_no, s1, s2, s3, weight from search_part order by part_no")
        .iter()
        .map(|row| (row.get(0), row.get(1), row.get(2), row.get(3), row.get(4)))
        .collect()
}

/// The parts are numbered 1, 2, … with no gap and no two alike; every
/// solution of the `n`×`n` board, found without SQL, lies in exactly one
/// part; and the weighted parts add up to all the solutions.
fn assert_cover_exactly_once(n: u8, parts: &[PartRow]) {
    let numbers: Vec<i32> = parts.iter().map(|p| p.0).collect();
    assert_eq!(numbers, (1..=parts.len() as i32).collect::<Vec<_>>());
    let mut starts: Vec<_> = parts.iter().map(|p| (&p.1, &p.2, &p.3)).collect();
    starts.sort();
    starts.dedup();
    assert_eq!(starts.len(), parts.len());
    let solutions = checker::solutions(n);
    let mut in_part = vec![0u64; parts.len()];
    for rows in &solutions {
        let names: Vec<String> = checker::squares_of(rows).iter().map(|s| s.name()).collect();
        let holding: Vec<usize> = parts
            .iter()
            .enumerate()
            .filter(|(_, p)| {
                p.1 == names[0] && p.2 == names[1] && p.3.as_ref().is_none_or(|s3| *s3 == names[2])
            })
            .map(|(i, _)| i)
            .collect();
        assert_eq!(holding.len(), 1, "n = {n}: {names:?}");
        in_part[holding[0]] += 1;
    }
    let weighted: u64 = parts
        .iter()
        .zip(&in_part)
        .map(|(p, count)| p.4 as u64 * count)
        .sum();
    assert_eq!(weighted, solutions.len() as u64, "n = {n}");
    assert_eq!(weighted, A000170[usize::from(n) - 1], "n = {n}");
}

/// Runs pg_ctl on a node as .ci/citus.sh says (as the postgres user when
/// the tests run as root): whether it succeeded.
fn pg_ctl_ran(args: &[&str]) -> bool {
    let command = std::env::var("QUEENS_TEST_PG_CTL").expect("QUEENS_TEST_PG_CTL (.ci/citus.sh)");
    let mut words = command.split_whitespace();
    Command::new(words.next().unwrap())
        .args(words)
        .args(args)
        .stdout(Stdio::null())
        .bounded_status()
        .unwrap()
        .success()
}

/// A node of the cluster stopped at once (pg_ctl's immediate stop), whose
/// data directory is `dir`, until `start` starts it again. Dropped
/// without, as when the test fails in between, it still starts the node,
/// once any stop under way has ended: the other Citus tests share the
/// cluster (a stop that pg_ctl gave up on once left a worker down, and
/// every Citus test after it failed).
struct StoppedNode<'a> {
    dir: &'a str,
    started: bool,
}

impl<'a> StoppedNode<'a> {
    fn stop(dir: &'a str) -> StoppedNode<'a> {
        let node = StoppedNode {
            dir,
            started: false,
        };
        assert!(
            pg_ctl_ran(&["-D", dir, "-m", "immediate", "stop"]),
            "pg_ctl stop on {dir}"
        );
        node
    }

    /// Starts the node again; a start that fails is tried once more when
    /// the panic drops this.
    fn start(mut self) {
        self.started = self.started_again();
        assert!(self.started, "pg_ctl start on {}", self.dir);
    }

    fn started_again(&self) -> bool {
        let log = format!("{}.log", self.dir);
        pg_ctl_ran(&["-D", self.dir, "-l", &log, "-w", "start"])
    }
}

impl Drop for StoppedNode<'_> {
    fn drop(&mut self) {
        if !self.started {
            // Waits for a stop still under way ("no server running" once it has ended).
            pg_ctl_ran(&["-D", self.dir, "-m", "immediate", "stop"]);
            self.started_again();
        }
    }
}

promise!(
    a_worker_that_stops_mid_count_gives_one_line_and_no_number,
    needs = [CitusAlone, CitusNodes]
);
fn a_worker_that_stops_mid_count_gives_one_line_and_no_number() {
    let worker = std::env::var("QUEENS_TEST_CITUS_WORKER").expect("QUEENS_TEST_CITUS_WORKER");
    // The search is held, so the worker stops mid-run on any machine.
    let schema = distributed(8);
    for command in [
        vec!["count"],
        vec!["solve", "--format", "csv"],
        vec!["solve", "--format", "json"],
        vec!["solve"],
    ] {
        let mut child = schema.spawn(&command);
        let held = hold_search(&schema);
        wait_until_held(&schema, &mut child);
        let stopped = StoppedNode::stop(&worker);
        let out =
            common::wait::output_of(child, &format!("{command:?} to end on a stopped worker"));
        stopped.start();
        drop(held);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{command:?}: {stderr}");
        assert_eq!(
            text(&out.stdout),
            "",
            "{command:?} printed a result: {stderr}"
        );
        assert!(is_one_error(&stderr), "{stderr}");
        assert!(stderr.contains("remote node"), "{stderr}");
    }
    // With the worker back, the cluster answers again.
    schema.stdout(&["init", "--force", "--size", "8"]);
    assert_eq!(schema.stdout(&["count"]), "92\n");
}

promise!(
    a_count_stopped_by_a_lost_worker_ctrl_c_or_a_restart_resumes_on_a_terminal_from_its_kept_parts,
    needs = [CitusAlone, CitusNodes, Tmux]
);
fn a_count_stopped_by_a_lost_worker_ctrl_c_or_a_restart_resumes_on_a_terminal_from_its_kept_parts()
{
    let schema = distributed(14);
    let searched: i64 = schema.rows("select count(*) from search_part where weight > 0")[0].get(0);
    // Stopped by a worker lost, by Ctrl-C and by the coordinator
    // restarted, each time once it has kept one more run of parts: what it
    // kept stays, through the nodes' immediate stops and starts.
    let worker = std::env::var("QUEENS_TEST_CITUS_WORKER").expect("QUEENS_TEST_CITUS_WORKER");
    let after_worker = count_stopped_with_a_node(&schema, 0, &worker);
    let after_ctrl_c = count_stopped_by_ctrl_c(&schema, after_worker, searched);
    let coordinator =
        std::env::var("QUEENS_TEST_CITUS_COORDINATOR").expect("QUEENS_TEST_CITUS_COORDINATOR");
    let after_restart = count_stopped_with_a_node(&schema, after_ctrl_c, &coordinator);
    assert!(
        0 < after_worker && after_worker < after_ctrl_c && after_ctrl_c < after_restart,
        "{after_worker}, {after_ctrl_c}, {after_restart}"
    );
    assert!(after_restart < searched, "{after_restart} of {searched}");
    // Run once more on a terminal, it says what was kept, shows the parts
    // done on its bar, counts the rest and prints the published number.
    let screen = count_on_a_terminal(&schema, after_restart as u64, searched as u64);
    // (The terminal wraps the note: its words are compared.)
    let words = screen.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(&format!(
            "queens: note: {after_restart} of the {searched} parts were counted by an earlier \
             count (search_part_count); counting the other {}",
            searched - after_restart
        )),
        "{screen}"
    );
    assert_eq!(kept(&schema), searched);
    // Once all are kept, a count adds them up; a rebuild forgets them.
    let out = schema.run(&["count"]);
    assert_eq!(text(&out.stdout), "365596\n");
    assert!(text(&out.stderr).contains(&format!("all {searched} parts were counted")));
    schema.stdout(&["init", "--force", "--size", "14"]);
    assert_eq!(kept(&schema), 0);
}

/// The screen of a 14×14 `count` on a terminal, which starts with `kept`
/// of the `searched` parts' counts kept. Held, the search shows its bar
/// once it has run a second, with the kept parts done; let go, the bar
/// moves by runs of parts as the cluster finishes each statement, and goes
/// when the count (A000170) is printed.
fn count_on_a_terminal(schema: &Schema, kept: u64, searched: u64) -> String {
    let shell = TmuxShell::start("queens-citus");
    let command = format!(
        "clear; {} count --db '{}' --schema {}; echo exit=$?",
        env!("CARGO_BIN_EXE_queens"),
        schema.url,
        schema.name
    );
    let held = hold_search(schema);
    shell.send(&command, true);
    let ended = common::said_its_exit;
    let screen = shell.screen_once(|s| bar_on(s).is_some() || ended(s));
    let mut bars: Vec<String> = bar_on(&screen).into_iter().collect();
    assert_eq!(bars.len(), 1, "no bar while the search was held:\n{screen}");
    drop(held);
    let screen = common::wait_for("the count to end", || {
        let screen = shell.screen();
        bars.extend(bar_on(&screen));
        ended(&screen).then_some(screen)
    });
    drop(shell);
    assert!(
        screen.contains("365596") && screen.contains("exit=0"),
        "{screen}"
    );
    assert_eq!(bar_on(&screen), None, "the bar stayed:\n{screen}");
    let done: Vec<u64> = bars
        .iter()
        .filter_map(|bar| {
            bar.split_whitespace()
                .find(|w| w.contains('/') && !w.ends_with("/s"))
        })
        .filter_map(|w| w.split('/').next()?.parse().ok())
        .collect();
    assert_eq!(done.len(), bars.len(), "{bars:?}");
    assert_eq!(done[0], kept, "parts done while held: {bars:?}");
    assert!(done.windows(2).all(|w| w[0] <= w[1]), "{bars:?}");
    let of = format!("/{searched} parts");
    assert!(bars.iter().all(|b| b.contains(&of)), "{bars:?}");
    screen
}

/// A count that has kept more than `before` parts' counts, stopped by the
/// immediate stop of the node whose data directory is `node`, which then
/// starts again: it ends in one line (after the note of what was kept
/// before, if anything was) with nothing printed. The parts kept after.
fn count_stopped_with_a_node(schema: &Schema, before: i64, node: &str) -> i64 {
    let (child, held) = count_held_after_a_kept_run(schema, before);
    let kept_then = kept(schema);
    let stopped = StoppedNode::stop(node);
    let out = common::wait::output_of(child, &format!("count to end on the stopped {node}"));
    stopped.start();
    drop(held);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr:?}");
    assert_eq!(text(&out.stdout), "", "{stderr:?}");
    let error = match stderr.split_once('\n') {
        Some((note, error)) if note.starts_with("queens: note: ") => error,
        _ => &stderr,
    };
    assert!(is_one_error(error), "{stderr:?}");
    assert_eq!(
        kept(schema),
        kept_then,
        "the kept counts did not outlive {node}"
    );
    kept_then
}

/// A count that has kept more than `before` of the `searched` parts'
/// counts, stopped by Ctrl-C: it says what was kept before, ends with 130
/// and nothing printed, and the cluster stops its search. The parts kept
/// after.
fn count_stopped_by_ctrl_c(schema: &Schema, before: i64, searched: i64) -> i64 {
    let (child, held) = count_held_after_a_kept_run(schema, before);
    let out = count_after_ctrl_c(child);
    let told = text(&out.stderr);
    assert!(
        told.contains(&format!(
            "{before} of the {searched} parts were counted by an earlier count"
        )),
        "{told}"
    );
    common::wait_until("the cluster to stop the search after Ctrl-C", || {
        searches_running(schema) == 0
    });
    drop(held);
    kept(schema)
}

/// What `child`, a count, gives once Ctrl-C (SIGINT) reaches it: it ends
/// with 130 and prints no number.
fn count_after_ctrl_c(child: std::process::Child) -> std::process::Output {
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .bounded_status()
        .unwrap();
    assert!(status.success());
    let out = common::wait::output_of(child, "count to end at Ctrl-C");
    assert_eq!(out.status.code(), Some(130), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "");
    out
}

/// How many parts' counts search_part_count keeps.
fn kept(schema: &Schema) -> i64 {
    schema.count("search_part_count") as i64
}

/// A `count` started on `schema`, once it has kept more than `before`
/// parts' counts, held still: one shard of search_part_count locked
/// against writes, which a run of parts keeps its counts in (a lock on
/// what the search reads, taken while a run reads it, would queue the
/// run's other connections behind it: a deadlock, which Citus breaks). A 14×14 count keeps its counts in 16 runs, each
/// a statement on the cluster, so the wait sees the first one it keeps
/// (looking every 20 ms) with most of the search still to come.
fn count_held_after_a_kept_run(schema: &Schema, before: i64) -> (std::process::Child, SearchHeld) {
    let mut child = schema.spawn(&["count"]);
    common::wait::until_reached_by(&mut child, "a run of parts' counts kept", || {
        kept(schema) > before
    });
    let held = hold_table(schema, "search_part_count", 1, "share");
    wait_until_held(schema, &mut child);
    (child, held)
}

/// The progress bar's line on a terminal's screen, if it shows one: the
/// line with parts done out of all, `N/M parts` (a note names parts too).
fn bar_on(screen: &str) -> Option<String> {
    let done_of_all = |word: &str| {
        word.split_once('/').is_some_and(|(done, all)| {
            [done, all]
                .iter()
                .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
    };
    screen
        .lines()
        .find(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            words
                .windows(2)
                .any(|pair| done_of_all(pair[0]) && pair[1] == "parts")
        })
        .map(str::to_string)
}

/// How many statements `count` (a count of pg_stat_activity's rows, this
/// session's left out) finds on the workers, added up.
fn on_workers(schema: &Schema, count: &str) -> i64 {
    let sql = format!(
        "select coalesce(sum(result::bigint), 0)::bigint from run_command_on_workers($${count}$$)"
    );
    schema.client().query_one(&sql, &[]).unwrap().get(0)
}

/// Search statements running anywhere in the cluster but this query's own.
fn searches_running(schema: &Schema) -> i64 {
    let busy = "select count(*) from pg_stat_activity \
                where state = 'active' and query like '%search_part%' \
                and pid <> pg_backend_pid()";
    let on_coordinator: i64 = schema.client().query_one(busy, &[]).unwrap().get(0);
    on_coordinator + on_workers(schema, busy)
}

/// The search of a schema held still: each worker's copy of safe_next,
/// which every part's search joins and nothing else of queens reads on a
/// worker, locked by a transaction of the test's own until this is
/// dropped. A search started meanwhile waits on the workers for as long
/// as the lock is held, so it cannot end of its own, however fast the
/// machine; a test sees it at a point it chose, not one it guessed.
struct SearchHeld {
    _holders: Vec<postgres::Client>,
}

fn hold_search(schema: &Schema) -> SearchHeld {
    hold_table(schema, "safe_next", usize::MAX, "access exclusive")
}

/// A copy of a shard of a table: its name, and the node that holds it.
struct Placement {
    shard: String,
    host: String,
    port: i32,
    on_coordinator: bool,
}

/// The copies of `table`'s shards in `schema`, in the order of the shards
/// and then of the nodes' ports, read from Citus's own catalog tables: the
/// views over them (citus_shards, citus_tables) size every shard of the
/// cluster, and fail when another schema's table is dropped meanwhile.
fn placements(schema: &Schema, table: &str) -> Vec<Placement> {
    let rows = schema.client().query(
        "select pg_catalog.shard_name(s.logicalrelid, s.shardid)::text, n.nodename::text,
                n.nodeport, n.groupid = 0
         from pg_catalog.pg_dist_shard as s
         join pg_catalog.pg_dist_placement as p on p.shardid = s.shardid and p.shardstate = 1
         join pg_catalog.pg_dist_node as n on n.groupid = p.groupid
         where s.logicalrelid = to_regclass($1)
         order by s.shardid, n.nodeport",
        &[&format!("{}.{table}", schema.name)],
    );
    (rows.unwrap().iter())
        .map(|row| Placement {
            shard: row.get(0),
            host: row.get(1),
            port: row.get(2),
            on_coordinator: row.get(3),
        })
        .collect()
}

/// The shards of `table` on the workers (the first `shards` of them)
/// locked in `mode` by transactions of the test's own until this is
/// dropped.
fn hold_table(schema: &Schema, table: &str, shards: usize, mode: &str) -> SearchHeld {
    let on_workers: Vec<Placement> = (placements(schema, table).into_iter())
        .filter(|placement| !placement.on_coordinator)
        .collect();
    assert!(!on_workers.is_empty(), "{table} has no worker placement");
    let holders = on_workers
        .into_iter()
        .take(shards)
        .map(|copy| {
            let url = node_url(&schema.url, &copy.host, copy.port);
            let mut holder = common::server::connect(&url);
            // Citus refuses a shard's own name unless told it is meant.
            holder
                .batch_execute(&format!(
                    "set citus.enable_manual_changes_to_shards to on; \
                     begin; lock table {} in {mode} mode",
                    copy.shard
                ))
                .unwrap();
            holder
        })
        .collect();
    SearchHeld { _holders: holders }
}

/// `url` with its host and port changed to `host`:`port`.
fn node_url(url: &str, host: &str, port: i32) -> String {
    let (scheme_and_user, rest) = url.split_once('@').unwrap();
    let (_, path) = rest.split_once('/').unwrap();
    format!("{scheme_and_user}@{host}:{port}/{path}")
}

/// Searches waiting on a worker for a lock (a held search's parts).
fn searches_held(schema: &Schema) -> i64 {
    let held = "select count(*) from pg_stat_activity \
                where state = 'active' and wait_event_type = 'Lock' \
                and query like '%search_part%' and pid <> pg_backend_pid()";
    on_workers(schema, held)
}

/// Waits, for as long as it takes, until a search of `child`'s waits on
/// the lock `hold_search` holds; a child that ends first fails the test.
fn wait_until_held(schema: &Schema, child: &mut std::process::Child) {
    common::wait::until_reached_by(child, "the search's wait on the held lock", || {
        searches_held(schema) > 0
    });
}

promise!(
    ctrl_c_stops_the_search_on_the_cluster_too,
    needs = [CitusAlone]
);
fn ctrl_c_stops_the_search_on_the_cluster_too() {
    // Alone on the cluster: the searches it counts as running after Ctrl-C
    // are told apart by their text only, which other tests' searches share.
    let schema = distributed(8);
    let held = hold_search(&schema);
    let mut child = schema.spawn(&["count"]);
    wait_until_held(&schema, &mut child);
    count_after_ctrl_c(child);
    // Cancelled: held, the search could not have ended of its own; left
    // running, it would wait here for as long as the lock is held, and
    // this wait would say so each minute until CI's limit ends the run.
    common::wait_until("the cluster to stop the search after Ctrl-C", || {
        searches_running(&schema) == 0
    });
    drop(held);
}

promise!(
    a_trigger_added_while_a_count_keeps_its_parts_is_refused_never_fired,
    needs = [Citus]
);
fn a_trigger_added_while_a_count_keeps_its_parts_is_refused_never_fired() {
    // Mallory may add triggers to queens' search_part_count (the board's
    // owner granted it), and is trusted. She holds a lock on it, so that
    // the count waits for her before it keeps its parts' counts;
    // meanwhile she adds a trigger whose function would run as the role
    // that counts. The count must see it before it keeps anything:
    // refused by name, never fired.
    let schema = distributed(8);
    let name = &schema.name;
    let mallory = common::server::may_add_triggers(
        &schema.url,
        &schema,
        "search_part_count",
        "insert into pg_dist_authinfo (nodeid, rolename, authinfo)
             values (0, '{role}', 'password=secret')",
    );
    // Her DDL and locks reach the workers through the coordinator's
    // connections as her, which need her password.
    let _authinfo = AuthInfo(&schema.url, &mallory.name);
    let m = &mallory.name;
    let mut her = mallory.client();
    her.batch_execute(&format!(
        "begin; lock table {name}.search_part_count in share mode"
    ))
    .unwrap();
    let mut child = schema.spawn(&["count", "--trust-owner", m]);
    // On the coordinator or, where Citus locks the workers' copies of the
    // table first, on a worker.
    let waiting = format!(
        "select count(*) from pg_locks \
         where not granted and relation = to_regclass('{name}.search_part_count')"
    );
    let mut admin = schema.client();
    common::wait::until_reached_by(&mut child, "the count's wait for mallory's lock", || {
        admin.query_one(&waiting, &[]).unwrap().get::<_, i64>(0) + on_workers(&schema, &waiting) > 0
    });
    // One statement at a time: Citus hands each one's text to the workers.
    for statement in [
        "set local citus.enable_unsafe_triggers = on".to_string(),
        format!(
            "create function {m}_s.f() returns trigger language plpgsql as $$
                 begin raise exception 'mallory''s function ran as %', current_user; end $$"
        ),
        format!(
            "create trigger my_trigger after insert on {name}.search_part_count
                 for each statement execute function {m}_s.f()"
        ),
        "commit".to_string(),
    ] {
        her.batch_execute(&statement).unwrap();
    }
    let out = common::wait::output_of(child, "the count after mallory's trigger");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    // The note that she is trusted, then the refusal.
    let refusal = stderr.lines().nth(1).unwrap_or_default();
    assert!(is_one_error(&format!("{refusal}\n")), "{stderr}");
    assert!(
        refusal.contains(&format!(
            "trigger my_trigger on search_part_count, whose function role {m} owns, added"
        )),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 2, "{stderr}");
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    assert_eq!(kept(&schema), 0);
    a_trigger_there_keeps_counts_from_firing(&schema, m);
}

/// With mallory's trigger on search_part_count (`m` her name), a count is
/// refused for what her function is. Hers dropped, her grant taken back,
/// and a trigger of the counting role's own there: a count keeps nothing,
/// so fires nothing.
fn a_trigger_there_keeps_counts_from_firing(schema: &Schema, m: &str) {
    let refused = schema.run(&["count"]);
    let stderr = text(&refused.stderr);
    assert_eq!(refused.status.code(), Some(1), "{stderr}");
    assert!(is_one_error(&stderr) && stderr.contains(m), "{stderr}");
    let name = &schema.name;
    let mut admin = schema.client();
    for statement in [
        "set citus.enable_unsafe_triggers = on".to_string(),
        format!("drop trigger my_trigger on {name}.search_part_count"),
        format!("revoke trigger, update on {name}.search_part_count from {m}"),
        format!(
            "create function {name}.yours() returns trigger language plpgsql as $$
                 begin raise exception 'your function ran'; end $$"
        ),
        format!(
            "create trigger your_trigger after insert on {name}.search_part_count
                 for each statement execute function {name}.yours()"
        ),
    ] {
        admin.batch_execute(&statement).unwrap();
    }
    assert_eq!(schema.stdout(&["count"]), "92\n");
    assert_eq!(kept(schema), 0);
}

promise!(
    a_trigger_on_a_node_s_copy_of_a_table_is_never_fired,
    needs = [Citus]
);
fn a_trigger_on_a_node_s_copy_of_a_table_is_never_fired() {
    // Made on a node past Citus, the coordinator's catalog of its tables
    // does not hold them: a trigger on a worker's copy of
    // search_part_count, which keeping a count would fire, and one on the
    // coordinator's own copy of square, which a rebuild would. Each raises
    // an error if it runs.
    let schema = distributed(8);
    let name = &schema.name;
    // Made through the coordinator, which hands it on to the workers.
    schema
        .client()
        .batch_execute(&format!(
            "create function {name}.boom() returns trigger language plpgsql as $$
                 begin raise exception 'a trigger ran as %', current_user; end $$"
        ))
        .unwrap();
    // search_part_count lies on the workers only; square on every node.
    for (table, on_coordinator, trigger) in [
        ("search_part_count", false, "on_kept"),
        ("square", true, "on_square"),
    ] {
        on_a_copy(
            &schema,
            table,
            on_coordinator,
            &format!(
                "create trigger {trigger} after insert or delete on {name}.{{copy}}
                     for each statement execute function {name}.boom()"
            ),
        );
    }
    // A count keeps nothing, so fires nothing.
    assert_eq!(schema.stdout(&["count"]), "92\n");
    assert_eq!(kept(&schema), 0);
    // The worker's gone, the coordinator's copy of square refuses a
    // rebuild.
    on_a_copy(
        &schema,
        "search_part_count",
        false,
        &format!("drop trigger on_kept on {name}.{{copy}}"),
    );
    let out = schema.run(&["init", "--force", "--size", "7"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(is_one_error(&stderr), "{stderr}");
    assert!(
        stderr.contains("made there past Citus")
            && stderr.contains("trigger on_square on the copy square_")
            && stderr.contains("on the coordinator, made there past Citus"),
        "{stderr}"
    );
    assert_eq!(schema.stdout(&["count"]), "92\n", "the board was changed");
    a_rule_on_a_node_s_copy_refuses_a_rebuild(&schema);
}

/// With the trigger on the coordinator's copy of square dropped, a rule
/// on a worker's copy of search_part (whose rows a rebuild deletes)
/// refuses a rebuild too, and then a foreign key to that copy.
fn a_rule_on_a_node_s_copy_refuses_a_rebuild(schema: &Schema) {
    let name = &schema.name;
    on_a_copy(
        schema,
        "square",
        true,
        &format!("drop trigger on_square on {name}.{{copy}}"),
    );
    on_a_copy(
        schema,
        "search_part",
        false,
        &format!("create rule on_parts as on delete to {name}.{{copy}} do also select 1"),
    );
    let refused = |says: &str| {
        let out = schema.run(&["init", "--force", "--size", "7"]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(is_one_error(&stderr) && stderr.contains(says), "{stderr}");
    };
    refused("rule on_parts on the copy search_part_");
    // A table of the node's own with a foreign key to the copy: its rows
    // would go with the parts.
    on_a_copy(
        schema,
        "search_part",
        false,
        &format!(
            "drop rule on_parts on {name}.{{copy}};
             create table public.{name}_games (part_no bigint
                 references {name}.{{copy}} (part_no) on delete cascade)"
        ),
    );
    refused(&format!(
        "foreign key {name}_games_part_no_fkey of table {name}_games"
    ));
    on_a_copy(
        schema,
        "search_part",
        false,
        &format!("drop table public.{name}_games"),
    );
}

/// Runs `sql` as the tests' role on the node that holds the first copy
/// of `table` in `schema` (the coordinator's own, or a worker's), `{copy}`
/// standing for the copy's name there, past Citus (which refuses a copy's
/// own name unless told it is meant).
fn on_a_copy(schema: &Schema, table: &str, on_coordinator: bool, sql: &str) {
    let Placement {
        shard, host, port, ..
    } = (placements(schema, table).into_iter())
        .find(|placement| placement.on_coordinator == on_coordinator)
        .unwrap_or_else(|| panic!("{table} has no copy there"));
    let copy = shard.rsplit('.').next().unwrap().to_string();
    common::server::connect(&node_url(&schema.url, &host, port))
        .batch_execute(&format!(
            "set citus.enable_manual_changes_to_shards to on; \
             set citus.enable_ddl_propagation to off; {}",
            sql.replace("{copy}", &copy)
        ))
        .unwrap();
}

promise!(
    changing_a_board_on_the_cluster_refuses_to_fire_your_event_triggers,
    needs = [CitusAlone]
);
fn changing_a_board_on_the_cluster_refuses_to_fire_your_event_triggers() {
    let schema = Schema::new(&coordinator(), "c");
    schema.stdout(&["init", "--size", "6"]);
    let s = &schema.name;
    let mut admin = schema.client();
    admin
        .batch_execute(&format!(
            "create schema {s}_x; create sequence {s}_x.fired;
             create function {s}_x.note() returns event_trigger language plpgsql
                 as $$ begin perform nextval('{s}_x.fired'); end $$;
             create event trigger {s}_watch on ddl_command_start execute function {s}_x.note();"
        ))
        .unwrap();
    let out = schema.run(&["init", "--distributed"]);
    // nextval is never rolled back: a firing before the refusal shows.
    let fired = admin
        .query_one(&format!("select is_called from {s}_x.fired"), &[])
        .unwrap()
        .get::<_, bool>(0);
    admin
        .batch_execute(&format!(
            "drop event trigger {s}_watch; drop schema {s}_x cascade;"
        ))
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        is_one_error(&stderr) && stderr.contains(&format!("event trigger {s}_watch")),
        "{stderr}"
    );
    assert!(!fired, "queens' DDL fired the event trigger");
    assert_eq!(schema.stdout(&["count"]), "4\n");
    a_rebuild_refuses_to_fire_a_worker_s_event_trigger();
}

/// Citus runs a distributed board's DDL on the workers too: an event
/// trigger there refuses a rebuild as the coordinator's does.
fn a_rebuild_refuses_to_fire_a_worker_s_event_trigger() {
    let schema = distributed(6);
    let s = &schema.name;
    let (host, port): (String, i32) = {
        let row = schema
            .client()
            .query_one(
                "select nodename::text, nodeport from pg_dist_node where groupid <> 0 \
                 order by nodeport limit 1",
                &[],
            )
            .unwrap();
        (row.get(0), row.get(1))
    };
    let mut worker = common::server::connect(&node_url(&schema.url, &host, port));
    // The worker's own objects, which Citus is told not to hand on.
    worker
        .batch_execute(&format!(
            "set citus.enable_ddl_propagation to off; create schema {s}_w;
             create sequence {s}_w.fired;
             create function {s}_w.note() returns event_trigger language plpgsql
                 as $$ begin perform nextval('{s}_w.fired'); end $$;
             create event trigger {s}_there on ddl_command_start execute function {s}_w.note();"
        ))
        .unwrap();
    let out = schema.run(&["init", "--force", "--size", "7"]);
    // nextval is never rolled back: a firing before the refusal shows.
    let fired = worker
        .query_one(&format!("select is_called from {s}_w.fired"), &[])
        .unwrap()
        .get::<_, bool>(0);
    worker
        .batch_execute(&format!(
            "drop event trigger {s}_there; drop schema {s}_w cascade; \
             reset citus.enable_ddl_propagation"
        ))
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        is_one_error(&stderr)
            && stderr.contains(&format!(
                "node {host}:{port} has your event trigger {s}_there"
            )),
        "{stderr}"
    );
    assert!(!fired, "queens' DDL fired the worker's event trigger");
    assert_eq!(schema.stdout(&["count"]), "4\n");
}

/// The coordinator's password for a role's connections to the workers,
/// taken back when dropped.
struct AuthInfo<'a>(&'a str, &'a str);

impl Drop for AuthInfo<'_> {
    fn drop(&mut self) {
        if let Ok(mut admin) = common::server::try_connect(self.0) {
            let _ = admin.execute(
                "delete from pg_dist_authinfo where rolename = $1",
                &[&self.1],
            );
        }
    }
}

promise!(the_extension_s_own_schemas_are_refused, needs = [Citus]);
fn the_extension_s_own_schemas_are_refused() {
    let mut client = common::server::connect(&coordinator());
    let objects = |client: &mut postgres::Client| -> i64 {
        client
            .query_one(
                "select count(*) from pg_class where relnamespace = 'citus'::regnamespace",
                &[],
            )
            .unwrap()
            .get(0)
    };
    let before = objects(&mut client);
    for args in [
        vec!["init", "--distributed"],
        vec!["count"],
        vec!["init", "--force", "--size", "5"],
    ] {
        let out = queens(std::path::Path::new("/tmp"))
            .args(&args)
            .args(["--db", &coordinator(), "--schema", "citus"])
            .bounded_output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).contains("objects of the extension citus"));
    }
    assert_eq!(objects(&mut client), before);
}

promise!(
    a_distributed_rebuild_keeps_your_grants_and_comments_and_refuses_your_column,
    needs = [Citus]
);
fn a_distributed_rebuild_keeps_your_grants_and_comments_and_refuses_your_column() {
    let schema = distributed(6);
    let s = &schema.name;
    let mut admin = schema.client();
    admin
        .batch_execute(&format!(
            "grant select on {s}.solution to public;
             comment on view {s}.solution is 'the answers';"
        ))
        .unwrap();
    schema.stdout(&["init", "--force", "--size", "7"]);
    let row = admin
        .query_one(
            &format!(
                "select has_table_privilege('public', '{s}.solution', 'select'),
                        obj_description('{s}.solution'::regclass)"
            ),
            &[],
        )
        .unwrap();
    assert!(row.get::<_, bool>(0));
    assert_eq!(
        row.get::<_, Option<String>>(1).as_deref(),
        Some("the answers")
    );
    assert_eq!(schema.stdout(&["count"]), "40\n");
    admin
        .batch_execute(&format!("alter table {s}.square add column note text"))
        .unwrap();
    let out = schema.run(&["init", "--force", "--size", "6"]);
    common::assert_refused(&out, 1, "a column of yours, note");
    assert_eq!(schema.stdout(&["count"]), "40\n");
}

promise!(the_funnel_is_read_on_a_distributed_schema, needs = [Citus]);
fn the_funnel_is_read_on_a_distributed_schema() {
    let schema = distributed(8);
    let rows: Vec<(i32, i64, i64)> = schema
        .rows(&format!("select * from {}.search_funnel", schema.name))
        .iter()
        .map(|row| (row.get(0), row.get(1), row.get(2)))
        .collect();
    let placements = checker::placements_per_column(8);
    let candidates = checker::candidates_per_column(8);
    let expected: Vec<(i32, i64, i64)> = (0..=8)
        .map(|k| (k as i32, candidates[k] as i64, placements[k] as i64))
        .collect();
    assert_eq!(rows, expected);
}

promise!(
    the_search_tree_is_read_on_a_distributed_schema,
    needs = [Citus]
);
fn the_search_tree_is_read_on_a_distributed_schema() {
    let schema = distributed(8);
    let placed: Vec<i64> = schema
        .rows(&format!(
            "select placed::bigint from {}.search_tree_tally order by queens",
            schema.name
        ))
        .iter()
        .map(|row| row.get(0))
        .collect();
    let expected: Vec<i64> = common::A319284[7][1..].iter().map(|&p| p as i64).collect();
    assert_eq!(placed, expected);
}

/// The settings of Citus's that an attack set for the role queens logs in
/// as: each made `init --distributed` or every reading command fail with
/// Citus's own words, or left an undistributed board behind.
const CITUS_TRAPS: [(&str, &str); 7] = [
    ("citus.multi_task_query_log_level", "error"),
    ("citus.max_intermediate_result_size", "'1kB'"),
    ("citus.enable_router_execution", "off"),
    ("citus.enable_local_execution", "off"),
    ("citus.shard_replication_factor", "2"),
    ("citus.use_citus_managed_tables", "on"),
    ("citus.enable_schema_based_sharding", "on"),
];

/// Takes back the role's own settings of CITUS_TRAPS, however the test
/// ends.
struct RoleSettings(String);

impl Drop for RoleSettings {
    fn drop(&mut self) {
        if let Ok(mut admin) = common::server::try_connect(&self.0) {
            for (name, _) in CITUS_TRAPS {
                let _ = admin.batch_execute(&format!("alter role current_user reset {name}"));
            }
        }
    }
}

// Citus's settings that queens' work depends on are pinned in the startup
// packet, as the others are: a role's or a database's own cannot reach
// them. (It changes what every session of the role sees, so it has the
// cluster to itself.)
promise!(
    citus_settings_a_role_sets_do_not_stop_queens,
    needs = [CitusAlone]
);
fn citus_settings_a_role_sets_do_not_stop_queens() {
    let server = coordinator();
    let _back = RoleSettings(server.clone());
    let mut admin = common::server::connect(&server);
    for (name, value) in CITUS_TRAPS {
        admin
            .batch_execute(&format!("alter role current_user set {name} = {value}"))
            .unwrap();
    }
    let schema = distributed(6);
    assert_eq!(schema.stdout(&["count"]), "4\n");
    assert_eq!(schema.stdout(&["solve", "-f", "csv"]).lines().count(), 5);
    assert!(schema.run(&["doctor"]).status.success());
    schema.stdout(&["init", "--force", "--size", "7"]);
    assert_eq!(schema.stdout(&["count"]), "40\n");
}
