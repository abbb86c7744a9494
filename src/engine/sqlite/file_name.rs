//! The name a path is handed to SQLite by, for every file that opens one.

use std::path::{Path, PathBuf};

/// The name to hand SQLite for a path. SQLite reads a name that begins
/// with `file:` as a URI (and so opens some other file), and `:memory:`
/// as no file at all; `./` in front makes either an ordinary file name.
pub fn sqlite_name(path: &Path) -> PathBuf {
    let special = path
        .to_str()
        .is_some_and(|name| name.starts_with("file:") || name.starts_with(':'));
    if special {
        Path::new(".").join(path)
    } else {
        path.to_path_buf()
    }
}
