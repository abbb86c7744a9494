//! The console page as a class uses it (`queens export --console` with a
//! teacher's course), in Debian's chromium: verdicts that name what
//! differs in the words `queens grade` says too, and mark it; the
//! course's title, introduction, prompts and hints, in a small Markdown
//! shown as text whatever they hold; the answers a learner hands in.

use std::path::Path;

use crate::common::chromium::Tab;

use crate::common::Board;
use crate::common::chromium::{click, eval, screenshot, text_of};
use crate::common::wait::wait_until;
use crate::console::in_chromium::{check, open_console, screenshots, type_query};
use crate::console::{console_data, console_of};

/// The cases both the page and the grader hold (tests/data/verdicts.toml).
fn verdict_cases() -> Vec<toml::Table> {
    let cases: toml::Table = toml::from_str(include_str!("../data/verdicts.toml")).unwrap();
    let cases = cases["case"].as_array().unwrap();
    cases
        .iter()
        .map(|case| case.as_table().unwrap().clone())
        .collect()
}

/// A teacher's exercises file with each case's reference as an exercise.
fn cases_as_exercises(cases: &[toml::Table]) -> String {
    let exercises: Vec<toml::Value> = (cases.iter().enumerate())
        .map(|(at, case)| {
            let mut exercise = toml::Table::new();
            exercise.insert("title".into(), format!("Case {}", at + 1).into());
            exercise.insert("prompt".into(), "p".into());
            exercise.insert("answer".into(), case["reference"].clone());
            let ordered = case.get("ordered").and_then(toml::Value::as_bool);
            exercise.insert("ordered".into(), ordered.unwrap_or(false).into());
            toml::Value::Table(exercise)
        })
        .collect();
    let mut file = toml::Table::new();
    file.insert("exercise".into(), toml::Value::Array(exercises));
    toml::to_string(&file).unwrap()
}

/// The marks of a verdict's two sides: for each, its rows' marks and the
/// words of the values marked as of another type ("missing,missing|").
fn marks(tab: &Tab) -> (String, String) {
    let both = eval(
        tab,
        "[...document.querySelectorAll('#console-verdict .console-pair > div')].map(d => \
         [...d.querySelectorAll('tbody th.mark')].map(t => t.textContent).filter(Boolean).join(',') + '|' + \
         [...d.querySelectorAll('td.differs')].map(t => t.textContent).join(',')).join(' / ')",
    );
    let (want, got) = both.split_once(" / ").unwrap_or((&both, ""));
    (want.to_string(), got.to_string())
}

/// The rows a verdict's words count ("3 rows missing, 1 extra"): the
/// number before `word`, or none.
fn counted(said: &str, word: &str) -> usize {
    let words: Vec<&str> = said.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    (words.iter().enumerate())
        .find(|(at, w)| **w == word && *at > 0)
        .map_or(0, |(at, _)| {
            let before = if words[at - 1] == "row" || words[at - 1] == "rows" {
                words[at - 2]
            } else {
                words[at - 1]
            };
            before.parse().unwrap()
        })
}

/// The marks a verdict that says `said` shows on its two sides.
fn marks_for(said: &str) -> (String, String) {
    let repeat = |word: &str, k: usize| vec![word; k.min(10)].join(",");
    if let Some(types) = said.strip_prefix("a value's type differs: yours ") {
        let (yours, answer) = types.split_once(", the answer's ").unwrap();
        return (format!("type|{answer}"), format!("type|{yours}"));
    }
    if said == "right rows, wrong order" {
        return ("order|".into(), "order|".into());
    }
    let (missing, extra) = (counted(said, "missing"), counted(said, "extra"));
    (
        format!("{}|", repeat("missing", missing)),
        format!("{}|", repeat("extra", extra)),
    )
}

