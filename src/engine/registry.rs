//! The registry of engines: the one place that names all three, and picks
//! the one that serves a `--db`.

use anyhow::Result;

use super::interface::Engine;
use super::target::Target;
use super::{citus, postgres, sqlite};
use crate::model::board::{BoardSize, Shape};
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
/// --size) and `flags` (the shape flags, given when one asks for a shape)
/// ask for (`Shape::asked`) is left alone and a temporary board of them
/// read instead. A server is never written to: there another board than
/// the schema holds is refused in one line.
pub fn connect_for_reading(
    target: &Target,
    requested: Option<BoardSize>,
    flags: Option<&Shape>,
) -> Result<(Box<dyn Engine>, Option<Substitute>)> {
    let asks = requested.is_some() || flags.is_some();
    if let Target::File(path) = target
        && asks
        && let Some((held, held_shape)) = sqlite::held_board(path)
    {
        let searched = requested.map_or(held, |size| size.cols);
        let wanted = Shape::asked(flags, requested, &held_shape);
        if searched != held || wanted != held_shape {
            let engine = sqlite::Engine::temporary(searched, &wanted)?;
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
    if !asks {
        return Ok((engine, None));
    }
    // A board that is there: the one asked for over it; none yet (a file
    // to create): over the plain board.
    let held = match target {
        Target::Server { .. } => engine.held_shape().ok(),
        Target::File(_) => None,
    };
    let wanted = Shape::asked(flags, requested, held.as_ref().unwrap_or(&Shape::default()));
    if let Some(held) = held.filter(|held| *held != wanted) {
        return Err(another_board_on_a_server(
            engine.as_ref(),
            (&held, &wanted),
            requested,
        ));
    }
    engine.build_shape(&wanted)?;
    Ok((engine, None))
}

/// A server is never written to by a command that reads: its schema holds
/// `held`, not the `wanted` shape, said in one line.
fn another_board_on_a_server(
    engine: &dyn Engine,
    (held, wanted): (&Shape, &Shape),
    requested: Option<BoardSize>,
) -> anyhow::Error {
    let held_size = match engine.open(None, &|_| Ok(())) {
        Ok((_, n)) => n,
        Err(e) => return e,
    };
    let n = requested.map_or(held_size, |size| size.cols);
    crate::error::usage(format!(
        "{} holds {}, not {}; a command that reads builds no board on a server (`queens init \
         --force` with the same flags builds it there)",
        engine.shown(),
        held.a_board(held_size),
        wanted.a_board(n)
    ))
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
    postgres::psql_script(schema, n, shape, described)
}
