//! Keeping the solutions once found (`queens init --materialize`), so that
//! boards whose search takes minutes answer `count`, `solve`, `show`,
//! `complete` and `export` at once. The search finds them; the engine
//! keeps them (on SQLite, in the table solution_store).

use anyhow::Result;

use crate::engine::Engine;
use crate::search::context::{Board, Workers};
use crate::search::parallel;

/// Searches every solution of the `n`×`n` board `engine` holds and stores
/// them. Returns how many were stored.
pub fn materialize(engine: &dyn Engine, n: u8, workers: Workers) -> Result<u64> {
    let mut store = engine.store_solutions(n)?;
    {
        // The readers go before the solutions go in: they hold the read
        // lock the storing waits for.
        let board = Board::open(engine, Some(n), workers)?;
        parallel::for_each_solution(&board, |squares| store.push(&squares))?;
    }
    store.commit()
}
