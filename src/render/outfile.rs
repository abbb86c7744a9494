//! Writing an output file so that a reader never sees half of it: the text
//! goes to a temporary file in the same directory, which replaces the
//! target only when complete. An existing file is replaced only on request.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::error::usage;
use crate::tempfiles::{discard, keep, new_temp_file, parent_dir};

/// Where `--out` writes, once checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutFile {
    /// A regular file (a new one, or an existing one replaced with
    /// --force), written beside its final name and moved there when
    /// complete. The path is the file a symbolic link points to, so that
    /// the link stays and its target gets the new text.
    Replace(PathBuf),
    /// A FIFO or character device (`/dev/null`, `/dev/stdout`, a named
    /// pipe): written straight into, never replaced.
    Stream(PathBuf),
}

/// Checks, before any work is done, that `path` can be written: a
/// directory, a block device or socket, a dangling link, a missing
/// directory, an existing file without `force`, and the database being
/// read (`database`, by any path or link, with its journal) are refused.
pub fn check_target(path: &Path, force: bool, database: Option<&Path>) -> Result<OutFile> {
    let shown = path.display();
    let metadata = match std::fs::metadata(path) {
        Ok(metadata) => metadata,
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
            ) =>
        {
            if let Ok(link) = std::fs::read_link(path) {
                bail!(
                    "{shown} is a symbolic link to {}, which does not exist; name another --out",
                    link.display()
                );
            }
            let dir = parent_dir(path);
            if !dir.is_dir() {
                bail!(
                    "cannot write {shown}: directory {} does not exist",
                    dir.display()
                );
            }
            refuse_database(path, database)?;
            return Ok(OutFile::Replace(path.to_path_buf()));
        }
        Err(e) => return Err(e).with_context(|| format!("cannot write {shown}")),
    };
    if metadata.is_dir() {
        bail!("{shown} is a directory; name a file for --out");
    }
    if !metadata.is_file() {
        if is_stream(&metadata) {
            return Ok(OutFile::Stream(path.to_path_buf()));
        }
        bail!(
            "{shown} is neither a regular file nor a FIFO or character device; \
             name another --out"
        );
    }
    refuse_database(path, database)?;
    if !force {
        return Err(usage(format!(
            "{shown} already exists; add --force to replace it"
        )));
    }
    let real = std::fs::canonicalize(path).with_context(|| format!("cannot write {shown}"))?;
    Ok(OutFile::Replace(real))
}

/// Whether writing into the file is all there is to do with it: a FIFO or a
/// character device, which a temporary file cannot replace.
#[cfg(unix)]
fn is_stream(metadata: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt;
    metadata.file_type().is_fifo() || metadata.file_type().is_char_device()
}

#[cfg(not(unix))]
fn is_stream(_: &std::fs::Metadata) -> bool {
    false
}

/// Refuses to write over the database being read, or over its journal
/// (which SQLite would take for an interrupted write's), by any name.
fn refuse_database(path: &Path, database: Option<&Path>) -> Result<()> {
    let Some(database) = database else {
        return Ok(());
    };
    let Ok(real_db) = std::fs::canonicalize(database) else {
        return Ok(());
    };
    let real_out = match std::fs::canonicalize(path) {
        Ok(real) => real,
        Err(_) => match (std::fs::canonicalize(parent_dir(path)), path.file_name()) {
            (Ok(dir), Some(name)) => dir.join(name),
            _ => return Ok(()),
        },
    };
    let companions = ["", "-journal", "-wal", "-shm"].map(|suffix| {
        let mut name = real_db.clone().into_os_string();
        name.push(suffix);
        PathBuf::from(name)
    });
    // The journal of another name (a hard link) of the same file counts too.
    let journal_of_database = ["-journal", "-wal", "-shm"].iter().any(|suffix| {
        real_out
            .to_str()
            .and_then(|name| name.strip_suffix(suffix))
            .is_some_and(|base| is_same_file(Path::new(base), &real_db))
    });
    if companions.contains(&real_out) || is_same_file(&real_out, &real_db) || journal_of_database {
        return Err(usage(format!(
            "--out {} is the database being read ({}) or its journal; name another file",
            path.display(),
            database.display()
        )));
    }
    Ok(())
}

/// Refuses, before anything is written, where standard output is the
/// database being read or its journal (`queens solve 1<>queens.db`): what a
/// command prints would overwrite the file it reads.
pub fn refuse_stdout_database(database: &Path) -> Result<()> {
    let Some(stdout) = stdout_file() else {
        return Ok(());
    };
    // SQLite keeps the journal beside the file a symbolic link leads to,
    // so both the name given and the file it resolves to are compared.
    let resolved = std::fs::canonicalize(database).ok();
    let names = std::iter::once(database).chain(resolved.as_deref());
    let same = names.into_iter().any(|base| {
        ["", "-journal", "-wal", "-shm"].iter().any(|suffix| {
            let mut name = base.as_os_str().to_os_string();
            name.push(suffix);
            same_file_as(Path::new(&name), &stdout)
        })
    });
    if same {
        return Err(usage(format!(
            "standard output is the database {} (or its journal) itself; send the output to \
             another file",
            database.display()
        )));
    }
    Ok(())
}

