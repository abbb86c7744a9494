//! Temporary files beside a file being written (a database being built, an
//! output file, a store of solutions). queens removes only the files it
//! made itself in this run: a file is never removed for its name alone,
//! since a user may name a file of theirs like ours (`.queens-mine.board`).
//! Used by the engines and the output alike, so it sits below both.

use std::ffi::CString;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicPtr, Ordering};

/// The directory a file path lies in (`.` for a bare file name).
pub fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// A hidden temporary file in `dir`, removed unless it is persisted, and
/// on Ctrl-C (SIGTERM, SIGHUP) or an abort too. A process killed with
/// SIGKILL leaves its file behind (`.queens-XXXXXX` and the suffix); the
/// next queens does not sweep it away, since it cannot tell such a file
/// from a user's of the same name.
pub fn new_temp_file(dir: &Path, suffix: &str) -> io::Result<tempfile::NamedTempFile> {
    remove_made_on_interrupt();
    remove_doomed_on_abort();
    let mut builder = tempfile::Builder::new();
    builder.prefix(".queens-").suffix(suffix);
    // The list is held from before the file exists until it names it:
    // Ctrl-C in between waits for it, then removes the new file too.
    let mut made = MADE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut armed = None;
    let file = builder
        .make_in(dir, |path| {
            let (file, doomed) = create_doomed(path)?;
            armed = Some(doomed);
            Ok(file)
        })
        .map_err(|e| without_temp_name(e, dir))?;
    made.extend(armed);
    Ok(file)
}

/// Creates the new file at `path` (never one that exists), as an ordinary
/// new file (the process umask still applies), and puts it on the list
/// an abort removes. Its entry is allocated before the file is made and
/// linked in just after: an abort of this thread comes of an allocation
/// that fails, and in between nothing is allocated. (A SIGABRT from
/// elsewhere in those few instructions leaves the file; an entry linked
/// before the file existed could remove a user's file of that name.)
fn create_doomed(path: &Path) -> io::Result<(std::fs::File, &'static Doomed)> {
    let doomed = Doomed::of(path)?;
    let mut options = std::fs::OpenOptions::new();
    options.read(true).write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o666);
    }
    let file = options.open(path)?;
    Ok((file, doomed.arm()))
}

/// Why a temporary file could not be made in `dir`, in the user's words:
/// tempfile's error names the hidden file it tried (`.queens-eGmutm.partial`),
/// which the user never asked for and cannot find.
fn without_temp_name(error: io::Error, dir: &Path) -> io::Error {
    let dir = dir.display();
    let why = match error.kind() {
        io::ErrorKind::PermissionDenied => format!("no permission to create files in {dir}"),
        io::ErrorKind::ReadOnlyFilesystem => format!("{dir} is on a read-only file system"),
        io::ErrorKind::NotFound => format!("there is no directory {dir}"),
        io::ErrorKind::StorageFull => format!("no space left in {dir}"),
        _ => match error.raw_os_error() {
            Some(code) => format!("{} (in {dir})", io::Error::from_raw_os_error(code)),
            None => format!("cannot create a file in {dir}"),
        },
    };
    io::Error::new(error.kind(), why)
}

/// The temporary files made so far, for Ctrl-C (and SIGTERM, SIGHUP) to
/// remove: the process then ends at once, without the destructors that
/// would remove them. The same entries as the abort's list, for Ctrl-C
/// and `forget` to read under a lock.
static MADE: Mutex<Vec<&'static Doomed>> = Mutex::new(Vec::new());

/// Has Ctrl-C remove the files in MADE, with their journals. Installed
/// once, before the first file is made.
fn remove_made_on_interrupt() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        crate::interrupt::on_interrupt(|| {
            let made = MADE
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            for doomed in made.iter().filter(|d| d.live.load(Ordering::Acquire)) {
                let _ = std::fs::remove_file(&doomed.made_at);
                let _ = std::fs::remove_file(journal_of(&doomed.made_at));
            }
            // Kept locked until the process ends: no file is made after
            // the removal, to be left behind.
            std::mem::forget(made);
        });
    });
}

