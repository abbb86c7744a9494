//! `queens manpage`: the manual page, in roff.

use std::io::Write;

use anyhow::Result;
use clap::Args as ClapArgs;

use crate::cmd::stdout;

/// Print queens' manual page (roff), generated from its command-line
/// definitions.
///
/// Examples:
///   queens manpage | man -l -
///   queens manpage > ~/.local/share/man/man1/queens.1
#[derive(ClapArgs, Debug)]
#[command(verbatim_doc_comment)]
pub struct Args {}

/// Writes the page for `command`, the whole command line of queens.
pub fn run(_: &Args, command: clap::Command) -> Result<()> {
    let mut out = stdout();
    clap_mangen::Man::new(command).render(&mut out)?;
    Ok(out.flush()?)
}
