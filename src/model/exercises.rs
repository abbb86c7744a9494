//! The console's exercises (`export --console`, `grade`): a title, a
//! prompt, the reference answer, whether the order of its rows counts and
//! hints; a teacher's course adds a title and an introduction. The
//! built-in ones are `exercises.toml`; a teacher's own file has the same
//! form.

use serde::{Deserialize, Serialize, Serializer};
use sha2::{Digest, Sha256};
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

use crate::model::hex::hex;

/// The built-in exercises, in the form a teacher's file takes.
const BUILT_IN: &str = include_str!("exercises.toml");

/// The columns `grade` prints of each learner besides one an exercise:
/// the learner, first, and a note, last. No exercise is titled as one,
/// so each column has its own name (a key of `--format json`'s objects).
pub const LEARNER_COLUMNS: [&str; 2] = ["student", "note"];

/// `text` as a cell of grade's table: every character a terminal would
/// act on or not print (a control character such as a line break or an
/// escape, a format character such as a bidi override or a zero-width
/// space, a line or paragraph separator) shown as `?`, so each learner is
/// one line and what it shows is what it holds; and a cell a spreadsheet
/// would read as a formula (`=`, `+`, `-`, `@` first, after any blanks or
/// no-break spaces: a learner names their own file) starts with `'`,
/// which shows it as text.
pub fn cell(text: &str) -> String {
    let line: String = text
        .chars()
        .map(|c| if is_unprinted(c) { '?' } else { c })
        .collect();
    if line.trim_start().starts_with(['=', '+', '-', '@']) {
        format!("'{line}")
    } else {
        line
    }
}

/// Whether `c` is no character a cell shows as it is (`cell`).
fn is_unprinted(c: char) -> bool {
    c.is_control()
        || matches!(
            c.general_category(),
            GeneralCategory::Format
                | GeneralCategory::LineSeparator
                | GeneralCategory::ParagraphSeparator
        )
}

/// One exercise.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Exercise {
    pub title: String,
    pub prompt: String,
    /// The reference answer: one SQL query. The page carries its rows on
    /// each board, never its text, which a learner would read in the
    /// page's source and hand in.
    #[serde(skip_serializing)]
    pub answer: String,
    /// Whether the rows must come in the reference's order.
    #[serde(default)]
    pub ordered: bool,
    /// Hints, shown one at a time on request, in the prompts' Markdown.
    #[serde(default)]
    pub hints: Vec<String>,
}

/// A course: the teacher's title and introduction (the `[course]` table,
/// both optional; the introduction in the prompts' Markdown) and the
/// exercises. The built-in exercises have neither.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct Course {
    pub title: Option<String>,
    pub introduction: Option<String>,
    #[serde(skip_deserializing)]
    pub exercises: Vec<Exercise>,
}

impl Exercise {
    /// A name for the learner's progress, the same wherever the exercise
    /// is the same: the first 16 hex digits of the SHA-256 of its title
    /// and answer.
    pub fn id(&self) -> String {
        let digest = Sha256::digest(format!("{}\n{}", self.title, self.answer));
        hex(&digest[..8])
    }

    /// The squares its answer names, as quoted literals (`'c5'`), each
    /// once, in the order they come: a board that lacks one gives the
    /// answer no meaning.
    pub fn squares_named(&self) -> Vec<String> {
        let mut named: Vec<String> = Vec::new();
        for literal in self.answer.split('\'').skip(1).step_by(2) {
            let mut chars = literal.chars();
            let is_square = chars.next().is_some_and(|c| c.is_ascii_lowercase())
                && !chars.as_str().is_empty()
                && !chars.as_str().starts_with('0')
                && chars.as_str().len() <= 2
                && chars.as_str().bytes().all(|b| b.is_ascii_digit());
            if is_square && !named.iter().any(|n| n == literal) {
                named.push(literal.to_string());
            }
        }
        named
    }
}

/// The rows a reference answer gives on one board, as the page carries
/// them: the browser compares a learner's rows with these and runs no
/// reference itself.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnswerRows {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Typed>>,
}

/// A value as SQLite types it: its storage class and its exact value, the
/// key the console compares two values by.
#[derive(Clone, Debug, PartialEq)]
pub enum Typed {
    Null,
    Integer(i64),
    Real(f64),
    /// Text as its bytes, which need not be UTF-8.
    Text(Vec<u8>),
    Blob(Vec<u8>),
}

