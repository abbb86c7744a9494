//! `queens grade`: a class's answers files checked natively, on the shown
//! board and the hidden ones, in the words the page's console says
//! (tests/data/verdicts.toml), each answer sandboxed and bounded in time,
//! and every file that cannot be graded one line of the table.

use crate::common;

use std::path::Path;

use common::wait::Bounded;
use common::{Board, LimitedRun, assert_refused, text, under_memory_limit};
use serde::Deserialize;
use sha2::{Digest, Sha256};

/// An exercise's id as queens and the page name it: the first 16 hex
/// digits of the SHA-256 of its title and answer.
fn id(title: &str, answer: &str) -> String {
    let digest = Sha256::digest(format!("{title}\n{answer}"));
    digest[..8].iter().map(|b| format!("{b:02x}")).collect()
}

/// A TOML string: JSON's quoting is TOML's for these texts.
fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap()
}

/// Writes a course of `exercises` (title, answer, ordered) as course.toml
/// in `dir`.
fn write_course(dir: &Path, exercises: &[(String, String, bool)]) {
    let mut toml = String::from("[course]\ntitle = \"Grading\"\n");
    for (title, answer, ordered) in exercises {
        toml.push_str(&format!(
            "\n[[exercise]]\ntitle = {}\nprompt = \"p\"\nanswer = {}\nordered = {ordered}\n",
            quoted(title),
            quoted(answer)
        ));
    }
    std::fs::write(dir.join("course.toml"), toml).unwrap();
}

/// Writes `student`.json in `dir`: an answers file as the page writes it,
/// answering (exercise title, its reference, the learner's SQL).
fn write_answers(dir: &Path, student: &str, answers: &[(&str, &str, &str)]) {
    let answers: Vec<serde_json::Value> = (answers.iter())
        .map(|(title, reference, sql)| {
            serde_json::json!({"exercise": id(title, reference), "title": title, "sql": sql})
        })
        .collect();
    let file = serde_json::json!({"queens_answers": 1, "board": "8×8", "answers": answers});
    std::fs::write(dir.join(format!("{student}.json")), file.to_string()).unwrap();
}

/// The grade table as JSON: one object a student, keyed by column.
fn graded(
    board: &Board,
    args: &[&str],
) -> (Option<i32>, Vec<serde_json::Map<String, serde_json::Value>>) {
    let mut all = vec!["grade", "--exercises", "course.toml", "--format", "json"];
    all.extend_from_slice(args);
    let out = board.run(&all);
    let stderr = text(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    let rows = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}\n{stderr}", text(&out.stdout)));
    (out.status.code(), rows)
}

fn cell<'a>(row: &'a serde_json::Map<String, serde_json::Value>, column: &str) -> &'a str {
    row[column].as_str().unwrap()
}

#[derive(Deserialize)]
struct Cases {
    case: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    reference: String,
    answer: String,
    #[serde(default)]
    ordered: bool,
    said: String,
}

/// Every case of tests/data/verdicts.toml, graded on the 8×8 board, is
/// said in exactly its words (✓ for "right"): the words the page's
/// console says too.
fn every_shared_verdict_is_said_in_its_words() {
    let cases: Cases = toml::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/verdicts.toml"),
        )
        .unwrap(),
    )
    .unwrap();
    let board = Board::new(8);
    let dir = board.dir.path();
    let titles: Vec<String> = (1..=cases.case.len())
        .map(|i| format!("case {i}"))
        .collect();
    let exercises: Vec<_> = (titles.iter().zip(&cases.case))
        .map(|(title, case)| (title.clone(), case.reference.clone(), case.ordered))
        .collect();
    write_course(dir, &exercises);
    let answers: Vec<_> = (titles.iter().zip(&cases.case))
        .map(|(title, case)| {
            (
                title.as_str(),
                case.reference.as_str(),
                case.answer.as_str(),
            )
        })
        .collect();
    write_answers(dir, "alice", &answers);
    let (code, rows) = graded(&board, &["alice.json"]);
    assert_eq!(code, Some(0));
    assert_eq!(rows.len(), 1);
    assert_eq!(cell(&rows[0], "student"), "alice");
    for (title, case) in titles.iter().zip(&cases.case) {
        let want = if case.said == "right" {
            "✓"
        } else {
            &case.said
        };
        assert_eq!(cell(&rows[0], title), want, "{title}: {}", case.answer);
    }
}
promise!(every_shared_verdict_is_said_in_its_words);

