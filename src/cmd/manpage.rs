//! `queens manpage [COMMAND]`: the manual pages, in roff.

use std::io::Write;

use anyhow::Result;
use clap::Args as ClapArgs;

use crate::cmd::stdout;
use crate::error::UsageError;

/// Print a manual page (roff), generated from queens' command-line
/// definitions: queens(1) itself, or with COMMAND the page of that command,
/// queens-COMMAND(1), which queens(1) refers to.
///
/// Examples:
///   queens manpage | man -l -
///   queens manpage solve | man -l -
///   mkdir -p ~/.local/share/man/man1
///   for page in "" init solve count query show check complete space export \
///       doctor completions manpage; do
///     queens manpage $page > ~/.local/share/man/man1/queens${page:+-$page}.1
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
    let mut out = stdout();
    out.write_all(&roff)?;
    Ok(out.flush()?)
}

/// The subcommand called `name`; any other name is a usage error that
/// lists the names there are.
fn subcommand(command: &clap::Command, name: &str) -> Result<clap::Command> {
    if let Some(found) = command.find_subcommand(name) {
        return Ok(found.clone());
    }
    let names: Vec<&str> = command.get_subcommands().map(|c| c.get_name()).collect();
    Err(UsageError(format!(
        "there is no command '{name}' (the commands: {})",
        names.join(", ")
    ))
    .into())
}
