//! Step in the page's console: the first recursive common table expression
//! of a query, evaluated round by round in the page, each round's count
//! what an independent count says, each new row naming its parent, the
//! rounds together what SQLite's own run gives, and one line for a query
//! Step cannot follow.

use crate::common;

use std::collections::HashSet;
use std::path::Path;

use crate::common::chromium::Tab;

use crate::console::console_of;
use crate::console::in_chromium::{busy, open_console, screenshots};
use common::Board;
use common::chromium::{click, eval, screenshot, text_of};
use common::wait::DEADLINE;
use common::wait::wait_until;

/// The stepper's state (data-step): waiting, playing, ended, refused, shown.
fn state(tab: &Tab) -> String {
    eval(
        tab,
        "document.getElementById('console-stepper').dataset.step",
    )
}

/// The round shown (data-round).
fn round_shown(tab: &Tab) -> String {
    eval(
        tab,
        "document.getElementById('console-stepper').dataset.round",
    )
}

/// Stepping in the page itself, in one round trip (the browser's answer
/// to each takes a tenth of a second here, and a round took six): puts
/// `sql` in the console, presses Step, then Next until stepping ends or
/// `rounds` rounds are shown, each press once SQLite has answered the
/// last (the stepper's state is no longer "waiting", seen by a
/// MutationObserver, not by a timer). Buttons are pressed by the page's
/// own click(), as a mouse would: keyboard and mouse are driven in the
/// tests below.
const STEP_IN_PAGE: &str = r"async (sql, rounds) => {
  const box = document.getElementById('console-stepper');
  const answered = () => new Promise(resolve => {
    const done = () => box.dataset.step !== '' && box.dataset.step !== 'waiting';
    if (done()) {
      resolve();
      return;
    }
    const seen = new MutationObserver(() => {
      if (done()) {
        seen.disconnect();
        resolve();
      }
    });
    seen.observe(box, { attributes: true });
  });
  const text = document.getElementById('console-sql');
  text.value = sql;
  text.dispatchEvent(new Event('input'));
  document.getElementById('console-step').click();
  const said = [];
  const states = [];
  const shown = [];
  for (;;) {
    await answered();
    said.push(document.getElementById('step-said').textContent);
    states.push(box.dataset.step);
    shown.push(box.dataset.round);
    if (box.dataset.step !== 'shown' || said.length >= rounds) {
      break;
    }
    document.getElementById('step-next').click();
  }
  return JSON.stringify({ said, states, shown, faithful: document.getElementById('step-faithful').textContent });
}";

/// What stepping `sql` in the page showed: after Step and after each
/// Next, the line said, the state and the round shown; and the
/// faithfulness line at the end.
#[derive(serde::Deserialize)]
struct Stepped {
    said: Vec<String>,
    states: Vec<String>,
    shown: Vec<String>,
    faithful: String,
}

/// Steps `sql` in the page for at most `rounds` rounds (`STEP_IN_PAGE`).
fn stepped(tab: &Tab, sql: &str, rounds: usize) -> Stepped {
    let quoted = serde_json::to_string(sql).unwrap();
    let expression = format!("({STEP_IN_PAGE})({quoted}, {rounds})");
    let answer = tab
        .evaluate(&expression, true)
        .unwrap_or_else(|e| {
            panic!(
                "waiting up to {} minutes for the page to step {sql}: {e}",
                DEADLINE.as_secs() / 60
            )
        })
        .value;
    match answer {
        Some(serde_json::Value::String(json)) => serde_json::from_str(&json).unwrap(),
        other => panic!("stepping {sql} gave {other:?}"),
    }
}

/// Puts `sql` in the console, as typed, and presses Step: the stepper's
/// state once SQLite has answered.
fn step(tab: &Tab, sql: &str) -> String {
    stepped(tab, sql, 1).states.remove(0)
}

/// The rows of the round a line of the stepper's names.
fn count_in(said: &str) -> u64 {
    let rows = said.split(": ").nth(1).unwrap_or_default();
    let number: String = rows
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == ',')
        .filter(char::is_ascii_digit)
        .collect();
    number
        .parse()
        .unwrap_or_else(|_| panic!("no count in {said:?}"))
}