/// An answer right on the shown board but not on a hidden one is named by
/// the hidden board it differs on; an exercise not answered is "—"; an
/// answer to an exercise the course has not is said in the note.
fn a_cell_names_the_hidden_board_an_answer_differs_on() {
    let board = Board::new(8);
    let dir = board.dir.path();
    let count = "select count(*) from square";
    let lines = "select anchor, mov_dir from square_line where square = 'c3'";
    write_course(
        dir,
        &[
            ("Count".into(), count.into(), false),
            ("Lines".into(), lines.into(), false),
        ],
    );
    write_answers(
        dir,
        "bob",
        &[
            ("Count", count, "select 64"),
            ("Gone", "select 1", "select 1"),
        ],
    );
    let (code, rows) = graded(&board, &["bob.json"]);
    assert_eq!(code, Some(0));
    let said = cell(&rows[0], "Count");
    let (on, what) = said.split_once(": ").unwrap();
    assert!(
        on.starts_with("hidden ") && on != "hidden 8×8" && what == "1 row missing, 1 extra",
        "{said}"
    );
    assert_eq!(cell(&rows[0], "Lines"), "—");
    assert_eq!(
        cell(&rows[0], "note"),
        "an answer to \"Gone\", which this course has not"
    );
}
promise!(a_cell_names_the_hidden_board_an_answer_differs_on);

/// An answer that attaches, writes, sets a pragma, runs two statements,
/// makes a huge value or loops for ever is refused or stopped (within
/// --timeout), graded as such, and changes no file.
fn a_hostile_answer_is_refused_or_stopped_and_changes_nothing() {
    let board = Board::new(8);
    let dir = board.dir.path();
    let reference = "select count(*) from square";
    let hostile = [
        ("attach", "attach 'stolen.db' as stolen"),
        ("write", "delete from square"),
        ("create", "create table mine(x)"),
        ("pragma", "pragma query_only = 0"),
        ("writable schema", "pragma writable_schema = on"),
        ("two statements", "select 64; drop table square"),
        ("zeroblob", "select zeroblob(1000000000)"),
        (
            "loop",
            "with recursive c(x) as (select 1 union all select x + 1 from c) select count(*) from c",
        ),
    ];
    let exercises: Vec<_> = (hostile.iter())
        .map(|(title, _)| (title.to_string(), reference.to_string(), false))
        .collect();
    write_course(dir, &exercises);
    let answers: Vec<_> = (hostile.iter())
        .map(|(title, sql)| (*title, reference, *sql))
        .collect();
    write_answers(dir, "mallory", &answers);
    let before = std::fs::read(&board.db).unwrap();
    let (code, rows) = graded(&board, &["--timeout", "1", "mallory.json"]);
    assert_eq!(code, Some(0));
    for (title, _) in &hostile[..6] {
        let said = cell(&rows[0], title);
        assert!(said.starts_with("fails: "), "{title}: {said}");
    }
    assert_eq!(cell(&rows[0], "zeroblob"), "fails: string or blob too big");
    assert_eq!(cell(&rows[0], "loop"), "stopped after 1 s (--timeout)");
    assert_eq!(std::fs::read(&board.db).unwrap(), before);
    assert!(!dir.join("stolen.db").exists());
}
promise!(a_hostile_answer_is_refused_or_stopped_and_changes_nothing);