/// A temporary file on the list an abort removes: its path and its
/// journal's (SQLite's `-journal`), made as C strings before the file
/// exists, since the handler of SIGABRT may neither allocate nor take a
/// lock. Entries are never freed: a command makes a few temporary files.
struct Doomed {
    /// Where the file was made, written by `std::path::absolute`.
    made_at: PathBuf,
    path: CString,
    journal: CString,
    /// False once the file is no longer at `path` (persisted or removed):
    /// a file of the user's of that name made since is not removed.
    live: AtomicBool,
    next: AtomicPtr<Doomed>,
}

/// The list an abort removes, newest first.
static DOOMED: AtomicPtr<Doomed> = AtomicPtr::new(std::ptr::null_mut());

impl Doomed {
    /// The entry for `path`, written as `forget` writes the paths it is
    /// given (`std::path::absolute`, which drops `.` components): tempfile
    /// names a file in `.` as `/cwd/./.queens-…`, and an entry that
    /// `forget` could not match would stay live.
    fn of(path: &Path) -> io::Result<Box<Doomed>> {
        let made_at = std::path::absolute(path)?;
        let as_c = |path: &Path| {
            CString::new(path.as_os_str().as_encoded_bytes()).map_err(io::Error::other)
        };
        Ok(Box::new(Doomed {
            path: as_c(&made_at)?,
            journal: as_c(&journal_of(&made_at))?,
            made_at,
            live: AtomicBool::new(true),
            next: AtomicPtr::new(std::ptr::null_mut()),
        }))
    }

    /// Puts the entry on the list, allocating nothing. Entries are added
    /// one at a time (ARMING); the handler reads the list without a lock,
    /// and sees it whole at every moment, since the head is set last.
    fn arm(self: Box<Self>) -> &'static Doomed {
        static ARMING: Mutex<()> = Mutex::new(());
        let _one_at_a_time = ARMING
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let entry = Box::leak(self);
        entry
            .next
            .store(DOOMED.load(Ordering::Acquire), Ordering::Release);
        DOOMED.store(std::ptr::from_mut(entry), Ordering::Release);
        entry
    }
}

/// Has an abort remove the files on the list first. Rust's allocator ends
/// a process it cannot give memory (a tight `ulimit -v`) with abort(),
/// which would leave a half-built database or a half-written output file
/// beside the user's. Installed once, before the first file is made. The
/// handler stays installed while it runs: two threads refused memory at
/// once each walk the whole list, and the second's SIGABRT cannot end the
/// process half way through the first's walk. Each then ends the process
/// by SIGABRT's default action (exit 134), as abort() would, and as a
/// SIGABRT sent from outside did before.
#[cfg(unix)]
#[allow(unsafe_code)]
fn remove_doomed_on_abort() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        extern "C" fn remove_doomed(_: libc::c_int) {
            let mut entry = DOOMED.load(Ordering::Acquire);
            while !entry.is_null() {
                // SAFETY: every entry on the list was leaked by `arm` and is
                // never freed, and only its `live` flag changes once it is on
                // the list; unlink, signal and raise are async-signal-safe,
                // and unlink reads two C strings that live as long.
                unsafe {
                    if (*entry).live.load(Ordering::Acquire) {
                        libc::unlink((*entry).path.as_ptr());
                        libc::unlink((*entry).journal.as_ptr());
                    }
                    entry = (*entry).next.load(Ordering::Acquire);
                }
            }
            // SAFETY: as above. SIGABRT is blocked while this handler runs,
            // so the signal raised waits for it to return, then ends the
            // process by the default action.
            unsafe {
                libc::signal(libc::SIGABRT, libc::SIG_DFL);
                libc::raise(libc::SIGABRT);
            }
        }
        // SAFETY: a zeroed sigaction is a valid one (no flags, an empty
        // mask) before its fields are set; the handler above only reads
        // the list and calls unlink, signal and raise, all safe in a
        // signal handler.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = remove_doomed as extern "C" fn(libc::c_int) as libc::sighandler_t;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(libc::SIGABRT, &action, std::ptr::null_mut());
        }
    });
}

