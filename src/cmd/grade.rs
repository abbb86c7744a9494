//! `queens grade`: a class's answers files checked natively, a table of
//! learner × exercise.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Result;
use clap::Args as ClapArgs;

use crate::cmd::{DbArgs, RowFormat, parse_timeout, read_course, stdout};
use crate::engine::Target;
use crate::error::usage;
use crate::model::answers;
use crate::model::exercises::{self, cell};
use crate::model::value::Value;
use crate::render::infile::read_text_at_most;
use crate::render::printer::{self, Printer};
use crate::search::grading::Grader;

/// The largest exercises or answers file read: far more than any course
/// or class needs, and a device or a huge file is not read to its end.
const MOST_BYTES: u64 = 1 << 20;

/// Grade a class's answers: each learner's answers checked natively.
///
/// A learner's page (`export --console`) saves their answers with its
/// "Download my answers" button: each exercise's last submitted SQL, and
/// no verdicts, which a teacher cannot trust from a browser. grade runs
/// every answer again here, as `query` runs a statement (one statement
/// that only reads: no attach, no pragma that sets), on the board --db and
/// --size name, on the hidden boards the page checks on too, and on boards
/// of that kind the page never carried (of 4 to 10 columns: 4×4, 9×9 and
/// 10×10 beside an 8×8), so rows typed in for the boards the page names
/// are wrong; each answer within --timeout. It prints a table of learner
/// × exercise: ✓ where the answer is right, the first difference where it
/// is not (named by its board where that is another: "hidden 4×4: 1 row
/// missing"), and — where there is no answer. An answer is its exercise's
/// by the title it carries, so a reference rewritten after the page was
/// handed out keeps its answers. Each learner is named by the file's name
/// without .json.
///
/// A file that cannot be graded (none, a device, over 1 MiB, not JSON, not
/// an answers file, answers from a page of another board, an answer the
/// machine had no memory or thread to run) gets one line that says why,
/// and the others are graded. An answer to an exercise the
/// course has not is said in the note column.
///
/// Exit status: 0 when every answers file was graded (whatever the
/// answers), 1 when one or more could not be, 2 for a usage mistake (a
/// --db that does not exist, an exercises file that cannot be read, a
/// reference answer that fails).
///
/// Examples:
///   queens grade --exercises course.toml answers/*.json
///   queens grade --exercises course.toml -f csv answers/*.json > grades.csv
///   queens grade --size 6 --timeout 2 answers/*.json
#[derive(ClapArgs, Debug)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// The answers files, one a learner.
    #[arg(value_name = "ANSWERS", required = true)]
    pub answers: Vec<PathBuf>,

    /// The course's exercises (the file `export --console --exercises`
    /// took); without it, the built-in exercises.
    #[arg(long, value_name = "FILE")]
    pub exercises: Option<PathBuf>,

    /// Output format.
    #[arg(short, long, value_enum, default_value_t = RowFormat::Table)]
    pub format: RowFormat,

    /// Stop each answer after this many seconds (on all its boards
    /// together); it is graded as stopped.
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout, default_value = "10")]
    pub timeout: Duration,

    #[command(flatten)]
    pub target: DbArgs,
}

pub fn run(args: &Args) -> Result<ExitCode> {
    // grade reads a board; a file that is not there is no board to make.
    if let Target::File(path) = args.target.target()?
        && !path.exists()
    {
        return Err(usage(format!(
            "{}: there is no such database; grade checks on the board of one \
             (make it with `queens init --db {}`)",
            path.display(),
            path.display()
        )));
    }
    let (course, whose) = match &args.exercises {
        Some(path) => (read_course(path)?, path.display().to_string()),
        None => (exercises::built_in(), "the built-in exercises".to_string()),
    };
    let unread = args.target.on_board(None, |board| {
        // (A refusal of memory names what it was doing, not the course.)
        let grader = Grader::new(board, course, args.timeout).map_err(|e| {
            if crate::error::is_out_of_memory(&e) {
                e
            } else {
                e.context(whose)
            }
        })?;
        let mut out = printer::for_rows(stdout(), args.format.into())?;
        let printed = print_grades(&grader, &args.answers, out.as_mut());
        match printed {
            Ok(unread) => out.finish().map(|_| unread),
            Err(e) => {
                out.abandon();
                Err(e)
            }
        }
    })?;
    Ok(if unread == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The table: a row for each answers file in `files`, graded, or saying
/// why it could not be. Returns how many could not be.
fn print_grades(grader: &Grader, files: &[PathBuf], out: &mut dyn Printer) -> Result<usize> {
    let titles = grader.titles();
    let [learner, note] = exercises::LEARNER_COLUMNS;
    let mut headers = vec![learner.to_string()];
    headers.extend(titles.iter().map(|title| cell(title)));
    headers.push(note.to_string());
    out.headers(headers)?;
    let mut unread = 0;
    for path in files {
        let student = student_name(path);
        let graded = read_answers(path).and_then(|answers| {
            grader
                .grade(&answers)
                .map_err(|why| format!("{}: {why}", path.display()))
        });
        let (cells, note) = match graded {
            Ok(grades) => (grades.cells, grades.note),
            Err(why) => {
                unread += 1;
                (
                    vec![String::new(); titles.len()],
                    format!("not graded: {why}"),
                )
            }
        };
        let row: Vec<Value> = (std::iter::once(student).chain(cells).chain([note]))
            .map(|text| Value::Text(cell(&text)))
            .collect();
        out.row(&row)?;
    }
    Ok(unread)
}

/// The answers in the file `path`, or why it holds none, in words naming
/// it.
fn read_answers(path: &Path) -> Result<answers::Answers, String> {
    let shown = path.display();
    read_text_at_most(path, MOST_BYTES)
        .and_then(|text| answers::parse(&text))
        .map_err(|why| format!("{shown}: {why}"))
}

/// The learner an answers file is of: its name without .json.
fn student_name(path: &Path) -> String {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |name| name.to_string_lossy().into_owned(),
    );
    match name.strip_suffix(".json") {
        Some(stem) if !stem.is_empty() => stem.to_string(),
        _ => name,
    }
}
