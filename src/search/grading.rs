//! Grading a class's answers (`grade`): each learner's answer to each
//! exercise run natively, as `query` runs a statement (one statement that
//! only reads, no attach, no pragma that sets), on the board the command
//! opened and on the grading boards (`Board::grading_boards`: the page's
//! hidden ones and others the page never carried), within a time and a
//! size, and held against the reference's rows there: right, or the first
//! difference, named by the board it is on.

use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use anyhow::Result;

use crate::engine::{AnswerBounds, AnswerInterrupt, FreshBoard, bounded_answer_rows};
use crate::error::usage;
use crate::model::answers::{Answer, Answers};
use crate::model::board::Board;
use crate::model::exercises::{AnswerRows, Course, Exercise};
use crate::model::verdict::{Unanswered, difference};
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
    /// one first (named by no board in a cell), then the grading ones.
    /// Shared with the thread each answer runs on.
    boards: Arc<Vec<Checked>>,
    /// The opened board's full name (`Board::full_name`: "8×8 with holes
    /// at a1"), as the page's answers file names its own: an answers file
    /// from a page of another board is not graded here.
    name: String,
    exercises: Vec<Graded>,
    timeout: Duration,
}

/// A board an answer is checked on: the board, its name in a cell where
/// it is not the opened one, and its database file.
struct Checked {
    board: Board,
    name: Option<String>,
    image: Vec<u8>,
}

/// An exercise with its reference's rows on each board it applies to
/// (`None` on a board that lacks a square its answer names).
struct Graded {
    exercise: Exercise,
    id: String,
    references: Arc<Vec<Option<AnswerRows>>>,
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
        let mut boards = vec![Checked {
            board: board.board.clone(),
            name: None,
            image: own,
        }];
        for grading in board.board.grading_boards() {
            boards.push(Checked {
                name: Some(hidden_name(&grading)),
                image: FreshBoard::of(&grading)?.image()?,
                board: grading,
            });
        }
        let exercises = (course.exercises.into_iter().enumerate())
            .map(|(at, exercise)| graded(&boards, at, exercise))
            .collect::<Result<_>>()?;
        Ok(Grader {
            boards: Arc::new(boards),
            name: board.board.full_name(),
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
    /// the answers to exercises the course has not. An answer is the
    /// exercise's whose title it carries (by its id where it carries
    /// none), so a reference rewritten after the page was handed out
    /// keeps its answers. Err says why the file is not graded: its answers
    /// are from a page of another board, or it names no board.
    pub fn grade(&self, answers: &Answers) -> Result<Grades, String> {
        match &answers.board {
            Some(theirs) if *theirs == self.name => {}
            Some(theirs) => {
                return Err(format!(
                    "its answers are from a page of the {theirs} board, and grade checks on the {} board",
                    self.name
                ));
            }
            None => {
                return Err(format!(
                    "it names no board (the page's answers file names its own), \
                     and grade checks on the {} board",
                    self.name
                ));
            }
        }
        let cells = (self.exercises.iter())
            .map(|graded| {
                // The last answer given counts, as the page keeps the last.
                match answers.answers.iter().rev().find(|a| graded.answers(a)) {
                    Some(answer) => self.verdict(graded, &answer.sql),
                    None => Ok(UNANSWERED.to_string()),
                }
            })
            .collect::<Result<_, String>>()?;
        let strangers: Vec<String> = (answers.answers.iter())
            .filter(|a| self.exercises.iter().all(|graded| !graded.answers(a)))
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
        Ok(Grades { cells, note })
    }

    /// The answer `sql` to `graded` on every board, in order: right, or
    /// the first difference, named by its board where that is a hidden
    /// one. It runs on a thread of its own, waited for until its deadline
    /// and no longer: SQLite stops an answer only between its steps, and
    /// one step may outlast any timeout. An answer not done by then is
    /// stopped, interrupted and left to end on its own. Err where the
    /// process could not run it (no thread, no memory): that judges
    /// nothing of the answer, so the file is not graded.
    fn verdict(&self, graded: &Graded, sql: &str) -> Result<String, String> {
        let deadline = Instant::now() + self.timeout;
        let interrupt = AnswerInterrupt::default();
        let run = Run {
            boards: Arc::clone(&self.boards),
            references: Arc::clone(&graded.references),
            ordered: graded.exercise.ordered,
            sql: sql.to_string(),
            bounds: AnswerBounds {
                deadline,
                timeout: self.timeout,
                most_bytes: MOST_ANSWER_BYTES,
                interrupt: Some(interrupt.clone()),
            },
        };
        let (said, heard) = mpsc::channel();
        // The stack a main thread has, for SQLite's deepest expressions.
        let spawned = std::thread::Builder::new()
            .name("answer".to_string())
            .stack_size(8 << 20)
            .spawn(move || said.send(run.verdict()));
        let running = || format!("running the answer to {:?}", graded.exercise.title);
        if let Err(e) = spawned {
            return Err(format!("no thread for {}: {e}", running()));
        }
        match heard.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(Some(verdict)) => Ok(verdict),
            Ok(None) => Err(format!("out of memory {}", running())),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                interrupt.interrupt();
                Ok(Unanswered::Stopped(self.timeout).to_string())
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                Ok(Unanswered::Fails("its run ended with no verdict".to_string()).to_string())
            }
        }
    }
}