/// A value in the page: JSON null, or a string whose first character is
/// its storage class (`i` integer, `r` real, `t` text, `u` text whose
/// bytes are not UTF-8, in hex, `x` blob, in hex) and whose rest is its
/// value, exactly: an integer as its digits (all 64 bits, which a JSON
/// number would round), a real as the digits that read back as the same
/// double (`Infinity`, `-0`), which JavaScript's Number() reads.
impl Serialize for Typed {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let text = match self {
            Typed::Null => return serializer.serialize_unit(),
            Typed::Integer(i) => format!("i{i}"),
            Typed::Real(f) if f.is_infinite() => {
                format!("r{}Infinity", if *f < 0.0 { "-" } else { "" })
            }
            Typed::Real(f) => format!("r{f:?}"),
            Typed::Text(bytes) => match std::str::from_utf8(bytes) {
                Ok(text) => format!("t{text}"),
                Err(_) => format!("u{}", hex(bytes)),
            },
            Typed::Blob(bytes) => format!("x{}", hex(bytes)),
        };
        serializer.serialize_str(&text)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExerciseFile {
    course: Option<Course>,
    #[serde(default)]
    exercise: Vec<Exercise>,
}

/// The built-in exercises, a course with no title or introduction.
pub fn built_in() -> Course {
    parse(BUILT_IN).expect("exercises.toml is well formed")
}

/// The course of a file's `text`; Err says, in one line, what is wrong
/// and on which line.
pub fn parse(text: &str) -> Result<Course, String> {
    let file: ExerciseFile = toml::from_str(text).map_err(|e| {
        let line = e.span().map(|span| line_of(text, span.start));
        let message = match one_table_for_many(text) {
            Some(said) => said,
            None => e.message().trim().replace('\n', "; "),
        };
        match line {
            Some(line) => format!("line {line}: {message}"),
            None => message,
        }
    })?;
    if file.exercise.is_empty() {
        return Err(
            "it holds no [[exercise]] table (each has a title, a prompt and an answer)".into(),
        );
    }
    let mut course = file.course.unwrap_or_default();
    check_course(&course)?;
    for (at, exercise) in file.exercise.iter().enumerate() {
        check_exercise(at, exercise, &file.exercise[..at])?;
    }
    course.exercises = file.exercise;
    Ok(course)
}

/// Where the file writes `[exercise]` (one table) or `[[course]]` (an
/// array) for the other, what to write instead: serde's own words ("invalid
/// type: map, expected a sequence") do not say it.
fn one_table_for_many(text: &str) -> Option<String> {
    let table: toml::Table = toml::from_str(text).ok()?;
    if table.get("exercise").is_some_and(|e| !e.is_array()) {
        return Some("write [[exercise]] (an array of tables), not [exercise]".into());
    }
    if table.get("course").is_some_and(toml::Value::is_array) {
        return Some("write [course] (one table), not [[course]]".into());
    }
    None
}

/// A course's title and introduction, where given, are not blank.
fn check_course(course: &Course) -> Result<(), String> {
    for (field, value) in [
        ("title", &course.title),
        ("introduction", &course.introduction),
    ] {
        if value.as_ref().is_some_and(|v| v.trim().is_empty()) {
            return Err(format!("the [course] table has an empty {field}"));
        }
    }
    Ok(())
}

/// Exercise `at` has a title, a prompt, an answer and hints that are not
/// blank, and a title none of the exercises `before` it has.
fn check_exercise(at: usize, exercise: &Exercise, before: &[Exercise]) -> Result<(), String> {
    let which = format!("exercise {} ({:?})", at + 1, exercise.title);
    for (field, value) in [
        ("title", &exercise.title),
        ("prompt", &exercise.prompt),
        ("answer", &exercise.answer),
    ] {
        if value.trim().is_empty() {
            return Err(format!("{which} has an empty {field}"));
        }
    }
    if let Some(blank) = exercise.hints.iter().position(|h| h.trim().is_empty()) {
        return Err(format!("{which}: its hint {} is empty", blank + 1));
    }
    // Titles are told apart as grade's table shows them, and its own
    // columns whatever their case and blanks, as a spreadsheet reads them.
    let shown = cell(&exercise.title);
    if before.iter().any(|e| cell(&e.title) == shown) {
        return Err(format!("{which}: two exercises have this title"));
    }
    if LEARNER_COLUMNS.contains(&shown.trim().to_lowercase().as_str()) {
        return Err(format!(
            "{which}: grade prints a column of its own by this title; give the exercise another"
        ));
    }
    Ok(())
}

/// The line, from 1, that byte `at` of `text` is on.
fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_squares_an_answer_names_are_its_quoted_square_names() {
        let named = |answer: &str| {
            Exercise {
                title: "t".into(),
                prompt: "p".into(),
                answer: answer.into(),
                ordered: false,
                hints: Vec::new(),
            }
            .squares_named()
        };
        assert_eq!(
            named("select 'c5', 'a10' from square where square in ('c5', 'b0', 'RGHT-UP', 'x')"),
            ["c5", "a10"]
        );
        assert!(named("select count(*) from square where cl_no = 5").is_empty());
    }

