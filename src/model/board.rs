//! Board names: columns are letters `a`…`z`, rows are numbers from 1, and a
//! square is named by its column letter followed by its row number (`c5`,
//! `a10`). The database holds the same names (`col_lbl`, `row_lbl`,
//! `square`); this module lets the CLI and the native checker speak them.

use anyhow::{Result, bail};

/// The largest board: one column per letter.
pub const MAX_SIZE: u8 = 26;

/// The size a new database gets when none is asked for.
pub const DEFAULT_SIZE: u8 = 8;

/// A square by its column and row numbers, both counted from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square {
    pub col: u8,
    pub row: u8,
}

impl Square {
    pub fn name(self) -> String {
        format!("{}{}", (b'a' + self.col - 1) as char, self.row)
    }

    /// Whether the square is dark on a chessboard (a1 is dark).
    pub fn is_dark(self) -> bool {
        (self.col + self.row).is_multiple_of(2)
    }

    /// Reads a name such as `c5` or `A10` (any case) on a board of `size`.
    pub fn parse(name: &str, size: u8) -> Result<Square> {
        Square::parse_on(name, size, size)
    }

    /// As `parse`, on a board of `cols` columns and `rows` rows.
    pub fn parse_on(name: &str, cols: u8, rows: u8) -> Result<Square> {
        let name = name.trim();
        let mut chars = name.chars();
        let Some(letter) = chars.next().filter(char::is_ascii_alphabetic) else {
            bail!("`{name}` is not a square: expected a column letter then a row number, like c5");
        };
        let digits = chars.as_str();
        // Digits only: Rust's parse would also take `+1`.
        let row = Some(digits)
            .filter(|d| d.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|d| d.parse::<u8>().ok());
        let Some(row) = row else {
            bail!("`{name}` is not a square: expected a column letter then a row number, like c5");
        };
        let col = letter.to_ascii_lowercase() as u8 - b'a' + 1;
        if col > cols || row == 0 || row > rows || digits.starts_with('0') {
            bail!(
                "`{name}` is not on the {cols}×{rows} board (columns a–{}, rows 1–{rows})",
                (b'a' + cols - 1) as char
            );
        }
        Ok(Square { col, row })
    }
}

/// A board, as one value: its columns (one queen in each) and rows,
/// whether it wraps round (a torus), whether its queens also leap as
/// knights (superqueens), and the squares no queen may stand on. `queens
/// init` records it (board_size, board_shape, hole, mov_dir, board_rows);
/// the facts, lines and views follow from it by SQL; nothing here says
/// who attacks whom (the checker does, without SQL: `checker::variants`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub cols: u8,
    /// As many as its columns on a square board, more on a rectangle
    /// (`--size 4x6`).
    pub rows: u8,
    pub torus: bool,
    pub superqueens: bool,
    /// In board order, each once.
    pub holes: Vec<Square>,
}

impl Board {
    /// The plain `n`×`n` board.
    pub fn square(n: u8) -> Board {
        Board {
            cols: n,
            rows: n,
            torus: false,
            superqueens: false,
            holes: Vec::new(),
        }
    }

    /// The square named `name` (`c5`, any case) on this board, holes
    /// included.
    pub fn square_named(&self, name: &str) -> Result<Square> {
        Square::parse_on(name, self.cols, self.rows)
    }

    /// The boards a learner's answer is also checked on, besides this one
    /// (`export --console`, `grade`): hidden from the learner, so that rows
    /// typed in by hand are wrong. They are of this board's kind, on other
    /// columns, so an answer that holds on this kind of board holds on them:
    ///
    /// - their columns are three of 5, 6, 7 and 8, the three other than
    ///   this board's (5, 6 and 7 where it has more or fewer): small enough
    ///   to check at once, large enough to hold c5;
    /// - a torus's are tori, a superqueens board's superqueens boards;
    /// - a rectangle's are rectangles with as many rows more than columns
    ///   (4×6's are 5×7, 6×8 and 7×9), up to 26 rows;
    /// - a board with holes has its holes on each that lie on it; where
    ///   none does (or they would fill a column), its first hole moved onto
    ///   it (its column and row at most the board's).
    pub fn hidden_boards(&self) -> Vec<Board> {
        (5..=8)
            .filter(|&cols| cols != self.cols)
            .take(3)
            .map(|cols| self.kin_on(cols))
            .collect()
    }

