//! The page of `queens export --format html`, used as a person uses it: in
//! Debian's chromium (headless), driven through the DevTools protocol. Its
//! sentences are held against the CLI's own (`check`, `complete`, `show`),
//! so the page and the command line cannot drift apart. Where no chromium
//! is installed these tests are compiled as ignored; `.ci/run` installs it.
//! The file itself is checked without a browser: nothing in it loads from
//! the network.

mod common;

use std::path::{Path, PathBuf};

use common::{Board, text};

/// Writes the page of `board` and returns its path.
fn page_of(board: &Board) -> PathBuf {
    let page = board.dir.path().join("q.html");
    let out = board.run(&["export", "--out", page.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    page
}

#[test]
fn the_page_loads_nothing_from_the_network_and_stays_small() {
    for (n, most) in [(1u8, 30_000), (8, 40_000), (12, 260_000)] {
        let board = Board::new(n);
        let page = std::fs::read_to_string(page_of(&board)).unwrap();
        for needle in [
            "src=",
            "href=",
            "url(",
            "@import",
            "fetch(",
            "XMLHttpRequest",
            "http:",
            "https:",
            "<link",
            "<iframe",
            "<img",
            "WebSocket",
            "import(",
        ] {
            assert!(!page.contains(needle), "{n}×{n}: the page holds {needle}");
        }
        assert!(page.len() < most, "{n}×{n}: {} bytes", page.len());
    }
}

#[test]
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

    use headless_chrome::protocol::cdp::Page::CaptureScreenshotFormatOption;
    use headless_chrome::{Browser, LaunchOptions, Tab};

    /// Chromium at `width`×`height` with `page` open.
    fn open(page: &Path, width: u32, height: u32) -> (Browser, Arc<Tab>) {
        let options = LaunchOptions::default_builder()
            .path(Some(PathBuf::from("/usr/bin/chromium")))
            .sandbox(false)
            .window_size(Some((width, height)))
            .build()
            .unwrap();
        let browser = Browser::new(options).unwrap();
        let tab = browser.new_tab().unwrap();
        tab.navigate_to(&format!("file://{}", page.display()))
            .unwrap()
            .wait_until_navigated()
            .unwrap();
        tab.wait_for_element("#board .sq").unwrap();
        (browser, tab)
    }

    /// The value of a JavaScript expression, as text.
    fn eval(tab: &Tab, expression: &str) -> String {
        let value = tab.evaluate(expression, false).unwrap().value;
        match value {
            Some(serde_json::Value::String(s)) => s,
            Some(other) => other.to_string(),
            None => String::new(),
        }
    }

    fn click(tab: &Tab, selector: &str) {
        tab.wait_for_element(selector).unwrap().click().unwrap();
    }

    fn square(name: &str) -> String {
        format!("button[data-square=\"{name}\"]")
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

    #[test]
    #[cfg_attr(
        not(queens_chromium),
        ignore = "needs Debian's chromium (/usr/bin/chromium); .ci/run installs it"
    )]
    fn pointing_placing_completing_and_stepping_say_what_the_cli_says() {
        let board = Board::new(8);
        let page = page_of(&board);
        let (_browser, tab) = open(&page, 1280, 900);
        pointing_at_c5_lights_its_four_lines(&tab);
        placing_c5_and_f2_shows_the_conflict_check_prints(&tab, &board);
        c8_alone_has_the_completions_complete_lists(&tab, &board);
        the_last_solution_is_shown_as_show_numbers_and_classes_it(&tab, &board);
    }

    /// Pointing at c5 lights its four lines and lists them as the seed does.
    fn pointing_at_c5_lights_its_four_lines(tab: &Tab) {
        tab.wait_for_element(&square("c5"))
            .unwrap()
            .move_mouse_over()
            .unwrap();
        assert_eq!(
            eval(tab, "document.getElementById('pointed').textContent"),
            "L(c5) = (a5, RGHT) (c1, UP) (a3, RGHT-UP) (a7, RGHT-DN)"
        );
        let lit = eval(tab, "[...document.querySelectorAll('.sq.on')].length");
        assert_eq!(lit, "26", "the squares of c5's four lines, c5 once");
    }

    /// c5 then f2: the conflict in the words of `queens check`.
    fn placing_c5_and_f2_shows_the_conflict_check_prints(tab: &Tab, board: &Board) {
        click(tab, &square("c5"));
        click(tab, &square("f2"));
        assert_eq!(
            eval(tab, "document.getElementById('conflicts').textContent"),
            cli(board, &["check", "c5", "f2"])
        );
        assert!(
            eval(tab, "document.getElementById('covered').textContent").contains("(a7, RGHT-DN)")
        );
        let marked = eval(
            tab,
            "[...document.querySelectorAll('.sq.hit')].every(b => b.textContent.includes('×') && b.getAttribute('aria-label').includes('attacked'))",
        );
        assert_eq!(
            marked, "true",
            "attacked squares are marked by more than colour"
        );
    }

    /// c8 alone: as many completions as `queens complete c8` lists, and
    /// stepping to the next shows another solution containing c8.
    fn c8_alone_has_the_completions_complete_lists(tab: &Tab, board: &Board) {
        click(tab, "#clear");
        click(tab, &square("c8"));
        let completions = board.run(&["complete", "c8", "--format", "csv"]);
        let listed = text(&completions.stdout).lines().count() - 1;
        assert_eq!(listed, 16);
        let said = eval(tab, "document.getElementById('completions').textContent");
        assert!(said.starts_with("16 solutions complete them"), "{said}");
        click(tab, "#comp-next");
        let said = eval(tab, "document.getElementById('completions').textContent");
        assert!(said.contains("(2 of 16)"), "{said}");
    }

    /// The last solution, as `queens show` numbers and classes it.
    fn the_last_solution_is_shown_as_show_numbers_and_classes_it(tab: &Tab, board: &Board) {
        click(tab, "#sol-last");
        let shown = text(&board.run(&["show", "92"]).stdout);
        assert_eq!(
            eval(tab, "document.getElementById('sol-shown').textContent"),
            shown.lines().next().unwrap()
        );
        assert_eq!(
            eval(tab, "document.getElementById('sol-class').textContent"),
            shown.lines().last().unwrap()
        );
        let queens = eval(
            tab,
            "[...document.querySelectorAll('.sq.queen')].map(b => b.dataset.square).sort().join(' ')",
        );
        assert_eq!(queens, "a8 b4 c1 d3 e6 f2 g7 h5");
        assert_eq!(
            eval(
                tab,
                "document.querySelectorAll('#sol-images figure').length"
            ),
            "8"
        );
    }

    #[test]
    #[cfg_attr(
        not(queens_chromium),
        ignore = "needs Debian's chromium (/usr/bin/chromium); .ci/run installs it"
    )]
    fn the_keyboard_alone_places_a_queen() {
        let board = Board::new(8);
        let (_browser, tab) = open(&page_of(&board), 1280, 900);
        let names = eval(
            &tab,
            "[...document.querySelectorAll('.sq')].every(b => b.getAttribute('aria-label').startsWith(b.dataset.square + ','))",
        );
        assert_eq!(
            names, "true",
            "each square's accessible name begins with its name"
        );
        tab.press_key("Tab").unwrap();
        assert_eq!(eval(&tab, "document.activeElement.dataset.square"), "a8");
        tab.press_key("ArrowDown").unwrap();
        tab.press_key("ArrowRight").unwrap();
        assert_eq!(eval(&tab, "document.activeElement.dataset.square"), "b7");
        tab.press_key("Enter").unwrap();
        assert!(
            eval(&tab, "document.activeElement.getAttribute('aria-label')")
                .starts_with("b7, queen")
        );
        tab.press_key(" ").unwrap();
        assert!(
            eval(&tab, "document.activeElement.getAttribute('aria-label')").starts_with("b7, free")
        );
    }

    #[test]
    #[cfg_attr(
        not(queens_chromium),
        ignore = "needs Debian's chromium (/usr/bin/chromium); .ci/run installs it"
    )]
    fn the_board_shows_at_desktop_and_phone_width_and_prints() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
        std::fs::create_dir_all(&dir).unwrap();
        for n in [8u8, 12] {
            let board = Board::new(n);
            let page = page_of(&board);
            for (width, height, name) in [(1280, 1000, "desktop"), (390, 844, "phone")] {
                let (_browser, tab) = open(&page, width, height);
                click(&tab, &square("c5"));
                click(&tab, &square("f2"));
                tab.wait_for_element(&square("d3"))
                    .unwrap()
                    .move_mouse_over()
                    .unwrap();
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
                let png = tab
                    .capture_screenshot(CaptureScreenshotFormatOption::Png, None, None, true)
                    .unwrap();
                assert!(png.starts_with(b"\x89PNG"));
                std::fs::write(dir.join(format!("page-{n}x{n}-{name}.png")), png).unwrap();
            }
        }
        // Printed: a PDF, without the buttons.
        let board = Board::new(8);
        let (_browser, tab) = open(&page_of(&board), 1280, 1000);
        let pdf = tab.print_to_pdf(None).unwrap();
        assert!(pdf.starts_with(b"%PDF"));
        std::fs::write(dir.join("page-8x8.pdf"), pdf).unwrap();
    }
}
