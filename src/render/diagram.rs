//! Boards drawn as text: rank N at the top, files a… along the bottom, as a
//! chess diagram. ASCII by default, so that it pipes and prints anywhere;
//! Unicode with a queen glyph and shaded dark squares on request.

use crate::model::board::{Board, Square};

/// How a diagram is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// `Q` for a queen, `.` for an empty square.
    Ascii,
    /// `♛` for a queen, dark squares shaded.
    Unicode,
}

/// The plain board of size `n` with queens on `queens`, one line per
/// rank, each line ending in a newline.
pub fn draw(n: u8, queens: &[Square], style: Style) -> String {
    draw_on(&Board::square(n), queens, style)
}

/// As `draw`, on `board`: its columns and rows, its holes marked `#` (or
/// a full block in Unicode), where no queen may stand.
pub fn draw_on(board: &Board, queens: &[Square], style: Style) -> String {
    let (n, rows, holes) = (board.cols, board.rows, &board.holes);
    let label_width = rows.to_string().len();
    let mut out = String::new();
    for row in (1..=rows).rev() {
        out.push_str(&format!("{row:>label_width$} "));
        let cells: Vec<&str> = (1..=n)
            .map(|col| {
                let square = Square { col, row };
                match holes.contains(&square) {
                    true if style == Style::Ascii => "#",
                    true => "██",
                    false => cell(square, queens.contains(&square), style),
                }
            })
            .collect();
        let separator = if style == Style::Ascii { " " } else { "" };
        out.push_str(cells.join(separator).trim_end());
        out.push('\n');
    }
    out.push_str(&" ".repeat(label_width + 1));
    let files: Vec<String> = (1..=n)
        .map(|col| {
            let letter = (b'a' + col - 1) as char;
            match style {
                Style::Ascii => letter.to_string(),
                Style::Unicode => format!("{letter} "),
            }
        })
        .collect();
    let separator = if style == Style::Ascii { " " } else { "" };
    out.push_str(files.join(separator).trim_end());
    out.push('\n');
    out
}

fn cell(square: Square, queen: bool, style: Style) -> &'static str {
    match (style, queen, square.is_dark()) {
        (Style::Ascii, true, _) => "Q",
        (Style::Ascii, false, _) => ".",
        (Style::Unicode, true, _) => "♛ ",
        (Style::Unicode, false, true) => "░░",
        (Style::Unicode, false, false) => "  ",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn four_by_four() -> Vec<Square> {
        ["a2", "b4", "c1", "d3"]
            .iter()
            .map(|s| Square::parse(s, 4).unwrap())
            .collect()
    }

    #[test]
    fn ascii_diagram_has_rank_n_on_top_and_files_below() {
        assert_eq!(
            draw(4, &four_by_four(), Style::Ascii),
            "4 . Q . .\n3 . . . Q\n2 Q . . .\n1 . . Q .\n  a b c d\n"
        );
    }

    #[test]
    fn unicode_diagram_shades_dark_squares() {
        assert_eq!(
            draw(4, &four_by_four(), Style::Unicode),
            "4   ♛   ░░\n3 ░░  ░░♛\n2 ♛ ░░  ░░\n1 ░░  ♛\n  a b c d\n"
        );
    }

    #[test]
    fn wide_boards_align_two_digit_ranks() {
        let picture = draw(10, &[], Style::Ascii);
        assert!(picture.starts_with("10 . . "));
        assert!(picture.contains("\n 9 . "));
        assert!(picture.ends_with("   a b c d e f g h i j\n"));
    }
}
