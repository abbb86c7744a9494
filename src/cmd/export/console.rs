//! `export --console`: the page with a console and exercises. Everything
//! the console needs is found and checked before the board is read or a
//! file is written: sql.js, the exercises, and each reference answer on
//! every board the page carries, whose rows the page carries with it.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::cmd::shared::read_course;
use crate::engine::Target;
use crate::engine::{self, FreshBoard};
use crate::error::usage;
use crate::model::board::Board;
use crate::model::exercises::{self, AnswerRows, Exercise};
use crate::render::console::{ConsoleData, CourseHeading, LeftOut};
use crate::render::sqljs::{self, SqlJs};
use crate::search::{OpenBoard, Workers, store};
use crate::tempfiles::{discard, new_temp_file};

/// The largest board the console is written for (columns and rows): the
/// page carries each board as a file, and a learner's answer runs on it in
/// the browser; on 13×13 the solution view alone searches for seconds.
pub const CONSOLE_UP_TO: u8 = 12;

/// A board too large for the console, refused in one line: asked of the
/// board the flags name before anything else is done, and of the board
/// opened.
pub fn refuse_too_large(board: &Board) -> Result<()> {
    if board.cols.max(board.rows) > CONSOLE_UP_TO {
        return Err(usage(format!(
            "--console writes boards up to {CONSOLE_UP_TO}×{CONSOLE_UP_TO}, not {}: a learner's \
             answer runs in the browser, on a copy of the board, and on larger boards a search \
             takes minutes there",
            board.the_board()
        )));
    }
    Ok(())
}

/// The most work a built-in exercise's answer may take on a board, in
/// thousands of SQLite's steps (`engine::answer_steps`): a learner's
/// answer like it is checked in the page in about 2 s at most. (Chromium
/// runs 33 to 45 million of them a second here: the search tree's 48
/// million on 10×10 in 1.4 s, the solutions' 72 million on 12×12 in 1.6 s;
/// `cargo bench --bench solve -- --only console` prints the checks'
/// times.) More is left out.
const MOST_STEPS: u64 = 80_000;

/// The fewest columns on which the page's board carries its solutions
/// stored: from 12×12 on, a search for them takes the page seconds.
const STORED_FROM: u8 = 12;

/// The page's own board as the console carries it: a copy of its file (a
/// server's board is no file: a fresh one of its kind). From STORED_FROM
/// columns on, the copy holds the solutions stored, as `init
/// --materialize` stores them, so that numbered_solution and the views on
/// it read them at once in the browser instead of searching.
fn carried_own(board: &OpenBoard) -> Result<Vec<u8>> {
    let image = match board.reader.image()? {
        Some(file) => file,
        None => FreshBoard::of(&board.board)?.image()?,
    };
    if board.n() < STORED_FROM || board.stored_count()?.is_some() {
        return Ok(image);
    }
    // A temporary file of queens' own (`.queens-*.carried` in TMPDIR),
    // removed when the command ends, on Ctrl-C and on an abort too.
    let copy = new_temp_file(&std::env::temp_dir(), ".carried")
        .context("cannot copy the board into the temporary directory (TMPDIR)")?;
    std::fs::write(copy.path(), &image)?;
    let engine = engine::connect(&Target::File(copy.path().to_path_buf()))?;
    store::materialize(engine.as_ref(), board.n(), Workers::unwatched())?;
    drop(engine);
    let image = engine::image_of_file(copy.path());
    discard(copy);
    image
}

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
        Some(path) => read_course(path)?,
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