promise!(
    every_verdict_names_what_differs_in_the_grader_s_words_and_marks_it,
    needs = [Chromium, SqlJs]
);
/// Each case of tests/data/verdicts.toml, set as a teacher's exercise on
/// the 8×8 page and checked in it: its verdict holds the case's words
/// after the lead naming the board, and the differing rows and values
/// are marked in words in the tables.
fn every_verdict_names_what_differs_in_the_grader_s_words_and_marks_it() {
    let cases = verdict_cases();
    assert!(cases.len() >= 15, "{} cases", cases.len());
    let board = Board::new(8);
    std::fs::write(
        board.dir.path().join("cases.toml"),
        cases_as_exercises(&cases),
    )
    .unwrap();
    let page = console_of(&board, &["--exercises", "cases.toml"]);
    let (_browser, tab) = open_console(&page, "", (1280, 900));
    for (at, case) in cases.iter().enumerate() {
        let (answer, said) = (
            case["answer"].as_str().unwrap(),
            case["said"].as_str().unwrap(),
        );
        let verdict = check(&tab, at, answer);
        if said == "right" {
            assert!(verdict.starts_with("Right: "), "{answer}: {verdict}");
            continue;
        }
        assert!(
            verdict.starts_with("Not yet: on this 8×8 board, ") && verdict.contains(said),
            "{answer}: {verdict} (the grader says {said})"
        );
        if said.starts_with("fails: ") {
            assert_eq!(marks(&tab), (String::new(), String::new()), "{answer}");
            continue;
        }
        if said.contains("columns, the answer has") {
            assert_eq!(marks(&tab), ("|".into(), "|".into()), "{answer}");
            continue;
        }
        assert_eq!(marks(&tab), marks_for(said), "{answer}: {verdict}");
    }
}

/// A course whose every word is hostile: markup, script, entities,
/// addresses that run code, and Markdown's edge cases.
const HOSTILE: &str = r#"
[course]
title = "Week 1 <script>window.ran = 'title'</script> &amp; <b>bold</b>"
introduction = """
<img src=x onerror="window.ran = 'img'"> &lt;b&gt; *stars* _under_ # not a heading
[a link](https://sql.js.org) and [no link](javascript:window.ran='link') and [data](data:text/html,<script>1</script>)
`<script>window.ran = 'code'</script>` and ``a`b`` and `unclosed

```
<iframe src="javascript:window.ran='pre'"></iframe>
```"""

[[exercise]]
title = "Count <i>the</i> squares"
prompt = "Count them: <svg onload=\"window.ran = 'svg'\"></svg>\nsecond line"
answer = "select count(*) from square"
hints = ["<a href=\"javascript:window.ran='hint'\">click</a> [x](JavaScript:window.ran='case')", "[mail](mailto:t@example.org) <style>body { display: none }</style>"]
"#;

promise!(
    a_course_s_hostile_words_show_as_text_and_run_nothing,
    needs = [Chromium, SqlJs]
);
/// The teacher's title, introduction, prompts and hints are shown as
/// typed: only code spans, code blocks, line breaks and http, https and
/// mailto links are read; no element the text names is made, nothing
/// it holds runs. And #console brings the console into view.
fn a_course_s_hostile_words_show_as_text_and_run_nothing() {
    let board = Board::new(8);
    std::fs::write(board.dir.path().join("hostile.toml"), HOSTILE).unwrap();
    let page = console_of(&board, &["--exercises", "hostile.toml"]);
    let (_browser, tab) = open_console(&page, "", (1280, 900));
    click(&tab, "#console-hint");
    click(&tab, "#console-hint");
    let made = "[...document.querySelectorAll('#course *, #console-prompt *, #console-hints *, #console-ex *')]\
                .map(e => e.tagName.toLowerCase()).sort().join(' ')";
    assert_eq!(
        eval(&tab, made),
        "a a br br br code code code div li li option p p p p p pre"
    );
    assert_eq!(eval(&tab, "String(window.ran)"), "undefined");
    assert_eq!(
        text_of(&tab, "course-title"),
        "Week 1 <script>window.ran = 'title'</script> &amp; <b>bold</b>"
    );
    let links = eval(
        &tab,
        "[...document.querySelectorAll('#course a, #console-hints a')].map(a => a.textContent + '=' + a.href + ' ' + a.rel).join(' | ')",
    );
    assert_eq!(
        links,
        "a link=https://sql.js.org/ noopener noreferrer | mail=mailto:t@example.org noopener noreferrer"
    );
    let intro = text_of(&tab, "course-intro");
    for shown in [
        "<img src=x onerror=\"window.ran = 'img'\"> &lt;b&gt; *stars* _under_ # not a heading",
        "[no link](javascript:window.ran='link')",
        "[data](data:text/html,<script>1</script>)",
        "`unclosed",
        "<iframe src=\"javascript:window.ran='pre'\"></iframe>",
    ] {
        assert!(intro.contains(shown), "{shown} not in {intro}");
    }
    let codes = eval(
        &tab,
        "[...document.querySelectorAll('#course-intro code')].map(c => c.textContent).join(' / ')",
    );
    assert_eq!(
        codes,
        "<script>window.ran = 'code'</script> / a`b / <iframe src=\"javascript:window.ran='pre'\"></iframe>"
    );
    assert!(text_of(&tab, "console-hints").contains(
        "<a href=\"javascript:window.ran='hint'\">click</a> [x](JavaScript:window.ran='case')"
    ));
    assert!(
        eval(
            &tab,
            "document.getElementById('console-ex').options[0].textContent"
        )
        .contains("Count <i>the</i> squares")
    );
    assert_eq!(
        eval(&tab, "getComputedStyle(document.body).display"),
        "block"
    );
    hashes_bring_the_console_and_a_query_s_result_into_view(&tab);
}