    /// The boards `grade` checks an answer on besides this one: the
    /// hidden boards first, then those of 4 to 10 columns that are neither
    /// this board nor a hidden one (4×4, 9×9 and 10×10 besides an 8×8),
    /// of this board's kind as the hidden ones are. The page carries the
    /// reference's rows on the hidden boards, so a learner can read them
    /// and type them in for each board the page names; the page never
    /// carries these others, so rows typed in are wrong on them. Each is
    /// small enough that a reference runs on it natively in a moment; a
    /// board that cannot be built (a superqueens board too large) is left
    /// out.
    pub fn grading_boards(&self) -> Vec<Board> {
        let hidden = self.hidden_boards();
        let unseen: Vec<Board> = (4..=10)
            .filter(|&cols| cols != self.cols && hidden.iter().all(|h| h.cols != cols))
            .map(|cols| self.kin_on(cols))
            .filter(|board| board.unfit().is_none())
            .collect();
        hidden.into_iter().chain(unseen).collect()
    }

    /// This board's kind on `cols` columns, as a hidden or grading board
    /// is (see `hidden_boards`): its rows more than columns kept, up to 26
    /// rows, its holes that lie on it, or its first hole moved onto it.
    fn kin_on(&self, cols: u8) -> Board {
        let extra_rows = self.rows - self.cols;
        let rows = cols.saturating_add(extra_rows).min(MAX_SIZE);
        let on_it = |hole: &&Square| hole.col <= cols && hole.row <= rows;
        let mut kin = Board {
            cols,
            rows,
            holes: self.holes.iter().filter(on_it).copied().collect(),
            ..self.clone()
        };
        if let Some(first) = self.holes.first()
            && (kin.holes.is_empty() || kin.unfit().is_some())
        {
            kin.holes = vec![Square {
                col: first.col.min(cols),
                row: first.row.min(rows),
            }];
        }
        kin
    }

    /// The board as the page's console names it in its words ("this 8×8
    /// board", "8×8 superqueens torus", "8×8 holed", "4×6"): its columns ×
    /// rows, then its kind; `full_name` names its holes too.
    pub fn label(&self) -> String {
        let holed = if self.holes.is_empty() { "" } else { " holed" };
        format!("{}{holed}", self.size_and_kind())
    }

    /// The board's full name, one for each board: its columns × rows, its
    /// kind and its holes ("8×8", "8×8 superqueens torus", "8×8 with
    /// holes at a1, b2", "4×6"). The page's answers file names its board
    /// so, and `grade` grades only answers from a page of its own board.
    pub fn full_name(&self) -> String {
        let mut name = self.size_and_kind();
        if !self.holes.is_empty() {
            let holes: Vec<String> = self.holes.iter().map(|h| h.name()).collect();
            name.push_str(&format!(" with holes at {}", holes.join(", ")));
        }
        name
    }

    /// Its columns × rows and the kind of its queens and edges ("8×8",
    /// "8×8 superqueens torus"), which `label` and `full_name` begin with.
    fn size_and_kind(&self) -> String {
        let mut words = format!("{}×{}", self.cols, self.rows);
        if self.superqueens {
            words.push_str(" superqueens");
        }
        if self.torus {
            words.push_str(" torus");
        }
        words
    }

    /// Whether a queen may stand on the square named `name` here: it is on
    /// the board and no hole.
    pub fn has_square(&self, name: &str) -> bool {
        self.square_named(name)
            .is_ok_and(|square| !self.holes.contains(&square))
    }

    /// Whether it has as many rows as columns (else it is a rectangle).
    pub fn is_square(&self) -> bool {
        self.rows == self.cols
    }

    /// Whether this is the plain square board of its size.
    pub fn is_plain(&self) -> bool {
        *self == Board::square(self.cols)
    }

    /// The board of `cols` columns a database records
    /// (sql/queries/board_shape.sql): its holes as names in board order,
    /// separated by commas, and its rows where it has more than columns (0
    /// where it has not).
    pub fn from_stored(
        cols: u8,
        torus: bool,
        superqueens: bool,
        holes: &str,
        rows: i64,
    ) -> Result<Board> {
        let holes = (holes.split(',').filter(|name| !name.is_empty()))
            .map(|name| Square::parse(name, MAX_SIZE))
            .collect::<Result<Vec<_>>>()?;
        let rows = u8::try_from(rows).ok().filter(|&r| r > 0).unwrap_or(cols);
        Ok(Board {
            cols,
            rows,
            torus,
            superqueens,
            holes,
        })
    }

