//! Grading a class's answers (`grade`): each learner's answer to each
//! exercise run natively, as `query` runs a statement (one statement that
//! only reads, no attach, no pragma that sets), on the board the command
//! opened and on the hidden boards, within a time and a size, and held
//! against the reference's rows there: right, or the first difference,
//! named by the board it is on.

use std::time::{Duration, Instant};

use anyhow::Result;

use crate::engine::{AnswerBounds, FreshBoard, answer_rows, bounded_answer_rows};
use crate::error::usage;
use crate::model::answers::Answers;
use crate::model::board::Board;
use crate::model::exercises::{AnswerRows, Course, Exercise};
use crate::model::verdict::difference;
use crate::search::OpenBoard;

/// The most bytes one answer's rows may hold on one board: far more than
/// any exercise's reference gives, and a bound on what an answer that
/// makes rows without end holds before its time is up.
pub const MOST_ANSWER_BYTES: u64 = 64 << 20;

/// What a cell says of a right answer, and of an exercise not answered.
pub const RIGHT: &str = "✓";
pub const UNANSWERED: &str = "—";

/// A course ready to grade: its boards as database files, and each
/// exercise's reference rows on each.
pub struct Grader {
    /// The boards in the order an answer is checked on them: the opened
    /// one first (named by no board in a cell), then the hidden ones.
    boards: Vec<(Option<String>, Vec<u8>)>,
    exercises: Vec<Graded>,
    timeout: Duration,
}

/// An exercise with its reference's rows on each board.
struct Graded {
    exercise: Exercise,
    id: String,
    references: Vec<AnswerRows>,
}

/// One learner's row of the table: a cell for each exercise, in the
/// course's order, and what else there is to say of the file.
pub struct Grades {
    pub cells: Vec<String>,
    pub note: String,
}

impl Grader {
    /// The `course` ready to grade on `board` (whose file, where it is
    /// one, is copied as it reads) and its hidden boards, each answer
    /// given `timeout`; a reference that fails on a board is refused in
    /// one line naming the exercise and the board.
    pub fn new(board: &OpenBoard, course: Course, timeout: Duration) -> Result<Grader> {
        // A server's board is no file: it is graded on a fresh one of its kind.
        let own = match board.reader.image()? {
            Some(file) => file,
            None => FreshBoard::of(&board.board)?.image()?,
        };
        let mut boards = vec![(None, own)];
        for hidden in board.board.hidden_boards() {
            boards.push((
                Some(hidden_name(&hidden)),
                FreshBoard::of(&hidden)?.image()?,
            ));
        }
        let mut exercises = Vec::with_capacity(course.exercises.len());
        for (at, exercise) in course.exercises.into_iter().enumerate() {
            let references = (boards.iter())
                .map(|(name, image)| {
                    answer_rows(image, &exercise.answer).map_err(|why| {
                        let on = name.as_deref().map_or(board.board.the_board(), |hidden| {
                            format!("the {hidden} board")
                        });
                        usage(format!(
                            "exercise {} ({:?}): its answer fails on {on}: {}",
                            at + 1,
                            exercise.title,
                            why.lines().next().unwrap_or_default()
                        ))
                    })
                })
                .collect::<Result<_>>()?;
            let id = exercise.id();
            exercises.push(Graded {
                exercise,
                id,
                references,
            });
        }
        Ok(Grader {
            boards,
            exercises,
            timeout,
        })
    }

    /// The exercises' titles, in the course's order.
    pub fn titles(&self) -> Vec<String> {
        (self.exercises.iter())
            .map(|graded| graded.exercise.title.clone())
            .collect()
    }

    /// One learner's `answers` graded: a cell for each exercise (✓, the
    /// first difference, or — where it has no answer) and a note naming
    /// the answers to exercises the course has not.
    pub fn grade(&self, answers: &Answers) -> Grades {
        let cells = (self.exercises.iter())
            .map(|graded| {
                // The last answer given counts, as the page keeps the last.
                match answers
                    .answers
                    .iter()
                    .rev()
                    .find(|a| a.exercise == graded.id)
                {
                    Some(answer) => self.verdict(graded, &answer.sql),
                    None => UNANSWERED.to_string(),
                }
            })
            .collect();
        let strangers: Vec<String> = (answers.answers.iter())
            .filter(|a| self.exercises.iter().all(|graded| graded.id != a.exercise))
            .map(|a| match &a.title {
                Some(title) => format!("{title:?}"),
                None => a.exercise.clone(),
            })
            .collect();
        let note = match strangers.as_slice() {
            [] => String::new(),
            [one] => format!("an answer to {one}, which this course has not"),
            more => format!(
                "answers to {} exercises this course has not: {}",
                more.len(),
                more.join(", ")
            ),
        };
        Grades { cells, note }
    }

    /// The answer `sql` to `graded` on every board, in order: right, or
    /// the first difference, named by its board where that is a hidden
    /// one.
    fn verdict(&self, graded: &Graded, sql: &str) -> String {
        let bounds = AnswerBounds {
            deadline: Instant::now() + self.timeout,
            timeout: self.timeout,
            most_bytes: MOST_ANSWER_BYTES,
        };
        let boards = self.boards.iter().zip(&graded.references);
        for ((name, image), reference) in boards {
            let said = match bounded_answer_rows(image, sql, Some(&bounds)) {
                Ok(rows) => difference(reference, &rows, graded.exercise.ordered),
                Err(unanswered) => Some(unanswered.to_string()),
            };
            if let Some(said) = said {
                return match name {
                    Some(hidden) => format!("hidden {hidden}: {said}"),
                    None => said,
                };
            }
        }
        RIGHT.to_string()
    }
}

/// A hidden board as a cell names it: its columns × rows ("6×6"), its
/// kind being the shown board's.
fn hidden_name(board: &Board) -> String {
    format!("{}×{}", board.cols, board.rows)
}
