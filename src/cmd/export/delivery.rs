//! Where `export` writes, for every format: standard output, or the --out
//! file, checked before any work is done and written whole or not at all.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Result;

use crate::cmd::shared::stdout;
use crate::engine::Target;
use crate::error::usage;
use crate::render::infile::regular_file_at_most;
use crate::render::outfile::{OutFile, check_target, write_out};
use crate::render::page_mark::PageMark;

/// The most of a file read to tell whether it is a page export wrote,
/// unchanged: well above the largest page (a 13×13 board's, or a console's
/// with sql.js), so a larger file is no such page.
const PAGE_AT_MOST: u64 = 64 << 20;

/// Standard output, or the file --out names with whether it may replace
/// one that exists.
pub enum Destination {
    Stdout,
    File {
        path: PathBuf,
        checked: OutFile,
        force: bool,
        /// The mark of the page export wrote that is there, replaced
        /// only by the same export (`refuse_another_export`).
        page_there: Option<PageMark>,
    },
}

impl Destination {
    /// The file `out` names, checked before any work is done (an existing
    /// file without `force`, the database `target` itself, a link to
    /// nowhere are refused), or standard output for none or `-`. Where a
    /// page is written (`is_page`), a page export wrote (its first line is
    /// a `PageMark`; the file itself, not a link to it) is replaced
    /// without `force` only if its rest is as export wrote it (else it is
    /// refused here: the teacher's changes are kept), and then only by the
    /// same export, once the board is known (`refuse_another_export`).
    pub fn checked(
        out: Option<&Path>,
        force: bool,
        is_page: bool,
        target: &Target,
    ) -> Result<Destination> {
        let Some(path) = out.filter(|path| *path != Path::new("-")) else {
            return Ok(Destination::Stdout);
        };
        let found = (is_page && !force)
            .then(|| regular_file_at_most(path, PAGE_AT_MOST))
            .flatten()
            .and_then(|page| PageMark::read(&page));
        if let Some(changed) = found.as_ref().filter(|found| !found.unchanged) {
            return Err(usage(format!(
                "{} was changed since queens wrote it ({}); add --force to replace it",
                path.display(),
                changed.mark.said()
            )));
        }
        let page_there = found.map(|found| found.mark);
        let force = force || page_there.is_some();
        let database = match target {
            Target::File(db) => Some(db.as_path()),
            Target::Server { .. } => None,
        };
        Ok(Destination::File {
            path: path.to_path_buf(),
            checked: check_target(path, force, database)?,
            force,
            page_there,
        })
    }

    /// Refuses to write the page `mark` names over a page another export
    /// wrote (another board, kind of page or course), which only --force
    /// replaces; the same export's page is its draft, written again.
    pub fn refuse_another_export(&self, mark: &PageMark) -> Result<()> {
        match self {
            Destination::File {
                path,
                page_there: Some(there),
                ..
            } if there != mark => Err(usage(format!(
                "{} is another export's page ({}); add --force to replace it with {}",
                path.display(),
                there.said(),
                mark.said()
            ))),
            _ => Ok(()),
        }
    }

    /// Writes what `exported` writes here, and returns what it returns
    /// (how many solutions).
    pub fn write(&self, exported: impl FnOnce(&mut dyn Write) -> Result<u64>) -> Result<u64> {
        match self {
            Destination::Stdout => {
                let mut out = stdout();
                let count = exported(&mut out)?;
                out.flush()?;
                Ok(count)
            }
            Destination::File { checked, force, .. } => {
                let mut count = 0;
                write_out(checked, *force, |out| {
                    count = exported(out)?;
                    Ok(())
                })?;
                Ok(count)
            }
        }
    }

    /// The file written, if it is one.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Destination::Stdout => None,
            Destination::File { path, .. } => Some(path),
        }
    }

    /// Says `what` was written to the file, where it is one.
    pub fn say_written(&self, what: &str) {
        if let Some(path) = self.path() {
            eprintln!("queens: wrote {what} to {}", path.display());
        }
    }
}