    /// The rows a database records (board_rows): a rectangle's, more than
    /// its columns; 0 on a square board.
    pub fn stored_rows(&self) -> i64 {
        if self.is_square() {
            0
        } else {
            i64::from(self.rows)
        }
    }

    /// This board's kind on `cols` columns: a square board stays square,
    /// a rectangle keeps its rows.
    pub fn on_columns(&self, cols: u8) -> Board {
        let rows = if self.is_square() { cols } else { self.rows };
        Board {
            cols,
            rows,
            ..self.clone()
        }
    }

    /// The board of `cols` columns of the kind `asked`, or the plain one
    /// without.
    pub fn of_kind(asked: Option<&Board>, cols: u8) -> Board {
        asked.map_or_else(|| Board::square(cols), |asked| asked.on_columns(cols))
    }

    /// Whether `other` is another kind of board than this one, whatever
    /// their columns: another shape, holes or rows.
    pub fn is_another_kind(&self, other: &Board) -> bool {
        self.on_columns(other.cols) != *other
    }

    /// The board's name in messages: "an 8×8 board", "a 7×7 torus",
    /// "an 8×8 board with holes at c2, f7", "a 10×10 superqueens board",
    /// "a 4×6 board".
    pub fn a_board(&self) -> String {
        let (n, rows) = (self.cols, self.rows);
        let article = article(n);
        let superqueens = if self.superqueens { " superqueens" } else { "" };
        let kind = if self.torus { "torus" } else { "board" };
        let mut name = format!("{article} {n}×{rows}{superqueens} {kind}");
        if !self.holes.is_empty() {
            let holes: Vec<String> = self.holes.iter().map(|h| h.name()).collect();
            name.push_str(&format!(" with holes at {}", holes.join(", ")));
        }
        name
    }

    /// "the 8×8 board", "the 7×7 torus", as `a_board` names it.
    pub fn the_board(&self) -> String {
        let named = self.a_board();
        let rest = named
            .split_once(' ')
            .map_or(named.as_str(), |(_, rest)| rest);
        format!("the {rest}")
    }

    /// The flags that ask for this board's shape on the command line, each
    /// with a space before it ("" for the plain board), without its size.
    pub fn shape_flags(&self) -> String {
        let mut flags = String::new();
        if self.torus {
            flags.push_str(" --torus");
        }
        if self.superqueens {
            flags.push_str(" --superqueens");
        }
        if !self.holes.is_empty() {
            let holes: Vec<String> = self.holes.iter().map(|h| h.name()).collect();
            flags.push_str(&format!(" --holes {}", holes.join(",")));
        }
        flags
    }

    /// Its size as --size takes it: `8`, or `4x6` for a rectangle.
    pub fn size(&self) -> String {
        if self.is_square() {
            self.cols.to_string()
        } else {
            format!("{}x{}", self.cols, self.rows)
        }
    }

    /// The flags that ask for this board's shape, with --size where it is
    /// a rectangle ("" for the plain board).
    pub fn flags(&self) -> String {
        if self.is_square() {
            self.shape_flags()
        } else {
            format!(" --size {}{}", self.size(), self.shape_flags())
        }
    }

    /// Why this board cannot be built, if it cannot: a torus with more
    /// rows than columns, a hole off the board, a column all of holes, or
    /// a superqueens board whose lines (a knight's move is one) do not fit
    /// line_set's 1,024 bits.
    pub fn unfit(&self) -> Option<String> {
        let (n, rows) = (self.cols, self.rows);
        if self.torus && rows != n {
            return Some(format!(
                "a torus is square here (its diagonals wrap round as cycles of N squares), \
                 not {n}×{rows}; give --plain for a board that does not wrap, or --size {n}"
            ));
        }
        if let Some(hole) = self.holes.iter().find(|h| h.col > n || h.row > rows) {
            let plain = Board {
                rows,
                ..Board::square(n)
            };
            return Some(format!(
                "hole {} is not on {} (columns a–{}, rows 1–{rows})",
                hole.name(),
                plain.a_board(),
                (b'a' + n - 1) as char
            ));
        }
        if let Some(col) = (1..=n)
            .find(|&col| self.holes.iter().filter(|h| h.col == col).count() == usize::from(rows))
        {
            return Some(format!(
                "the holes fill column {}: a queen stands in every column, so {} has no \
                 solution; leave a square of it open",
                (b'a' + col - 1) as char,
                self.a_board()
            ));
        }
        let largest = if self.torus { 15 } else { 16 };
        let lines = line_count(n, rows, self.torus, self.superqueens);
        (lines > LINES_HELD).then(|| {
            let kind = if self.torus { "torus" } else { "board" };
            format!(
                "a superqueens {kind} is at most {largest}×{largest} (its knight's moves \
                 are lines, and line_set holds 1,024: {n}×{rows} has {lines})"
            )
        })
    }
}