/// A file that cannot be graded (none, a directory, a device through a
/// symlink, a FIFO, over 1 MiB, not JSON, not an answers file) gets one
/// line saying why, the others are graded, and grade exits 1.
fn each_unreadable_answers_file_is_one_line_and_the_rest_are_graded() {
    let board = Board::new(8);
    let dir = board.dir.path();
    let count = "select count(*) from square";
    write_course(dir, &[("Count".into(), count.into(), false)]);
    write_answers(dir, "alice", &[("Count", count, count)]);
    std::fs::write(dir.join("huge.json"), vec![b' '; (1 << 20) + 1]).unwrap();
    std::fs::write(dir.join("prose.json"), "my answers are great").unwrap();
    std::fs::write(dir.join("shape.json"), r#"{"answers": {"a": 1}}"#).unwrap();
    std::fs::write(dir.join("binary.json"), [0xff, 0xfe, 0]).unwrap();
    std::fs::create_dir(dir.join("folder.json")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.json")).unwrap();
    common::make_fifo(&dir.join("pipe.json"));
    let files = [
        "huge.json",
        "prose.json",
        "shape.json",
        "binary.json",
        "folder.json",
        "zero.json",
        "pipe.json",
        "nobody.json",
        "alice.json",
    ];
    let mut args = vec!["grade", "--exercises", "course.toml", "-f", "csv"];
    args.extend(files);
    let out = board.run(&args);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let csv = text(&out.stdout);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "student,Count,note");
    assert_eq!(lines.len(), files.len() + 1, "{csv}");
    for (file, line) in files.iter().zip(&lines[1..]) {
        let student = file.strip_suffix(".json").unwrap();
        if *file == "alice.json" {
            assert_eq!(*line, "alice,✓,");
        } else {
            // (CSV quotes a note that holds a quote or a comma.)
            assert!(
                line.starts_with(&format!("{student},,"))
                    && line.contains(&format!("not graded: {file}: ")),
                "{line}"
            );
        }
    }
    for (file, why) in [
        ("huge", "larger than 1 MiB"),
        ("prose", "not JSON"),
        ("shape", "no queens answers file"),
        ("binary", "not UTF-8"),
        ("folder", "directory"),
        ("zero", "a device, not a file"),
        ("pipe", "a FIFO"),
        ("nobody", "no such file"),
    ] {
        let line = lines
            .iter()
            .find(|l| l.starts_with(&format!("{file},")))
            .unwrap();
        assert!(line.contains(why), "{line}");
    }
}
promise!(each_unreadable_answers_file_is_one_line_and_the_rest_are_graded);

/// A mistake in how grade is called exits 2 with one line naming the
/// value: a --timeout that is no time, an exercises file that cannot be
/// read or writes [exercise] for [[exercise]], a reference answer that
/// fails.
fn a_usage_mistake_is_one_line_naming_the_value() {
    let board = Board::new(8);
    let dir = board.dir.path();
    write_answers(dir, "alice", &[]);
    let out = board.run(&["grade", "--timeout", "soon", "alice.json"]);
    assert_refused(&out, 2, "\"soon\"");
    let out = board.run(&["grade", "--exercises", "missing.toml", "alice.json"]);
    assert_refused(&out, 2, "missing.toml: there is no such file");
    std::fs::write(
        dir.join("single.toml"),
        "[exercise]\ntitle = \"a\"\nprompt = \"b\"\nanswer = \"select 1\"\n",
    )
    .unwrap();
    let out = board.run(&["grade", "--exercises", "single.toml", "alice.json"]);
    assert_refused(
        &out,
        2,
        "single.toml: line 1: write [[exercise]] (an array of tables), not [exercise]",
    );
    write_course(
        dir,
        &[("Broken".into(), "select * from nowhere".into(), false)],
    );
    let out = board.run(&["grade", "--exercises", "course.toml", "alice.json"]);
    assert_refused(
        &out,
        2,
        "course.toml: exercise 1 (\"Broken\"): its answer fails on the 8×8 board: no such table: nowhere",
    );
}
promise!(a_usage_mistake_is_one_line_naming_the_value);

/// Without --exercises, the built-in exercises are graded, in the table
/// `query` prints, one column an exercise.
fn the_built_in_exercises_are_graded_without_a_course() {
    let board = Board::new(8);
    let dir = board.dir.path();
    let count = "select count(*) from square";
    write_answers(dir, "alice", &[("Count the squares", count, count)]);
    let out = board.run(&["grade", "alice.json"]);
    let table = common::stdout_of_success(out, &["grade"]);
    let lines: Vec<&str> = table.lines().collect();
    assert!(
        lines[0].starts_with("student") && lines[0].contains("Count the squares"),
        "{table}"
    );
    assert!(lines[2].starts_with("alice    ✓ "), "{table}");
    assert_eq!(lines.len(), 3, "{table}");
}
promise!(the_built_in_exercises_are_graded_without_a_course);

/// The course the how-to shows, with its [course] table and hints, is a
/// file grade reads and grades by.
fn the_how_to_s_course_with_hints_is_graded() {
    let how_to = include_str!("../../docs/src/howto/exercises.md");
    let example = (how_to.split("```toml\n").skip(1))
        .map(|rest| &rest[..rest.find("```").unwrap()])
        .find(|block| block.starts_with("[course]"))
        .expect("the how-to's course example");
    assert!(example.contains("hints = ["), "{example}");
    let board = Board::new(8);
    let dir = board.dir.path();
    std::fs::write(dir.join("course.toml"), example).unwrap();
    let count = "select count(*) from square";
    write_answers(dir, "ada", &[("Count the squares", count, count)]);
    let (code, rows) = graded(&board, &["ada.json"]);
    assert_eq!(code, Some(0));
    assert_eq!(cell(&rows[0], "Count the squares"), "✓");
}
promise!(the_how_to_s_course_with_hints_is_graded);

/// A course whose one exercise's reference answer is a query no learner
/// would write by chance (its rows' column names are part of the answer
/// and the page shows them; the words only its SQL holds are not).
const SECRET_COURSE: &str = r#"
[[exercise]]
title = "Count the squares"
prompt = "How many squares has the board?"
answer = "select count(*) as squares from square where 'teacher_secret_reference' <> ''"
"#;

promise!(
    the_page_does_not_hand_the_learner_the_reference_answer,
    needs = [SqlJs]
);
/// The page checks an answer against the reference's rows, which it
/// carries: it has no use for the teacher's reference SQL, and a learner
/// who reads the page's source and copies it gets ✓ from `queens grade`
/// (progress a teacher "can collect and trust").
fn the_page_does_not_hand_the_learner_the_reference_answer() {
    let board = Board::new(8);
    std::fs::write(board.dir.path().join("course.toml"), SECRET_COURSE).unwrap();
    let page = crate::console::console_of(&board, &["--exercises", "course.toml"]);
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        !html.contains("teacher_secret_reference"),
        "the page carries the reference answer's SQL: view-source and copy it"
    );
}

