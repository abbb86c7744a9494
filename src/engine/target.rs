//! Where the database is, as `--db` names it, and such names as messages
//! may quote them (without a password).

use std::path::{Path, PathBuf};

use anyhow::Result;

use super::postgres;
use crate::error::usage;

/// Where the database is, as `--db` names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// An SQLite file.
    File(PathBuf),
    /// A schema in a PostgreSQL database.
    Server { url: String, schema: String },
}

impl Target {
    /// A path names an SQLite file; a `postgres://` or `postgresql://` URL
    /// names a PostgreSQL database, in which `schema` holds the board.
    /// `--db` is always a path, never one of SQLite's special names: an
    /// empty name and `:memory:` would be databases that vanish when queens
    /// ends, so they are refused.
    pub fn new(db: &Path, schema: &str) -> Result<Target> {
        if db.to_str().is_none() && postgres::is_url(&db.to_string_lossy()) {
            // Not echoed: a URL carries its password.
            return Err(usage(
                "--db looks like a postgres:// URL but is not UTF-8 text; give the URL as text",
            ));
        }
        match db.to_str() {
            Some(url) if postgres::is_url(url) => Ok(Target::Server {
                url: postgres::lower_case_scheme(url),
                schema: schema.to_string(),
            }),
            Some("") => Err(usage("--db needs a file name or a postgres:// URL")),
            // Not echoed: such a string often carries a password.
            Some(text) if postgres::is_keyword_connection_string(text) => Err(usage(
                "--db looks like a PostgreSQL key=value connection string; queens takes a \
                 postgres://USER@HOST:PORT/DBNAME URL (or ./NAME for a file of that name)",
            )),
            // Not echoed either: a URL carries its password.
            Some(text) if postgres::is_url(text.trim()) => Err(usage(
                "--db has blanks around its postgres:// URL; give the URL alone",
            )),
            Some(text) if text.contains("://") => Err(usage(
                "--db looks like a URL, but queens takes only postgres:// and postgresql:// \
                 URLs (or ./NAME for a file of that name)",
            )),
            Some(":memory:") => Err(usage(
                "--db :memory: would be SQLite's in-memory database, gone when queens ends; \
                 name a file (./:memory: for a file of that name)",
            )),
            _ => Ok(Target::File(db.to_path_buf())),
        }
    }

    /// An SQLite file that is not there yet (a command that opens it makes
    /// it); false where it cannot be looked at, which opening then says.
    pub fn is_file_not_there(&self) -> bool {
        matches!(self, Target::File(path) if matches!(path.try_exists(), Ok(false)))
    }

    /// The SQLite file, or a clear refusal for something only files do.
    pub fn file(&self, what: &str) -> Result<&Path> {
        match self {
            Target::File(path) => Ok(path),
            Target::Server { .. } => Err(usage(format!(
                "{what} works on SQLite files only, not on a PostgreSQL --db"
            ))),
        }
    }

    /// The options that name it again in a command a message suggests, so
    /// that the command pasted does what the message says: ` --db PATH`
    /// (nothing for the default file), or ` --db URL` without its password
    /// and ` --schema S` (unless the default), each as a shell reads it.
    pub fn as_options(&self) -> String {
        use crate::error::shell_word;
        match self {
            Target::File(path) if path.as_os_str() == "queens.db" => String::new(),
            Target::File(path) => format!(" --db {}", shell_word(&path.display().to_string())),
            Target::Server { url, schema } => {
                let db = shell_word(&postgres::without_password(url));
                match schema.as_str() {
                    "queens" => format!(" --db {db}"),
                    schema => format!(" --db {db} --schema {schema}"),
                }
            }
        }
    }

    /// How messages name it: the path, or the schema and the server without
    /// the password.
    pub fn shown(&self) -> String {
        match self {
            Target::File(path) => path.display().to_string(),
            Target::Server { url, schema } => {
                format!("schema {schema} at {}", postgres::without_password(url))
            }
        }
    }
}

/// `text` with every PostgreSQL URL in it shown without its password (for
/// messages that quote what was typed, such as clap's).
pub fn hide_passwords(text: &str) -> String {
    text.split_inclusive(|c: char| c.is_whitespace() || c == '\'')
        .map(|word| {
            let end = word.trim_end_matches(|c: char| c.is_whitespace() || c == '\'');
            let tail = &word[end.len()..];
            match end.find(|c: char| c.is_ascii_alphabetic()) {
                Some(start) if postgres::is_url(&end[start..]) => {
                    format!(
                        "{}{}{tail}",
                        &end[..start],
                        postgres::without_password(&end[start..])
                    )
                }
                _ => word.to_string(),
            }
        })
        .collect()
}
