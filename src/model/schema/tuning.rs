//! How the search is tuned to a board: the words of a line set it tests,
//! where the solution view carries the covered lines forward, when a
//! view has a second part, and how a count splits into parts.

use crate::model::board::knight_lines;
use crate::model::template::Scope;

/// The number of 64-bit words of line_set and safe_next: 1,024 lines.
pub const LINE_SET_WORDS: i64 = crate::model::board::LINES_HELD / 64;

/// The number of 64-bit words that a line set of an `n`×`n` board needs:
/// the board has 6n − 2 lines (n rows, n columns, 2n − 1 diagonals each way).
pub fn line_set_words(n: u8) -> i64 {
    (6 * u64::from(n) - 2).div_ceil(64) as i64
}

/// The number of words of a line set the search tests: those holding the
/// lines two queens of the search could share. line_set numbers the others
/// last (sql/facts/09-line_set.sql): the columns, which the search never
/// shares since it places one queen per column, and the lines of one
/// square (the corners' diagonals), which no two queens can share. On the
/// plain board of `n` columns and `rows` rows they are the rows and the
/// diagonals of two squares or more, 3·rows + 2n − 6 (5n − 6 on a square
/// board: one up to 14×14 needs one word instead of two); on a torus,
/// whose lines are cycles of n squares, the n rows and 2n diagonals; and a
/// superqueens board adds a line for each knight's move (`knight_lines`).
pub fn search_words(n: u8, rows: u8, torus: bool, superqueens: bool) -> i64 {
    let (n, r) = (i64::from(n), i64::from(rows));
    let queens = if torus {
        3 * n
    } else {
        (3 * r + 2 * n - 6).max(0)
    };
    let knights = if superqueens {
        knight_lines(n as u8, rows, torus)
    } else {
        0
    };
    ((queens + knights).max(1) as u64).div_ceil(64) as i64
}

/// How many queens the solution view places before it works out the lines
/// they cover, U_k, once for each placement (see sql/views/03-solution.sql).
/// About half the board: cutting after column N/2 + 1 was as fast as any
/// other single cut and faster than most (docs/src/explanation/fast.md,
/// "Carrying the covered lines forward").
pub fn placed_first(n: u8) -> i64 {
    (i64::from(n) / 2 + 1).min(n.into())
}

/// The column from which SQLite's solution view looks the last queens up
/// (sql/views/solution/sqlite.sql), if it does: on a square board from
/// 10×10 on (every row holds a queen, so the rows the first queens leave
/// free name the last ones' rows), the last five columns up to 13×13 and
/// four from 14×14 on. Five made every row of the view about twice as
/// fast as the stepwise search at 10×10 to 13×13, four less so; but the
/// table of the last queens is built before the first row, and five
/// columns of 14×14 (54,068 rows) kept that row waiting a fifth of a
/// second in the sqlite3 shell (docs/src/explanation/fast.md, "The last
/// queens looked up, in board order").
pub fn solution_last_queens_from(n: u8, rows: u8) -> Option<u8> {
    let columns = match n {
        _ if rows != n => return None,
        0..=9 => return None,
        10..=13 => 5,
        _ => 4,
    };
    Some(n + 1 - columns)
}

/// How many rows the numbered views and solution_class give from the first
/// solutions alone, at once, before the rows that wait for the whole search
/// (sql/views/05-numbered_solution.sql): one number for both views, since
/// solution_class's first part reads numbered_solution's.
pub const FIRST_ROWS: i64 = 200;

/// Whether a board of `n` columns and `rows` rows can have more solutions
/// than the views' first part holds, so that they need a second: a square
/// board from 9×9 on (A000170: 92 solutions on 8×8, 352 on 9×9, and more
/// on every larger board; a torus, holes or knights only take solutions
/// away); a rectangle where its queens can stand on more than that many
/// lists of distinct rows, rows · (rows − 1) · … (n factors).
pub fn views_in_two_parts(n: u8, rows: u8) -> bool {
    if rows == n {
        return n >= 9;
    }
    let distinct_rows =
        (0..u64::from(n)).try_fold(1u64, |ways, k| ways.checked_mul(u64::from(rows) - k));
    distinct_rows.is_none_or(|ways| ways > FIRST_ROWS as u64)
}

/// Whether solution_class is written in two parts on an `n`×`n` board:
/// from 11×11 on. Up to 10×10 its every row takes a tenth of a second or
/// less in one part, and a second part, which compares images again and
/// doubles the statement SQLite prepares, would only add to that
/// (docs/src/explanation/fast.md, "The numbered views in two parts").
pub fn classes_in_two_parts(n: u8) -> bool {
    n >= 11
}

