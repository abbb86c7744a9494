//! What SQLite's errors mean for a file, in one sentence about it: told by
//! SQLite's result codes (busy, read-only, not a database, damaged), and,
//! for the one kind that has no code of its own (a name SQLite could not
//! find), by SQLite's words, read in `undefined` alone.

use std::path::Path;

use rusqlite::{Connection, ErrorCode};

use crate::error::{Error, shell_word};

/// SQLite's own words for an error, without the SQL it was about.
pub fn message(error: &rusqlite::Error) -> String {
    match error {
        rusqlite::Error::SqliteFailure(_, Some(message)) => message.clone(),
        rusqlite::Error::SqlInputError { msg, .. } => msg.clone(),
        other => other.to_string(),
    }
}

/// Whether the authorizer refused the statement (`not authorized`, or
/// `access to pragma_optimize.optimize is prohibited` for a read): told
/// by its result code, whatever the words.
pub fn is_denied(error: &rusqlite::Error) -> bool {
    error.sqlite_error_code() == Some(ErrorCode::AuthorizationForStatementDenied)
}

/// The result codes of the SQLite errors among `error`'s causes.
fn codes(error: &anyhow::Error) -> impl Iterator<Item = ErrorCode> + '_ {
    error.chain().filter_map(|cause| {
        cause
            .downcast_ref::<rusqlite::Error>()
            .and_then(rusqlite::Error::sqlite_error_code)
    })
}

/// Whether SQLite gave up waiting for another connection's lock.
fn is_busy(code: ErrorCode) -> bool {
    matches!(code, ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
}

/// A name SQLite could not find: a function or a collation sequence that
/// only the program that made an index (or table) of the user's defines.
#[derive(Debug, PartialEq, Eq)]
pub enum Undefined {
    Function(String),
    Collation(String),
}

/// What SQLite could not find, if that is what `error` says. SQLite
/// reports a missing function or collation with SQLITE_ERROR, the code of
/// every mistake in SQL (or, met while reading the schema, with the code
/// of a damaged one), so its words are the only signal: they are read
/// here and nowhere else.
pub fn undefined(error: &rusqlite::Error) -> Option<Undefined> {
    const FUNCTION: &str = "no such function: ";
    const COLLATION: &str = "no such collation sequence: ";
    let text = message(error);
    if let Some(function) = text.strip_prefix(FUNCTION) {
        return Some(Undefined::Function(function.to_string()));
    }
    let (_, after) = text.split_once(COLLATION)?;
    let collation = after.split(':').next().unwrap_or(after).trim();
    Some(Undefined::Collation(collation.to_string()))
}

/// The first SQLite error among `error`'s causes.
pub fn first_sqlite_error(error: &anyhow::Error) -> Option<&rusqlite::Error> {
    error
        .chain()
        .find_map(|cause| cause.downcast_ref::<rusqlite::Error>())
}

/// `error` as a refusal of memory while doing `what`, where SQLite ran
/// out of memory (told by its result code); any other failure as it is.
pub fn explain_memory(error: anyhow::Error, what: &str) -> anyhow::Error {
    if !codes(&error).any(|code| code == ErrorCode::OutOfMemory) {
        return error;
    }
    Error::OutOfMemory {
        what: what.to_string(),
    }
    .into()
}

/// The check's `messages` (SQLite's `quick_check` or `integrity_check`),
/// unless one of them tells of a page the check could not read for want
/// of memory: that says nothing of the file, and is an out-of-memory
/// error while `what`, never a finding of damage.
///
/// A page the check "failed to get" is named without a code: past the
/// check's own test of the page number, SQLite fails to get a page only
/// for want of memory or a read error (or the lock page of a file over a
/// gigabyte, which holds no data). Where the file holds that page, its
/// bytes were there to read, and the check is taken to have been short
/// of memory too; `held_pages` says how many pages the file holds, asked
/// only then (a check that found nothing never needs it).
pub fn refuse_check_short_of_memory<'m>(
    messages: impl IntoIterator<Item = &'m str>,
    what: &str,
    held_pages: impl Fn() -> u64,
) -> anyhow::Result<()> {
    let short = |message: &str| {
        check_ran_out_of_memory(message)
            || page_not_got(message).is_some_and(|page| page <= held_pages())
    };
    if messages.into_iter().any(short) {
        return Err(Error::OutOfMemory {
            what: what.to_string(),
        }
        .into());
    }
    Ok(())
}