/// How many lines a board may have: line_set and safe_next hold a bit
/// for each, in sixteen 64-bit words (schema::LINE_SET_WORDS).
pub const LINES_HELD: i64 = 1024;

/// The lines a superqueens board of `n` columns and `rows` rows adds, one a
/// knight's move, a line of two squares: 2 (n − 1)(rows − 2) upright and
/// 2 (n − 2)(rows − 1) lying (4 (n − 1)(n − 2) on a square board), or 4n²
/// on a torus from 2×2 on (on 1×1 a leap lands where it starts, and makes
/// no line).
pub fn knight_lines(n: u8, rows: u8, torus: bool) -> i64 {
    let (n, r) = (i64::from(n), i64::from(rows));
    match torus {
        true if n >= 2 => 4 * n * n,
        true => 0,
        false => 2 * (n - 1).max(0) * (r - 2).max(0) + 2 * (n - 2).max(0) * (r - 1).max(0),
    }
}

/// Every line of a board of `n` columns and `rows` rows, as line_set numbers
/// them: on a torus its n rows, n columns and 2n wrapped diagonals; else
/// its rows, columns and the diagonals of each way, n + rows − 1; and on a
/// superqueens board its knight's moves.
pub fn line_count(n: u8, rows: u8, torus: bool, superqueens: bool) -> i64 {
    let (c, r) = (i64::from(n), i64::from(rows));
    let queens = if torus {
        4 * c
    } else {
        c + r + 2 * (c + r - 1)
    };
    queens
        + if superqueens {
            knight_lines(n, rows, torus)
        } else {
            0
        }
}

/// Reads a --size: `8`, or `4x6` (`4×6` too) for 4 columns on 6 rows,
/// as the plain board of that size. A rectangle needs at least as many
/// rows as columns, a queen standing in each column on a row of its own;
/// `6x6` is the square board.
pub fn parse_board_size(text: &str) -> Result<Board, String> {
    let text = text.trim();
    let Some((cols, rows)) = text.split_once(['x', 'X', '×']) else {
        return parse_size(text).map(Board::square);
    };
    let cols = parse_part(cols, "column")?;
    let rows = parse_part(rows, "row")?;
    if rows < cols {
        return Err(format!(
            "a rectangle has at least as many rows as columns (a queen stands in each \
             column, each on a row of its own): {cols}x{rows} has fewer; {rows}x{cols} \
             has more"
        ));
    }
    Ok(Board {
        rows,
        ..Board::square(cols)
    })
}

/// One part of a --size CxR: its columns or rows (`part`), which a board
/// needs at least one of.
fn parse_part(text: &str, part: &str) -> Result<u8, String> {
    match text.trim().parse::<i64>() {
        Ok(0) => Err(format!("a board needs at least one {part}")),
        _ => parse_size(text),
    }
}

/// The squares after --holes, in board order: one value, as clap hands
/// it to `ShapeArgs` (a field of type `Vec` would be read as many values,
/// each parsed alone, so the list could not refuse a square given twice);
/// the board holds them as `Board::holes`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holes(pub Vec<Square>);

/// Reads the squares after --holes (`a4,d5` or `"a4 d5"`), in board
/// order. A name that is not a square or is given twice is refused; the
/// board's size is checked later (`Board::unfit`).
pub fn parse_holes(text: &str) -> Result<Holes, String> {
    let mut holes: Vec<Square> = Vec::new();
    let names = text.split(|c: char| c == ',' || c.is_whitespace());
    for name in names.filter(|name| !name.is_empty()) {
        // (Whether the hole is on the board is asked with its size.)
        let hole = Square::parse(name, MAX_SIZE).map_err(|_| {
            format!(
                "`{}` is not a square: a column letter then a row number from 1, like c5",
                name.escape_debug()
            )
        })?;
        if holes.contains(&hole) {
            return Err(format!("hole {} is given twice", hole.name()));
        }
        holes.push(hole);
    }
    if holes.is_empty() {
        return Err("no squares given: name the holes, like a4,d5".to_string());
    }
    holes.sort();
    Ok(Holes(holes))
}