/// Presses the button `id` by the page's own click(), as a mouse would:
/// a browser input event takes a second here, and the keyboard's and the
/// mouse's use are tested on their own.
fn press(tab: &Tab, id: &str) {
    eval(tab, &format!("document.getElementById('{id}').click()"));
}

/// Next pressed: waits for the next round to be shown.
fn next(tab: &Tab) {
    let before: i64 = round_shown(tab).parse().unwrap();
    press(tab, "step-next");
    let want = (before + 1).to_string();
    wait_until(&format!("round {want} shown"), || {
        round_shown(tab) == want && state(tab) != "waiting"
    });
}

/// Steps `sql` to its end: each round's count, and the faithfulness line.
fn rounds_of(tab: &Tab, sql: &str) -> (Vec<u64>, String) {
    let run = stepped(tab, sql, 100);
    assert_eq!(run.states[0], "shown", "{}", run.said[0]);
    assert_eq!(
        run.states.last().map(String::as_str),
        Some("ended"),
        "{sql}: no end in 100 rounds: {:?}",
        run.said.last()
    );
    // Each press showed the round after the last, and waited for it.
    let rounds: Vec<String> = (0..run.shown.len()).map(|k| k.to_string()).collect();
    assert_eq!(run.shown, rounds, "{sql}");
    let counts = run.said.iter().map(|said| count_in(said)).collect();
    (counts, run.faithful)
}

/// The faithfulness line for `total` rows.
fn same_rows(name: &str, total: u64) -> String {
    let rows = if total == 1 { "row" } else { "rows" };
    // As the page writes a number: 15,720.
    let digits = total.to_string();
    let mut grouped = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    format!(
        "Faithful: SQLite's own run of {name} gives the same {grouped} {rows} as these rounds together."
    )
}

/// The partial placements of `k` queens in the first k columns of an
/// n×n board, no two on a row or diagonal, for k = 0 … n: counted by a
/// plain backtracking search, apart from any SQL.
fn placements_by_depth(n: usize) -> Vec<u64> {
    fn go(n: usize, rows: &mut Vec<usize>, counts: &mut [u64]) {
        counts[rows.len()] += 1;
        if rows.len() == n {
            return;
        }
        let k = rows.len();
        for r in 0..n {
            let free = rows
                .iter()
                .enumerate()
                .all(|(j, &q)| q != r && q.abs_diff(r) != k - j);
            if free {
                rows.push(r);
                go(n, rows, counts);
                rows.pop();
            }
        }
    }
    let mut counts = vec![0; n + 1];
    go(n, &mut Vec::new(), &mut counts);
    counts
}

/// Rounds of a recursion over integers, as the standard defines them:
/// `step` makes a row's children; with `union`, rows seen are dropped.
fn rounds_by_hand(base: &[i64], step: impl Fn(i64) -> Vec<i64>, union: bool) -> Vec<u64> {
    let mut seen: HashSet<i64> = HashSet::new();
    let mut round: Vec<i64> = Vec::new();
    for &x in base {
        if !union || seen.insert(x) {
            round.push(x);
        }
    }
    let mut counts = vec![round.len() as u64];
    while !round.is_empty() {
        let mut made = Vec::new();
        for x in round.iter().flat_map(|&x| step(x)) {
            if !union || seen.insert(x) {
                made.push(x);
            }
        }
        counts.push(made.len() as u64);
        round = made;
    }
    counts
}