impl Console {
    /// The console's data for the page of `board`: its database, the hidden
    /// boards (`Board::hidden_boards`), and the exercises, each with its
    /// reference answer's rows on every board; a built-in exercise that
    /// does not apply to these boards is left out, and the page says why.
    pub fn data(self, board: &OpenBoard) -> Result<ConsoleData> {
        refuse_too_large(&board.board)?;
        let mut boards = vec![(board.board.clone(), carried_own(board)?)];
        for hidden in board.board.hidden_boards() {
            let image = FreshBoard::of(&hidden)?.image()?;
            boards.push((hidden, image));
        }
        let mut exercises = Vec::with_capacity(self.exercises.len());
        let mut left_out = Vec::new();
        for (at, exercise) in self.exercises.iter().enumerate() {
            match self.checked(at, exercise, &boards)? {
                Ok(answers) => exercises.push((exercise.clone(), answers)),
                Err(why) => left_out.push(LeftOut {
                    title: exercise.title.clone(),
                    why,
                }),
            }
        }
        let mut data = ConsoleData::new(self.sqljs, &boards, exercises, left_out)?;
        data.course = self.heading;
        data.functions = engine::answer_functions(&boards[0].1).map_err(anyhow::Error::msg)?;
        Ok(data)
    }

    /// Exercise `at`'s reference rows on every board, or (a built-in one)
    /// why it is left out: it names a square a board lacks, its answer
    /// fails on one, or it gives the same rows on all, so rows typed in
    /// would pass. A teacher's exercise that fails is refused; one with
    /// the same rows everywhere is noted.
    fn checked(
        &self,
        at: usize,
        exercise: &Exercise,
        boards: &[(Board, Vec<u8>)],
    ) -> Result<Result<Vec<AnswerRows>, String>> {
        let built_in = self.file.is_none();
        if built_in && let Some(why) = lacking_a_square(exercise, boards) {
            return Ok(Err(why));
        }
        if built_in && too_slow(exercise, boards) {
            return Ok(Err(format!(
                "too slow to check in the browser: on this board the search it reads takes \
                 SQLite more than {} million steps",
                MOST_STEPS / 1000
            )));
        }
        let answers = match self.answers(at, exercise, boards) {
            Err(_) if built_in => {
                return Ok(Err(
                    "failing on a board it is checked on (SQLite refuses its answer there)".into(),
                ));
            }
            answers => answers?,
        };
        if answers.windows(2).all(|w| w[0].rows == w[1].rows) {
            if built_in {
                return Ok(Err(
                    "giving the same rows on every board it is checked on, so rows typed in \
                     would pass"
                        .to_string(),
                ));
            }
            eprintln!(
                "queens: note: exercise {} ({:?}) has the same answer on every board, so rows typed in by hand pass it",
                at + 1,
                exercise.title
            );
        }
        Ok(Ok(answers))
    }

    /// The rows exercise `at`'s reference answer gives on each board, in
    /// the order of `boards`; a failure names the file, the exercise and
    /// the board.
    fn answers(
        &self,
        at: usize,
        exercise: &Exercise,
        boards: &[(Board, Vec<u8>)],
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
            .map(|(board, image)| {
                engine::answer_rows(image, &exercise.answer).map_err(|why| {
                    usage(format!(
                        "{whose}exercise {} ({:?}): its answer fails on {}: {}",
                        at + 1,
                        exercise.title,
                        board.the_board(),
                        why.lines().next().unwrap_or_default()
                    ))
                })
            })
            .collect()
    }
}

/// Why `exercise` means nothing on one of `boards`: it names a square that
/// board lacks (off it, or a hole).
fn lacking_a_square(exercise: &Exercise, boards: &[(Board, Vec<u8>)]) -> Option<String> {
    for name in exercise.squares_named() {
        for (at, (board, _)) in boards.iter().enumerate() {
            if !board.has_square(&name) {
                let which = match at {
                    0 => format!("this {}", board.the_board().trim_start_matches("the ")),
                    _ => format!(
                        "the hidden {}",
                        board.the_board().trim_start_matches("the ")
                    ),
                };
                return Some(if board.square_named(&name).is_ok() {
                    format!("naming {name}, a hole of {which}")
                } else {
                    format!("naming {name}, a square {which} has not")
                });
            }
        }
    }
    None
}

/// Whether `exercise`'s answer takes more than MOST_STEPS on one of
/// `boards` (an answer that fails is not: `answers` says why it fails).
fn too_slow(exercise: &Exercise, boards: &[(Board, Vec<u8>)]) -> bool {
    (boards.iter()).any(|(_, image)| {
        matches!(
            engine::answer_steps(image, &exercise.answer, MOST_STEPS),
            Ok(None)
        )
    })
}