/// Reads a placement given as square names separated by spaces or commas
/// (`c5 f2`, `"a1, b5"`), in any order and case. Refuses names off the
/// board and a square named twice.
pub fn parse_placement(words: &[String], size: u8) -> Result<Vec<Square>> {
    parse_placement_on(words, size, size)
}

/// As `parse_placement`, on a board of `cols` columns and `rows` rows.
pub fn parse_placement_on(words: &[String], cols: u8, rows: u8) -> Result<Vec<Square>> {
    let mut squares: Vec<Square> = Vec::new();
    let names = words
        .iter()
        .flat_map(|word| word.split([',', ' ', '\t']))
        .filter(|name| !name.trim().is_empty());
    for name in names {
        let square = Square::parse_on(name, cols, rows)?;
        if squares.contains(&square) {
            bail!(
                "{} is given twice: two queens cannot stand on one square",
                square.name()
            );
        }
        squares.push(square);
    }
    if squares.is_empty() {
        bail!("no squares given: name at least one, like c5");
    }
    Ok(squares)
}

/// The article before "N×N": said aloud, 8, 11 and 18 start with a vowel.
fn article(n: u8) -> &'static str {
    if matches!(n, 8 | 11 | 18) { "an" } else { "a" }
}

/// Reads a solution number for clap: solutions are counted from 1.
pub fn parse_solution_number(text: &str) -> Result<i64, String> {
    match text.trim().parse::<i64>() {
        Ok(k) if k >= 1 => Ok(k),
        Ok(_) => Err("solutions are numbered from 1".to_string()),
        Err(_) if !text.trim().is_empty() && text.trim().bytes().all(|b| b.is_ascii_digit()) => {
            Err(format!("{} is too large a solution number", text.trim()))
        }
        Err(_) => Err(format!("`{text}` is not a solution number")),
    }
}

/// A board size as typed after --size: a whole number from 1 to 26
/// (`eight` or `30` is told what a size is, not how parsing failed).
pub fn parse_size(text: &str) -> Result<u8, String> {
    match text.trim().parse::<i64>() {
        Ok(n) if (1..=i64::from(MAX_SIZE)).contains(&n) => Ok(n as u8),
        _ => Err(format!(
            "a board size is a whole number from 1 to {MAX_SIZE}, like 8, or columns x \
             rows, like 4x6"
        )),
    }
}