/// Marks the file made at `made_at` as no longer to remove, for Ctrl-C
/// and for an abort alike: it was moved into place (persisted) or
/// removed, and a file of the user's named so since is never removed for
/// its name.
fn forget(made_at: &Path) {
    let absolute = std::path::absolute(made_at).unwrap_or_else(|_| made_at.to_path_buf());
    for doomed in MADE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .iter()
        .filter(|doomed| doomed.made_at == absolute)
    {
        doomed.live.store(false, Ordering::Release);
    }
}

/// The journal SQLite keeps beside a database at `path` while it writes.
fn journal_of(path: &Path) -> PathBuf {
    let mut journal = path.as_os_str().to_owned();
    journal.push("-journal");
    PathBuf::from(journal)
}

/// Moves `temp` to `path` (over a file there only if `replace`), and off
/// the lists of files to remove.
pub fn keep(
    temp: tempfile::NamedTempFile,
    path: &Path,
    replace: bool,
) -> Result<(), tempfile::PersistError> {
    let made_at = temp.path().to_path_buf();
    if replace {
        temp.persist(path)?;
    } else {
        temp.persist_noclobber(path)?;
    }
    forget(&made_at);
    Ok(())
}

/// Removes a temporary file that is not to be kept, wherever it is now: a
/// directory renamed while the file was written leaves the path it was
/// made at pointing nowhere, and removing by that path alone would leave
/// the file behind in the renamed directory.
/// A journal SQLite could not remove (a full disk) goes with a database;
/// the caller has closed its connection.
pub fn discard(temp: tempfile::NamedTempFile) {
    let made_at = temp.path().to_path_buf();
    let now_at = current_path(temp.as_file());
    drop(temp);
    let _ = std::fs::remove_file(journal_of(&made_at));
    forget(&made_at);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `path` is on a list a signal removes files from.
    fn listed(path: &Path) -> bool {
        // An entry names `path` however it is written.
        let names = |entry: &Doomed| {
            use std::os::unix::ffi::OsStrExt;
            let written = Path::new(std::ffi::OsStr::from_bytes(entry.path.as_bytes()));
            std::path::absolute(written).unwrap() == path
        };
        MADE.lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .iter()
            .any(|d| names(d) && d.live.load(Ordering::Acquire))
    }

    // From an attack: a file made in `.` (the default queens.db) is named
    // `/cwd/./.queens-…` by tempfile; `forget` missed its entry on the
    // abort's list, and SIGABRT removed a file of the user's of that name.
    #[test]
    fn a_file_made_in_a_directory_written_with_a_dot_is_forgotten_too() {
        let dir = tempfile::TempDir::new().unwrap();
        let dotted = dir.path().join(".");
        let kept = new_temp_file(&dotted, ".partial").unwrap();
        let made_at = kept.path().to_path_buf();
        keep(kept, &dir.path().join("out"), true).unwrap();
        let absolute = std::path::absolute(&made_at).unwrap();
        assert!(!listed(&absolute));
    }

    #[test]
    fn a_file_moved_into_place_or_discarded_is_no_longer_to_remove() {
        let dir = tempfile::TempDir::new().unwrap();
        let kept = new_temp_file(dir.path(), ".partial").unwrap();
        let made_at = std::path::absolute(kept.path()).unwrap();
        assert!(listed(&made_at));
        keep(kept, &dir.path().join("out"), true).unwrap();
        assert!(!listed(&made_at));

        let dropped = new_temp_file(dir.path(), ".partial").unwrap();
        let made_at = std::path::absolute(dropped.path()).unwrap();
        assert!(listed(&made_at));
        discard(dropped);
        assert!(!listed(&made_at));
        assert!(!made_at.exists());
    }
}
