//! `queens manpage [COMMAND]`: the manual pages, in roff.

use std::io::Write;

use anyhow::Result;
use clap::Args as ClapArgs;

use crate::cmd::stdout;
use crate::error::Error;

/// Print a manual page (roff), generated from queens' command-line
/// definitions: queens(1) itself, or with COMMAND the page of that command,
/// queens-COMMAND(1), which queens(1) refers to.
///
/// Examples:
///   queens manpage | man -l -
///   queens manpage solve | man -l -
///   pages=~/.local/share/man/man1
///   mkdir -p $pages
///   for page in "" init solve count query show check complete space \
///       trace export grade doctor completions manpage; do
///     queens manpage $page > $pages/queens${page:+-$page}.1
///   done
#[derive(ClapArgs, Debug)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// The command whose page to print [default: the page of queens].
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
}

/// Writes the page asked for from `command`, the whole command line of
/// queens.
pub fn run(args: &Args, command: clap::Command) -> Result<()> {
    let mut command = command.disable_help_subcommand(true);
    // Building names each subcommand "queens-NAME", the name its page has
    // and the name queens(1) gives it.
    command.build();
    let page = match &args.command {
        None => command,
        Some(name) => subcommand(&command, name)?,
    };
    // Rendered in memory first, so that a failed write is reported once,
    // as the write's own error.
    let mut roff = Vec::new();
    clap_mangen::Man::new(page)
        .source(format!("queens {}", env!("CARGO_PKG_VERSION")))
        .render(&mut roff)?;
    let roff = examples_unfilled(&code_spans(&String::from_utf8_lossy(&roff)));
    let mut out = stdout();
    out.write_all(roff.as_bytes())?;
    Ok(out.flush()?)
}

/// The help text's `code` spans as roff: bold, never hyphenated and never
/// broken across lines, without the backticks, which roff would print as
/// they are. `man` would otherwise show "`se‐ lect * from solution`".
/// A span is the text between two backticks on one line, or across one
/// line break when the next line is text rather than a request.
fn code_spans(roff: &str) -> String {
    let mut out = String::with_capacity(roff.len());
    let mut rest = roff;
    while let Some(open) = rest.find('`') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('`').filter(|&c| spans_text(&after[..c])) else {
            // A lone backtick: roff's grave accent, so no literal one is left.
            out.push_str("\\(ga");
            rest = after;
            continue;
        };
        // \% where the word starts keeps roff from hyphenating all of it.
        let word_start = out
            .rfind(|c: char| c.is_ascii_whitespace())
            .map_or(0, |i| i + 1);
        out.insert_str(word_start, "\\%");
        let code = after[..close].replace('\n', " ").replace(' ', "\\ ");
        // \fP returns to the font before, bold or italic alike.
        out.push_str(&format!("\\fB{code}\\fP"));
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The help text's indented lines (its examples) as roff's no-fill
/// blocks: each stays one line as written, where filling would join or
/// hyphenate a command ("solution_by_defini‐ tion") that must be typed as
/// it is.
fn examples_unfilled(roff: &str) -> String {
    let mut out = String::with_capacity(roff.len());
    let mut unfilled = false;
    for line in roff.lines() {
        let indented = line.starts_with(' ');
        if indented != unfilled {
            out.push_str(if indented { ".nf\n" } else { ".fi\n" });
            unfilled = indented;
        }
        out.push_str(line);
        out.push('\n');
    }
    if unfilled {
        out.push_str(".fi\n");
    }
    out
}

/// Whether `inside`, the text between two backticks, is one code span: on
/// one line, or continued on a line that is text (not a `.` request).
fn spans_text(inside: &str) -> bool {
    let mut lines = inside.split('\n');
    lines.next();
    match (lines.next(), lines.next()) {
        (None, _) => true,
        (Some(next), None) => !next.starts_with(['.', '\'']),
        _ => false,
    }
}

/// The subcommand called `name`; any other name is a usage error that
/// lists the names there are.
fn subcommand(command: &clap::Command, name: &str) -> Result<clap::Command> {
    if let Some(found) = command.find_subcommand(name) {
        return Ok(found.clone());
    }
    let names: Vec<&str> = command
        .get_subcommands()
        .map(clap::Command::get_name)
        .collect();
    Err(Error::Usage(format!(
        "there is no command '{name}' (the commands: {})",
        names.join(", ")
    ))
    .into())
}
