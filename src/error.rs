//! How failures reach the user: one line on stderr and an exit code that
//! tells a usage mistake (2) from a failure to do the work (1).

use std::fmt;
use std::io;

/// A mistake in how `queens` was called: a bad argument, or one that
/// contradicts the database it names. Exits with code 2.
#[derive(Debug)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// A command that has said all it has to say on stdout but must still end
/// with a non-zero exit code (`check` on an invalid placement exits 1).
#[derive(Debug)]
pub struct Verdict(pub i32);

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "exit code {}", self.0)
    }
}

impl std::error::Error for Verdict {}

/// The exit code of a verdict, if the error is one: nothing more to print.
pub fn verdict(error: &anyhow::Error) -> Option<i32> {
    error.downcast_ref::<Verdict>().map(|v| v.0)
}

/// Shorthand for returning a usage error.
pub fn usage(message: impl Into<String>) -> anyhow::Error {
    UsageError(message.into()).into()
}

/// The process exit code for an error.
pub fn exit_code(error: &anyhow::Error) -> i32 {
    if error.chain().any(|cause| cause.is::<UsageError>()) {
        2
    } else {
        1
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
                    .and_then(|e| e.io_error_kind())
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
    let text = match text.starts_with('-') {
        true => format!("./{text}"),
        false => text.to_string(),
    };
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_./:@%+=,-".contains(c));
    match plain {
        true => text,
        false => format!("'{}'", text.replace('\'', r"'\''")),
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
