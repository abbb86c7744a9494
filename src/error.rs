//! How failures reach the user: one line on stderr and an exit code that
//! tells a usage mistake (2) from a failure to do the work (1); the
//! failures callers tell apart, typed.

use std::io;

/// The failures a caller must tell apart from others, each by its variant
/// and not by its words: whether the user called queens wrongly (exit 2),
/// whether another process held the database (try again), whether a
/// refusal left everything as it was. Each message is written here, once.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A mistake in how `queens` was called: a bad argument, or one that
    /// contradicts the database it names. Exits with code 2.
    #[error("{0}")]
    Usage(String),

    /// A statement given to `query` that would write, refused (a usage
    /// mistake too); `server` holds the server's own words, where it gave
    /// some.
    #[error(
        "query only reads: this statement would change the database, which is refused{}",
        the_server_said(.server)
    )]
    QueryWouldWrite { server: Option<String> },

    /// `query --timeout` stopped the statement after `seconds`; `waiting`
    /// says what it was waiting for, where the engine can tell.
    #[error("the query was stopped after {seconds} s (--timeout){waiting}")]
    Timeout { seconds: f64, waiting: String },

    /// SQLite gave up waiting for another process: it cannot say whether
    /// that one wrote or read while queens wrote.
    #[error(
        "{what} is busy: another process is using it (writing, or reading while queens \
         writes); try again when it is done"
    )]
    Busy { what: String },

    /// A change refused because the file (or its directory) may not be
    /// written; reading still works.
    #[error(
        "cannot change {path}: it is read-only (no write permission on the file or its \
         directory); commands that only read still read it if it is up to date"
    )]
    ReadOnly { path: String },

    /// A board without a size: nothing to keep, so only a rebuild given
    /// the size mends it (`rebuild` names the command).
    #[error(
        "{board} holds no board size (its board_size table is empty, or holds none from 1 to \
         26); rebuild it with {rebuild}"
    )]
    NoBoardSize { board: String, rebuild: String },

    /// A board_size table of several rows: every query would mix the sizes.
    #[error("its table board_size holds {0} rows, where queens keeps one, so it is no one board")]
    SeveralSizes(i64),

    /// An object of the user's that a rebuild would fire, drop or trip
    /// over: the rebuild is refused before anything changes.
    #[error("{board} has {object}; nothing was changed ({advice})")]
    InTheWay {
        board: String,
        object: String,
        advice: String,
    },

    /// A PostgreSQL schema another session holds locked past queens'
    /// patience (`lock_timeout`); `why` names the lock where the catalog
    /// tells it.
    #[error("schema {schema} is busy: {why}")]
    SchemaBusy { schema: String, why: String },

    /// A server schema (or database) that holds no queens board, where
    /// the command creates none; `advice` says what does.
    #[error("{place} holds no queens board; {advice}")]
    NoBoard { place: String, advice: String },

    /// The process was refused memory (`ulimit -v`, a container's limit)
    /// while doing `what`: not a fault of the board, which callers that
    /// would otherwise blame the board tell apart.
    #[error("out of memory {what}")]
    OutOfMemory { what: String },
}

impl Error {
    /// Whether queens was called wrongly (exit code 2), rather than
    /// failing to do the work (1).
    pub fn is_usage(&self) -> bool {
        matches!(self, Error::Usage(_) | Error::QueryWouldWrite { .. })
    }
}

/// The server's words after a refusal, where it gave some.
fn the_server_said(server: &Option<String>) -> String {
    server
        .as_ref()
        .map(|words| format!(" (the server: {words})"))
        .unwrap_or_default()
}

/// Shorthand for returning a usage error.
pub fn usage(message: impl Into<String>) -> anyhow::Error {
    Error::Usage(message.into()).into()
}

/// The process exit code for an error: 2 where a cause is a usage
/// mistake, else 1.
pub fn exit_code(error: &anyhow::Error) -> u8 {
    let usage = error
        .chain()
        .any(|cause| cause.downcast_ref::<Error>().is_some_and(Error::is_usage));
    if usage { 2 } else { 1 }
}

/// Whether a cause of `error` is a refusal of memory.
pub fn is_out_of_memory(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        matches!(
            cause.downcast_ref::<Error>(),
            Some(Error::OutOfMemory { .. })
        )
    })
}