    #[test]
    fn the_built_in_exercises_are_at_least_eight_with_distinct_ids() {
        let built_in = built_in();
        assert_eq!((&built_in.title, &built_in.introduction), (&None, &None));
        let all = built_in.exercises;
        assert!(all.len() >= 8, "{}", all.len());
        let mut ids: Vec<String> = all.iter().map(Exercise::id).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), all.len());
    }

    #[test]
    fn a_carried_value_keeps_its_storage_class_and_every_bit() {
        let row = vec![
            Typed::Null,
            Typed::Integer(i64::MIN),
            Typed::Real(0.1),
            Typed::Real(-0.0),
            Typed::Real(f64::NEG_INFINITY),
            Typed::Real(2.0),
            Typed::Text(b"92".to_vec()),
            Typed::Text(vec![0x61, 0xff]),
            Typed::Blob(vec![0x61, 0x31]),
        ];
        assert_eq!(
            serde_json::to_string(&row).unwrap(),
            r#"[null,"i-9223372036854775808","r0.1","r-0.0","r-Infinity","r2.0","t92","u61ff","x6131"]"#
        );
    }

    #[test]
    fn a_bad_file_is_named_by_its_line_in_one_line() {
        let said = parse("[[exercise]]\ntitle = \"a\"\nprompt = \"b\"\n").unwrap_err();
        assert!(said.contains("answer") && !said.contains('\n'), "{said}");
        let said =
            parse("[[exercise]]\ntitle = \"a\"\nprompt = \"b\"\nanswer = \"c\"\nodered = true\n")
                .unwrap_err();
        assert!(
            said.starts_with("line 5:") && said.contains("odered"),
            "{said}"
        );
        assert!(parse("").unwrap_err().contains("no [[exercise]]"));
        let twice = "[[exercise]]\ntitle = \"a\"\nprompt = \"b\"\nanswer = \"c\"\n";
        assert!(
            parse(&twice.repeat(2))
                .unwrap_err()
                .contains("two exercises")
        );
        let own = "[[exercise]]\ntitle = \"note\"\nprompt = \"b\"\nanswer = \"c\"\n";
        assert!(parse(own).unwrap_err().contains("a column of its own"));
        let blank = "[[exercise]]\ntitle = \"a\"\nprompt = \" \"\nanswer = \"c\"\n";
        assert!(parse(blank).unwrap_err().contains("empty prompt"));
    }

    #[test]
    fn a_course_carries_its_title_introduction_and_hints() {
        let course = parse(
            "[course]\ntitle = \"SQL, week 3\"\nintroduction = \"Read `square` first.\"\n\n\
             [[exercise]]\ntitle = \"a\"\nprompt = \"b\"\nanswer = \"select 1\"\n\
             hints = [\"one\", \"two\"]\n\n\
             [[exercise]]\ntitle = \"c\"\nprompt = \"d\"\nanswer = \"select 2\"\n",
        )
        .unwrap();
        assert_eq!(course.title.as_deref(), Some("SQL, week 3"));
        assert_eq!(course.introduction.as_deref(), Some("Read `square` first."));
        assert_eq!(course.exercises[0].hints, ["one", "two"]);
        assert!(course.exercises[1].hints.is_empty());
        let untitled = parse("[[exercise]]\ntitle = \"a\"\nprompt = \"b\"\nanswer = \"c\"\n");
        assert_eq!(untitled.unwrap().title, None);
    }

    #[test]
    fn hints_do_not_change_an_exercises_id() {
        let plain = "[[exercise]]\ntitle = \"a\"\nprompt = \"b\"\nanswer = \"c\"\n";
        let hinted = format!("{plain}hints = [\"look at square\"]\n");
        assert_eq!(
            parse(plain).unwrap().exercises[0].id(),
            parse(&hinted).unwrap().exercises[0].id()
        );
    }

    #[test]
    fn one_exercise_table_is_told_to_be_an_array_of_tables() {
        let said =
            parse("[exercise]\ntitle = \"a\"\nprompt = \"b\"\nanswer = \"c\"\n").unwrap_err();
        assert!(
            said == "line 1: write [[exercise]] (an array of tables), not [exercise]"
                && !said.contains("invalid type")
                && !said.contains('\n'),
            "{said}"
        );
        let said = parse(
            "[[course]]\ntitle = \"t\"\n[[exercise]]\ntitle = \"a\"\nprompt = \"b\"\nanswer = \"c\"\n",
        )
        .unwrap_err();
        assert!(
            said.ends_with("write [course] (one table), not [[course]]"),
            "{said}"
        );
    }

    #[test]
    fn a_course_refuses_unknown_fields_and_blank_hints() {
        let exercise = "[[exercise]]\ntitle = \"a\"\nprompt = \"b\"\nanswer = \"c\"\n";
        let said = parse(&format!("[course]\ntitel = \"t\"\n{exercise}")).unwrap_err();
        assert!(
            said.starts_with("line 2:") && said.contains("titel"),
            "{said}"
        );
        let said = parse(&format!("[course]\ntitle = \" \"\n{exercise}")).unwrap_err();
        assert!(said.contains("[course] table has an empty title"), "{said}");
        let said = parse(&format!("{exercise}hints = [\"x\", \"\"]\n")).unwrap_err();
        assert!(said.contains("its hint 2 is empty"), "{said}");
    }

    /// Titles that grade's table shows alike are one column twice, and
    /// grade's own columns are reserved whatever their case and blanks.
    #[test]
    fn a_course_refuses_titles_its_grade_table_shows_alike() {
        let exercise = |title: &str| {
            let title = toml::Value::from(title);
            format!("[[exercise]]\ntitle = {title}\nprompt = \"p\"\nanswer = \"select 1\"\n")
        };
        for (titles, said) in [
            (vec!["Note"], "grade prints a column of its own"),
            (vec!["note "], "grade prints a column of its own"),
            (vec![" STUDENT"], "grade prints a column of its own"),
            (vec!["\u{a0}Note "], "grade prints a column of its own"),
            (
                vec!["a\u{202e}b", "a\u{200b}b"],
                "two exercises have this title",
            ),
            (vec!["a\nb", "a?b"], "two exercises have this title"),
            (vec!["=1", "'=1"], "two exercises have this title"),
        ] {
            let text: String = titles.iter().map(|t| exercise(t)).collect();
            let why = parse(&text).unwrap_err();
            assert!(why.contains(said), "{titles:?}: {why}");
        }
        assert!(parse(&(exercise("Count") + &exercise("count"))).is_ok());
    }

    /// A cell shows every character as it is or as `?`, on one line, and
    /// starts no formula a spreadsheet would run.
    #[test]
    fn a_cell_prints_no_format_character_and_starts_no_formula() {
        for (text, shown) in [
            ("plain", "plain"),
            ("a\u{202e}b", "a?b"),
            ("\u{2066}x\u{2069}", "?x?"),
            ("zero\u{200b}width\u{feff}", "zero?width?"),
            ("line\u{2028}break\u{7}", "line?break?"),
            ("=1+1", "'=1+1"),
            ("  =1", "'  =1"),
            ("\u{a0}@SUM(A1)", "'\u{a0}@SUM(A1)"),
            (" -2", "' -2"),
            ("+3", "'+3"),
            ("a=1", "a=1"),
            ("—", "—"),
        ] {
            assert_eq!(cell(text), shown, "{text:?}");
        }
    }
}
