//! The page's console and exercises (`export --console`): sql.js, the
//! boards it opens (the page's own and the hidden ones the exercises are
//! also checked on) and the exercises with their reference's rows on each
//! board, as the page carries them.

use std::io::Write;

use anyhow::Result;
use base64::Engine as _;
use flate2::Compression;
use flate2::write::GzEncoder;
use serde::Serialize;

use crate::model::board::Board;
use crate::model::exercises::{AnswerRows, Exercise};
use crate::render::sqljs::{self, SqlJs};

/// What the console carries.
#[derive(Serialize)]
pub struct ConsoleData {
    /// The boards as SQLite files, gzipped, in base64: [label, file], the
    /// page's own board first, then the hidden ones; the label names the
    /// board's size and kind as "this … board" reads it ("8×8", "5×5
    /// torus", "5×7", `label`).
    pub boards: Vec<(String, String)>,
    /// The page's own board's full name (`Board::full_name`), which its
    /// answers file names, for `grade` to grade it on that board only.
    pub board: String,
    pub exercises: Vec<ConsoleExercise>,
    /// The teacher's title and introduction, shown at the top of the page.
    pub course: CourseHeading,
    /// The built-in exercises left out, as they do not apply to these
    /// boards: each title, and why.
    #[serde(skip)]
    pub left_out: Vec<LeftOut>,
    /// The functions `queens grade`'s SQLite has, [name, number of
    /// arguments] (`engine::answer_functions`): the page refuses any other
    /// its own SQLite has, so that its Right is the grader's tick.
    pub functions: Vec<(String, i64)>,
    /// sql.js's inline build and its licence.
    pub sqljs: String,
    pub license: String,
    /// The hidden boards in words (`hidden_said`).
    #[serde(skip)]
    pub hidden: String,
}

/// A built-in exercise left out of the page: its title, and why, in a
/// learner's words ("naming c5, a square this 1×1 board has not").
pub struct LeftOut {
    pub title: String,
    pub why: String,
}

/// The course's own words for the top of the page (its `[course]` table):
/// each shown where given, the introduction in the prompts' Markdown.
#[derive(Serialize, Default)]
pub struct CourseHeading {
    pub title: Option<String>,
    pub introduction: Option<String>,
}

/// An exercise as the page holds it: with the name its progress is kept
/// under, and its reference's rows on each board, in the order of the
/// boards, so that a check runs only the learner's answer.
#[derive(Serialize)]
pub struct ConsoleExercise {
    pub id: String,
    #[serde(flatten)]
    pub exercise: Exercise,
    pub reference: Vec<AnswerRows>,
}

impl ConsoleData {
    /// The console over `boards` (each with its SQLite file, the page's own
    /// first), with `exercises`, each with its reference's rows on every
    /// board, and the built-in ones `left_out`.
    pub fn new(
        sqljs: SqlJs,
        boards: &[(Board, Vec<u8>)],
        exercises: Vec<(Exercise, Vec<AnswerRows>)>,
        left_out: Vec<LeftOut>,
    ) -> Result<ConsoleData> {
        let hidden = hidden_said(boards.iter().skip(1).map(|(board, _)| board));
        let board = boards.first().map(|(board, _)| board.full_name());
        let boards = (boards.iter())
            .map(|(board, file)| {
                Ok((
                    board.label(),
                    base64::engine::general_purpose::STANDARD.encode(gzipped(file)?),
                ))
            })
            .collect::<Result<_>>()?;
        let exercises = (exercises.into_iter())
            .map(|(exercise, reference)| ConsoleExercise {
                id: exercise.id(),
                exercise,
                reference,
            })
            .collect();
        Ok(ConsoleData {
            boards,
            board: board.unwrap_or_default(),
            hidden,
            exercises,
            course: CourseHeading::default(),
            left_out,
            functions: Vec::new(),
            sqljs: sqljs.code,
            license: sqljs.license,
        })
    }

    /// The hidden boards in words: "5×5, 6×6 and 7×7 boards", "… tori".
    pub fn hidden(&self) -> &str {
        &self.hidden
    }

    /// The built-in exercises left out, in words, grouped by why, or ""
    /// where none is: "2 of the 12 built-in exercises are left out, as
    /// they cannot be checked on this board. Naming c5, a square this 1×1
    /// board has not: “The lines through c5” and “The squares on c5's
    /// lines”."
    pub fn left_out_said(&self) -> String {
        let (left, kept) = (self.left_out.len(), self.exercises.len());
        if left == 0 {
            return String::new();
        }
        let mut whys: Vec<(&str, Vec<String>)> = Vec::new();
        for exercise in &self.left_out {
            let title = format!("“{}”", exercise.title);
            match whys.iter_mut().find(|(why, _)| *why == exercise.why) {
                Some((_, titles)) => titles.push(title),
                None => whys.push((&exercise.why, vec![title])),
            }
        }
        let mut said = match left {
            1 => format!(
                "1 of the {} built-in exercises is left out, as it cannot be checked on this board.",
                left + kept
            ),
            _ => format!(
                "{left} of the {} built-in exercises are left out, as they cannot be checked on \
                 this board.",
                left + kept
            ),
        };
        for (why, titles) in whys {
            let titles = match titles.as_slice() {
                [first @ .., last] if !first.is_empty() => {
                    format!("{} and {last}", first.join(", "))
                }
                _ => titles.join(""),
            };
            said.push_str(&format!(" {}: {titles}.", capitalized(why)));
        }
        escaped(&said)
    }

    /// The release of sql.js the console runs.
    pub fn sqljs_version(&self) -> &'static str {
        sqljs::VERSION
    }
}

fn gzipped(bytes: &[u8]) -> Result<Vec<u8>> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
    encoder.write_all(bytes)?;
    Ok(encoder.finish()?)
}

/// `hidden` (all of one kind, several) in words, their sizes then their
/// kind: "5×5, 6×6 and 7×7 boards", "… tori", "… superqueens boards",
/// "… boards with holes".
fn hidden_said<'a>(hidden: impl Iterator<Item = &'a Board>) -> String {
    let hidden: Vec<&Board> = hidden.collect();
    let sizes: Vec<String> = (hidden.iter())
        .map(|b| format!("{}×{}", b.cols, b.rows))
        .collect();
    let Some(kind) = hidden.first() else {
        return "no other boards".to_string();
    };
    let sizes = match sizes.as_slice() {
        [one] => one.clone(),
        [first @ .., last] => format!("{} and {last}", first.join(", ")),
        [] => String::new(),
    };
    let superqueens = if kind.superqueens { " superqueens" } else { "" };
    let noun = if kind.torus { "tori" } else { "boards" };
    let holes = if kind.holes.is_empty() {
        ""
    } else {
        " with holes"
    };
    format!("{sizes}{superqueens} {noun}{holes}")
}

/// "Naming c5" from "naming c5".
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// Text to sit in the page's HTML: its own words with exercise titles,
/// which may hold `<` or `&`.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