/// The label of column number `number` (1 → `a`).
pub fn column_label(number: i64) -> Result<String> {
    match u8::try_from(number) {
        Ok(n @ 1..=MAX_SIZE) => Ok(((b'a' + n - 1) as char).to_string()),
        _ => bail!("there is no column number {number}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each board has its own full name: two boards of one label (two
    /// holed 8×8 boards) are told apart by it.
    #[test]
    fn a_board_s_full_name_names_its_holes() {
        let holed = |holes: &[&str]| Board {
            holes: holes.iter().map(|h| Square::parse(h, 8).unwrap()).collect(),
            ..Board::square(8)
        };
        assert_eq!(Board::square(8).full_name(), "8×8");
        assert_eq!(holed(&["a1"]).full_name(), "8×8 with holes at a1");
        assert_eq!(holed(&["a1", "c2"]).full_name(), "8×8 with holes at a1, c2");
        assert_eq!(holed(&["a1"]).label(), holed(&["b2"]).label());
        let torus = Board {
            torus: true,
            superqueens: true,
            ..Board::square(7)
        };
        assert_eq!(torus.full_name(), "7×7 superqueens torus");
    }

    #[test]
    fn names_round_trip() {
        for size in 1..=MAX_SIZE {
            for col in 1..=size {
                for row in 1..=size {
                    let square = Square { col, row };
                    assert_eq!(Square::parse(&square.name(), size).unwrap(), square);
                }
            }
        }
        assert_eq!(Square { col: 1, row: 10 }.name(), "a10");
        assert_eq!(Square::parse("C5", 8).unwrap(), Square { col: 3, row: 5 });
    }

    #[test]
    fn off_board_and_garbage_are_rejected() {
        for bad in ["i1", "a9", "a0", "a05", "5c", "", "c", "cc5", "c5x", "é5"] {
            assert!(Square::parse(bad, 8).is_err(), "{bad} was accepted");
        }
    }

    #[test]
    fn placements_accept_spaces_commas_and_any_case() {
        let words = vec!["A1, b5".to_string(), "C8".to_string()];
        let names: Vec<String> = parse_placement(&words, 8)
            .unwrap()
            .iter()
            .map(|s| s.name())
            .collect();
        assert_eq!(names, ["a1", "b5", "c8"]);
        assert!(parse_placement(&["c5 C5".to_string()], 8).is_err());
        assert!(parse_placement(&[" , ".to_string()], 8).is_err());
        assert!(parse_placement(&["c5 z9".to_string()], 8).is_err());
    }

    #[test]
    fn hidden_boards_are_of_the_shown_kind_on_other_columns() {
        let sizes = |board: &Board| -> Vec<(u8, u8)> {
            board
                .hidden_boards()
                .iter()
                .map(|b| (b.cols, b.rows))
                .collect()
        };
        assert_eq!(sizes(&Board::square(8)), [(5, 5), (6, 6), (7, 7)]);
        assert_eq!(sizes(&Board::square(6)), [(5, 5), (7, 7), (8, 8)]);
        assert_eq!(sizes(&Board::square(1)), [(5, 5), (6, 6), (7, 7)]);
        let rectangle = parse_board_size("4x6").unwrap();
        assert_eq!(sizes(&rectangle), [(5, 7), (6, 8), (7, 9)]);
        let tall = parse_board_size("2x26").unwrap();
        assert_eq!(sizes(&tall), [(5, 26), (6, 26), (7, 26)]);
        let torus = Board {
            torus: true,
            superqueens: true,
            ..Board::square(9)
        };
        for hidden in torus.hidden_boards() {
            assert!(hidden.torus && hidden.superqueens && hidden.unfit().is_none());
        }
        let holed = Board {
            holes: parse_holes("a1,c6,h8").unwrap().0,
            ..Board::square(8)
        };
        let holes: Vec<String> = (holed.hidden_boards().iter())
            .map(|b| {
                b.holes
                    .iter()
                    .map(|h| h.name())
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        assert_eq!(holes, ["a1", "a1,c6", "a1,c6"]);
        let far = Board {
            holes: parse_holes("h8").unwrap().0,
            ..Board::square(8)
        };
        let moved: Vec<String> = (far.hidden_boards().iter())
            .map(|b| b.holes[0].name())
            .collect();
        assert_eq!(moved, ["e5", "f6", "g7"]);
        assert!(!holed.has_square("c6") && holed.has_square("c5") && !holed.has_square("i1"));
    }

    #[test]
    fn grading_boards_add_the_sizes_of_4_to_10_the_page_never_carries() {
        let sizes = |board: &Board| -> Vec<(u8, u8)> {
            (board.grading_boards().iter())
                .map(|b| (b.cols, b.rows))
                .collect()
        };
        assert_eq!(
            sizes(&Board::square(8)),
            [(5, 5), (6, 6), (7, 7), (4, 4), (9, 9), (10, 10)]
        );
        assert_eq!(
            sizes(&Board::square(5)),
            [(6, 6), (7, 7), (8, 8), (4, 4), (9, 9), (10, 10)]
        );
        assert_eq!(
            sizes(&Board::square(12)),
            [(5, 5), (6, 6), (7, 7), (4, 4), (8, 8), (9, 9), (10, 10)]
        );
        let rectangle = parse_board_size("4x6").unwrap();
        assert_eq!(
            sizes(&rectangle),
            [(5, 7), (6, 8), (7, 9), (8, 10), (9, 11), (10, 12)]
        );
        let torus = Board {
            torus: true,
            superqueens: true,
            holes: parse_holes("h8").unwrap().0,
            ..Board::square(9)
        };
        for board in torus.grading_boards() {
            assert!(board.torus && board.superqueens && board.unfit().is_none());
            assert_eq!(board.holes.len(), 1, "{}", board.a_board());
        }
    }

    #[test]
    fn column_labels() {
        assert_eq!(column_label(1).unwrap(), "a");
        assert_eq!(column_label(26).unwrap(), "z");
        assert!(column_label(0).is_err());
        assert!(column_label(27).is_err());
    }
}