/// The id the page names `course`'s first exercise by, from the page.
fn first_exercise_id(board: &Board) -> String {
    let page = crate::console::console_of(board, &["--exercises", "course.toml"]);
    let data = crate::console::console_data(&std::fs::read_to_string(page).unwrap());
    data["exercises"][0]["id"].as_str().unwrap().to_string()
}

/// A learner's answers file, as "Download my answers" writes it, with
/// `sql` as the answer to the exercise `id`.
fn answers_file(id: &str, sql: &str) -> String {
    serde_json::json!({
        "queens_answers": 1,
        "board": "8×8",
        "answers": [{"exercise": id, "title": "Count the squares", "sql": sql}],
    })
    .to_string()
}

promise!(
    grade_s_csv_starts_no_cell_with_a_formula_from_a_file_s_name,
    needs = [SqlJs]
);
/// `--format csv` is "for a spreadsheet", and each learner is named by
/// the file's name, which the learner chose: a name that starts with =,
/// +, - or @ is a formula the teacher's spreadsheet runs.
fn grade_s_csv_starts_no_cell_with_a_formula_from_a_file_s_name() {
    let board = Board::new(8);
    std::fs::write(board.dir.path().join("course.toml"), SECRET_COURSE).unwrap();
    let id = first_exercise_id(&board);
    let name = "=HYPERLINK(\"http:evil.example\",\"alice\").json";
    std::fs::write(
        board.dir.path().join(name),
        answers_file(&id, "select count(*) from square"),
    )
    .unwrap();
    let out = board.run(&["grade", "--exercises", "course.toml", "-f", "csv", name]);
    let said = text(&out.stdout);
    let mut reader = csv::ReaderBuilder::new().from_reader(said.as_bytes());
    for record in reader.records() {
        for cell in &record.unwrap() {
            assert!(
                !cell.starts_with(['=', '+', '-', '@']),
                "a cell a spreadsheet runs as a formula: {cell:?} in {said}"
            );
        }
    }
}

