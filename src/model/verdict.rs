//! What a check says of a learner's answer (`grade`, and the page's
//! console in the same words, tests/data/verdicts.toml): the first
//! difference between its rows and the reference's, in this order: the
//! answer fails; the number of columns; rows equal but for the type of a
//! value; rows missing or extra, as multisets; the order, where it counts.

use std::collections::HashMap;
use std::fmt;
use std::time::Duration;

use crate::model::exercises::{AnswerRows, Typed};
use crate::model::hex::hex;

/// An answer that gave no rows to compare.
#[derive(Clone, Debug, PartialEq)]
pub enum Unanswered {
    /// SQLite refused or failed it: its words.
    Fails(String),
    /// It ran over the time each answer has.
    Stopped(Duration),
    /// Its rows ran over the bytes an answer may hold.
    TooLarge(u64),
    /// The process was refused memory while it ran: nothing of the
    /// answer, which `grade` does not judge but stops on.
    NoMemory,
}

impl fmt::Display for Unanswered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unanswered::Fails(why) => {
                write!(f, "fails: {}", why.lines().next().unwrap_or_default())
            }
            Unanswered::Stopped(after) => {
                write!(f, "stopped after {} s (--timeout)", after.as_secs_f64())
            }
            Unanswered::TooLarge(bytes) => {
                write!(f, "stopped: its rows are over {} MiB", bytes >> 20)
            }
            Unanswered::NoMemory => write!(f, "out of memory"),
        }
    }
}

/// The first difference between the `answer`'s rows and the
/// `reference`'s, in words, or None where the answer is right. `ordered`:
/// the rows must come in the reference's order.
pub fn difference(reference: &AnswerRows, answer: &AnswerRows, ordered: bool) -> Option<String> {
    let (theirs, yours) = (reference.columns.len(), answer.columns.len());
    if theirs != yours {
        let columns = if yours == 1 { "column" } else { "columns" };
        return Some(format!("{yours} {columns}, the answer has {theirs}"));
    }
    let exact = |rows: &AnswerRows| -> Vec<Vec<String>> {
        rows.rows
            .iter()
            .map(|row| row.iter().map(exact_key).collect())
            .collect()
    };
    let (want, got) = (exact(reference), exact(answer));
    if same(&want, &got, ordered) {
        return None;
    }
    if let Some(said) = type_difference(reference, answer, ordered) {
        return Some(said);
    }
    let (missing, extra) = multiset_difference(&want, &got);
    Some(match (missing, extra) {
        (0, 0) => "right rows, wrong order".to_string(),
        (0, 1) => "1 extra row".to_string(),
        (0, extra) => format!("{extra} extra rows"),
        (missing, 0) => format!("{missing} {} missing", rows_word(missing)),
        (missing, extra) => format!("{missing} {} missing, {extra} extra", rows_word(missing)),
    })
}

fn rows_word(count: usize) -> &'static str {
    if count == 1 { "row" } else { "rows" }
}

/// Whether two lists of rows are the same: in order where the order
/// counts, else as multisets.
fn same<T: Ord + Clone>(want: &[T], got: &[T], ordered: bool) -> bool {
    if ordered || want.len() != got.len() {
        return want == got;
    }
    let sorted = |rows: &[T]| {
        let mut rows = rows.to_vec();
        rows.sort();
        rows
    };
    sorted(want) == sorted(got)
}

/// How many of `want`'s rows `got` lacks and how many it has beyond them,
/// counted as multisets.
fn multiset_difference(want: &[Vec<String>], got: &[Vec<String>]) -> (usize, usize) {
    let mut count: HashMap<&Vec<String>, i64> = HashMap::new();
    for row in want {
        *count.entry(row).or_default() += 1;
    }
    for row in got {
        *count.entry(row).or_default() -= 1;
    }
    let missing = count
        .values()
        .filter(|&&c| c > 0)
        .map(|&c| c as usize)
        .sum();
    let extra = count
        .values()
        .filter(|&&c| c < 0)
        .map(|&c| (-c) as usize)
        .sum();
    (missing, extra)
}