/// `result`'s value, or None where it failed, but for a refusal of
/// memory, which is the error: it says nothing of what was read, so a
/// caller that would take a failure for "nothing there" must not.
pub fn none_unless_out_of_memory<T>(result: anyhow::Result<T>) -> anyhow::Result<Option<T>> {
    match result {
        Ok(value) => Ok(Some(value)),
        Err(e) if is_out_of_memory(&e) => Err(e),
        Err(_) => Ok(None),
    }
}

/// Whether the error is only that the reader of our output went away
/// (`queens solve | head`): not worth a message.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        let io_kind = cause
            .downcast_ref::<io::Error>()
            .map(io::Error::kind)
            // serde_json wraps the writer's error in its own.
            .or_else(|| {
                cause
                    .downcast_ref::<serde_json::Error>()
                    .and_then(serde_json::Error::io_error_kind)
            });
        io_kind == Some(io::ErrorKind::BrokenPipe)
    })
}

/// The whole chain of causes on one line: "what failed: why: why".
pub fn one_line(error: &anyhow::Error) -> String {
    let mut parts: Vec<String> = Vec::new();
    for cause in error.chain() {
        let text = cause.to_string().replace('\n', " ");
        // SQLite and its driver repeat a cause in its context, or the context
        // in its cause ("Error code 11: database disk image is malformed").
        if !parts
            .iter()
            .any(|p| p.contains(&text) || text.contains(p.as_str()))
        {
            parts.push(text);
        }
    }
    parts.join(": ")
}

/// `text` as one word a POSIX shell reads back unchanged, for commands that
/// messages advise: as it is when it holds nothing a shell treats specially,
/// else in single quotes; a path that starts with `-` gets `./` first, so
/// that no program takes it for an option.
pub fn shell_word(text: &str) -> String {
    let text = if text.starts_with('-') {
        format!("./{text}")
    } else {
        text.to_string()
    };
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_./:@%+=,-".contains(c));
    if plain {
        text
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod shell_word_tests {
    use super::shell_word;

    #[test]
    fn advice_survives_a_shell() {
        assert_eq!(shell_word("queens.db"), "queens.db");
        assert_eq!(shell_word("my copy.db"), "'my copy.db'");
        assert_eq!(shell_word("it's.db"), r"'it'\''s.db'");
        assert_eq!(shell_word("$HOME.db"), "'$HOME.db'");
        assert_eq!(shell_word("-dash.db"), "./-dash.db");
        assert_eq!(
            shell_word("postgres://me@h/db?sslmode=disable&x=1"),
            "'postgres://me@h/db?sslmode=disable&x=1'"
        );
    }
}

#[cfg(test)]
mod error_tests {
    use super::{Error, exit_code};

    #[test]
    fn a_usage_mistake_exits_2_wherever_it_sits_in_the_chain() {
        let usage = anyhow::Error::from(Error::QueryWouldWrite { server: None });
        assert_eq!(exit_code(&usage), 2);
        assert_eq!(exit_code(&usage.context("while running")), 2);
        let busy = Error::Busy {
            what: "queens.db".to_string(),
        };
        assert_eq!(exit_code(&busy.into()), 1);
        assert_eq!(exit_code(&anyhow::anyhow!("disk full")), 1);
    }

    #[test]
    fn optional_parts_of_a_message_are_left_out_when_absent() {
        let refused = |server: Option<&str>| {
            Error::QueryWouldWrite {
                server: server.map(str::to_string),
            }
            .to_string()
        };
        assert_eq!(
            refused(None),
            "query only reads: this statement would change the database, which is refused"
        );
        assert!(refused(Some("no")).ends_with("which is refused (the server: no)"));
        let stopped = Error::Timeout {
            seconds: 1.0,
            waiting: String::new(),
        };
        assert_eq!(
            stopped.to_string(),
            "the query was stopped after 1 s (--timeout)"
        );
    }

    #[test]
    fn messages_split_over_lines_read_as_one_sentence() {
        let read_only = Error::ReadOnly {
            path: "q.db".to_string(),
        };
        assert_eq!(
            read_only.to_string(),
            "cannot change q.db: it is read-only (no write permission on the file or its \
             directory); commands that only read still read it if it is up to date"
        );
        let no_size = Error::NoBoardSize {
            board: "q.db".to_string(),
            rebuild: "`queens init`".to_string(),
        };
        assert!(
            no_size
                .to_string()
                .contains("holds none from 1 to 26); rebuild it with `queens init`")
        );
        let busy = Error::Busy {
            what: "q.db".to_string(),
        };
        assert!(
            busy.to_string()
                .contains("(writing, or reading while queens writes); try")
        );
    }
}
