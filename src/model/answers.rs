//! A learner's answers file, as the page's "Download my answers" writes
//! it and `grade` reads it: JSON, one object, `queens_answers` its
//! format's version, and each checked exercise's last submitted SQL under
//! the exercise's id. No verdicts: a teacher trusts none from a browser.

use serde::Deserialize;

/// The version of the format this queens reads and the page writes.
pub const VERSION: u32 = 1;

/// One learner's answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answers {
    /// The page's board's full name (`Board::full_name`, "8×8 with holes
    /// at a1"): `grade` grades only answers from a page of its own board,
    /// and none from a file that names no board.
    pub board: Option<String>,
    pub answers: Vec<Answer>,
}

/// The learner's last submitted SQL for one exercise.
///
/// Fields this queens does not know are let be, here and in the file: a
/// later page may add some, and the version says what changes meaning.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Answer {
    /// The exercise's id (`Exercise::id`).
    pub exercise: String,
    /// The exercise's title, informative: to name an exercise the course
    /// has not.
    #[serde(default)]
    pub title: Option<String>,
    pub sql: String,
}

#[derive(Deserialize)]
struct AnswersFile {
    queens_answers: u32,
    #[serde(default)]
    board: Option<String>,
    answers: Vec<Answer>,
}

/// The answers in a file's `text`; Err says in one line why it holds none.
pub fn parse(text: &str) -> Result<Answers, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("it is not JSON: {e}"))?;
    if value.get("queens_answers").is_none() {
        return Err(
            "it is no queens answers file (the page's \"Download my answers\" writes one)".into(),
        );
    }
    let file: AnswersFile = serde_json::from_value(value)
        .map_err(|e| format!("it is no queens answers file as this queens reads them: {e}"))?;
    if file.queens_answers != VERSION {
        return Err(format!(
            "it is answers format {}, and this queens reads format {VERSION}",
            file.queens_answers
        ));
    }
    Ok(Answers {
        board: file.board,
        answers: file.answers,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pages_answers_file_is_read() {
        let answers = parse(
            r#"{"queens_answers": 1, "board": "8×8", "answers": [
                {"exercise": "0123456789abcdef", "title": "Count", "sql": "select 1"}]}"#,
        )
        .unwrap();
        assert_eq!(answers.board.as_deref(), Some("8×8"));
        assert_eq!(answers.answers[0].exercise, "0123456789abcdef");
        assert_eq!(answers.answers[0].sql, "select 1");
    }

    #[test]
    fn anything_else_is_said_in_one_line() {
        for (text, said) in [
            ("{", "it is not JSON: "),
            ("[1, 2]", "it is no queens answers file"),
            (r#"{"answers": []}"#, "it is no queens answers file"),
            (
                r#"{"queens_answers": 1, "answers": [{"exercise": "a"}]}"#,
                "missing field `sql`",
            ),
            (
                r#"{"queens_answers": 2, "answers": []}"#,
                "answers format 2",
            ),
        ] {
            let why = parse(text).unwrap_err();
            assert!(why.contains(said) && !why.contains('\n'), "{text}: {why}");
        }
    }
}