/// Where the rows are equal compared loosely (`loose_key`) but not
/// exactly: the first value whose type differs, the learner's first. The
/// rows are paired in order where the order counts, else each side sorted
/// by its loose, then its exact keys.
fn type_difference(reference: &AnswerRows, answer: &AnswerRows, ordered: bool) -> Option<String> {
    let loose = |rows: &AnswerRows| -> Vec<Vec<Option<Vec<u8>>>> {
        rows.rows
            .iter()
            .map(|row| row.iter().map(loose_key).collect())
            .collect()
    };
    if !same(&loose(reference), &loose(answer), ordered) {
        return None;
    }
    let (want, got) = (paired(reference, ordered), paired(answer, ordered));
    (want.iter().zip(&got)).find_map(|(w, g)| {
        (w.iter().zip(g.iter()))
            .find(|(w, g)| exact_key(w) != exact_key(g))
            .map(|(w, g)| {
                format!(
                    "a value's type differs: yours {}, the answer's {}",
                    said(g),
                    said(w)
                )
            })
    })
}

/// The rows of `rows` in the order they are paired in: theirs where the
/// order counts, else by their loose, then their exact keys.
fn paired(rows: &AnswerRows, ordered: bool) -> Vec<&Vec<Typed>> {
    let mut keyed: Vec<_> = (rows.rows.iter())
        .map(|row| {
            let loose: Vec<_> = row.iter().map(loose_key).collect();
            let exact: Vec<_> = row.iter().map(exact_key).collect();
            (loose, exact, row)
        })
        .collect();
    if !ordered {
        keyed.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
    }
    keyed.into_iter().map(|(_, _, row)| row).collect()
}

/// A value's exact key: its storage class and its every bit, as the page
/// carries it.
fn exact_key(value: &Typed) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// A value compared loosely, whatever its type: as text (a whole real as
/// the integer it is, as JavaScript writes numbers), a blob as the text
/// its bytes spell (else its hex), NULL apart from every text.
fn loose_key(value: &Typed) -> Option<Vec<u8>> {
    Some(match value {
        Typed::Null => return None,
        Typed::Integer(i) => i.to_string().into_bytes(),
        Typed::Real(f) => number_text(*f).into_bytes(),
        Typed::Text(bytes) => bytes.clone(),
        Typed::Blob(bytes) => match std::str::from_utf8(bytes) {
            Ok(_) => bytes.clone(),
            Err(_) => hex(bytes).into_bytes(),
        },
    })
}

/// A real as JavaScript's String() writes it, for the values a board's
/// answers give: a whole one without a fraction, -0 as 0.
fn number_text(f: f64) -> String {
    if f.is_infinite() {
        return if f < 0.0 { "-Infinity" } else { "Infinity" }.to_string();
    }
    if f == 0.0 {
        return "0".to_string();
    }
    if f.fract() == 0.0 && f.abs() < 1e21 {
        return format!("{f:.0}");
    }
    format!("{f}")
}

/// The most of a text or a blob a verdict shows, as the page shows them.
const SHOWN_CHARS: usize = 2000;
const SHOWN_BYTES: usize = 32;