promise!(
    stepping_small_recursions_gives_the_standard_s_rounds_and_sqlite_s_rows,
    needs = [Chromium, SqlJs]
);
fn stepping_small_recursions_gives_the_standard_s_rounds_and_sqlite_s_rows() {
    let board = Board::new(8);
    let page = console_of(&board, &[]);
    let (_browser, tab) = open_console(&page, "", (1280, 900));
    let (counts, faithful) = rounds_of(
        &tab,
        "with recursive counter(x) as (select 1 union all select x + 1 from counter where x < 10) select * from counter",
    );
    assert_eq!(counts, [vec![1; 10], vec![0]].concat());
    assert_eq!(faithful, same_rows("counter", 10));
    // Fibonacci: round 19 holds (20, F19, F20).
    let (counts, faithful) = rounds_of(
        &tab,
        "with recursive fib(n, a, b) as (select 1, 0, 1 union all select n + 1, b, a + b from fib where n < 20) select a from fib",
    );
    assert_eq!(counts, [vec![1; 20], vec![0]].concat());
    assert_eq!(faithful, same_rows("fib", 20));
    press(&tab, "step-back");
    let row = eval(
        &tab,
        "[...document.querySelectorAll('#step-now tbody td')].map(td => td.textContent).join(' ')",
    );
    assert_eq!(row, "1 1 20 4181 6765");
    // UNION ALL keeps repeats; UNION drops a row seen before, in an
    // earlier round or earlier in its own.
    let children = |x: i64| if x < 4 { vec![x + 1, x + 2] } else { vec![] };
    for (joiner, total) in [("union all", 9), ("union", 5)] {
        let sql = format!(
            "with recursive t(x) as (select 1 {joiner} select x + d from t join (select 1 as d union all select 2) where x < 4) select * from t"
        );
        let (counts, faithful) = rounds_of(&tab, &sql);
        assert_eq!(
            counts,
            rounds_by_hand(&[1], children, joiner == "union"),
            "{joiner}"
        );
        assert_eq!(counts.iter().sum::<u64>(), total, "{joiner}");
        assert_eq!(faithful, same_rows("t", total));
    }
    // UNION tells rows apart as SQLite's does: by the column's collating
    // sequence ('A' is 'a' under NOCASE), 1.0 as 1, but '1' apart.
    let (counts, faithful) = rounds_of(
        &tab,
        "with recursive w(s) as (select 'a' collate nocase union select upper(s) from w union select s || 'a' from w where length(s) < 3) select * from w",
    );
    assert_eq!(counts, [1, 1, 1, 0]);
    assert_eq!(faithful, same_rows("w", 3));
    let (counts, faithful) = rounds_of(
        &tab,
        "with recursive v(x) as (select 1 union select 1.0 from v union select '1' from v) select * from v",
    );
    assert_eq!(counts, [1, 1, 0]);
    assert_eq!(faithful, same_rows("v", 2));
    // Two steps in one CTE: each runs over the round before.
    let (counts, faithful) = rounds_of(
        &tab,
        "with recursive t(x) as (select 1 union all select x * 2 from t where x < 50 union all select x * 3 from t where x < 50) select * from t",
    );
    let twice_thrice = |x: i64| if x < 50 { vec![x * 2, x * 3] } else { vec![] };
    assert_eq!(counts, rounds_by_hand(&[1], twice_thrice, false));
    assert_eq!(faithful, same_rows("t", counts.iter().sum()));
    // A walk over square_line: from a1, every square that shares a line
    // with a square reached, until none is new.
    let (counts, faithful) = rounds_of(
        &tab,
        "with recursive reached(square) as (select 'a1' union select other.square from reached join square_line as mine on mine.square = reached.square join square_line as other on other.anchor = mine.anchor and other.mov_dir = mine.mov_dir) select * from reached",
    );
    assert_eq!(counts, walk_by_hand(&board.db, "a1"));
    assert_eq!(faithful, same_rows("reached", 64));
}

/// The rounds of a walk from `start` over the lines of the board `db`
/// holds, breadth-first, read with rusqlite.
fn walk_by_hand(db: &Path, start: &str) -> Vec<u64> {
    let db = rusqlite::Connection::open(db).unwrap();
    let mut statement = db
        .prepare("select square, anchor || ' ' || mov_dir from square_line")
        .unwrap();
    let on: Vec<(String, String)> = statement
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let mut seen: HashSet<String> = HashSet::from([start.to_string()]);
    let mut round = vec![start.to_string()];
    let mut counts = vec![1];
    while !round.is_empty() {
        let lines: HashSet<&String> = (on.iter())
            .filter(|(square, _)| round.contains(square))
            .map(|(_, line)| line)
            .collect();
        round = (on.iter())
            .filter(|(_, line)| lines.contains(line))
            .filter(|&(square, _)| seen.insert(square.clone()))
            .map(|(square, _)| square.clone())
            .collect();
        counts.push(round.len() as u64);
    }
    counts
}

