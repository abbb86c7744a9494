use std::io::Write;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};
use queens::cmd;
use queens::error::{exit_code, is_broken_pipe, one_line};

/// Solve the N-Queens puzzle the relational way.
///
/// The board is a set of squares, the rows, columns and diagonals are lines,
/// and a queen may stand on a square only if the square's lines meet none of
/// the lines of the queens already placed. queens keeps all of this in a
/// SQLite database: open it with `sqlite3 queens.db` and
/// `select * from solution`.
///
/// Start with `queens solve`: it creates ./queens.db for the 8×8 board and
/// prints its 92 solutions.
///
/// Every command takes --db PATH (an SQLite file, queens.db by default, or a
/// postgres:// URL) and --size N (the board, 1 to 26, 8 by default); each
/// command's --help tells the rest.
#[derive(Parser, Debug)]
#[command(name = "queens", version, verbatim_doc_comment)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    Init(cmd::init::Args),
    Solve(cmd::solve::Args),
    Count(cmd::count::Args),
    Query(cmd::query::Args),
    Show(cmd::show::Args),
    Check(cmd::check::Args),
    Complete(cmd::complete::Args),
    Space(cmd::space::Args),
    Trace(cmd::trace::Args),
    Export(cmd::export::Args),
    Grade(cmd::grade::Args),
    Doctor(cmd::doctor::Args),
    Completions(cmd::completions::Args),
    Manpage(cmd::manpage::Args),
}

fn main() -> ExitCode {
    quiet_panics_and_no_captured_backtraces();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return report_usage(e),
    };
    let done = |result: anyhow::Result<()>| result.map(|()| ExitCode::SUCCESS);
    // check, doctor and grade end with their verdict's exit code, having
    // said all they have to say.
    let result = match &cli.command {
        Command::Init(args) => done(cmd::init::run(args)),
        Command::Solve(args) => done(cmd::solve::run(args)),
        Command::Count(args) => done(cmd::count::run(args)),
        Command::Query(args) => done(cmd::query::run(args)),
        Command::Show(args) => done(cmd::show::run(args)),
        Command::Check(args) => cmd::check::run(args),
        Command::Complete(args) => done(cmd::complete::run(args)),
        Command::Space(args) => done(cmd::space::run(args)),
        Command::Trace(args) => done(cmd::trace::run(args)),
        Command::Export(args) => done(cmd::export::run(args)),
        Command::Grade(args) => cmd::grade::run(args),
        Command::Doctor(args) => cmd::doctor::run(args),
        Command::Completions(args) => done(cmd::completions::run(args, Cli::command())),
        Command::Manpage(args) => done(cmd::manpage::run(args, Cli::command())),
    };
    match result {
        Ok(code) => code,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let e = queens::engine::explain(e);
            eprintln!("queens: {}", one_line(&e));
            ExitCode::from(exit_code(&e))
        }
    }
}

/// Help and version go to stdout as clap writes them; a mistake gets one
/// line on stderr: what is wrong, clap's suggestion or the possible values
/// where it has them, and the help of the command that was mistyped.
fn report_usage(error: clap::Error) -> ExitCode {
    if !error.use_stderr() {
        // Help or version: a failed write (a full disk) is an error too;
        // a reader that went away is not.
        return match error.print().and_then(|()| std::io::stdout().flush()) {
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                eprintln!("queens: cannot write the help: {e}");
                ExitCode::from(1)
            }
            _ => ExitCode::SUCCESS,
        };
    }
    if error.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        // `queens` alone: the whole help is the clearest answer.
        let _ = error.print();
        return ExitCode::from(2);
    }
    let help = match typed_command() {
        Some(name) => format!("queens {name} --help"),
        None => "queens --help".to_string(),
    };
    let text = queens::engine::hide_passwords(&error.render().to_string());
    eprintln!("queens: {} (see '{help}')", one_line_usage(&text));
    ExitCode::from(2)
}

/// Clap's explanation, several lines with a usage line and a pointer to
/// the help, as one line: the mistake, then what clap says of it.
fn one_line_usage(text: &str) -> String {
    let mut line = String::new();
    for part in text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .filter(|l| !l.is_empty())
    {
        match part.strip_prefix("tip: ") {
            Some(tip) => line.push_str(&format!("; {tip}")),
            None if line.is_empty() => line.push_str(part.trim_start_matches("error: ")),
            None => line.push_str(&format!(" {part}")),
        }
    }
    line
}

/// The command named on the command line, if it is one of queens'.
fn typed_command() -> Option<String> {
    let command = Cli::command();
    std::env::args().skip(1).find_map(|arg| {
        command
            .get_subcommands()
            .find(|sub| sub.get_name() == arg)
            .map(|sub| sub.get_name().to_string())
    })
}

/// A panic says one line, never a backtrace, and no error captures one.
///
/// With RUST_BACKTRACE set, Rust's own panic message prints a backtrace
/// while holding the lock that its out-of-memory message takes too: a
/// process short of memory (`ulimit -v`) whose backtrace could not be
/// allocated waited on itself for ever, as did one whose error (anyhow
/// captures a backtrace for each where RUST_BACKTRACE asks) was being
/// made. queens prints no error's backtrace, so none is captured:
/// RUST_LIB_BACKTRACE, which decides for captured ones alone, is 0.
#[allow(unsafe_code)]
fn quiet_panics_and_no_captured_backtraces() {
    // SAFETY: the first thing main does, before any thread is started (the
    // search's, Ctrl-C's), so no other thread reads the environment.
    unsafe { std::env::set_var("RUST_LIB_BACKTRACE", "0") };
    std::panic::set_hook(Box::new(|info| {
        let said = info
            .payload()
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| info.payload().downcast_ref::<String>().map(String::as_str))
            .unwrap_or("a panic");
        // Where in queens' own source (a relative path); a place in the
        // standard library's or a dependency's (an absolute one) says
        // nothing a user can act on.
        match info.location().filter(|at| !at.file().starts_with('/')) {
            Some(at) => eprintln!("queens: internal error: {said} (at {at})"),
            None => eprintln!("queens: internal error: {said}"),
        }
    }));
}