/// A value with its type, in words: `integer 64`, `real 64.0`, `text
/// 'ab'`, `blob x'6162'`, `NULL`.
pub fn said(value: &Typed) -> String {
    match value {
        Typed::Null => "NULL".to_string(),
        Typed::Integer(i) => format!("integer {i}"),
        Typed::Real(f) if f.is_finite() && f.fract() == 0.0 && f.abs() < 1e21 => {
            format!("real {}.0", number_text(*f))
        }
        Typed::Real(f) => format!("real {}", number_text(*f)),
        Typed::Text(bytes) => {
            let text = String::from_utf8_lossy(bytes);
            let count = text.chars().count();
            let mut shown: String = text.chars().take(SHOWN_CHARS).collect();
            if count > SHOWN_CHARS {
                shown.push_str(&format!("… ({count} characters)"));
            }
            format!("text '{}'", shown.replace('\'', "''"))
        }
        Typed::Blob(bytes) => {
            let more = if bytes.len() > SHOWN_BYTES {
                format!("… ({} bytes)", bytes.len())
            } else {
                String::new()
            };
            format!(
                "blob x'{}'{more}",
                hex(&bytes[..bytes.len().min(SHOWN_BYTES)])
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(columns: usize, rows: Vec<Vec<Typed>>) -> AnswerRows {
        AnswerRows {
            columns: (0..columns).map(|c| format!("c{c}")).collect(),
            rows,
        }
    }

    fn ints(values: &[i64]) -> AnswerRows {
        rows(1, values.iter().map(|&i| vec![Typed::Integer(i)]).collect())
    }

    #[test]
    fn values_are_said_with_their_type() {
        assert_eq!(said(&Typed::Real(64.0)), "real 64.0");
        assert_eq!(said(&Typed::Real(-0.0)), "real 0.0");
        assert_eq!(said(&Typed::Real(0.5)), "real 0.5");
        assert_eq!(said(&Typed::Text(b"it's".to_vec())), "text 'it''s'");
        assert_eq!(said(&Typed::Blob(b"ab".to_vec())), "blob x'6162'");
        assert_eq!(said(&Typed::Null), "NULL");
        let long = said(&Typed::Blob(vec![0; 40]));
        assert!(long.ends_with("'… (40 bytes)"), "{long}");
    }

    #[test]
    fn rows_are_counted_as_multisets() {
        let want = ints(&[1, 2, 2, 3]);
        assert_eq!(difference(&want, &ints(&[3, 2, 1, 2]), false), None);
        let said = |got: &[i64]| difference(&want, &ints(got), false).unwrap();
        assert_eq!(said(&[1, 2, 3]), "1 row missing");
        assert_eq!(said(&[1, 3]), "2 rows missing");
        assert_eq!(said(&[1, 2, 2, 2, 3]), "1 extra row");
        assert_eq!(said(&[1, 2, 2, 3, 9, 9]), "2 extra rows");
        assert_eq!(said(&[1, 2, 3, 9]), "1 row missing, 1 extra");
        assert_eq!(
            difference(&want, &ints(&[3, 2, 2, 1]), true).unwrap(),
            "right rows, wrong order"
        );
        assert_eq!(
            difference(&ints(&[1]), &rows(3, vec![]), false).unwrap(),
            "3 columns, the answer has 1"
        );
        assert_eq!(
            difference(&rows(2, vec![]), &ints(&[]), false).unwrap(),
            "1 column, the answer has 2"
        );
    }

    #[test]
    fn a_type_difference_names_the_learners_value_first() {
        let want = ints(&[10, 9]);
        let got = rows(
            1,
            vec![vec![Typed::Text(b"9".to_vec())], vec![Typed::Integer(10)]],
        );
        assert_eq!(
            difference(&want, &got, false).unwrap(),
            "a value's type differs: yours text '9', the answer's integer 9"
        );
        // In order, where the order counts and the order differs too, the
        // rows are not equal but for a type.
        assert_eq!(
            difference(&want, &got, true).unwrap(),
            "1 row missing, 1 extra"
        );
    }

    #[test]
    fn an_unanswered_answer_says_why_in_one_line() {
        let fails = Unanswered::Fails("no such table: x\nmore".into());
        assert_eq!(fails.to_string(), "fails: no such table: x");
        let stopped = Unanswered::Stopped(Duration::from_millis(2500));
        assert_eq!(stopped.to_string(), "stopped after 2.5 s (--timeout)");
    }
}
