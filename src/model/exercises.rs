//! The console's exercises (`export --console`): a title, a prompt, the
//! reference answer and whether the order of its rows counts. The built-in
//! ones are `exercises.toml`; a teacher's own file has the same form.

use serde::{Deserialize, Serialize, Serializer};
use sha2::{Digest, Sha256};

use crate::model::hex::hex;

/// The built-in exercises, in the form a teacher's file takes.
const BUILT_IN: &str = include_str!("exercises.toml");

/// One exercise.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Exercise {
    pub title: String,
    pub prompt: String,
    /// The reference answer: one SQL query.
    pub answer: String,
    /// Whether the rows must come in the reference's order.
    #[serde(default)]
    pub ordered: bool,
}

impl Exercise {
    /// A name for the learner's progress, the same wherever the exercise
    /// is the same: the first 16 hex digits of the SHA-256 of its title
    /// and answer.
    pub fn id(&self) -> String {
        let digest = Sha256::digest(format!("{}\n{}", self.title, self.answer));
        hex(&digest[..8])
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
    #[serde(default)]
    exercise: Vec<Exercise>,
}

/// The built-in exercises.
pub fn built_in() -> Vec<Exercise> {
    parse(BUILT_IN).expect("exercises.toml is well formed")
}

/// The exercises of a file's `text`; Err says, in one line, what is wrong
/// and on which line.
pub fn parse(text: &str) -> Result<Vec<Exercise>, String> {
    let file: ExerciseFile = toml::from_str(text).map_err(|e| {
        let line = e.span().map(|span| line_of(text, span.start));
        let message = e.message().trim().replace('\n', "; ");
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
    for (at, exercise) in file.exercise.iter().enumerate() {
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
        if file.exercise[..at]
            .iter()
            .any(|e| e.title == exercise.title)
        {
            return Err(format!("{which}: two exercises have this title"));
        }
    }
    Ok(file.exercise)
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
    fn the_built_in_exercises_are_at_least_eight_with_distinct_ids() {
        let all = built_in();
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
        let blank = "[[exercise]]\ntitle = \"a\"\nprompt = \" \"\nanswer = \"c\"\n";
        assert!(parse(blank).unwrap_err().contains("empty prompt"));
    }
}
