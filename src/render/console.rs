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

use crate::model::exercises::{AnswerRows, Exercise};
use crate::render::sqljs::{self, SqlJs};

/// What the console carries.
#[derive(Serialize)]
pub struct ConsoleData {
    /// The boards as SQLite files, gzipped, in base64: [n, file], the
    /// page's own board first, then the hidden ones.
    pub boards: Vec<(u8, String)>,
    pub exercises: Vec<ConsoleExercise>,
    /// The teacher's title and introduction, shown at the top of the page.
    pub course: CourseHeading,
    /// sql.js's inline build and its licence.
    pub sqljs: String,
    pub license: String,
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
    /// The console over `boards` ([n, SQLite file], the page's own first),
    /// with `exercises`, each with its reference's rows on every board.
    pub fn new(
        sqljs: SqlJs,
        boards: &[(u8, Vec<u8>)],
        exercises: Vec<(Exercise, Vec<AnswerRows>)>,
    ) -> Result<ConsoleData> {
        let boards = (boards.iter())
            .map(|(n, file)| {
                Ok((
                    *n,
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
            exercises,
            course: CourseHeading::default(),
            sqljs: sqljs.code,
            license: sqljs.license,
        })
    }

    /// The hidden boards in words: "5×5, 6×6 and 7×7".
    pub fn hidden(&self) -> String {
        let hidden: Vec<String> = (self.boards.iter().skip(1))
            .map(|(n, _)| format!("{n}×{n}"))
            .collect();
        match hidden.as_slice() {
            [] => "no other size".to_string(),
            [one] => one.clone(),
            [first @ .., last] => format!("{} and {last}", first.join(", ")),
        }
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
