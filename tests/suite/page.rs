//! The page of `queens export --format html`, used as a person uses it: in
//! Debian's chromium (headless), driven through the DevTools protocol. Its
//! sentences are held against the CLI's own (`check`, `complete`, `show`),
//! so the page and the command line cannot drift apart. The file itself is checked without a browser: nothing in it loads from
//! the network, and keeps to its size.

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use common::{Board, text};

/// Writes the page of `board` and returns its path.
fn page_of(board: &Board) -> PathBuf {
    let page = board.dir.path().join("q.html");
    let out = board.run(&["export", "--out", page.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    page
}

/// The page of the 12×12 board, exported once for the tests that only read
/// it: its tally takes a debug build some 18 s. Kept in Cargo's scratch
/// folder for tests, under one name, put in place whole (a rename).
fn page_12() -> &'static Path {
    static PAGE: OnceLock<PathBuf> = OnceLock::new();
    PAGE.get_or_init(|| {
        let board = Board::new(12);
        let scratch = Path::new(env!("CARGO_TARGET_TMPDIR"));
        let mine = scratch.join(format!("page-12x12.{}.html", std::process::id()));
        std::fs::copy(page_of(&board), &mine).unwrap();
        let page = scratch.join("page-12x12.html");
        std::fs::rename(&mine, &page).unwrap();
        page
    })
}

/// The page of an `n`×`n` board: `board`'s, or the shared one of 12×12.
fn page_of_size(n: u8) -> (Option<Board>, PathBuf) {
    if n == 12 {
        return (None, page_12().to_path_buf());
    }
    let board = Board::new(n);
    let page = page_of(&board);
    (Some(board), page)
}

promise!(the_page_loads_nothing_from_the_network_and_stays_small);
fn the_page_loads_nothing_from_the_network_and_stays_small() {
    // 8×8 under 100 KB and 12×12 under 2 MiB, the
    // search's tally and the views' SQL included.
    for (n, most) in [(1u8, 100_000), (8, 100_000), (12, 2 << 20)] {
        let (_board, page) = page_of_size(n);
        let page = std::fs::read_to_string(page).unwrap();
        for needle in common::LOADS_FROM_THE_NETWORK {
            assert!(!page.contains(needle), "{n}×{n}: the page holds {needle}");
        }
        assert!(page.len() < most, "{n}×{n}: {} bytes", page.len());
    }
}

promise!(boards_the_page_cannot_hold_and_choices_it_does_not_take_are_refused);
fn boards_the_page_cannot_hold_and_choices_it_does_not_take_are_refused() {
    let board = Board::new(8);
    let out = board.run(&["export", "--format", "html", "--solution", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("the html page holds every solution"));
    let big = Board::new(14);
    let out = big.run(&["export", "--out", "big.html"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr).lines().count(),
        1,
        "{}",
        text(&out.stderr)
    );
    assert!(text(&out.stderr).contains("up to 13×13"));
    assert!(!big.dir.path().join("big.html").exists());
}

mod in_chromium {
    use super::*;

    use std::sync::Arc;

    use common::chromium::{ModifierKey, Tab};
    use headless_chrome::protocol::cdp::Emulation::SetTouchEmulationEnabled;
    use headless_chrome::protocol::cdp::Input::{
        DispatchTouchEvent, DispatchTouchEventTypeOption, TouchPoint,
    };

    use common::chromium::{Chromium, click, element, eval, open_at, screenshot, text_of};

    /// The widths every interaction is tried at: a desktop and a phone.
    const WIDTHS: [(u32, u32); 2] = [(1280, 900), (390, 844)];

    fn open(page: &Path, size: (u32, u32)) -> (Chromium, Arc<Tab>) {
        open_at(page, "", size)
    }

    fn square(name: &str) -> String {
        format!("button[data-square=\"{name}\"]")
    }

    /// The names of the board's squares that match `selector`, sorted.
    fn squares_where(tab: &Tab, selector: &str) -> String {
        eval(
            tab,
            &format!(
                "[...document.querySelectorAll('#board .sq{selector}')].map(b => b.dataset.square).sort().join(' ')"
            ),
        )
    }

    fn is_disabled(tab: &Tab, id: &str) -> bool {
        eval(tab, &format!("document.getElementById('{id}').disabled")) == "true"
    }

    /// What the CLI prints for `args` on `board`, first line (`check`
    /// exits 1 for a placement with attacks, and says so).
    fn cli(board: &Board, args: &[&str]) -> String {
        let out = board.run(args);
        let said = text(&out.stdout);
        said.lines()
            .next()
            .unwrap_or_else(|| panic!("{args:?}: {}", text(&out.stderr)))
            .to_string()
    }

    promise!(
        pointing_placing_completing_and_stepping_say_what_the_cli_says,
        needs = [Chromium]
    );
    fn pointing_placing_completing_and_stepping_say_what_the_cli_says() {
        let board = Board::new(8);
        let page = page_of(&board);
        for size in WIDTHS {
            let (_browser, tab) = open(&page, size);
            pointing_at_c5_lights_its_four_lines_until_the_pointer_leaves(&tab);
            placing_c5_and_f2_shows_the_conflict_check_prints(&tab, &board);
            c8_alone_has_the_completions_complete_lists(&tab, &board);
            stepping_through_solutions_keeps_the_users_queens_until_asked(&tab, &board);
        }
        let (_browser, tab) = open(&page, WIDTHS[1]);
        a_tap_places_a_queen_and_leaves_no_line_lit(&tab);
    }

    /// Pointing at c5 lights its four lines and lists them as the seed
    /// does; they go out when the pointer leaves the board.
    fn pointing_at_c5_lights_its_four_lines_until_the_pointer_leaves(tab: &Tab) {
        element(tab, &square("c5")).move_mouse_over().unwrap();
        assert_eq!(
            text_of(tab, "pointed"),
            "L(c5) = (a5, RGHT) (c1, UP) (a3, RGHT-UP) (a7, RGHT-DN)"
        );
        let lit = eval(tab, "document.querySelectorAll('.sq.on').length");
        assert_eq!(lit, "26", "the squares of c5's four lines, c5 once");
        element(tab, "h1").move_mouse_over().unwrap();
        assert_eq!(eval(tab, "document.querySelectorAll('.sq.on').length"), "0");
    }

    /// c5 then f2: the conflict in the words of `queens check`, the line
    /// they share singled out, and the completion buttons, which can do
    /// nothing, disabled.
    fn placing_c5_and_f2_shows_the_conflict_check_prints(tab: &Tab, board: &Board) {
        click(tab, &square("c5"));
        click(tab, &square("f2"));
        assert_eq!(
            text_of(tab, "conflicts"),
            cli(board, &["check", "c5", "f2"])
        );
        assert!(text_of(tab, "covered").contains("(a7, RGHT-DN)"));
        let marked = eval(
            tab,
            "[...document.querySelectorAll('.sq.hit')].every(b => b.textContent.includes('×') && b.getAttribute('aria-label').includes('attacked'))",
        );
        assert_eq!(
            marked, "true",
            "attacked squares are marked by more than colour"
        );
        assert_eq!(squares_where(tab, ".path"), "a7 b6 c5 d4 e3 f2 g1");
        let named = eval(
            tab,
            "[...document.querySelectorAll('.sq.path')].every(b => b.getAttribute('aria-label').includes('on the line of a conflict'))",
        );
        assert_eq!(named, "true");
        for id in ["comp-prev", "comp-next", "comp-place"] {
            assert!(is_disabled(tab, id), "{id} can do nothing here");
        }
        assert!(!is_disabled(tab, "clear"));
    }

    /// c8 alone: as many completions as `queens complete c8` lists, and
    /// stepping to the next shows another solution containing c8, its
    /// queens drawn apart from the user's.
    fn c8_alone_has_the_completions_complete_lists(tab: &Tab, board: &Board) {
        click(tab, "#clear");
        assert!(is_disabled(tab, "clear"));
        click(tab, &square("c8"));
        let completions = board.run(&["complete", "c8", "--format", "csv"]);
        let listed = text(&completions.stdout).lines().count() - 1;
        assert_eq!(listed, 16);
        let said = text_of(tab, "completions");
        assert!(said.starts_with("16 solutions complete it"), "{said}");
        assert!(!is_disabled(tab, "comp-next") && !is_disabled(tab, "comp-place"));
        click(tab, "#comp-next");
        let said = text_of(tab, "completions");
        assert!(said.contains("(2 of 16)"), "{said}");
        assert_eq!(squares_where(tab, ".ghost").split(' ').count(), 7);
        assert_eq!(squares_where(tab, ".path"), "", "no two queens attack");
    }

    /// The last solution, as `queens show` numbers and classes it; the
    /// user's queen stays on the board until they choose to replace it.
    fn stepping_through_solutions_keeps_the_users_queens_until_asked(tab: &Tab, board: &Board) {
        // The command is shown as code, as everywhere on the page.
        assert_eq!(
            eval(tab, "document.querySelector('#sol-count code').textContent"),
            "queens show"
        );
        assert_eq!(
            text_of(tab, "sol-count"),
            "The board has 92 solutions, numbered in board order as queens show numbers them."
        );
        click(tab, "#sol-last");
        let shown = text(&board.run(&["show", "92"]).stdout);
        assert_eq!(text_of(tab, "sol-shown"), shown.lines().next().unwrap());
        assert_eq!(text_of(tab, "sol-class"), shown.lines().last().unwrap());
        assert_eq!(
            squares_where(tab, ".queen"),
            "c8",
            "stepping moves no queen"
        );
        assert!(is_disabled(tab, "sol-next") && !is_disabled(tab, "sol-first"));
        click(tab, "#sol-show");
        assert_eq!(
            eval(tab, "document.getElementById('sol-ask').hidden"),
            "false"
        );
        assert!(text_of(tab, "sol-ask-text").contains("your queen c8"));
        click(tab, "#sol-keep");
        assert_eq!(squares_where(tab, ".queen"), "c8");
        click(tab, "#sol-show");
        click(tab, "#sol-replace");
        assert_eq!(squares_where(tab, ".queen"), "a8 b4 c1 d3 e6 f2 g7 h5");
        assert_eq!(
            eval(
                tab,
                "document.querySelectorAll('#sol-images figure').length"
            ),
            "8"
        );
    }

    /// On a phone a tap places a queen and lights no line afterwards.
    fn a_tap_places_a_queen_and_leaves_no_line_lit(tab: &Tab) {
        tab.call_method(SetTouchEmulationEnabled {
            enabled: true,
            max_touch_points: Some(1),
        })
        .unwrap();
        let centre = eval(
            tab,
            "(r => [r.left + r.width / 2, r.top + r.height / 2].join())(document.querySelector('[data-square=e4]').getBoundingClientRect())",
        );
        let (x, y) = centre.split_once(',').unwrap();
        let point: TouchPoint = serde_json::from_value(
            serde_json::json!({"x": x.parse::<f64>().unwrap(), "y": y.parse::<f64>().unwrap()}),
        )
        .unwrap();
        // Chromium makes the tap's click once the touch has ended and it
        // has told a tap from a drag: the test waits for that click, as it
        // reaches the window after the square's own handler.
        eval(
            tab,
            "window.tapped = new Promise(done => addEventListener('click', () => done(true), {once: true})); 0",
        );
        for (kind, points) in [
            (DispatchTouchEventTypeOption::TouchStart, vec![point]),
            (DispatchTouchEventTypeOption::TouchEnd, vec![]),
        ] {
            tab.call_method(DispatchTouchEvent {
                Type: kind,
                touch_points: points,
                modifiers: None,
                timestamp: None,
            })
            .unwrap();
        }
        tab.evaluate("window.tapped", true).unwrap();
        assert_eq!(squares_where(tab, ".queen"), "e4", "the tap placed e4");
        assert_eq!(eval(tab, "document.querySelectorAll('.sq.on').length"), "0");
    }
    /// Presses Tab until `done` holds for the focused element, at most
    /// `most` times; how many it took.
    fn tab_until(tab: &Tab, done: &str, most: usize) -> usize {
        for pressed in 1..=most {
            tab.press_key("Tab").unwrap();
            if eval(tab, &format!("(e => {done})(document.activeElement)")) == "true" {
                return pressed;
            }
        }
        panic!("{done}: not reached in {most} presses of Tab");
    }

    fn focused(tab: &Tab) -> String {
        eval(
            tab,
            "document.activeElement.id || document.activeElement.dataset.square || document.activeElement.tagName",
        )
    }

    promise!(
        the_keyboard_alone_does_what_the_mouse_does,
        needs = [Chromium]
    );
    fn the_keyboard_alone_does_what_the_mouse_does() {
        let board = Board::new(8);
        let page = page_of(&board);
        for size in WIDTHS {
            let (_browser, tab) = open(&page, size);
            the_board_is_one_tab_stop_with_arrows_inside(&tab);
            the_walk_steps_plays_and_resets_from_the_keyboard(&tab);
            the_sql_opens_from_the_keyboard(&tab);
        }
    }

    fn the_board_is_one_tab_stop_with_arrows_inside(tab: &Tab) {
        let names = eval(
            tab,
            "[...document.querySelectorAll('.sq')].every(b => b.getAttribute('aria-label').startsWith(b.dataset.square + ','))",
        );
        assert_eq!(
            names, "true",
            "each square's accessible name begins with its name"
        );
        tab.press_key("Tab").unwrap();
        assert_eq!(focused(tab), "a8");
        tab.press_key("ArrowDown").unwrap();
        tab.press_key("ArrowRight").unwrap();
        assert_eq!(focused(tab), "b7");
        assert!(text_of(tab, "pointed").starts_with("L(b7) = "));
        tab.press_key("Enter").unwrap();
        let label = "document.activeElement.getAttribute('aria-label')";
        assert!(eval(tab, label).starts_with("b7, queen"));
        tab.press_key(" ").unwrap();
        assert!(eval(tab, label).starts_with("b7, free"));
        tab.press_key("Tab").unwrap();
        assert_eq!(
            eval(tab, "document.activeElement.classList.contains('sq')"),
            "false",
            "one Tab leaves the board"
        );
        assert_eq!(eval(tab, "document.querySelectorAll('.sq.on').length"), "0");
        tab.press_key_with_modifiers("Tab", Some(&[ModifierKey::Shift]))
            .unwrap();
        assert_eq!(focused(tab), "b7", "back to the square last moved to");
    }

    fn the_walk_steps_plays_and_resets_from_the_keyboard(tab: &Tab) {
        let presses = tab_until(tab, "e.id === 'walk-step'", 40);
        assert!(
            presses < 20,
            "{presses} presses of Tab from the board to the walk"
        );
        tab.press_key("Enter").unwrap();
        assert!(text_of(tab, "walk-said").starts_with("Step 1: a1 ✓ placed"));
        for _ in 0..3 {
            tab.press_key("ArrowRight").unwrap();
        }
        assert!(text_of(tab, "walk-said").starts_with("Step 4: b3 ✓ placed"));
        tab.press_key("ArrowLeft").unwrap();
        assert_eq!(
            text_of(tab, "walk-said"),
            "Step 3: b2 × (a1, RGHT-UP), the queen on a1."
        );
        // Playing changes the button's words, never the layout.
        let layout = "['walk-play', 'walk-speed', 'walk-count'].map(id => (r => [r.left, r.top, r.width].join())(document.getElementById(id).getBoundingClientRect())).join(' ')";
        let still = eval(tab, layout);
        tab.press_key("p").unwrap();
        assert_eq!(text_of(tab, "walk-play"), "❚❚ pause");
        assert_eq!(
            eval(tab, layout),
            still,
            "the players moved when play became pause"
        );
        // Playing goes on from step 3: wait for the fourth record, however
        // slowly the page plays on this machine.
        common::wait_until("the walk to play its fourth step", || {
            eval(tab, "queens.walk.records.length")
                .parse::<u64>()
                .unwrap()
                > 3
        });
        tab.press_key("p").unwrap();
        assert_eq!(text_of(tab, "walk-play"), "▶ play");
        tab.press_key("r").unwrap();
        assert!(text_of(tab, "walk-count").starts_with("squares tried 0 "));
        let speed = tab_until(tab, "e.id === 'walk-speed'", 5);
        assert!(speed <= 5);
        tab.press_key("ArrowRight").unwrap();
        assert_eq!(
            eval(tab, "document.getElementById('walk-speed').value"),
            "3"
        );
    }

    fn the_sql_opens_from_the_keyboard(tab: &Tab) {
        tab_until(
            tab,
            "e.tagName === 'SUMMARY' && e.parentElement.dataset.relation === 'search_tree'",
            10,
        );
        tab.press_key("Enter").unwrap();
        let open = "document.querySelector('details[data-relation=search_tree]').open";
        assert_eq!(eval(tab, open), "true");
        tab.press_key("Enter").unwrap();
        assert_eq!(eval(tab, open), "false", "collapsed again");
    }

    promise!(
        the_address_keeps_the_queens_and_opening_it_places_them,
        needs = [Chromium]
    );
    fn the_address_keeps_the_queens_and_opening_it_places_them() {
        let board = Board::new(8);
        let page = page_of(&board);
        for size in WIDTHS {
            let (_browser, tab) = open_at(&page, "#queens=c5,f2", size);
            assert_eq!(text_of(&tab, "placed"), "2 queens: c5 f2");
            assert_eq!(
                text_of(&tab, "conflicts"),
                cli(&board, &["check", "c5", "f2"])
            );
            assert_eq!(
                text_of(&tab, "from-address"),
                "Placed from the address: c5 f2."
            );
            click(&tab, &square("b1"));
            assert_eq!(eval(&tab, "location.hash"), "#queens=b1,c5,f2");
            click(&tab, "#clear");
            assert_eq!(eval(&tab, "location.hash"), "");
            go_to(&tab, "#queens=d4,z9");
            assert_eq!(text_of(&tab, "placed"), "1 queen: d4");
            assert_eq!(
                text_of(&tab, "from-address"),
                "Placed from the address: d4; z9 is not a square of this 8×8 board."
            );
        }
    }

    /// Sets the address's fragment and waits for the page's own
    /// `hashchange` listener to have run (a listener added after it runs
    /// after it), without a clock.
    fn go_to(tab: &Tab, fragment: &str) {
        let script = format!(
            "new Promise(done => {{ addEventListener('hashchange', () => done(true), {{ once: true }}); \
             location.hash = {fragment:?}; }})"
        );
        tab.evaluate(&script, true).unwrap();
    }

    // From an attack: `#queens=c5,f2%` threw URIError in decodeURIComponent
    // before the hashchange listener was installed, so the position was
    // dropped without a word and no later address was read until a reload.
    promise!(
        any_address_is_said_in_one_line_and_the_page_goes_on,
        needs = [Chromium]
    );
    fn any_address_is_said_in_one_line_and_the_page_goes_on() {
        let board = Board::new(8);
        let page = page_of(&board);
        for opening in ["#queens=c5,f2%", "#100%", "#%E0%A4%A"] {
            let (_browser, tab) = open_at(&page, opening, WIDTHS[1]);
            assert_eq!(text_of(&tab, "placed"), "No queen placed.", "{opening}");
            assert!(
                text_of(&tab, "from-address").contains("is not an address this page can read"),
                "{opening}: {}",
                text_of(&tab, "from-address")
            );
            go_to(&tab, "#queens=c5,f2");
            assert_eq!(
                text_of(&tab, "placed"),
                "2 queens: c5 f2",
                "after {opening}"
            );
            go_to(&tab, "#queens=z99");
            assert_eq!(text_of(&tab, "placed"), "2 queens: c5 f2", "kept");
            assert_eq!(
                text_of(&tab, "from-address"),
                "Nothing placed from the address; z99 is not a square of this 8×8 board."
            );
            go_to(&tab, "#queens=a1,a1");
            assert_eq!(text_of(&tab, "placed"), "2 queens: c5 f2", "kept");
            assert_eq!(
                text_of(&tab, "from-address"),
                "The address names a1 twice: a square holds one queen; nothing placed from it."
            );
            go_to(&tab, "#queens=d4");
            assert_eq!(text_of(&tab, "placed"), "1 queen: d4");
            // Every address is answered, the same position again too (a
            // line about the address before it was left standing).
            for (fragment, said) in [
                ("#queens=d4,d4", "The address names d4 twice"),
                ("#queens=d4", "Placed from the address: d4."),
                ("#queens=", "The address names no square"),
                ("#hello", "#hello is not a position"),
                ("#Queens=c5", "#Queens=c5 is not a position"),
            ] {
                go_to(&tab, fragment);
                assert!(
                    text_of(&tab, "from-address").starts_with(said),
                    "{fragment}: {}",
                    text_of(&tab, "from-address")
                );
                assert_eq!(text_of(&tab, "placed"), "1 queen: d4", "{fragment}");
            }
        }
        // Opened with an empty position or another fragment, it says so too.
        for (opening, said) in [
            ("#queens=", "The address names no square"),
            ("#hello", "#hello is not a position"),
        ] {
            let (_browser, tab) = open_at(&page, opening, WIDTHS[0]);
            assert!(text_of(&tab, "from-address").starts_with(said), "{opening}");
        }
    }

    promise!(
        the_walk_is_search_tree_in_depth_first_order,
        needs = [Chromium]
    );
    fn the_walk_is_search_tree_in_depth_first_order() {
        let board = Board::new(8);
        let page = page_of(&board);
        for size in WIDTHS {
            let (_browser, tab) = open(&page, size);
            let mut said = Vec::new();
            for _ in 0..4 {
                click(&tab, "#walk-step");
                said.push(text_of(&tab, "walk-said"));
            }
            assert_eq!(
                said,
                [
                    "Step 1: a1 ✓ placed: the first queen.",
                    "Step 2: b1 × (a1, RGHT), the queen on a1.",
                    "Step 3: b2 × (a1, RGHT-UP), the queen on a1.",
                    "Step 4: b3 ✓ placed: no line of a1 meets L(b3).",
                ]
            );
            assert_eq!(
                text_of(&tab, "walk-count"),
                "squares tried 4 · placements alive 2 · solutions found 0"
            );
            let drawn = "[...document.querySelectorAll('#walk-board i')].filter(d => d.textContent === '♛').map(d => d.dataset.square).sort().join(' ')";
            assert_eq!(eval(&tab, drawn), "a1 b3");
            click(&tab, "#walk-back");
            let line = "[...document.querySelectorAll('#walk-board i.kl')].map(d => d.dataset.square).sort().join(' ')";
            assert_eq!(
                eval(&tab, line),
                "a1 b2 c3 d4 e5 f6 g7 h8",
                "the line that kills b2"
            );
            click(&tab, "#walk-reset");
            assert!(is_disabled(&tab, "walk-back"));
        }
        let (_browser, tab) = open(&page, WIDTHS[0]);
        every_step_of_the_walk_is_a_row_of_search_tree(&tab, &board);
    }

    /// All 15,720 tries, each as search_tree has it, in the order of the
    /// queens' rows; the counters at the end are the view's sums.
    fn every_step_of_the_walk_is_a_row_of_search_tree(tab: &Tab, board: &Board) {
        let rows = (1..=8)
            .map(|k| format!("cast(substr(s{k}, 2) as integer)"))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "select case queens {} end, placed, coalesce(anchor, ''), coalesce(mov_dir, ''), coalesce(attacker, '') \
             from search_tree order by {rows}",
            (1..=8)
                .map(|k| format!("when {k} then s{k}"))
                .collect::<Vec<_>>()
                .join(" ")
        );
        let expected: Vec<String> = board.rows(&sql).iter().map(|r| r.join("|")).collect();
        assert_eq!(expected.len(), 15_720);
        let walked = eval(
            tab,
            "queens.walk.record(15720), queens.walk.records.map(r => [queens.data.squares[r.sq][0], r.attacker === null ? 1 : 0, \
             r.line === null ? '' : queens.data.lines[r.line][0], r.line === null ? '' : queens.data.lines[r.line][1], \
             r.attacker === null ? '' : queens.data.squares[r.attacker][0]].join('|')).join('\\n')",
        );
        let walked: Vec<&str> = walked.lines().collect();
        assert_eq!(walked.len(), expected.len());
        for (step, (mine, theirs)) in walked.iter().zip(&expected).enumerate() {
            assert_eq!(mine, theirs, "step {}", step + 1);
        }
        eval(tab, "queens.players.walk.go(15720)");
        let sums = board.rows("select count(*), sum(placed) from search_tree");
        assert_eq!(
            text_of(tab, "walk-count").replace(',', ""),
            format!(
                "squares tried {} · placements alive {} · solutions found 92",
                sums[0][0], sums[0][1]
            )
        );
        assert!(is_disabled(tab, "walk-step"));
    }

    promise!(
        the_columns_are_search_tree_tally_and_show_the_sql_the_database_holds,
        needs = [Chromium]
    );
    fn the_columns_are_search_tree_tally_and_show_the_sql_the_database_holds() {
        let board = Board::new(8);
        let page = page_of(&board);
        let tally: Vec<String> = board
            .rows("select * from search_tree_tally order by queens")
            .iter()
            .map(|r| r.join("|"))
            .collect();
        let held = |name: &str| {
            board.rows(&format!(
                "select sql from sqlite_schema where name = '{name}'"
            ))[0][0]
                .clone()
        };
        for size in WIDTHS {
            let (_browser, tab) = open(&page, size);
            for k in 1..=8 {
                click(&tab, "#cols-step");
                let cells = eval(
                    &tab,
                    "[...document.querySelectorAll('#tally tbody tr')].map(tr => [...tr.cells].slice(0, 7).map(td => td.textContent.replace(/,/g, '')).join('|')).join('\\n')",
                );
                assert_eq!(cells.lines().collect::<Vec<_>>(), tally[..k]);
            }
            assert!(text_of(&tab, "cols-said").ends_with("the survivors are the 92 solutions."));
            assert_eq!(
                text_of(&tab, "cols-count"),
                "squares tried 15,720 · placements alive 92 · solutions found 92"
            );
            let alive = eval(
                &tab,
                "[...document.querySelectorAll('#cols-alive figcaption')].map(f => f.textContent).join('\\n')",
            );
            let first: Vec<String> = (1..=4)
                .map(|k| cli(&board, &["show", &k.to_string()]))
                .collect();
            for (board_of, shown) in alive.lines().zip(&first) {
                assert!(shown.ends_with(board_of), "{shown} / {board_of}");
            }
            the_sql_shown_is_the_sql_held(&tab, &held);
        }
    }

    /// The step's SQL is search_tree's recursive step as sqlite_schema
    /// holds it, and each view's SQL is the view's, collapsed.
    fn the_sql_shown_is_the_sql_held(tab: &Tab, held: &dyn Fn(&str) -> String) {
        let step = text_of(tab, "cols-sql");
        let recursive = step
            .split("search_tree's recursive step does it:\n")
            .nth(1)
            .unwrap();
        let recursive = recursive.split("\n\n-- its tally").next().unwrap();
        assert!(recursive.starts_with("union all"), "{recursive}");
        assert!(held("search_tree").contains(recursive));
        for name in [
            "search_funnel",
            "search_space",
            "search_tree_tally",
            "solution",
        ] {
            let shown = eval(
                tab,
                &format!("document.querySelector('details[data-relation={name}] pre').textContent"),
            );
            assert_eq!(shown, held(name), "{name}");
            let collapsed = eval(
                tab,
                &format!("document.querySelector('details[data-relation={name}]').open"),
            );
            assert_eq!(collapsed, "false");
        }
    }

    /// Text whose contrast with what lies behind it is under WCAG's 4.5:1
    /// (3:1 for a disabled button, which must still be seen to be there).
    const LOW_CONTRAST: &str = r"(() => {
      const lum = c => { const [r, g, b] = c.match(/[\d.]+/g).slice(0, 3).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
      const behind = e => { for (; e; e = e.parentElement) { const c = getComputedStyle(e).backgroundColor; if (c !== 'transparent' && !/, 0\)$/.test(c)) return c; } return 'rgb(255, 255, 255)'; };
      const low = [];
      for (const e of document.querySelectorAll('p, td, th, h1, h2, h3, button:not(.sq), summary, figcaption, label, .lbl, code, .wboard i')) {
        if (!e.getClientRects().length || !e.textContent.trim()) continue;
        const a = lum(getComputedStyle(e).color), b = lum(behind(e)), ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        if (ratio < (e.disabled ? 3 : 4.5)) low.push((e.id || e.tagName) + ' ' + ratio.toFixed(2) + ' ' + e.textContent.slice(0, 30));
      }
      return low.join('\n');
    })()";

    /// At 1280 px the panels fill the width: the search space and the
    /// funnel side by side, the watch across the page.
    const FILLS_THE_WIDTH: &str = r"(() => {
      const r = id => document.getElementById(id).getBoundingClientRect();
      return [r('space').top === r('funnel-box').top, r('space').right < r('funnel-box').left,
              r('funnel-box').right > 0.9 * innerWidth, r('watch').width > 0.9 * innerWidth].join();
    })()";

    promise!(
        the_board_shows_at_desktop_and_phone_width_and_prints,
        needs = [Chromium]
    );
    fn the_board_shows_at_desktop_and_phone_width_and_prints() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
        std::fs::create_dir_all(&dir).unwrap();
        for n in [8u8, 12] {
            let (_board, page) = page_of_size(n);
            for (width, height, name) in [(1280, 1000, "desktop"), (390, 844, "phone")] {
                let (_browser, tab) = open(&page, (width, height));
                click(&tab, &square("c5"));
                click(&tab, &square("f2"));
                element(&tab, &square("d3")).move_mouse_over().unwrap();
                let sideways = eval(
                    &tab,
                    "document.scrollingElement.scrollWidth > document.scrollingElement.clientWidth",
                );
                assert_eq!(sideways, "false", "{n}×{n} at {width} px scrolls sideways");
                let board_box = eval(
                    &tab,
                    "(r => [r.left >= 0, r.right <= innerWidth, r.width > 200, r.top < innerHeight].join())(document.getElementById('board').getBoundingClientRect())",
                );
                assert_eq!(board_box, "true,true,true,true", "{n}×{n} at {width} px");
                // The conflict two queens make is read where they were
                // placed, without scrolling (on a phone too).
                let conflict = eval(
                    &tab,
                    "(r => [r.height > 0, r.top >= 0, r.bottom <= innerHeight].join())(document.getElementById('conflicts').getBoundingClientRect())",
                );
                assert_eq!(
                    conflict, "true,true,true",
                    "{n}×{n} at {width} px: the conflict"
                );
                assert_eq!(eval(&tab, LOW_CONTRAST), "", "{n}×{n} at {width} px");
                if width == 1280 {
                    assert_eq!(eval(&tab, FILLS_THE_WIDTH), "true,true,true,true");
                }
                screenshot(&tab, &dir.join(format!("page-{n}x{n}-{name}.png")));
                for _ in 0..3 {
                    click(&tab, "#walk-step");
                }
                for _ in 0..3 {
                    click(&tab, "#cols-step");
                }
                eval(&tab, "document.getElementById('cols-step-box').open = true");
                assert_eq!(
                    eval(&tab, LOW_CONTRAST),
                    "",
                    "{n}×{n} at {width} px, watching"
                );
                eval(&tab, "document.getElementById('watch').scrollIntoView()");
                screenshot(&tab, &dir.join(format!("page-{n}x{n}-{name}-watch.png")));
            }
        }
        // Printed: a PDF, without the buttons.
        let board = Board::new(8);
        let (_browser, tab) = open(&page_of(&board), (1280, 1000));
        let pdf = tab.print_to_pdf().unwrap();
        assert!(pdf.starts_with(b"%PDF"));
        std::fs::write(dir.join("page-8x8.pdf"), pdf).unwrap();
    }

    /// Each pair the page names a line for, as `a b anchor mov_dir` lines,
    /// read into (a, b) → (anchor, mov_dir).
    fn named_by_page(said: &str) -> common::NamedLines {
        (said.lines())
            .map(|line| {
                let words: Vec<String> = line.split(' ').map(String::from).collect();
                let [a, b, anchor, mov_dir] = &words[..] else {
                    panic!("{line}")
                };
                ((a.clone(), b.clone()), (anchor.clone(), mov_dir.clone()))
            })
            .collect()
    }

    promise!(
        where_two_squares_share_two_lines_the_page_names_check_s,
        needs = [Chromium]
    );
    fn where_two_squares_share_two_lines_the_page_names_check_s() {
        // The 6×6 torus, where a1 and d4 share both diagonals: every pair
        // the page finds attacking, and every square its walk kills, named
        // by the line check (attacking_pair) names.
        let board = Board::shaped(6, &["--torus"]);
        let named = board.lines_check_names();
        let two = board.pairs_sharing_two_lines();
        assert!(two.contains(&("a1".into(), "d4".into())), "{two:?}");
        let (_browser, tab) = open(&page_of(&board), WIDTHS[0]);
        let pairs = "(() => { const { data, facts } = queens; const said = []; \
             data.squares.forEach((_, a) => data.squares.forEach((_, b) => { \
             const j = a < b ? facts.sharedLine(a, b) : undefined; \
             if (j !== undefined) said.push([facts.nameOf(a), facts.nameOf(b), ...data.lines[j]].join(' ')); })); \
             return said.join('\\n'); })()";
        assert_eq!(named_by_page(&eval(&tab, pairs)), named);
        let kills = "queens.walk.record(1e6), queens.walk.records.filter(r => r.attacker !== null) \
             .map(r => [queens.facts.nameOf(r.attacker), queens.facts.nameOf(r.sq), ...queens.data.lines[r.line]].join(' ')) \
             .join('\\n')";
        let walked = eval(&tab, kills);
        let mut on_two = 0;
        for line in walked.lines() {
            let (pair, line) = named_by_page(line).pop_first().unwrap();
            assert_eq!(named[&pair], line, "the walk: {pair:?}");
            on_two += usize::from(two.contains(&pair));
        }
        assert!(on_two > 0, "the walk kills no square that shares two lines");
    }

    promise!(
        other_boards_show_their_holes_wrapped_lines_and_knights_moves,
        needs = [Chromium]
    );
    fn other_boards_show_their_holes_wrapped_lines_and_knights_moves() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
        std::fs::create_dir_all(&dir).unwrap();
        // The 5×5 torus: c5 and e2 in check's words, and the whole
        // wrapped diagonal framed, over the top edge and back.
        let torus = Board::shaped(5, &["--torus"]);
        let page = page_of(&torus);
        for size in WIDTHS {
            let (_browser, tab) = open(&page, size);
            assert_eq!(eval(&tab, "document.title"), "queens: the 5×5 torus");
            click(&tab, &square("c5"));
            click(&tab, &square("e2"));
            assert_eq!(
                text_of(&tab, "conflicts"),
                cli(&torus, &["check", "c5", "e2"])
            );
            assert_eq!(squares_where(&tab, ".path"), "a3 b4 c5 d1 e2");
            screenshot(&tab, &dir.join(format!("page-5x5-torus-{}.png", size.0)));
        }
        // Holes: marked, named, never a queen's, never tried by the walk;
        // the classes are the board's own symmetries' (c2 and f7: the
        // identity and the half turn).
        let holed = Board::shaped(8, &["--holes", "c2,f7"]);
        let page = page_of(&holed);
        let (_browser, tab) = open(&page, WIDTHS[0]);
        assert_eq!(squares_where(&tab, ".hole"), "c2 f7");
        click(&tab, &square("c2"));
        assert_eq!(squares_where(&tab, ".queen"), "");
        let said = eval(
            &tab,
            "document.querySelector('[data-square=c2]').getAttribute('aria-label')",
        );
        assert!(said.contains("a hole"), "{said}");
        let tries_a_hole = "(() => { for (let n = 1; n <= 20000; n++) { const r = queens.walk.record(n); \
             if (!r) return 'over'; if (queens.facts.holes.has(r.sq)) return 'tried ' + queens.data.squares[r.sq][0]; } return 'long'; })()";
        assert_eq!(eval(&tab, tries_a_hole), "over");
        assert_eq!(
            eval(
                &tab,
                "queens.walk.records[queens.walk.records.length - 1].solutions"
            ),
            "67"
        );
        assert_eq!(
            eval(&tab, "queens.data.symmetries.map(s => s[0]).join(' ')"),
            "identity rotate-180"
        );
        screenshot(&tab, &dir.join("page-8x8-holes.png"));
        // Superqueens: a knight's move in check's words, and the tally's
        // column of the squares it kills.
        let knights = Board::shaped(10, &["--superqueens"]);
        let page = page_of(&knights);
        let (_browser, tab) = open(&page, WIDTHS[1]);
        click(&tab, &square("a1"));
        click(&tab, &square("b3"));
        assert_eq!(
            text_of(&tab, "conflicts"),
            cli(&knights, &["check", "a1", "b3"])
        );
        assert_eq!(
            eval(
                &tab,
                "[...document.querySelectorAll('#tally thead th')].map(t => t.textContent).join(' ')"
            ),
            "k enter tried placed row rise fall knight share of tried"
        );
        screenshot(&tab, &dir.join("page-10x10-superqueens-390.png"));
    }
}