promise!(
    stepping_the_n_queens_searches_gives_the_funnel_s_levels,
    needs = [Chromium, SqlJs]
);
fn stepping_the_n_queens_searches_gives_the_funnel_s_levels() {
    let board = Board::new(8);
    let page = console_of(&board, &[]);
    let (_browser, tab) = open_console(&page, "", (1280, 900));
    // The bitmask search at 6×6: round k holds the placements of k queens.
    let (counts, faithful) = rounds_of(
        &tab,
        "with recursive rw(r) as (values (0), (1), (2), (3), (4), (5)),
         q(k, used_rows, rising, falling) as (
             select 0, 0, 0, 0
           union all
             select k + 1, used_rows | (1 << r), rising | (1 << (r + k)), falling | (1 << (r - k + 5))
             from q join rw
             where k < 6 and (used_rows >> r) & 1 = 0 and (rising >> (r + k)) & 1 = 0 and (falling >> (r - k + 5)) & 1 = 0)
         select count(*) from q where k = 6",
    );
    let six = placements_by_depth(6);
    assert_eq!(counts, [six.clone(), vec![0]].concat());
    assert_eq!(six[6], 4, "6×6 has 4 solutions");
    assert_eq!(faithful, same_rows("q", six.iter().sum()));
    // The model's own search, the view search_tree, as the database holds
    // it: round r holds the placements of r queens (the tree's nodes, the
    // root first), each of which tries queen r + 1 on every square of its
    // column; a placement of all 8 tries nothing, so the rounds end at 7.
    let definition: String = rusqlite::Connection::open(&board.db)
        .unwrap()
        .query_row(
            "select sql from sqlite_schema where name = 'search_tree'",
            [],
            |row| row.get(0),
        )
        .unwrap();
    let (counts, faithful) = rounds_of(&tab, &definition);
    let eight = placements_by_depth(8);
    let nodes = &eight[..8];
    assert_eq!(counts, [nodes, &[0]].concat());
    assert_eq!(faithful, same_rows("placement", nodes.iter().sum()));
    // Its rows are placements: round 3's first twelve drawn, three queens
    // on each board.
    for _ in 0..5 {
        press(&tab, "step-back");
    }
    assert_eq!(round_shown(&tab), "3");
    let drawn = eval(
        &tab,
        "[...document.querySelectorAll('#step-boards figure')].map(f => f.querySelectorAll('i.q').length).join(' ')",
    );
    assert_eq!(drawn, ["3"; 12].join(" "));
    eval(
        &tab,
        "document.getElementById('console-step').scrollIntoView()",
    );
    screenshot(&tab, &screenshots().join("console-step-search.png"));
}