/// One answer's run on its own thread: what it needs, owned.
struct Run {
    boards: Arc<Vec<Checked>>,
    references: Arc<Vec<Option<AnswerRows>>>,
    ordered: bool,
    sql: String,
    bounds: AnswerBounds,
}

impl Run {
    /// As `Grader::verdict` says; an answer whose rows come past its
    /// deadline is stopped, whatever they are, so no answer that outlasts
    /// its time is right.
    /// None where the process was refused memory while it ran.
    fn verdict(&self) -> Option<String> {
        for (checked, reference) in self.boards.iter().zip(self.references.iter()) {
            let Some(reference) = reference else {
                continue;
            };
            let said = match bounded_answer_rows(&checked.image, &self.sql, Some(&self.bounds)) {
                Ok(_) if Instant::now() >= self.bounds.deadline => {
                    Some(Unanswered::Stopped(self.bounds.timeout).to_string())
                }
                Ok(rows) => difference(reference, &rows, self.ordered),
                Err(Unanswered::NoMemory) => return None,
                Err(unanswered) => Some(unanswered.to_string()),
            };
            if let Some(said) = said {
                return Some(match &checked.name {
                    Some(hidden) => format!("hidden {hidden}: {said}"),
                    None => said,
                });
            }
        }
        Some(RIGHT.to_string())
    }
}

impl Graded {
    /// Whether `answer` is to this exercise: it carries its title, or,
    /// carrying none, its id.
    fn answers(&self, answer: &Answer) -> bool {
        match &answer.title {
            Some(title) => *title == self.exercise.title,
            None => answer.exercise == self.id,
        }
    }
}

/// `exercise`, the course's exercise `at`, with its reference's rows on
/// each of `boards` it applies to; a reference that fails on one is
/// refused in one line naming the exercise and the board.
fn graded(boards: &[Checked], at: usize, exercise: Exercise) -> Result<Graded> {
    let named = exercise.squares_named();
    let references: Vec<Option<AnswerRows>> = (boards.iter())
        .map(|checked| {
            // The opened board is the teacher's: a square it lacks is a
            // failure said in SQLite's words, as `export` says it.
            let applies = checked.name.is_none()
                || named.iter().all(|square| checked.board.has_square(square));
            if !applies {
                return Ok(None);
            }
            let on = match &checked.name {
                Some(name) => format!("the {name} board"),
                None => checked.board.the_board(),
            };
            let rows = bounded_answer_rows(&checked.image, &exercise.answer, None);
            if let Err(Unanswered::NoMemory) = rows {
                return Err(crate::error::Error::OutOfMemory {
                    what: format!("running the answer to exercise {} on {on}", at + 1),
                }
                .into());
            }
            rows.map(Some).map_err(|unanswered| {
                let why = match unanswered {
                    Unanswered::Fails(why) => why,
                    other => other.to_string(),
                };
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
    Ok(Graded {
        exercise,
        id,
        references: Arc::new(references),
    })
}

/// A hidden board as a cell names it: its columns × rows ("6×6"), its
/// kind being the shown board's.
fn hidden_name(board: &Board) -> String {
    format!("{}×{}", board.cols, board.rows)
}
