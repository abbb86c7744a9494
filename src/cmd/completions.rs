//! `queens completions SHELL`: a completion script for a shell.

use std::io::Write;

use anyhow::Result;
use clap::Args as ClapArgs;
use clap_complete::Shell;

use crate::cmd::stdout;

/// Print a completion script for SHELL, generated from queens' own
/// command-line definitions.
///
/// Examples:
///   source <(queens completions bash)          # this bash session
///   queens completions bash > ~/.local/share/bash-completion/completions/queens
///   queens completions zsh > "${fpath[1]}/_queens"
///   queens completions fish > ~/.config/fish/completions/queens.fish
#[derive(ClapArgs, Debug)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Writes the script for `command`, the whole command line of queens.
pub fn run(args: &Args, mut command: clap::Command) -> Result<()> {
    // clap_complete panics when its writer fails (a full disk, a closed
    // pipe): it writes into memory, and the error of the real write is ours
    // to report.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "queens", &mut script);
    let mut out = stdout();
    out.write_all(&script)?;
    Ok(out.flush()?)
}