/// Queries Step does not follow: each with the start of the reason it
/// says, and what Run gives for it (SQLite's own answer).
const REFUSED: [(&str, &str, &str); 9] = [
    (
        "select count(*) from square",
        "it has no WITH clause",
        "1 row.",
    ),
    (
        "with recursive t(x) as (select 1 union all select x + 1 from t order by 1 limit 5) select * from t",
        "its body has ORDER BY at its top level, which changes the order SQLite's queue takes rows in",
        "5 rows.",
    ),
    (
        "with recursive a(x) as (select 1 union all select x + 1 from b where x < 3), b(x) as (select x from a) select * from a",
        "a and b read each other (mutually recursive)",
        "Error: circular reference: a",
    ),
    (
        "with squares(s) as (select square from square) select count(*) from squares",
        "none of its common table expressions reads itself: its WITH holds no recursion",
        "1 row.",
    ),
    // SQLite recurses inside the subquery; Step follows the WITH at the
    // start only, and says so rather than that there is no recursion.
    (
        "with a(x) as (select 5) select * from (with recursive r(n) as (select 1 union all select n + 1 from r where n < 3) select * from r), a",
        "none of the common table expressions of the WITH at its start reads itself, and Step does not follow a WITH inside a subquery.",
        "3 rows.",
    ),
    (
        "select (with s(v) as (select 1) select v from s), n from (with recursive r(n) as (select 1 union all select n + 1 from r where n < 3) select * from r)",
        "its WITH is inside a subquery: Step follows the WITH at the start of a query only.",
        "3 rows.",
    ),
    (
        "with recursive t(x) as (select x from t) select * from t",
        "its first select reads t itself: there is no base to start from.",
        "Error: circular reference: t",
    ),
    (
        "with recursive t(x) as (select 1 union all select x + 1 from t where x < 3 union select x + 2 from t where x < 3) select count(*) from t",
        "its steps are joined by both UNION and UNION ALL.",
        "Error: circular reference: t",
    ),
    (
        "with recursive t(x) as (select 1; delete from square; select x + 1 from t where x < 3) select * from t",
        "its common table expression t holds a ';', which ends a statement inside it.",
        "Error: near \";\": syntax error",
    ),
];

/// Step refuses `sql` in one line, starting with `why`, and Run, pressed
/// after it, still gives `ran`.
fn refused_but_run(tab: &Tab, sql: &str, why: &str, ran: &str) {
    assert_eq!(step(tab, sql), "refused", "{sql}");
    let said = text_of(tab, "step-said");
    assert!(
        said.starts_with(&format!("Step cannot follow this query: {why}"))
            && said.ends_with("Run still runs it."),
        "{said}"
    );
    // Run still runs it: SQLite's own answer.
    press(tab, "console-run");
    wait_until("the query's answer", || {
        eval(tab, "document.getElementById('console-stop').disabled") == "true"
    });
    let answer = text_of(tab, "console-count") + &text_of(tab, "console-error");
    assert_eq!(answer, ran, "{sql}");
}

promise!(
    step_says_in_one_line_why_it_cannot_follow_a_query_and_run_still_runs_it,
    needs = [Chromium, SqlJs]
);
fn step_says_in_one_line_why_it_cannot_follow_a_query_and_run_still_runs_it() {
    let board = Board::new(8);
    let page = console_of(&board, &[]);
    // At a phone's width.
    let (_browser, tab) = open_console(&page, "", (390, 844));
    for (sql, why, ran) in REFUSED {
        refused_but_run(&tab, sql, why, ran);
    }
    // A base SQLite cannot run: its error, in one line.
    assert_eq!(
        step(
            &tab,
            "with recursive t(x) as (select nothing_here union all select x + 1 from t) select 1"
        ),
        "ended"
    );
    assert_eq!(
        text_of(&tab, "step-said"),
        "Step cannot run this query. Error: no such column: nothing_here"
    );
    // A step that reads the working table twice: its rows name no parent,
    // and SQLite's own run refuses the query, which the check says.
    let (counts, faithful) = rounds_of(
        &tab,
        "with recursive t(x) as (select 1 union all select a.x + b.x from t as a, t as b where a.x < 8) select * from t",
    );
    assert_eq!(counts, [1, 1, 1, 1, 0]);
    press(&tab, "step-back");
    assert_eq!(
        text_of(&tab, "step-why"),
        "Which row each comes from cannot be told: a step reads t 2 times."
    );
    assert_eq!(
        faithful,
        "SQLite's own run of t fails: multiple references to recursive table: t"
    );
    assert_eq!(
        eval(&tab, "document.documentElement.scrollWidth <= innerWidth"),
        "true",
        "the page scrolls sideways at 390 px"
    );
    eval(
        &tab,
        "document.getElementById('console-sql').scrollIntoView()",
    );
    screenshot(&tab, &screenshots().join("console-step-phone.png"));
}

