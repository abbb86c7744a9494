//! Each placement drawn as a chess diagram under its number.

use std::io::Write;

use anyhow::Result;

use super::{PlacementPrinting, Printer};
use crate::model::placement::Placement;
use crate::render::diagram;

/// Prints placements as boards, a blank line between two.
pub struct BoardsPrinter<W: Write> {
    out: W,
    printing: PlacementPrinting,
    written: u64,
}

impl<W: Write> BoardsPrinter<W> {
    pub fn new(out: W, printing: PlacementPrinting) -> Self {
        BoardsPrinter {
            out,
            printing,
            written: 0,
        }
    }
}

impl<W: Write> Printer for BoardsPrinter<W> {
    fn placement(&mut self, placement: &Placement) -> Result<()> {
        if self.written > 0 {
            writeln!(self.out)?;
        }
        writeln!(self.out, "{}", board_heading(placement))?;
        let board = &self.printing.board;
        let queens = (placement.squares.iter())
            .map(|name| board.square_named(name))
            .collect::<Result<Vec<_>>>()?;
        let drawing = diagram::draw_on(board, &queens, self.printing.style);
        self.out.write_all(drawing.as_bytes())?;
        self.written += 1;
        Ok(())
    }

    fn finish(mut self: Box<Self>) -> Result<u64> {
        self.out.flush()?;
        Ok(self.written)
    }

    fn abandon(mut self: Box<Self>) {
        let _ = self.out.flush();
    }
}

/// "Solution 5", or "Solution 5 (class of 8)" for a fundamental solution.
fn board_heading(placement: &Placement) -> String {
    match placement.class_size {
        Some(size) => format!("Solution {} (class of {size})", placement.solution),
        None => format!("Solution {}", placement.solution),
    }
}
