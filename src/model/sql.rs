//! The SQL files of `sql/` and `migrations/`, embedded in the binary once,
//! and the lists they make: a folder of numbered files is the list of the
//! objects they define, in the order they must be made.

use std::collections::HashMap;
use std::sync::LazyLock;

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
/// `include` names it).
pub fn find(path: &str) -> Option<&'static str> {
    SQL.get_file(path).and_then(|f| f.contents_utf8())
}

/// The path under sql/ of `text` when `text` is one of its files' own
/// text, the very bytes embedded in the binary (not an equal copy): a
/// template expanded from there is compiled once and kept
/// (`template::render`), where a text of other origin is compiled anew.
pub fn path_of(text: &str) -> Option<&'static str> {
    static BY_ADDRESS: LazyLock<HashMap<usize, (&'static str, usize)>> = LazyLock::new(|| {
        let mut by_address = HashMap::new();
        let mut dirs = vec![&SQL];
        while let Some(dir) = dirs.pop() {
            dirs.extend(dir.dirs());
            for file in dir.files() {
                if let (Some(path), Some(contents)) = (file.path().to_str(), file.contents_utf8())
                    && !contents.is_empty()
                {
                    by_address.insert(contents.as_ptr() as usize, (path, contents.len()));
                }
            }
        }
        by_address
    });
    BY_ADDRESS
        .get(&(text.as_ptr() as usize))
        .filter(|(_, len)| *len == text.len())
        .map(|(path, _)| *path)
}

/// The files of the folder `sql/{folder}` whose names begin with a number
/// (`03-solution.sql`), in that order, each with the name of the object it
/// defines (`solution`).
pub fn numbered(folder: &str) -> Vec<(&'static str, &'static str)> {
    find_numbered(folder).unwrap_or_else(|| panic!("sql/{folder} is part of this build"))
}

/// As `numbered`, if this build has the folder.
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

/// The paths under sql/ of the numbered files of `sql/{folder}`
/// (`facts/03-col_lbl.sql`), in their numbers' order, if this build has
/// the folder (a template includes them one after another).
pub fn find_numbered_paths(folder: &str) -> Option<Vec<String>> {
    let dir = SQL.get_dir(folder)?;
    let mut files: Vec<(u32, String)> = dir
        .files()
        .filter_map(|f| {
            let stem = f.path().file_stem()?.to_str()?;
            let (number, _) = stem.split_once('-')?;
            Some((number.parse().ok()?, f.path().to_str()?.to_string()))
        })
        .collect();
    files.sort_by_key(|(number, _)| *number);
    Some(files.into_iter().map(|(_, path)| path).collect())
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

/// The `up.sql` of every schema version (`migrations/NN-name/up.sql`), in
/// order: the n-th takes a schema from version n − 1 to version n. A number
/// no folder has is a version that changed no table (schemas 3 to 8 only
/// had the facts or views derived again, which their checksum now decides):
/// it stays taken, with nothing to run, so that a file at any version is
/// upgraded from where it is.
pub fn migrations() -> Vec<&'static str> {
    let numbered: Vec<(usize, &'static str)> = MIGRATIONS
        .dirs()
        .map(|dir| {
            let name = dir.path().to_str().unwrap_or_default();
            let number = name.split_once('-').and_then(|(n, _)| n.parse().ok());
            let up = dir
                .files()
                .find(|f| f.path().ends_with("up.sql"))
                .and_then(|f| f.contents_utf8());
            match (number, up) {
                (Some(number), Some(up)) => (number, up),
                _ => panic!("migrations/{name} is named NN-name and has an up.sql"),
            }
        })
        .collect();
    let latest = numbered.iter().map(|(n, _)| *n).max().unwrap_or(0);
    (1..=latest)
        .map(|version| {
            numbered
                .iter()
                .find(|(n, _)| *n == version)
                .map_or("", |(_, up)| up)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_s_own_text_is_known_by_its_path_and_a_copy_is_not() {
        for path in [
            "views/03-solution.sql",
            "queries/last_queens.sql",
            "facts/09-line_set.sql",
        ] {
            assert_eq!(path_of(file(path)), Some(path));
            let copy = String::from(file(path));
            assert_eq!(path_of(&copy), None, "{path}");
            // (a part of the text is not the file either)
            assert_eq!(path_of(&file(path)[..10]), None, "{path}");
        }
    }

    #[test]
    fn numbered_folders_list_their_objects_in_order() {
        let facts: Vec<&str> = numbered("facts").iter().map(|(name, _)| *name).collect();
        assert_eq!(facts.first(), Some(&"board_rows"));
        assert_eq!(facts.last(), Some(&"square_image"));
        let views: Vec<&str> = numbered("views").iter().map(|(name, _)| *name).collect();
        assert_eq!(
            &views[..3],
            ["candidate", "solution_by_definition", "solution"]
        );
    }

    #[test]
    fn versions_that_changed_no_table_keep_their_numbers_with_nothing_to_run() {
        let migrations = migrations();
        assert_eq!(migrations.len(), 11);
        assert!(migrations[0].contains("create table board_size"));
        assert!(migrations[1].contains("create table symmetry"));
        assert!(migrations[2..8].iter().all(|up| up.is_empty()));
        assert!(migrations[8].contains("--@ include \"tables/queens_derived.sql\""));
        assert!(migrations[9].contains("create table board_shape"));
        assert!(migrations[10].contains("create table board_rows"));
    }
}
