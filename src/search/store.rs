//! Keeping the solutions once found (`queens init --materialize`), so that
//! boards whose search takes minutes answer `count`, `solve`, `show`,
//! `complete` and `export` at once. The search finds them; the engine
//! keeps them (on SQLite, in the table solution_store).

use anyhow::Result;

use crate::engine::Engine;
use crate::search::parallel::{self, Workers};

/// Searches every solution of the `n`×`n` board `engine` holds and stores
/// them. Returns how many were stored.
pub fn materialize(engine: &dyn Engine, n: u8, workers: Workers) -> Result<u64> {
    let mut store = engine.store_solutions(n)?;
    {
        // The readers go before the solutions go in: they hold the read
        // lock the storing waits for.
        let (reader, _) = engine.open(Some(n), &|_| Ok(()))?;
        parallel::for_each_solution(engine, reader.as_ref(), n, workers, |squares| {
            store.push(&squares)
        })?;
    }
    store.commit()
}