/// The page of "failed to get page N", SQLite's message for an overflow
/// or freelist page it could not get.
fn page_not_got(message: &str) -> Option<u64> {
    let after = message.split("failed to get page ").nth(1)?;
    after
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// How many pages the file at `path` holds, at `conn`'s page size (0 where
/// either cannot be read: no page is then taken to be there).
pub fn held_pages(conn: &Connection, path: &Path) -> u64 {
    let page_size: i64 = conn
        .query_row("pragma page_size", [], |row| row.get(0))
        .unwrap_or(0);
    let length = std::fs::metadata(path).map_or(0, |m| m.len());
    match u64::try_from(page_size) {
        Ok(size) if size > 0 => length / size,
        _ => 0,
    }
}

/// Whether a message of SQLite's integrity check tells of a page it
/// could not read for want of memory, not of damage: the check names the
/// result code of a failed read (`unable to get the page. error code=7`),
/// and that code is SQLite's own for out of memory.
fn check_ran_out_of_memory(message: &str) -> bool {
    let nomem = rusqlite::ffi::SQLITE_NOMEM.to_string();
    message
        .split("error code=")
        .skip(1)
        .any(|after| after.split(|c: char| !c.is_ascii_digit()).next() == Some(&nomem))
}

/// A failure no engine explained where SQLite gave up waiting for another
/// process's write (or another's read while queens wrote): the database
/// is busy. Any other failure is left as it is.
pub fn explain_leftover_busy(error: anyhow::Error) -> anyhow::Error {
    if !codes(&error).any(is_busy) {
        return error;
    }
    Error::Busy {
        what: "the database".to_string(),
    }
    .into()
}

/// Says plainly when a write failed because the file (or its directory)
/// may not be written, or because another process held it.
pub fn explain_write_error(error: anyhow::Error, path: &Path) -> anyhow::Error {
    let shown = path.display().to_string();
    if codes(&error).any(|code| code == ErrorCode::OutOfMemory) {
        Error::OutOfMemory {
            what: format!("writing {shown}"),
        }
        .into()
    } else if codes(&error).any(|code| code == ErrorCode::ReadOnly) {
        Error::ReadOnly { path: shown }.into()
    } else if codes(&error).any(is_busy) {
        Error::Busy { what: shown }.into()
    } else {
        error.context(format!("could not write {shown}"))
    }
}

/// A file whose board_size table is empty: a rebuild must be given the
/// size, since there is none to keep.
pub fn no_board_size(shown: &str) -> Error {
    Error::NoBoardSize {
        board: shown.to_string(),
        rebuild: format!("`queens init --force --size N --db {}`", shell_word(shown)),
    }
}

/// Turns SQLite's terse open and read errors into a sentence about the file.
pub fn explain_open_error(error: impl Into<anyhow::Error>, path: &Path) -> anyhow::Error {
    let error = error.into();
    if let Some(several @ Error::SeveralSizes(_)) = error.downcast_ref::<Error>() {
        let db = shell_word(&path.display().to_string());
        return anyhow::anyhow!(
            "{} is not one board: {several}; `queens doctor --db {db}` reports what else \
             differs, and `queens init --force --size N --db {db}` rebuilds it",
            path.display()
        );
    }
    if let Some(explained) = missing_collation(&error, path) {
        return explained;
    }
    let code = error
        .downcast_ref::<rusqlite::Error>()
        .and_then(rusqlite::Error::sqlite_error_code);
    let shown = path.display();
    match code {
        Some(ErrorCode::NotADatabase) => anyhow::anyhow!("{shown} is not a SQLite database"),
        Some(ErrorCode::DatabaseCorrupt) => {
            anyhow::anyhow!("{shown} is damaged (SQLite reports a malformed database)")
        }
        Some(ErrorCode::CannotOpen) => anyhow::anyhow!("cannot open {shown}"),
        Some(ErrorCode::OutOfMemory) => Error::OutOfMemory {
            what: format!("reading {shown}"),
        }
        .into(),
        Some(code) if is_busy(code) => Error::Busy {
            what: shown.to_string(),
        }
        .into(),
        _ => error.context(format!("cannot read {shown}")),
    }
}

/// Where SQLite could not find a collation sequence (an index of the
/// user's made by a program that defines its own, `collate mycoll`), a
/// sentence naming the index and what to do; none for other errors.
/// Every command checks the file first, and that check reads every index.
pub fn missing_collation(error: &anyhow::Error, path: &Path) -> Option<anyhow::Error> {
    let collation = error.chain().find_map(|cause| {
        match undefined(cause.downcast_ref::<rusqlite::Error>()?)? {
            Undefined::Collation(name) => Some(name),
            Undefined::Function(_) => None,
        }
    })?;
    let shown = path.display();
    let db = shell_word(&shown.to_string());
    Some(match indexes_using(path, &collation).first() {
        Some((index, table)) => anyhow::anyhow!(
            "{shown} has index {index} (on table {table}) sorted by collation {collation}, which \
             only the program that made it defines; drop the index (sqlite3 {db} {}) or use \
             the file from that program",
            shell_word(&format!(
                "drop index {}",
                crate::model::template::quoted_identifier(index)
            ))
        ),
        None => anyhow::anyhow!(
            "{shown} needs collation {collation}, which only the program that made it defines \
             (a table or index of the user's names it); use the file from that program"
        ),
    })
}

/// The indexes (and their tables) that sort by `collation`; none where the
/// file cannot be read.
fn indexes_using(path: &Path, collation: &str) -> Vec<(String, String)> {
    let found = || -> rusqlite::Result<Vec<(String, String)>> {
        let conn = Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)?;
        let mut stmt = conn.prepare(
            "select distinct s.name, s.tbl_name
             from sqlite_schema as s, pragma_index_xinfo(s.name) as x
             where s.type = 'index' and x.coll = ?1 collate nocase
             order by s.name",
        )?;
        stmt.query_map([collation], |row| Ok((row.get(0)?, row.get(1)?)))?
            .collect()
    };
    found().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_collation_names_the_index_and_what_to_do() {
        let dir = tempfile::TempDir::new().unwrap();
        let path = dir.path().join("mine.db");
        // As another program would leave it: an index sorted by a
        // collation only that program defines (renamed in the schema here,
        // since this build cannot define one).
        Connection::open(&path)
            .unwrap()
            .execute_batch(
                "create table mine (x text); create index mine_x on mine (x collate nocase);
                 insert into mine values ('a');
                 pragma writable_schema = on;
                 update sqlite_schema set sql = replace(sql, 'nocase', 'mycoll')
                 where name = 'mine_x';",
            )
            .unwrap();
        let plain = Connection::open(&path).unwrap();
        let failed = plain
            .query_row("pragma quick_check(1)", [], |row| row.get::<_, String>(0))
            .unwrap_err();
        let error = anyhow::Error::new(failed).context("cannot read mine.db");
        let text = missing_collation(&error, &path).unwrap().to_string();
        assert!(text.contains("index mine_x (on table mine)"), "{text}");
        assert!(text.contains("collation mycoll"), "{text}");
        assert!(text.contains("'drop index \"mine_x\"'"), "{text}");
        assert!(missing_collation(&anyhow::anyhow!("disk full"), &path).is_none());
    }

    #[test]
    fn a_page_unread_for_want_of_memory_is_no_damage() {
        let nomem =
            "*** in database main *** Tree 27 page 27: unable to get the page. error code=7";
        assert!(check_ran_out_of_memory(nomem));
        let io = "*** in database main *** Tree 27 page 27: unable to get the page. error code=10";
        assert!(!check_ran_out_of_memory(io));
        assert!(!check_ran_out_of_memory("error code=77"));
        assert!(!check_ran_out_of_memory("Page 5: never used"));
        let lost = "*** in database main *** Tree 1 page 75 cell 0: failed to get page 74";
        assert_eq!(page_not_got(lost), Some(74));
        assert!(refuse_check_short_of_memory([lost], "checking q.db", || 80).is_err());
        assert!(refuse_check_short_of_memory([lost], "checking q.db", || 73).is_ok());
        let asked = std::cell::Cell::new(false);
        let held = || {
            asked.set(true);
            80
        };
        assert!(refuse_check_short_of_memory(["ok"], "checking q.db", held).is_ok());
        assert!(
            !asked.get(),
            "a check that found nothing asked the file's size"
        );
        assert_eq!(page_not_got("Page 5: never used"), None);
    }

    #[test]
    fn a_missing_function_is_told_from_other_errors() {
        let conn = Connection::open_in_memory().unwrap();
        let failed = conn
            .query_row("select no_such_fn(1)", [], |row| row.get::<_, i64>(0))
            .unwrap_err();
        assert_eq!(
            undefined(&failed),
            Some(Undefined::Function("no_such_fn".to_string()))
        );
        let other = conn
            .query_row("select * from nowhere", [], |row| row.get::<_, i64>(0))
            .unwrap_err();
        assert_eq!(undefined(&other), None);
    }
}
