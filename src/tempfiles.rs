//! Temporary files beside a file being written (a database being built, an
//! output file, a store of solutions), named so that those a killed
//! process left behind can be recognised and swept away. Used by the
//! engines and the output alike, so it sits below both.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, SystemTime};

/// The directory a file path lies in (`.` for a bare file name).
pub fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Our temporary files are named `.queens-…` with one of these endings.
const TEMP_PREFIX: &str = ".queens-";
const TEMP_SUFFIXES: [&str; 4] = [".db-building", ".partial", ".store", ".board"];

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
    let file = builder.tempfile_in(dir)?;
    remove_on_interrupt(file.path());
    Ok(file)
}

/// The temporary files made so far, for Ctrl-C (and SIGTERM, SIGHUP) to
/// remove: the process then ends at once, without the destructors that
/// would remove them. A file persisted meanwhile is no longer at its path.
static MADE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn remove_on_interrupt(path: &Path) {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        crate::interrupt::on_interrupt(|| {
            if let Ok(made) = MADE.lock() {
                for path in made.iter() {
                    let _ = std::fs::remove_file(path);
                    let mut journal = path.clone().into_os_string();
                    journal.push("-journal");
                    let _ = std::fs::remove_file(journal);
                }
            }
        });
    });
    if let Ok(mut made) = MADE.lock() {
        made.push(std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf()));
    }
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
        // SQLite's journal of a temporary database goes with it.
        let base = name.strip_suffix("-journal").unwrap_or(name);
        let ours = base.starts_with(TEMP_PREFIX) && TEMP_SUFFIXES.iter().any(|s| base.ends_with(s));
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

/// Removes a temporary file that is not to be kept, wherever it is now: a
/// directory renamed while the file was written leaves the path it was
/// made at pointing nowhere, and removing by that path alone would leave
/// the file behind in the renamed directory.
pub fn discard(temp: tempfile::NamedTempFile) {
    let made_at = temp.path().to_path_buf();
    let now_at = current_path(temp.as_file());
    drop(temp);
    if let Some(now_at) = now_at.filter(|now_at| *now_at != made_at) {
        let _ = std::fs::remove_file(now_at);
    }
}

/// Where an open file is now, as the kernel knows it.
#[cfg(target_os = "linux")]
fn current_path(file: &std::fs::File) -> Option<PathBuf> {
    use std::os::fd::AsRawFd;
    let path = std::fs::read_link(format!("/proc/self/fd/{}", file.as_raw_fd())).ok()?;
    // A file already removed is named "… (deleted)": nothing to remove.
    (!path.to_string_lossy().ends_with(" (deleted)")).then_some(path)
}

#[cfg(not(target_os = "linux"))]
fn current_path(_: &std::fs::File) -> Option<PathBuf> {
    None
}