/// Whether the element `id` is in view.
fn in_view(tab: &Tab, id: &str) -> bool {
    eval(
        tab,
        &format!(
            "(r => r.top >= -1 && r.top < innerHeight)(document.getElementById('{id}').getBoundingClientRect())"
        ),
    ) == "true"
}

/// #console scrolls to the console and says nothing of it; a #sql=
/// address scrolls to its query's answer.
fn hashes_bring_the_console_and_a_query_s_result_into_view(tab: &Tab) {
    eval(tab, "scrollTo(0, 0)");
    assert!(!in_view(tab, "console"));
    click(tab, "a[href='#console']");
    wait_until("the console in view", || in_view(tab, "console"));
    assert_eq!(text_of(tab, "from-address"), "");
    eval(tab, "scrollTo(0, 0)");
    eval(
        tab,
        "location.hash = '#sql=select%20count(*)%20from%20square'",
    );
    wait_until("the address's query's answer", || {
        text_of(tab, "console-count") == "1 row."
    });
    assert!(in_view(tab, "console-count"));
}

/// A course as a teacher writes one, with hints.
const COURSE: &str = r#"
[course]
title = "SQL and the eight queens, week 1"
introduction = """
Each exercise asks a question of the board's database: write the query in the console below and check it.
The tables are described in the [reference](https://example.org/queens/reference/relations.html); start with `square` and `square_line`."""

[[exercise]]
title = "The lines through c5"
prompt = "L(c5) is the set of lines through c5. List them as `(anchor, mov_dir)`, from the table `square_line`."
answer = "select anchor, mov_dir from square_line where square = 'c5'"
hints = ["Each row of `square_line` puts one square on one line.", "Keep the rows of `square_line` whose square is c5:\n```\nselect anchor, mov_dir\nfrom square_line\nwhere square = …\n```"]

[[exercise]]
title = "Count the squares"
prompt = "How many squares has the board?"
answer = "select count(*) from square"
"#;

/// The file "Download my answers" saves, read from the Blob the page
/// makes for it.
fn downloaded(tab: &Tab) -> serde_json::Value {
    eval(
        tab,
        "(() => { const made = URL.createObjectURL; window.saved = null; \
         URL.createObjectURL = blob => { window.saved = blob; return made(blob); }; })()",
    );
    click(tab, "#console-download");
    let text = tab
        .evaluate("window.saved.text()", true)
        .unwrap()
        .value
        .unwrap();
    serde_json::from_str(text.as_str().unwrap()).unwrap()
}

promise!(
    a_course_shows_its_words_hints_one_at_a_time_and_saves_the_answers_checked,
    needs = [Chromium, SqlJs]
);
fn a_course_shows_its_words_hints_one_at_a_time_and_saves_the_answers_checked() {
    let board = Board::new(8);
    std::fs::write(board.dir.path().join("course.toml"), COURSE).unwrap();
    let page = console_of(&board, &["--exercises", "course.toml"]);
    let ids: Vec<String> = (console_data(&std::fs::read_to_string(&page).unwrap())["exercises"]
        .as_array()
        .unwrap()
        .iter())
    .map(|exercise| exercise["id"].as_str().unwrap().to_string())
    .collect();
    let (_browser, tab) = open_console(&page, "", (1280, 900));
    assert_eq!(
        text_of(&tab, "course-title"),
        "SQL and the eight queens, week 1"
    );
    assert!(eval(&tab, "document.title").starts_with("SQL and the eight queens, week 1 · "));
    assert_eq!(
        eval(&tab, "document.getElementById('console-download').disabled"),
        "true"
    );
    hints_come_one_at_a_time(&tab);
    check(&tab, 1, "select 64");
    let said = check(
        &tab,
        0,
        "select anchor, mov_dir from square_line where square = 'c4'",
    );
    assert!(
        said.starts_with("Not yet: on this 8×8 board, 3 rows missing, 3 extra."),
        "{said}"
    );
    let answers = downloaded(&tab);
    assert_eq!(
        answers,
        serde_json::json!({
            "queens_answers": 1,
            "board": "8×8",
            "answers": [
                { "exercise": ids[0], "title": "The lines through c5",
                  "sql": "select anchor, mov_dir from square_line where square = 'c4'" },
                { "exercise": ids[1], "title": "Count the squares", "sql": "select 64" },
            ]
        })
    );
    // What is kept is what was last checked, not what is typed.
    type_query(&tab, "select 1");
    assert_eq!(downloaded(&tab)["answers"][1]["sql"], "select 64");
    exercise_screenshots(&tab, &page);
    graded_again_by_the_teacher(&board, &answers);
}

