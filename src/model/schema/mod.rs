//! The project's own database objects as the SQL files define them: the
//! versioned tables (`migrations/`), the facts derived from the board size
//! (`sql/facts/`), the views expanded for that size (`sql/views/`) and the
//! table of stored solutions (`sql/tables/`). This module says what they
//! are and expands them for a board and a dialect; running them is the
//! engines' business. One file a concern: `names.rs` (what queens'
//! objects are called, in the order they are made, and the migrations),
//! `tuning.rs` (how the search is tuned to a board), `build.rs` (a
//! board's objects and questions expanded for one engine), `parts.rs`
//! (a search in parts), `expansion.rs` (the whole model for reading) and
//! `scripts.rs` (the PostgreSQL and DuckDB scripts).

mod build;
mod expansion;
mod names;
mod parts;
mod scripts;
mod tuning;

pub use build::*;
pub use expansion::*;
pub use names::*;
pub use parts::*;
pub use scripts::*;
pub use tuning::*;

pub use crate::model::board::{knight_lines, line_count};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::board::Board;

    #[test]
    fn the_views_have_a_second_part_exactly_when_the_first_cannot_hold_every_solution() {
        // The native counter, not the table this rule was read from; the
        // counts only grow from 9×9 on (A000170).
        for n in 1..=12 {
            let count = crate::checker::count_solutions(n);
            assert_eq!(
                views_in_two_parts(n, n),
                count > FIRST_ROWS as u64,
                "{n}×{n} has {count} solutions"
            );
        }
        // A rectangle whose solutions could pass the first part: two parts
        // wherever they do (the checker's count), and one where they cannot.
        for (n, rows, split) in [
            (1u8, 26u8, false),
            (2, 14, false),
            (2, 15, true),
            (3, 9, true),
            (4, 8, true),
            (5, 6, true),
        ] {
            let count = Board {
                rows,
                ..Board::square(n)
            }
            .count();
            assert_eq!(views_in_two_parts(n, rows), split, "{n}×{rows}");
            assert!(split || count <= FIRST_ROWS as u64, "{n}×{rows}: {count}");
        }
    }
}
