//! Solutions as a picture: an SVG grid of small chessboards, light and dark
//! squares, a crowned disc for each queen, and the solution number above
//! each board.

use std::fmt::Write as _;
use std::io::Write;

use anyhow::Result;

use crate::model::board::{Board, Square};
use crate::model::placement::Placement;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const GAP: f64 = 18.0;
const CAPTION: f64 = 22.0;
const TITLE: f64 = 34.0;

/// Sizes of one board in the picture.
struct Geometry {
    n: u8,
    /// The rows of each column (as many as columns but on a rectangle).
    rows: u8,
    cell: f64,
    margin: f64,
}

impl Geometry {
    fn new(n: u8, rows: u8) -> Geometry {
        // About 200 pixels a board, whatever its size.
        // Whole pixels, so that every coordinate in the text is short.
        let cell = (192.0 / f64::from(n.max(rows))).round().clamp(8.0, 40.0);
        Geometry {
            n,
            rows,
            cell,
            margin: (cell * 0.8).round().max(10.0),
        }
    }

    fn width(&self) -> f64 {
        self.cell * f64::from(self.n)
    }

    fn height(&self) -> f64 {
        self.cell * f64::from(self.rows)
    }

    fn tile_width(&self) -> f64 {
        self.margin + self.width() + GAP
    }

    fn tile_height(&self) -> f64 {
        CAPTION + self.height() + self.margin + GAP
    }
}

/// How big an SVG document says it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SvgSize {
    /// Scaled to fit the window (or page) it is shown in: a browser shows
    /// the whole picture, however many boards it holds.
    Fit,
    /// Its natural size in pixels, for printing at a known scale.
    Fixed,
}

/// A length rounded to a hundredth of a pixel, so that the text shows
/// 49.4 rather than the 49.400000000000006 that sums of lengths give.
fn hundredths(length: f64) -> f64 {
    (length * 100.0).round() / 100.0
}

/// Writes `placements` on `board_drawn` (its holes too) as one SVG document
/// headed by `title`, in a grid about as wide as it is tall.
pub fn write_svg(
    out: &mut dyn Write,
    board_drawn: &Board,
    title: &str,
    placements: &[Placement],
    size: SvgSize,
) -> Result<()> {
    let g = Geometry::new(board_drawn.cols, board_drawn.rows);
    let count = placements.len().max(1);
    let columns = (count as f64).sqrt().ceil() as usize;
    let rows = count.div_ceil(columns);
    // Wide enough for the title too, at about 10 pixels a character.
    let title_width = 2.0 * GAP + 10.0 * title.chars().count() as f64;
    let width = hundredths((GAP + columns as f64 * g.tile_width()).max(title_width));
    let height = hundredths(TITLE + rows as f64 * g.tile_height());
    // The viewBox scales the drawing to whatever size the document is given.
    let extent = match size {
        SvgSize::Fit => r#"width="100%""#.to_string(),
        SvgSize::Fixed => format!(r#"width="{width}" height="{height}""#),
    };
    writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" {extent} viewBox="0 0 {width} {height}" preserveAspectRatio="xMidYMin meet" font-family="sans-serif">"#
    )?;
    writeln!(out, "<title>{}</title>", escape(title))?;
    out.write_all(defs(board_drawn).as_bytes())?;
    writeln!(
        out,
        r#"<rect width="{width}" height="{height}" fill="white"/>"#
    )?;
    writeln!(
        out,
        r##"<text x="{GAP}" y="24" font-size="18" fill="#222">{}</text>"##,
        escape(title)
    )?;
    for (i, placement) in placements.iter().enumerate() {
        let x = hundredths(GAP + (i % columns) as f64 * g.tile_width());
        let y = hundredths(TITLE + (i / columns) as f64 * g.tile_height());
        out.write_all(board(&g, x, y, placement)?.as_bytes())?;
    }
    writeln!(out, "</svg>")?;
    out.flush()?;
    Ok(())
}

