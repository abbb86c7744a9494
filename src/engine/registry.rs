//! The registry of engines: the one place that names all three, and picks
//! the one that serves a `--db`.

use anyhow::Result;

use super::interface::Engine;
use super::target::Target;
use super::{citus, postgres, sqlite};
use crate::model::board::Shape;
use crate::model::reading::Comment;

/// What a reading command reads when --size or the shape flags ask for
/// another board than the file holds: a temporary board of that size and
/// shape, the file untouched.
pub struct Substitute {
    /// The board the file holds, in words ("the 8×8 board").
    pub held: String,
    /// The board searched on the temporary board, in words.
    pub searched: String,
}

/// The engine a command that only reads uses for `target`: as `connect`,
/// except that an SQLite file holding another board than `requested` (a
/// size) and `shape` (given when a flag asks for one) is left alone and a
/// temporary board of them read instead (a server is never written to, so
/// there the sizes must agree, and only the plain board is held).
pub fn connect_for_reading(
    target: &Target,
    requested: Option<u8>,
    shape: Option<&Shape>,
) -> Result<(Box<dyn Engine>, Option<Substitute>)> {
    if let Target::File(path) = target
        && (requested.is_some() || shape.is_some())
        && let Some((held, held_shape)) = sqlite::held_board(path)
    {
        let searched = requested.unwrap_or(held);
        // --size N without a flag: the shape the file has, on N rows.
        let kept = match requested {
            Some(_) => held_shape.with_rows(None),
            None => held_shape.clone(),
        };
        let wanted = shape.unwrap_or(&kept);
        if searched != held || *wanted != held_shape {
            let engine = sqlite::Engine::temporary(searched, wanted)?;
            let substitute = Substitute {
                held: held_shape.the_board(held),
                searched: match wanted.is_plain() {
                    true => format!("{searched}×{searched}"),
                    false => wanted.a_board(searched),
                },
            };
            return Ok((Box::new(engine), Some(substitute)));
        }
    }
    let mut engine = connect(target)?;
    if let Some(shape) = shape {
        if matches!(target, Target::Server { .. }) {
            refuse_another_shape(engine.as_ref(), shape, requested)?;
        }
        engine.build_shape(shape)?;
    } else if requested.is_some() && matches!(target, Target::Server { .. }) {
        // --size N reads a square board: not a rectangle's rows.
        let held = engine.held_shape()?;
        refuse_another_shape(engine.as_ref(), &held.with_rows(None), requested)?;
    }
    Ok((engine, None))
}

/// A server is never written to by a command that reads: where its schema
/// holds another shape than `shape`, that is said in one line.
fn refuse_another_shape(engine: &dyn Engine, shape: &Shape, requested: Option<u8>) -> Result<()> {
    let held = engine.held_shape()?;
    if held == *shape {
        return Ok(());
    }
    let (_, held_size) = engine.open(None, &|_| Ok(()))?;
    let n = requested.unwrap_or(held_size);
    Err(crate::error::usage(format!(
        "{} holds {}, not {}; a command that reads builds no board on a server (`queens init \
         --force` with the same flags builds it there)",
        engine.shown(),
        held.a_board(held_size),
        shape.a_board(n)
    )))
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
pub fn postgres_script(
    schema: &str,
    n: u8,
    shape: &Shape,
    described: &[Comment],
) -> Result<String> {
    let mut script = postgres::build_script(schema, n, shape)?;
    script.push_str(&postgres::comments_script(schema, described)?);
    Ok(script)
}