promise!(grade_prints_no_control_character_from_a_course_s_titles);
/// Each learner is one line of the table, and nothing grade prints moves
/// the terminal: an exercise's title with an escape sequence (a colour,
/// a window title) and a line break goes into the table's header as it
/// was typed.
fn grade_prints_no_control_character_from_a_course_s_titles() {
    let board = Board::new(8);
    std::fs::write(
        board.dir.path().join("course.toml"),
        "[[exercise]]\ntitle = \"Count\\u001b[31mRED\\u001b]0;TITLE\\u0007\\nsecond line\"\n\
         prompt = \"p\"\nanswer = \"select count(*) from square\"\n",
    )
    .unwrap();
    std::fs::write(
        board.dir.path().join("alice.json"),
        answers_file("0000000000000000", "select 1"),
    )
    .unwrap();
    let out = board.run(&["grade", "--exercises", "course.toml", "alice.json"]);
    let said = text(&out.stdout);
    assert!(
        !said.contains('\u{1b}') && !said.contains('\u{7}') && said.lines().count() == 3,
        "{said:?}"
    );
}

/// A ✓ is earned, not typed in: the page carries the reference's rows on
/// the shown board and the hidden ones, and names them, so an answer that
/// reads only the board's size and types the reference's rows for each
/// board the page names is no answer. grade also checks on boards the
/// page never carried (4×4, 9×9 and 10×10 besides an 8×8) and names the
/// first it differs on; the answer that follows from the data is ✓ on
/// every one of them.
fn grade_gives_no_tick_to_rows_typed_in_for_each_board() {
    let board = Board::new(8);
    let dir = board.dir.path();
    let count = "select count(*) from square";
    let lines =
        "select anchor, mov_dir, count(*) as squares from square_line group by anchor, mov_dir";
    write_course(
        dir,
        &[
            ("Count".into(), count.into(), false),
            ("Lines".into(), lines.into(), false),
        ],
    );
    let typed = "select case (select count(*) from square) \
                 when 64 then 64 when 25 then 25 when 36 then 36 when 49 then 49 end";
    write_answers(dir, "mallory", &[("Count", count, typed)]);
    write_answers(
        dir,
        "alice",
        &[
            ("Count", count, "select count(square) from square"),
            ("Lines", lines, lines),
        ],
    );
    let (code, rows) = graded(&board, &["mallory.json", "alice.json"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        cell(&rows[0], "Count"),
        "hidden 4×4: 1 row missing, 1 extra"
    );
    assert_eq!(cell(&rows[1], "Count"), "✓");
    assert_eq!(cell(&rows[1], "Lines"), "✓");
}
promise!(grade_gives_no_tick_to_rows_typed_in_for_each_board);

/// An answer is its exercise's by the title it carries, so a teacher who
/// rewrites a reference after handing out the page (the same rows, other
/// words: another id) keeps every learner's answer; an answers file with
/// no title is matched by its id.
fn grade_checks_an_answer_after_the_teacher_rewrites_the_reference() {
    let board = Board::new(8);
    let dir = board.dir.path();
    let before = "select count(*) * 1 from square";
    let after = "select count(square) from square";
    write_course(dir, &[("Count the squares".into(), after.into(), false)]);
    write_answers(
        dir,
        "alice",
        &[("Count the squares", before, "select count(*) from square")],
    );
    let untitled = serde_json::json!({"queens_answers": 1, "board": "8×8", "answers": [
        {"exercise": id("Count the squares", after), "sql": "select 64"}]});
    std::fs::write(dir.join("bob.json"), untitled.to_string()).unwrap();
    let (code, rows) = graded(&board, &["alice.json", "bob.json"]);
    assert_eq!(code, Some(0));
    assert_eq!(cell(&rows[0], "Count the squares"), "✓");
    assert_eq!(cell(&rows[0], "note"), "");
    assert!(
        cell(&rows[1], "Count the squares").starts_with("hidden 5×5: "),
        "{:?}",
        rows[1]
    );
}
promise!(grade_checks_an_answer_after_the_teacher_rewrites_the_reference);

/// Answers are matched by title, so a course with two exercises of one
/// title, or one titled as a column grade prints itself ("student",
/// "note", keys of `--format json`'s objects), is refused in one line
/// naming the title, by grade and by export alike.
fn a_course_gives_each_column_its_own_title() {
    let board = Board::new(8);
    let dir = board.dir.path();
    write_answers(dir, "alice", &[]);
    let count = "select count(*) from square";
    for (titles, said) in [
        (
            ["Count", "Count"],
            "exercise 2 (\"Count\"): two exercises have this title",
        ),
        (
            ["Count", "note"],
            "exercise 2 (\"note\"): grade prints a column of its own by this title",
        ),
        (
            ["student", "Count"],
            "exercise 1 (\"student\"): grade prints a column of its own by this title",
        ),
    ] {
        let exercises: Vec<_> = (titles.iter())
            .map(|title| (title.to_string(), count.to_string(), false))
            .collect();
        write_course(dir, &exercises);
        let out = board.run(&["grade", "--exercises", "course.toml", "alice.json"]);
        assert_refused(&out, 2, &format!("course.toml: {said}"));
        let sqljs = crate::console::sqljs();
        let out = board.run(&[
            "export",
            "--console",
            "--sqljs",
            sqljs.to_str().unwrap(),
            "--exercises",
            "course.toml",
            "--out",
            "page.html",
        ]);
        assert_refused(&out, 2, said);
        assert!(!dir.join("page.html").exists());
    }
}
promise!(a_course_gives_each_column_its_own_title);

/// An answers file says the board of the page it came from: answers from
/// a page of another board are not graded against this one, said in one
/// line naming both; the other files are graded, and grade exits 1, as
/// for any file it cannot grade.
fn answers_from_a_page_of_another_board_are_said_not_graded() {
    let board = Board::new(6);
    let dir = board.dir.path();
    let count = "select count(*) from square";
    write_course(dir, &[("Count".into(), count.into(), false)]);
    write_answers(dir, "eight", &[("Count", count, count)]);
    let six = serde_json::json!({"queens_answers": 1, "board": "6×6", "answers": [
        {"exercise": id("Count", count), "title": "Count", "sql": count}]});
    std::fs::write(dir.join("six.json"), six.to_string()).unwrap();
    let (code, rows) = graded(&board, &["eight.json", "six.json"]);
    assert_eq!(code, Some(1));
    assert_eq!(cell(&rows[0], "Count"), "");
    assert_eq!(
        cell(&rows[0], "note"),
        "not graded: eight.json: its answers are from a page of the 8×8 board, \
         and grade checks on the 6×6 board"
    );
    assert_eq!(cell(&rows[1], "Count"), "✓");
    assert_eq!(cell(&rows[1], "note"), "");
}
promise!(answers_from_a_page_of_another_board_are_said_not_graded);

/// An answers file names its page's board in full, holes and all: answers
/// from a page of a board with other holes are not graded on this one,
/// and a file that names no board is not graded either, each said in one
/// line.
fn answers_from_a_page_of_a_board_with_other_holes_are_not_graded() {
    let board = Board::shaped(8, &["--holes", "b2"]);
    let dir = board.dir.path();
    let count = "select count(*) from square";
    write_course(dir, &[("Count".into(), count.into(), false)]);
    let answers = serde_json::json!([
        {"exercise": id("Count", count), "title": "Count", "sql": count}]);
    for (name, on) in [
        ("ours", Some("8×8 with holes at b2")),
        ("theirs", Some("8×8 with holes at a1")),
        ("holed", Some("8×8 holed")),
        ("nameless", None),
    ] {
        let mut file = serde_json::json!({"queens_answers": 1, "answers": answers});
        if let Some(on) = on {
            file["board"] = on.into();
        }
        std::fs::write(dir.join(format!("{name}.json")), file.to_string()).unwrap();
    }
    let (code, rows) = graded(
        &board,
        &["ours.json", "theirs.json", "holed.json", "nameless.json"],
    );
    assert_eq!(code, Some(1));
    assert_eq!(cell(&rows[0], "Count"), "✓");
    for (row, theirs) in [(1, "8×8 with holes at a1"), (2, "8×8 holed")] {
        assert_eq!(cell(&rows[row], "Count"), "");
        assert!(
            cell(&rows[row], "note").ends_with(&format!(
                "its answers are from a page of the {theirs} board, \
                 and grade checks on the 8×8 with holes at b2 board"
            )),
            "{}",
            cell(&rows[row], "note")
        );
    }
    assert_eq!(
        cell(&rows[3], "note"),
        "not graded: nameless.json: it names no board (the page's answers file \
         names its own), and grade checks on the 8×8 with holes at b2 board"
    );
}
promise!(answers_from_a_page_of_a_board_with_other_holes_are_not_graded);

/// --timeout bounds each answer's time whatever it does: one call that
/// runs for a minute without a step between (a search for a long text in
/// a longer one) is stopped at the timeout and graded so, never ✓, and
/// grade goes on (the wait for grade is bounded, in minutes, by `run`).
fn grade_stops_an_answer_at_its_timeout_even_within_one_slow_call() {
    let board = Board::new(8);
    let dir = board.dir.path();
    let count = "select count(*) from square";
    // instr over a 1 MB text for a 500 kB one that is not in it: about a
    // minute in one SQLite step, and the count is the reference's.
    let slow = "select instr(printf('%.*c', 1000000, 'a'), \
                printf('%.*c', 500000, 'a') || 'b') + count(*) from square";
    write_course(
        dir,
        &[
            ("Slow".into(), count.into(), false),
            ("Quick".into(), count.into(), false),
        ],
    );
    write_answers(
        dir,
        "mallory",
        &[("Slow", count, slow), ("Quick", count, count)],
    );
    let (code, rows) = graded(&board, &["--timeout", "1", "mallory.json"]);
    assert_eq!(code, Some(0));
    assert_eq!(cell(&rows[0], "Slow"), "stopped after 1 s (--timeout)");
    assert_eq!(cell(&rows[0], "Quick"), "✓");
}
promise!(grade_stops_an_answer_at_its_timeout_even_within_one_slow_call);

/// grade reads a board and makes none: a --db that is not there is one
/// line naming it, exit 2, and no file is created.
fn grade_on_a_database_that_is_not_there_creates_none() {
    let board = Board::new(8);
    let dir = board.dir.path();
    write_answers(dir, "alice", &[]);
    let out = common::queens(dir)
        .args(["grade", "--db", "missing.db", "alice.json"])
        .bounded_output()
        .unwrap();
    assert_refused(&out, 2, "missing.db: there is no such database");
    assert!(!dir.join("missing.db").exists());
}
promise!(grade_on_a_database_that_is_not_there_creates_none);

// From an attack: under an address-space limit, grade marked right
// answers "fails: out of memory" (and "fails: no thread to run it on")
// and ended with 0.
promise!(an_answer_grade_could_not_run_is_never_judged);
fn an_answer_grade_could_not_run_is_never_judged() {
    let board = Board::new(8);
    let dir = board.dir.path();
    let reference = "select count(*) from solution";
    write_course(dir, &[("count".to_string(), reference.to_string(), false)]);
    write_answers(dir, "alice", &[("count", reference, reference)]);
    let grade = format!(
        "grade --exercises course.toml --format csv --db {} alice.json",
        board.db.display()
    );
    let mut unrun = 0;
    for limit in (20_000..=92_000).step_by(3_000) {
        let LimitedRun {
            line,
            out,
            said,
            aborted,
        } = under_memory_limit(limit, &grade, dir);
        let table = text(&out.stdout);
        assert!(!table.contains("fails"), "{line}: {table}");
        // A refusal of memory says what was being done, on which board,
        // and is not blamed on the course.
        for refusal in said.lines().filter(|l| l.contains("out of memory")) {
            let what = refusal.strip_prefix("queens: out of memory ");
            assert!(what.is_some_and(|w| !w.is_empty()), "{line}: {said}");
        }
        match out.status.code() {
            Some(0) => assert!(table.contains("alice,✓"), "{line}: {table}"),
            Some(1) => {
                unrun += 1;
                let all = format!("{table}{said}");
                assert!(
                    all.contains("out of memory") || all.contains("no thread"),
                    "{line}: {all}"
                );
            }
            // The allocator's end (the guarantees page says so).
            None if aborted => assert!(said.contains("memory"), "{line}: {said}"),
            other => panic!("{line}: exit {other:?}: {said}"),
        }
    }
    assert!(
        unrun > 0,
        "no limit refused memory: the promise was not tried"
    );
}