promise!(
    an_endless_recursion_plays_until_stopped_and_each_row_names_its_parent,
    needs = [Chromium, SqlJs]
);
fn an_endless_recursion_plays_until_stopped_and_each_row_names_its_parent() {
    let board = Board::new(8);
    let page = console_of(&board, &[]);
    let (_browser, tab) = open_console(&page, "", (1280, 900));
    assert_eq!(
        step(
            &tab,
            "with recursive r(i) as (select 1 union all select i + 1 from r) select count(*) from r"
        ),
        "shown"
    );
    press(&tab, "step-play");
    wait_until("round 3 played", || {
        round_shown(&tab).parse::<u32>().unwrap_or(0) >= 3
    });
    press(&tab, "step-stop");
    // (A round SQLite was working on when Stop was pressed is still shown.)
    wait_until("playing stopped", || state(&tab) == "shown");
    let stopped: u32 = round_shown(&tab).parse().unwrap();
    // Stopped, it goes on only when asked: one round for one Next, by
    // keyboard (Enter on Next, then → and ←).
    eval(&tab, "document.getElementById('step-next').focus()");
    tab.press_key("Enter").unwrap();
    wait_until("the round after the stop", || {
        round_shown(&tab) == (stopped + 1).to_string() && state(&tab) == "shown"
    });
    assert_eq!(
        eval(
            &tab,
            "document.querySelector('#step-now tbody td:nth-child(3)').textContent"
        ),
        (stopped + 2).to_string()
    );
    tab.press_key("ArrowLeft").unwrap();
    assert_eq!(round_shown(&tab), stopped.to_string());
    tab.press_key("ArrowRight").unwrap();
    assert_eq!(round_shown(&tab), (stopped + 1).to_string());
    each_row_names_its_parent(&tab);
}

promise!(
    big_rounds_run_whole_and_a_round_too_big_to_hold_ends_stepping,
    needs = [Chromium, SqlJs]
);
fn big_rounds_run_whole_and_a_round_too_big_to_hold_ends_stepping() {
    let board = Board::new(8);
    let page = console_of(&board, &[]);
    let (_browser, tab) = open_console(&page, "", (1280, 900));
    // 64 × 64 × 8 rows in round 0: too many to run each apart, so round 1
    // runs whole and names no parents, and says why.
    let (counts, faithful) = rounds_of(
        &tab,
        "with recursive w(a, b, c, k) as (select a.square, b.square, c.square, 0 from square as a, square as b, square as c where c.cl_no = 1 union all select a, b, c, k + 1 from w where k < 1) select count(*) from w",
    );
    assert_eq!(counts, [32_768, 32_768, 0]);
    assert_eq!(faithful, same_rows("w", 65_536));
    press(&tab, "step-back");
    assert_eq!(
        text_of(&tab, "step-why"),
        "Which row each comes from is not shown: the round before has too many rows to run each apart."
    );
    assert_eq!(
        eval(
            &tab,
            "document.querySelectorAll('#step-now tr[tabindex]').length"
        ),
        "0"
    );
    // 64⁴ rows in round 0: more than a round may hold.
    assert_eq!(
        step(
            &tab,
            "with recursive big(x) as (select 1 from square as a, square as b, square as c, square as d union all select x from big) select 1"
        ),
        "ended"
    );
    assert_eq!(
        text_of(&tab, "step-said"),
        "Round 0 has more than 1,000,000 rows, too many to hold: stepping ends here."
    );
    // A round that takes too long (64⁵ rows counted): the console's own
    // Stop ends it, and the stepper says the working table went.
    assert_eq!(
        step(
            &tab,
            "with recursive slow(x) as (select 1 union all select (select count(*) from square as a, square as b, square as c, square as d, square as e) from slow where x = 1) select 1"
        ),
        "shown"
    );
    press(&tab, "step-next");
    assert_eq!(state(&tab), "waiting");
    press(&tab, "console-stop");
    wait_until("SQLite again after Stop", || {
        text_of(&tab, "console-state").contains("is ready again")
    });
    assert_eq!(state(&tab), "ended");
    assert_eq!(
        text_of(&tab, "step-said"),
        "Stopped at round 0. SQLite started again, and the working table went with it: Step again to go on."
    );
    assert_eq!(
        eval(&tab, "document.getElementById('step-next').disabled"),
        "true"
    );
}

