//! The registry of engines: the one place that names all three, and picks
//! the one that serves a `--db`.

use anyhow::Result;

use super::interface::Engine;
use super::target::Target;
use super::{citus, postgres, sqlite};
use crate::model::board::Board;
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

/// The board a command line asks for over the board a database holds
/// (None: none yet), as `cmd` combines --size and the shape flags.
pub type Asked<'a> = &'a dyn Fn(Option<&Board>) -> Board;

/// The engine a command that only reads uses for `target`: as `connect`,
/// except that an SQLite file holding another board than `asked` (given
/// when --size or a shape flag asks for one) is left alone and a
/// temporary board of it read instead. A server is never written to:
/// there another board than the schema holds is refused in one line.
/// `prepare` is given the engine that serves `target` as soon as it is
/// made, before it reads anything (the roles the user trusts, so that a
/// server's schema is walked once, with them).
pub fn connect_for_reading(
    target: &Target,
    asked: Option<Asked>,
    prepare: &dyn Fn(&mut dyn Engine),
) -> Result<(Box<dyn Engine>, Option<Substitute>)> {
    let connected = || -> Result<Box<dyn Engine>> {
        let mut engine = connect(target)?;
        prepare(engine.as_mut());
        Ok(engine)
    };
    let Some(asked) = asked else {
        return Ok((connected()?, None));
    };
    if let Target::File(path) = target
        && let Some(held) = sqlite::held_board(path)?
    {
        let wanted = asked(Some(&held));
        if wanted != held {
            let engine = sqlite::Engine::temporary(&wanted)?;
            let substitute = Substitute {
                held: held.the_board(),
                searched: if wanted.is_plain() {
                    format!("{0}×{0}", wanted.cols)
                } else {
                    wanted.a_board()
                },
            };
            return Ok((Box::new(engine), Some(substitute)));
        }
    }
    let mut engine = connected()?;
    // A board that is there: the one asked for over it; none yet (a file
    // to create): over the plain board.
    let held = match target {
        Target::Server { .. } => engine.held_board().ok().flatten(),
        Target::File(_) => None,
    };
    let wanted = asked(held.as_ref());
    if let Some(held) = held.filter(|held| held.is_another_kind(&wanted)) {
        return Err(another_board_on_a_server(engine.as_ref(), &held, &wanted));
    }
    engine.create_missing_as(&wanted)?;
    Ok((engine, None))
}

/// A server is never written to by a command that reads: its schema holds
/// `held`, not `wanted`, said in one line.
fn another_board_on_a_server(engine: &dyn Engine, held: &Board, wanted: &Board) -> anyhow::Error {
    // (As the board opens: where it cannot, why is said instead.)
    let held = match engine.open(None, &|_| Ok(())) {
        Ok((_, opened)) => held.on_columns(opened.cols),
        Err(e) => return e,
    };
    crate::error::usage(format!(
        "{} holds {}, not {}; a command that reads builds no board on a server (`queens init \
         --force` with the same flags builds it there)",
        engine.shown(),
        held.a_board(),
        wanted.a_board()
    ))
}

/// The engine that serves `target`: the registry of engines.
pub fn connect(target: &Target) -> Result<Box<dyn Engine>> {
    Ok(match target {
        Target::File(path) => Box::new(sqlite::Engine::new(path)),
        Target::Server { url, schema } => {
            let server = postgres::Engine::new(url, schema, sqlite::FreshBoard::reference);
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

/// The SQL script that builds the model of `board` in PostgreSQL schema
/// `schema` (for `export --dialect postgres`, from any engine), ending
/// with the `comment on` statements of `described`, so that psql's `\d+`
/// shows what each relation and column holds.
pub fn postgres_script(schema: &str, board: &Board, described: &[Comment]) -> Result<String> {
    postgres::psql_script(schema, board, described)
}