/// The columns of the left half of DuckDB's solution view on a board of
/// `n` columns: half of them (⌈n/2⌉), and from 12×12 on all but the last
/// five. The view pairs every left half with every right half on the
/// rows it leaves free, and tests each pair's lines; a longer left half
/// and a shorter right one make fewer pairs. At 14×14, halves of 7 and 7
/// columns make 91 million pairs, of 9 and 5 columns 54 million, and
/// `select count(*) from solution` took 1.27 s against 2.24 s (DuckDB
/// 1.4.4) and 0.79 s against 1.95 s (2.0.1), the fastest of the splits
/// from 7 to 10 columns; at 15×15, 10 columns took 13 s and 8 s against
/// 27 s and 21 s for 8. At 12×12, 7 and 5 columns were a tenth faster or
/// more than 6 and 6; at 13×13, 8 and 5 columns about as fast as 7 and 6
/// (faster in 1.4.4, slower in 2.0.1). (docs/src/explanation/fast.md,
/// "DuckDB's form: meeting in the middle".)
pub fn duckdb_left_columns(n: u8) -> u8 {
    n.div_ceil(2).max(n.saturating_sub(5))
}

/// The numbers the templates need for an `n`×`n` board: the size, the
/// words of a line set, where the search carries U_k forward, how many
/// rows the views give from the first solutions alone and whether they
/// need a second part, and whether the solution view is expanded as one
/// part of the search.
pub(super) fn board_scope(n: u8, scope: Scope) -> Scope {
    // The plain board's, where the scope has no shape (`with_shape`).
    let torus = scope.number_or("TORUS", 0);
    let superqueens = scope.number_or("SUPERQUEENS", 0);
    let holed = scope.number_or("HOLED", 0);
    let rows = match scope.number_or("ROWS", 0) {
        0 => n,
        r => u8::try_from(r).unwrap_or(n),
    };
    let split = views_in_two_parts(n, rows);
    let left = duckdb_left_columns(n);
    scope
        .with("TORUS", torus)
        .with("SUPERQUEENS", superqueens)
        .with("HOLED", holed)
        .with("N", n.into())
        .with("ROWS", rows.into())
        .with("RECT", (rows != n).into())
        .with("W", search_words(n, rows, torus != 0, superqueens != 0))
        // (The second part's search needs a queen after `placed`.)
        .with("CUT", placed_first(n).min(i64::from(n) - i64::from(split)))
        .with(
            "LAST_FROM",
            solution_last_queens_from(n, rows).map_or(0, i64::from),
        )
        .with("FIRST", FIRST_ROWS)
        .with("SPLIT", split.into())
        .with("CLASS_SPLIT", classes_in_two_parts(n).into())
        .with("PART", 0)
        .with("THIRD", 0)
        .with("AFTER", 0)
        .with("ORDERED", 1)
        .with("LEFT", i64::from(left))
        // whether each half of DuckDB's search starts with two columns
        // (an even number of them), so that the rest go two at a time
        .with("LEFT_PAIR", i64::from(left.is_multiple_of(2)))
        .with("RIGHT_PAIR", i64::from((n - left).is_multiple_of(2)))
        .with("ONES", hexadecimal_ones(n))
}

/// 0x11…1, a hexadecimal 1 for each of `n` queens (0 where that passes 64
/// bits): a path minus each digit from N + 1 is the mirror image's path.
fn hexadecimal_ones(n: u8) -> i64 {
    (0..u32::from(n))
        .try_fold(0i64, |ones, k| ones.checked_add(16i64.checked_pow(k)?))
        .unwrap_or(0)
}

/// How many first queens each part of a count by last_queens fixes on
/// an `n`×`n` board: two, or three from 14×14 on. A part that fixes three
/// leaves each of its columns fewer squares to read for every placement,
/// at the cost of about N times as many parts, each a statement and its
/// column tables (part_count_by_last_queens.sql): at 14×14 and 15×15 three
/// take a few hundredths less time, at 16×16 a tenth.
pub fn count_part_queens(n: u8) -> u8 {
    if n >= 14 { 3 } else { 2 }
}

/// The column where last_queens begins on an `n`×`n` board, if a count
/// reads it: from 10×10 on, it holds the last four columns, five from
/// 13×13 and four again from 21×21. A longer last_queens makes placed
/// shorter, but costs more to build, on one thread before the parts are
/// searched, and gives each lookup more rows to test. Measured with
/// placed reading each column whole (part_count_by_last_queens.sql):
/// four columns take a sixth less than five at 11×11 and a tenth less at
/// 12×12, a tenth more at 13×13; five beat four and six at 14×14 and
/// 15×15; from 21×21 four keep the table under a million rows
/// (docs/src/explanation/fast.md, "Counting: the last queens looked up").
/// Below 10×10 a count takes milliseconds either way.
pub fn last_queens_from(n: u8) -> Option<u8> {
    let columns = match n {
        0..=9 => return None,
        10..=12 | 21.. => 4,
        _ => 5,
    };
    Some(n + 1 - columns)
}