/// Where each row comes from: round 2 of x → x + 1, x + 2 from 1 is 3,
/// 4 (from 2) and 4, 5 (from 3); row 3, a 4, comes from row 2, the 3.
fn each_row_names_its_parent(tab: &Tab) {
    step(
        tab,
        "with recursive t(x) as (select 1 union all select x + d from t join (select 1 as d union all select 2) where x < 4) select * from t",
    );
    next(tab);
    next(tab);
    click(tab, "#step-now tbody tr:nth-child(3)");
    assert_eq!(
        eval(
            tab,
            "[...document.querySelectorAll('#step-before tr.parent td')].map(td => td.textContent).join(' ')"
        ),
        "2 1 3"
    );
    assert_eq!(
        text_of(tab, "step-picked"),
        "Row 3 of round 2 comes from row 2 of round 1, lit."
    );
    // By keyboard: Enter on a row picks it.
    eval(
        tab,
        "document.querySelector('#step-now tbody tr:nth-child(2)').focus()",
    );
    tab.press_key("Enter").unwrap();
    assert_eq!(
        text_of(tab, "step-picked"),
        "Row 2 of round 2 comes from row 1 of round 1, lit."
    );
    eval(
        tab,
        "document.querySelector('#step-now tbody tr:nth-child(3)').click()",
    );
    eval(
        tab,
        "document.getElementById('console-sql').scrollIntoView()",
    );
    screenshot(tab, &screenshots().join("console-step-parent.png"));
}

/// Runs `sql` in the console (Run pressed by the page's click()): the
/// first cell of its answer, and its error line.
fn ran(tab: &Tab, sql: &str) -> (String, String) {
    let quoted = serde_json::to_string(sql).unwrap();
    eval(
        tab,
        &format!(
            "(t => {{ t.value = {quoted}; t.dispatchEvent(new Event('input')); }})(document.getElementById('console-sql'))"
        ),
    );
    press(tab, "console-run");
    wait_until("the query's answer", || !busy(tab));
    let cell = eval(
        tab,
        "(td => td ? td.textContent : '')(document.querySelector('#console-rows tbody td'))",
    );
    (cell, text_of(tab, "console-error"))
}

/// What of the console's database a learner can see that Step could
/// touch: the databases attached, the temp schema, and a table's rows.
const LEARNER_S: &str =
    "select (select group_concat(seq || ' ' || name, ', ') from pragma_database_list)
    || ' | ' || (select group_concat(type || ' ' || name, ', ') from sqlite_temp_master)
    || ' | ' || (select group_concat(mine) from queens_stepper_every)";

