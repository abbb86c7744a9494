//! `export --console`: the page with a console and exercises. Everything
//! the console needs is found and checked before the board is read or a
//! file is written: sql.js, the exercises, and each reference answer on
//! every board the page carries, whose rows the page carries with it.

use std::path::{Path, PathBuf};

use anyhow::Result;

use crate::engine::{self, FreshBoard};
use crate::error::usage;
use crate::model::exercises::{self, AnswerRows, Exercise};
use crate::render::console::{ConsoleData, CourseHeading};
use crate::render::infile::read_text_at_most;
use crate::render::sqljs::{self, SqlJs};
use crate::search::OpenBoard;

/// The largest board the console is written for: a learner's answer on
/// the search tree searches the whole tree, in the browser, on every check
/// (some seconds at 10×10, minutes at 12×12).
const CONSOLE_UP_TO: u8 = 10;

/// The smallest board the built-in exercises fit: they name c5.
const BUILT_IN_FROM: u8 = 5;

/// The largest exercises file read: far more than any course needs, and a
/// device that never ends is not read forever.
const MOST_BYTES: u64 = 1 << 20;

/// What the console needs, found and checked.
pub struct Console {
    sqljs: SqlJs,
    /// The course's title and introduction, for the top of the page.
    heading: CourseHeading,
    exercises: Vec<Exercise>,
    /// The teacher's file, where the exercises come from one.
    file: Option<PathBuf>,
}

/// The console --console asks for, for a page (`is_page`): the teacher's
/// `exercises` (else the built-in ones) and sql.js from `sqljs` (else
/// node_modules/sql.js), read and checked; refused for any other format.
pub fn prepare(is_page: bool, exercises: Option<&Path>, sqljs: Option<&Path>) -> Result<Console> {
    if !is_page {
        return Err(usage(
            "--console adds a console to the page: it goes with --format html (or an --out file ending .html)",
        ));
    }
    // The teacher's file first: its mistakes are said even where sql.js
    // is not installed yet.
    let file = exercises.map(Path::to_path_buf);
    let course = match exercises {
        Some(path) => exercises::parse(&read_exercises(path)?)
            .map_err(|why| usage(format!("{}: {why}", path.display())))?,
        None => exercises::built_in(),
    };
    let heading = CourseHeading {
        title: course.title,
        introduction: course.introduction,
    };
    let exercises = course.exercises;
    let sqljs = sqljs::load(sqljs)?;
    Ok(Console {
        sqljs,
        heading,
        exercises,
        file,
    })
}

/// The text of a teacher's exercises file, or a one-line refusal naming it.
fn read_exercises(path: &Path) -> Result<String> {
    read_text_at_most(path, MOST_BYTES).map_err(|why| {
        usage(format!(
            "cannot read the exercises {}: {why}",
            path.display()
        ))
    })
}

impl Console {
    /// The console's data for the page of `board`: its database, the hidden
    /// boards, and the exercises, each with its reference answer's rows on
    /// every board.
    pub fn data(self, board: &OpenBoard) -> Result<ConsoleData> {
        self.refuse_a_board_it_does_not_fit(board.n())?;
        // A server's board is no file: the console gets a fresh one of its size.
        let own = match board.reader.image()? {
            Some(file) => file,
            None => FreshBoard::new(board.n())?.image()?,
        };
        let mut boards = vec![(board.n(), own)];
        for hidden in board.board.hidden_boards() {
            boards.push((hidden.cols, FreshBoard::new(hidden.cols)?.image()?));
        }
        let mut exercises = Vec::with_capacity(self.exercises.len());
        for (at, exercise) in self.exercises.iter().enumerate() {
            let answers = self.answers(at, exercise, &boards)?;
            if self.file.is_some() && answers.windows(2).all(|w| w[0].rows == w[1].rows) {
                eprintln!(
                    "queens: note: exercise {} ({:?}) has the same answer on every board, so rows typed in by hand pass it",
                    at + 1,
                    exercise.title
                );
            }
            exercises.push((exercise.clone(), answers));
        }
        let mut data = ConsoleData::new(self.sqljs, &boards, exercises)?;
        data.course = self.heading;
        Ok(data)
    }

    /// A board too large for the console, or too small for the built-in
    /// exercises, refused in one line.
    fn refuse_a_board_it_does_not_fit(&self, n: u8) -> Result<()> {
        if n > CONSOLE_UP_TO {
            return Err(usage(format!(
                "--console writes boards up to {CONSOLE_UP_TO}×{CONSOLE_UP_TO}: its checks search the \
                 whole tree in the browser, which takes minutes on the {n}×{n} board"
            )));
        }
        if self.file.is_none() && n < BUILT_IN_FROM {
            return Err(usage(format!(
                "the built-in exercises name c5, which the {n}×{n} board has not: --console with them \
                 writes boards from {BUILT_IN_FROM}×{BUILT_IN_FROM} up; give your own with --exercises FILE"
            )));
        }
        Ok(())
    }

    /// The rows exercise `at`'s reference answer gives on each board, in
    /// the order of `boards`; a failure names the file, the exercise and
    /// the board.
    fn answers(
        &self,
        at: usize,
        exercise: &Exercise,
        boards: &[(u8, Vec<u8>)],
    ) -> Result<Vec<AnswerRows>> {
        let whose = match &self.file {
            Some(path) => format!("{}: ", path.display()),
            None => "the built-in ".to_string(),
        };
        // What the export accepts, the page can run: an answer that needs
        // what the page's SQLite lacks is refused here.
        if let Some((_, image)) = boards.first()
            && let Ok(needs) = engine::answer_needs(image, &exercise.answer)
            && let Some(lacking) = sqljs::lacks(&needs.functions, &needs.modules)
        {
            return Err(usage(format!(
                "{whose}exercise {} ({:?}): its answer {lacking}",
                at + 1,
                exercise.title
            )));
        }
        (boards.iter())
            .map(|(n, image)| {
                engine::answer_rows(image, &exercise.answer).map_err(|why| {
                    usage(format!(
                        "{whose}exercise {} ({:?}): its answer fails on the {n}×{n} board: {}",
                        at + 1,
                        exercise.title,
                        why.lines().next().unwrap_or_default()
                    ))
                })
            })
            .collect()
    }
}