/// The file the page saves is one `queens grade` reads and judges again,
/// natively, in the words the page said.
fn graded_again_by_the_teacher(board: &Board, answers: &serde_json::Value) {
    std::fs::create_dir(board.dir.path().join("answers")).unwrap();
    std::fs::write(
        board.dir.path().join("answers/alice.json"),
        answers.to_string(),
    )
    .unwrap();
    let out = board.run(&[
        "grade",
        "--exercises",
        "course.toml",
        "--format",
        "csv",
        "answers/alice.json",
    ]);
    assert!(out.status.success(), "{}", crate::common::text(&out.stderr));
    assert_eq!(
        crate::common::text(&out.stdout),
        "student,The lines through c5,Count the squares,note\n\
         alice,\"3 rows missing, 3 extra\",\"hidden 5×5: 1 row missing, 1 extra\",\n"
    );
}

/// The hint button shows the next hint, says which, and is done after the
/// last, whose hint then has the focus; by keyboard too.
fn hints_come_one_at_a_time(tab: &Tab) {
    let hint =
        |k: usize| format!("document.getElementById('console-hints').children.length === {k}");
    assert_eq!(text_of(tab, "console-hint"), "Show a hint (1 of 2)");
    assert_eq!(eval(tab, &hint(0)), "true");
    eval(tab, "document.getElementById('console-hint').focus()");
    tab.press_key("Enter").unwrap();
    assert_eq!(eval(tab, &hint(1)), "true");
    assert_eq!(text_of(tab, "console-hint"), "Show a hint (2 of 2)");
    tab.press_key("Enter").unwrap();
    assert_eq!(eval(tab, &hint(2)), "true");
    assert_eq!(text_of(tab, "console-hint"), "All 2 hints are shown");
    assert_eq!(eval(tab, "document.activeElement.id"), "console-hint-2");
    assert_eq!(
        eval(
            tab,
            "document.querySelector('#console-hint-2 pre').textContent"
        ),
        "select anchor, mov_dir\nfrom square_line\nwhere square = …"
    );
}

/// The exercise with a verdict and a hint shown, at a desktop's width and
/// at a phone's (where the page does not scroll sideways), and the top
/// of the page with the course's title.
fn exercise_screenshots(tab: &Tab, page: &Path) {
    eval(tab, "scrollTo(0, 0)");
    screenshot(tab, &screenshots().join("console-course-top.png"));
    exercises_shot(tab, "console-8x8-exercise.png");
    let (_phone, small) = open_console(page, "", (390, 844));
    screenshot(&small, &screenshots().join("console-course-top-phone.png"));
    click(&small, "#console-hint");
    check(
        &small,
        0,
        "select anchor, mov_dir from square_line where square = 'c4'",
    );
    assert_eq!(
        eval(&small, "document.documentElement.scrollWidth <= innerWidth"),
        "true",
        "the page scrolls sideways at 390 px"
    );
    exercises_shot(&small, "console-8x8-exercise-phone.png");
}

/// A picture of the exercises' part of the console, as `name`: the
/// window made as tall as the part, and the part scrolled to its top.
fn exercises_shot(tab: &Tab, name: &str) {
    let part = "document.getElementById('console-exercises').getBoundingClientRect()";
    let width: u32 = eval(tab, "innerWidth").parse().unwrap();
    let height: f64 = eval(tab, &format!("{part}.height")).parse().unwrap();
    let metrics = serde_json::json!({
        "width": width, "height": height.ceil() as u32 + 16, "deviceScaleFactor": 1, "mobile": width < 500
    });
    tab.call("Emulation.setDeviceMetricsOverride", metrics)
        .unwrap();
    eval(tab, &format!("scrollTo(0, {part}.top + scrollY - 8)"));
    screenshot(tab, &screenshots().join(name));
}