/// What standard output is where it is a regular file.
#[cfg(unix)]
fn stdout_file() -> Option<std::fs::Metadata> {
    use std::os::fd::AsFd;
    // A duplicate of the descriptor, so that closing it leaves stdout open.
    let fd = io::stdout().as_fd().try_clone_to_owned().ok()?;
    let metadata = std::fs::File::from(fd).metadata().ok()?;
    metadata.is_file().then_some(metadata)
}

#[cfg(not(unix))]
fn stdout_file() -> Option<std::fs::Metadata> {
    None
}

#[cfg(unix)]
fn same_file_as(path: &Path, other: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).is_ok_and(|m| m.dev() == other.dev() && m.ino() == other.ino())
}

#[cfg(not(unix))]
fn same_file_as(_: &Path, _: &std::fs::Metadata) -> bool {
    false
}

/// Whether two paths name one file (a hard link is another name for it).
#[cfg(unix)]
fn is_same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn is_same_file(_: &Path, _: &Path) -> bool {
    false
}

/// Writes what `write` produces to the checked target: a regular file is
/// written to a temporary file beside it and moved into place when
/// complete (on any failure the temporary file is removed and the target
/// is as it was); a FIFO or device is written straight into.
pub fn write_out(
    target: &OutFile,
    force: bool,
    write: impl FnOnce(&mut dyn Write) -> Result<()>,
) -> Result<()> {
    match target {
        OutFile::Stream(path) => {
            let shown = path.display();
            let file = std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .with_context(|| format!("cannot write {shown}"))?;
            let mut buffered = BufWriter::new(file);
            write(&mut buffered).with_context(|| format!("cannot write {shown}"))?;
            buffered
                .flush()
                .with_context(|| format!("cannot write {shown}"))
        }
        OutFile::Replace(path) => write_atomically(path, force, write),
    }
}

/// Runs `write` against a temporary file beside `path`, then moves the
/// finished file to `path`. On any failure the temporary file is removed and
/// `path` is as it was.
fn write_atomically(
    path: &Path,
    force: bool,
    write: impl FnOnce(&mut dyn Write) -> Result<()>,
) -> Result<()> {
    let shown = path.display();
    let mut temp = new_temp_file(&parent_dir(path), ".partial")
        .with_context(|| format!("cannot write {shown}"))?;
    if force && let Err(e) = keep_permissions(temp.as_file(), path) {
        discard(temp);
        return Err(e).with_context(|| format!("cannot write {shown}"));
    }
    let written = || -> Result<()> {
        let mut buffered = BufWriter::new(temp.as_file_mut());
        write(&mut buffered).map_err(|e| name_the_file(e, path))?;
        buffered
            .flush()
            .with_context(|| format!("cannot write {shown}"))?;
        drop(buffered);
        temp.as_file()
            .sync_all()
            .with_context(|| format!("cannot write {shown}"))
    };
    if let Err(e) = written() {
        discard(temp);
        return Err(e);
    }
    match keep(temp, path, force) {
        Ok(()) => Ok(()),
        Err(e) => {
            let kind = e.error.kind();
            let error = e.error;
            discard(e.file);
            if kind == io::ErrorKind::AlreadyExists {
                Err(usage(format!(
                    "{shown} already exists; add --force to replace it"
                )))
            } else {
                Err(error).with_context(|| format!("cannot write {shown}"))
            }
        }
    }
}

/// Gives the new file the permission bits of the file it replaces (a 0600
/// file stays 0600), before any text is in it; a new name keeps the bits
/// the umask gives.
#[cfg(unix)]
fn keep_permissions(temp: &std::fs::File, path: &Path) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    match std::fs::metadata(path) {
        Ok(replaced) => {
            let bits = replaced.permissions().mode() & 0o777;
            temp.set_permissions(std::fs::Permissions::from_mode(bits))
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

#[cfg(not(unix))]
fn keep_permissions(_: &std::fs::File, _: &Path) -> io::Result<()> {
    Ok(())
}

/// An error of the writing itself (disk full, say) names the file it was
/// writing; errors of the work behind it (a query that failed) do not.
fn name_the_file(error: anyhow::Error, path: &Path) -> anyhow::Error {
    if error.root_cause().downcast_ref::<io::Error>().is_some() {
        error.context(format!("cannot write {}", path.display()))
    } else {
        error
    }
}
