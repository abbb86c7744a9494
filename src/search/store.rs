//! Keeping the solutions once found (`queens init --materialize`), so that
//! boards whose search takes minutes answer `count`, `solve`, `show`,
//! `complete` and `export` at once. The search finds them; the engine
//! keeps them (on SQLite, in the table solution_store).

use anyhow::Result;

use crate::engine::Engine;
use crate::model::board::Board;
use crate::search::context::{OpenBoard, Workers};
use crate::search::parallel;

/// Searches every solution of the `n`×`n` board `engine` holds and stores
/// them. Returns how many were stored.
pub fn materialize(engine: &dyn Engine, n: u8, workers: Workers) -> Result<u64> {
    let mut store = engine.store_solutions(n)?;
    {
        // The readers go before the solutions go in: they hold the read
        // lock the storing waits for.
        let board = the_board_built(engine, n, workers)?;
        parallel::for_each_solution(&board, |squares| store.push(&squares))?;
    }
    store.commit()
}

/// The board `init` has just built for `n`, opened to search or store:
/// another process may have rebuilt the file for another size since, which
/// is said as that (exit 1), not as a usage mistake advising the `--size`
/// the command was given.
pub fn the_board_built<'a>(
    engine: &'a dyn Engine,
    n: u8,
    workers: Workers<'a>,
) -> Result<OpenBoard<'a>> {
    let board = OpenBoard::open(engine, None, workers)?;
    if board.n() != n {
        anyhow::bail!(
            "another process changed {} while it was built for {} (it now holds {}); nothing \
             was stored",
            engine.shown(),
            Board::square(n).a_board(),
            Board::square(board.n()).a_board()
        );
    }
    Ok(board)
}