/// The board's squares (once, reused by every board), its holes, dark
/// grey and crossed, and the queen.
fn defs(board: &Board) -> String {
    let (n, rows, holes) = (board.cols, board.rows, &board.holes);
    let mut s = String::from("<defs>\n");
    let _ = writeln!(s, r#"<symbol id="board" viewBox="0 0 {n} {rows}">"#);
    let _ = writeln!(s, r#"<rect width="{n}" height="{rows}" fill="{LIGHT}"/>"#);
    for col in 1..=n {
        for row in 1..=rows {
            if (Square { col, row }).is_dark() {
                let _ = writeln!(
                    s,
                    r#"<rect x="{}" y="{}" width="1" height="1" fill="{DARK}"/>"#,
                    col - 1,
                    rows - row
                );
            }
        }
    }
    for hole in holes {
        let (x, y) = (hole.col - 1, rows - hole.row);
        let _ = writeln!(
            s,
            r##"<rect x="{x}" y="{y}" width="1" height="1" fill="#3a3a3a"><title>hole {}</title></rect><path d="M{x}.2 {y}.2 l0.6 0.6 m0 -0.6 l-0.6 0.6" stroke="#bbbbbb" stroke-width="0.08"/>"##,
            hole.name()
        );
    }
    s.push_str("</symbol>\n");
    s.push_str(concat!(
        r#"<symbol id="queen" viewBox="0 0 10 10">"#,
        r##"<circle cx="5" cy="5" r="4.3" fill="#2b2b2b" stroke="#ffffff" stroke-width="0.5"/>"##,
        r##"<path d="M2.6 6.9 L2.1 3.5 L3.9 5.1 L5 2.4 L6.1 5.1 L7.9 3.5 L7.4 6.9 Z" fill="#f2c14e"/>"##,
        r##"<rect x="2.6" y="7.1" width="4.8" height="0.9" fill="#f2c14e"/>"##,
        "</symbol>\n</defs>\n"
    ));
    s
}

fn board(g: &Geometry, x: f64, y: f64, placement: &Placement) -> Result<String> {
    let (cell, margin, width, height) = (g.cell, g.margin, g.width(), g.height());
    let top = CAPTION;
    let mut s = String::new();
    let _ = writeln!(s, r#"<g class="board" transform="translate({x} {y})">"#);
    let caption = match placement.class_size {
        Some(size) => format!("Solution {} · class of {size}", placement.solution),
        None => format!("Solution {}", placement.solution),
    };
    let _ = writeln!(
        s,
        r##"<text x="{margin}" y="{}" font-size="13" fill="#333">{caption}</text>"##,
        top - 7.0
    );
    let _ = writeln!(
        s,
        r##"<use xlink:href="#board" x="{margin}" y="{top}" width="{width}" height="{height}"/>"##
    );
    let _ = writeln!(
        s,
        r##"<rect x="{margin}" y="{top}" width="{width}" height="{height}" fill="none" stroke="#5a3d26"/>"##
    );
    let label = (cell * 0.5).round().clamp(7.0, 12.0);
    // File i and rank i together, then the ranks a rectangle has beyond
    // its files.
    for i in 1..=g.rows {
        let ry = hundredths(top + (f64::from(g.rows - i) + 0.5) * cell + label * 0.35);
        let rank = format!(
            r##"<text x="{}" y="{ry}" font-size="{label}" text-anchor="middle" fill="#555">{i}</text>"##,
            margin / 2.0
        );
        let file = (i <= g.n).then(|| {
            let fx = margin + (f64::from(i) - 0.5) * cell;
            format!(
                r##"<text x="{fx}" y="{}" font-size="{label}" text-anchor="middle" fill="#555">{}</text>"##,
                top + height + label + 2.0,
                (b'a' + i - 1) as char
            )
        });
        let _ = writeln!(s, "{}{rank}", file.unwrap_or_default());
    }
    for name in &placement.squares {
        let square = Square::parse_on(name, g.n, g.rows)?;
        let _ = writeln!(
            s,
            r##"<use class="queen" xlink:href="#queen" x="{}" y="{}" width="{cell}" height="{cell}"><title>{name}</title></use>"##,
            margin + f64::from(square.col - 1) * cell,
            top + f64::from(g.rows - square.row) * cell
        );
    }
    s.push_str("</g>\n");
    Ok(s)
}

/// `text` as XML and HTML read it: `&`, `<` and `>` escaped.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
