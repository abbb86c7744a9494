//! The repository's own files a test reads (sources, SQL, pages), found
//! on disk so that a file added is read without naming it.

use std::path::{Path, PathBuf};

/// Every file under `dir` whose name ends in `.EXTENSION` (every file for
/// `None`), a folder at a time in name order, leaving out the folders whose
/// path ends in one of `skipped` (such as "sql/expanded", the goldens).
pub fn files_under(dir: &Path, extension: Option<&str>, skipped: &[&str]) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    entries.sort();
    let mut files = Vec::new();
    for path in entries {
        if path.is_dir() {
            if !skipped.iter().any(|folder| path.ends_with(folder)) {
                files.extend(files_under(&path, extension, skipped));
            }
        } else if extension.is_none_or(|wanted| path.extension().is_some_and(|e| e == wanted)) {
            files.push(path);
        }
    }
    files
}
