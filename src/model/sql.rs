//! The SQL files of `sql/` and `migrations/`, embedded in the binary once,
//! and the lists they make: a folder of numbered files is the list of the
//! objects they define, in the order they must be made.

use include_dir::{Dir, include_dir};

static SQL: Dir = include_dir!("$CARGO_MANIFEST_DIR/sql");
static MIGRATIONS: Dir = include_dir!("$CARGO_MANIFEST_DIR/migrations");

/// The text of the file at `path` in `sql/` (`queries/partition.sql`).
/// Every path the code names is checked by a test; a missing file is a
/// mistake in this build, not in its input.
pub fn file(path: &str) -> &'static str {
    find(path).unwrap_or_else(|| panic!("sql/{path} is part of this build"))
}

/// The text of `sql/{path}`, if this build has it (a template's
/// `--@include` names it).
pub fn find(path: &str) -> Option<&'static str> {
    SQL.get_file(path).and_then(|f| f.contents_utf8())
}

/// The files of the folder `sql/{folder}` whose names begin with a number
/// (`3-solution.sql`), in that order, each with the name of the object it
/// defines (`solution`).
pub fn numbered(folder: &str) -> Vec<(&'static str, &'static str)> {
    find_numbered(folder).unwrap_or_else(|| panic!("sql/{folder} is part of this build"))
}

/// As `numbered`, if this build has the folder (a template's `--@include
/// FOLDER/` names it).
pub fn find_numbered(folder: &str) -> Option<Vec<(&'static str, &'static str)>> {
    let dir = SQL.get_dir(folder)?;
    let mut files: Vec<(u32, &'static str, &'static str)> = dir
        .files()
        .filter_map(|f| {
            let stem = f.path().file_stem()?.to_str()?;
            let (number, name) = stem.split_once('-')?;
            Some((number.parse().ok()?, name, f.contents_utf8()?))
        })
        .collect();
    files.sort_by_key(|(number, _, _)| *number);
    Some(
        files
            .into_iter()
            .map(|(_, name, text)| (name, text))
            .collect(),
    )
}

/// The files of the folder `sql/{folder}`, by name, each with its path
/// under sql/ (`reading/square.sql`).
pub fn files(folder: &str) -> Vec<&'static str> {
    let dir = SQL
        .get_dir(folder)
        .unwrap_or_else(|| panic!("sql/{folder} is part of this build"));
    let mut paths: Vec<&'static str> = dir.files().filter_map(|f| f.path().to_str()).collect();
    paths.sort_unstable();
    paths
}

/// The `up.sql` of every migration (`migrations/NN-name/up.sql`), in order:
/// the n-th takes a schema from version n − 1 to version n.
pub fn migrations() -> Vec<&'static str> {
    let mut dirs: Vec<&Dir> = MIGRATIONS.dirs().collect();
    dirs.sort_by_key(|dir| dir.path());
    dirs.iter()
        .map(|dir| {
            dir.files()
                .find(|f| f.path().ends_with("up.sql"))
                .and_then(|f| f.contents_utf8())
                .unwrap_or_else(|| panic!("{} has an up.sql", dir.path().display()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_folders_list_their_objects_in_order() {
        let facts: Vec<&str> = numbered("facts").iter().map(|(name, _)| *name).collect();
        assert_eq!(facts.first(), Some(&"col_lbl"));
        assert_eq!(facts.last(), Some(&"square_image"));
        let views: Vec<&str> = numbered("views").iter().map(|(name, _)| *name).collect();
        assert_eq!(
            &views[..3],
            ["candidate", "solution_by_definition", "solution"]
        );
        assert!(!migrations().is_empty());
    }
}
