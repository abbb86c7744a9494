//! The registry of engines: the one place that names all three, and picks
//! the one that serves a `--db`.

use anyhow::Result;

use super::interface::Engine;
use super::target::Target;
use super::{citus, postgres, sqlite};
use crate::model::reading::Comment;

/// What a reading command reads when --size asks for another board than
/// the file holds: a temporary board of that size, the file untouched.
pub struct Substitute {
    /// The size the file holds.
    pub held: u8,
    /// The size searched on the temporary board.
    pub searched: u8,
}

/// The engine a command that only reads uses for `target`: as `connect`,
/// except that an SQLite file holding another board than `requested` is
/// left alone and a temporary board of `requested` read instead (a server
/// is never written to, so there the sizes must agree).
pub fn connect_for_reading(
    target: &Target,
    requested: Option<u8>,
) -> Result<(Box<dyn Engine>, Option<Substitute>)> {
    if let (Target::File(path), Some(searched)) = (target, requested)
        && let Some(held) = sqlite::other_size_held(path, searched)
    {
        let engine = sqlite::Engine::temporary(searched)?;
        return Ok((Box::new(engine), Some(Substitute { held, searched })));
    }
    Ok((connect(target)?, None))
}

/// The engine that serves `target`: the registry of engines.
pub fn connect(target: &Target) -> Result<Box<dyn Engine>> {
    Ok(match target {
        Target::File(path) => Box::new(sqlite::Engine::new(path)),
        Target::Server { url, schema } => {
            let server = postgres::Engine::new(url, schema);
            if citus::serves(&server)? {
                Box::new(citus::Engine::new(server))
            } else {
                Box::new(server)
            }
        }
    })
}

/// A failure as a user should read it, where an engine can say more than
/// its driver did (SQLite's "database is locked", in plain words).
pub fn explain(error: anyhow::Error) -> anyhow::Error {
    sqlite::explain_leftover_busy(error)
}

/// The SQL script that builds the `n`×`n` model in PostgreSQL schema
/// `schema` (for `export --dialect postgres`, from any engine), ending
/// with the `comment on` statements of `described`, so that psql's `\d+`
/// shows what each relation and column holds.
pub fn postgres_script(schema: &str, n: u8, described: &[Comment]) -> Result<String> {
    let mut script = postgres::build_script(schema, n)?;
    script.push_str(&postgres::comments_script(schema, described)?);
    Ok(script)
}
