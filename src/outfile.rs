//! Writing an output file so that a reader never sees half of it: the text
//! goes to a temporary file in the same directory, which replaces the
//! target only when complete. An existing file is replaced only on request.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use anyhow::{Context, Result, bail};

use crate::error::usage;

/// Refuses, before any work is done, a target that cannot be written.
pub fn check_target(path: &Path, force: bool) -> Result<()> {
    let shown = path.display();
    if path.is_dir() {
        bail!("{shown} is a directory; name a file for --out");
    }
    if path.exists() && !force {
        return Err(usage(format!(
            "{shown} already exists; add --force to replace it"
        )));
    }
    let dir = parent_dir(path);
    if !dir.is_dir() {
        bail!(
            "cannot write {shown}: directory {} does not exist",
            dir.display()
        );
    }
    Ok(())
}

/// Runs `write` against a temporary file beside `path`, then moves the
/// finished file to `path`. On any failure the temporary file is removed and
/// `path` is as it was.
pub fn write_atomically(
    path: &Path,
    force: bool,
    write: impl FnOnce(&mut dyn Write) -> Result<()>,
) -> Result<()> {
    check_target(path, force)?;
    let shown = path.display();
    let mut temp = new_temp_file(&parent_dir(path), ".partial")
        .with_context(|| format!("cannot write {shown}"))?;
    {
        let mut buffered = BufWriter::new(temp.as_file_mut());
        write(&mut buffered)?;
        buffered
            .flush()
            .with_context(|| format!("cannot write {shown}"))?;
    }
    temp.as_file()
        .sync_all()
        .with_context(|| format!("cannot write {shown}"))?;
    let persisted = if force {
        temp.persist(path).map(drop)
    } else {
        temp.persist_noclobber(path).map(drop)
    };
    match persisted {
        Ok(()) => Ok(()),
        Err(e) if e.error.kind() == io::ErrorKind::AlreadyExists => Err(usage(format!(
            "{shown} already exists; add --force to replace it"
        ))),
        Err(e) => Err(e.error).with_context(|| format!("cannot write {shown}")),
    }
}

/// The directory a file path lies in (`.` for a bare file name).
pub fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Our temporary files are named `.queens-…` with one of these endings.
const TEMP_PREFIX: &str = ".queens-";
const TEMP_SUFFIXES: [&str; 3] = [".db-building", ".partial", ".store"];

/// How old a temporary file must be before it counts as left behind by a
/// process that was killed. Every writer touches its file far more often.
const STALE_AFTER: Duration = Duration::from_secs(60 * 60);

/// A hidden temporary file in `dir`, removed unless it is persisted. Files
/// that killed processes left behind in `dir` are swept away first.
pub fn new_temp_file(dir: &Path, suffix: &str) -> io::Result<tempfile::NamedTempFile> {
    sweep_stale_temp_files(dir);
    let mut builder = tempfile::Builder::new();
    builder.prefix(".queens-").suffix(suffix);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // As an ordinary new file: the process umask still applies.
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(dir)
}

/// Removes our own temporary files in `dir` that nobody has written to for
/// an hour: a process killed mid-build cannot clean up after itself. Best
/// effort: a file that cannot be read or removed is left alone.
pub fn sweep_stale_temp_files(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let ours = name.starts_with(TEMP_PREFIX) && TEMP_SUFFIXES.iter().any(|s| name.ends_with(s));
        let stale = entry
            .metadata()
            .ok()
            .filter(|m| m.is_file())
            .and_then(|m| m.modified().ok())
            .and_then(|modified| SystemTime::now().duration_since(modified).ok())
            .is_some_and(|age| age > STALE_AFTER);
        if ours && stale {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}
