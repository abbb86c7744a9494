//! All the placements in one SVG picture.

use std::io::Write;

use anyhow::Result;

use super::{PlacementPrinting, Printer};
use crate::model::placement::Placement;
use crate::render::board_pictures::{SvgSize, write_svg};

/// Prints placements as a grid of boards, drawn together at the end, when
/// their number fixes the grid.
pub struct SvgPrinter<W: Write> {
    out: W,
    printing: PlacementPrinting,
    size: SvgSize,
    drawn: Vec<Placement>,
}

impl<W: Write> SvgPrinter<W> {
    pub fn new(out: W, printing: PlacementPrinting, size: SvgSize) -> Self {
        SvgPrinter {
            out,
            printing,
            size,
            drawn: Vec::new(),
        }
    }
}

impl<W: Write> Printer for SvgPrinter<W> {
    fn placement(&mut self, placement: &Placement) -> Result<()> {
        self.drawn.push(placement.clone());
        Ok(())
    }

    fn finish(mut self: Box<Self>) -> Result<u64> {
        let printing = &self.printing;
        write_svg(
            &mut self.out,
            &printing.board,
            &printing.title,
            &self.drawn,
            self.size,
        )?;
        self.out.flush()?;
        Ok(self.drawn.len() as u64)
    }

    /// A picture is drawn whole or not at all.
    fn abandon(mut self: Box<Self>) {
        let _ = self.out.flush();
    }
}