promise!(
    step_leaves_the_learner_s_tables_as_they_were,
    needs = [Chromium, SqlJs]
);
/// Step runs on the console's own database, where the learner's queries
/// ran: the learner's temp tables, attached databases and rows, even
/// under the names Step's own tables would take, are read by the query
/// stepped and are as they were while stepping (a Run between rounds),
/// after Stop and after the last round; a Run ends stepping.
fn step_leaves_the_learner_s_tables_as_they_were() {
    let board = Board::new(8);
    let page = console_of(&board, &[]);
    let (_browser, tab) = open_console(&page, "", (1280, 900));
    let (_, error) = ran(
        &tab,
        "create temp table queens_stepper_every (mine); insert into queens_stepper_every values ('kept');
         create temp table queens_stepper_1_work (mine); insert into queens_stepper_1_work values (1);
         attach ':memory:' as queens_stepper_2; create table queens_stepper_2.queens_stepper_2_raw (mine);
         insert into queens_stepper_2.queens_stepper_2_raw values (2)",
    );
    assert_eq!(error, "");
    let (before, error) = ran(&tab, LEARNER_S);
    assert_eq!(error, "");
    assert_eq!(
        before,
        "0 main, 1 temp, 2 queens_stepper_2 | table queens_stepper_every, table queens_stepper_1_work | kept"
    );
    // Mid-stepping, after Stop: an endless recursion through the
    // learner's three tables, played for two rounds and stopped.
    assert_eq!(
        step(
            &tab,
            "with recursive r(i) as (select 1 union all select i + 1 from r, queens_stepper_every, queens_stepper_1_work, queens_stepper_2_raw) select count(*) from r"
        ),
        "shown"
    );
    press(&tab, "step-play");
    wait_until("round 2 played", || {
        round_shown(&tab).parse::<u32>().unwrap_or(0) >= 2
    });
    press(&tab, "step-stop");
    wait_until("playing stopped", || state(&tab) == "shown");
    assert_eq!(ran(&tab, LEARNER_S), (before.clone(), String::new()));
    // The Run ended stepping: Next asks for no round of it.
    assert_eq!(
        eval(&tab, "document.getElementById('step-next').disabled"),
        "true"
    );
    // After the last round.
    let (counts, faithful) = rounds_of(
        &tab,
        "with recursive r(n) as (select 1 union all select n + 1 from r, queens_stepper_every, queens_stepper_1_work, queens_stepper_2_raw where n < 3) select * from r",
    );
    assert_eq!(counts, [1, 1, 1, 0]);
    assert_eq!(faithful, same_rows("r", 3));
    assert_eq!(ran(&tab, LEARNER_S), (before, String::new()));
}

/// Recursive queries whose step reads the CTE in a form SQLite accepts:
/// in parentheses, under another name, past comments, quoted, in
/// brackets and in capitals.
const READ_AS_SQLITE_READS: [&str; 5] = [
    "with recursive r(n) as (select 1 union all select n + 1 from (r) where n < 3) select * from r",
    "with recursive r(n) as (select 1 union all select x.n + 1 from r as x where x.n < 3) select * from r",
    "with recursive r(n) as (select 1 union all select n + 1 from /* from */ r -- r\n where n < 3) select * from r",
    "with recursive r(n) as (select 1 union all select n + 1 from \"r\" where n < 3) select * from r",
    "with recursive r(n) as (select 1 union all select n + 1 from [R] where n < 3) select * from r",
];

promise!(
    step_says_no_recursion_only_where_sqlite_finds_none,
    needs = [Chromium, SqlJs]
);
/// Which selects read the CTE is SQLite's word, not a guess from the
/// text: where SQLite recurses, Step steps the same rows; where it does
/// not (the name only in a comment, or `main.r`, a table that is not the
/// CTE), Step says so or gives SQLite's own error.
fn step_says_no_recursion_only_where_sqlite_finds_none() {
    let board = Board::new(8);
    let page = console_of(&board, &[]);
    let (_browser, tab) = open_console(&page, "", (1280, 900));
    for sql in READ_AS_SQLITE_READS {
        assert_eq!(
            ran(&tab, &format!("select count(*) from ({sql})")),
            ("3".into(), String::new()),
            "{sql}"
        );
        let (counts, faithful) = rounds_of(&tab, sql);
        assert_eq!(counts, [1, 1, 1, 0], "{sql}");
        assert_eq!(faithful, same_rows("r", 3), "{sql}");
    }
    let sql = "with recursive r(n) as (select 1 union all select 2 /* from r */) select * from r";
    assert_eq!(
        ran(&tab, &format!("select count(*) from ({sql})")),
        ("2".into(), String::new())
    );
    assert_eq!(step(&tab, sql), "refused");
    assert!(
        text_of(&tab, "step-said").starts_with(
            "Step cannot follow this query: none of its common table expressions reads itself"
        ),
        "{}",
        text_of(&tab, "step-said")
    );
    let sql = "with recursive r(n) as (select 1 union all select n + 1 from main.r where n < 3) select * from r";
    assert_eq!(ran(&tab, sql).1, "Error: no such table: main.r");
    assert_eq!(step(&tab, sql), "ended");
    assert_eq!(
        text_of(&tab, "step-said"),
        "Step cannot run this query. Error: no such table: main.r"
    );
}
