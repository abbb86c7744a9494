//! The domain tables and facts derived from the board size.

use crate::common;

use common::Board;

promise!(fact_invariants_hold_for_many_sizes);
fn fact_invariants_hold_for_many_sizes() {
    for n in [1u8, 2, 3, 5, 8, 11, 12, 21, 22, 26] {
        let board = Board::new(n);
        let n64 = u64::from(n);
        assert_eq!(board.count("select n from board_size"), n64);
        assert_eq!(board.count("select count(*) from col_lbl"), n64, "n = {n}");
        assert_eq!(board.count("select count(*) from row_lbl"), n64, "n = {n}");
        assert_eq!(
            board.count("select count(*) from square"),
            n64 * n64,
            "n = {n}"
        );
        assert_eq!(
            board.count("select count(*) from line"),
            6 * n64 - 2,
            "n = {n}"
        );
        assert_eq!(
            board.count("select count(*) from square_line"),
            4 * n64 * n64,
            "n = {n}"
        );
        assert_eq!(
            board.count("select count(*) from line_set"),
            n64 * n64,
            "n = {n}"
        );
        assert_eq!(
            board.count("select count(*) from pragma_foreign_key_check"),
            0
        );
        assert_eq!(
            board.rows("pragma integrity_check"),
            vec![vec!["ok".to_string()]]
        );
    }
}

promise!(eight_by_eight_has_64_squares_46_lines_256_memberships);
fn eight_by_eight_has_64_squares_46_lines_256_memberships() {
    let board = Board::new(8);
    assert_eq!(board.count("select count(*) from square"), 64);
    assert_eq!(board.count("select count(*) from line"), 46);
    assert_eq!(board.count("select count(*) from square_line"), 256);
}

fn line_set_of(board: &Board, square: &str) -> Vec<Vec<String>> {
    board.rows(&format!(
        "select anchor, mov_dir from square_line where square = '{square}' order by mov_dir"
    ))
}

fn lines(pairs: &[(&str, &str)]) -> Vec<Vec<String>> {
    pairs
        .iter()
        .map(|(a, d)| vec![a.to_string(), d.to_string()])
        .collect()
}

promise!(line_sets_of_c5_and_f2_and_their_one_shared_line);
fn line_sets_of_c5_and_f2_and_their_one_shared_line() {
    let board = Board::new(8);
    assert_eq!(
        line_set_of(&board, "c5"),
        lines(&[
            ("a5", "RGHT"),
            ("a7", "RGHT-DN"),
            ("a3", "RGHT-UP"),
            ("c1", "UP")
        ])
    );
    assert_eq!(
        line_set_of(&board, "f2"),
        lines(&[
            ("a2", "RGHT"),
            ("a7", "RGHT-DN"),
            ("e1", "RGHT-UP"),
            ("f1", "UP")
        ])
    );
    let shared = board.rows(
        "select anchor, mov_dir from square_line where square = 'c5'
         intersect
         select anchor, mov_dir from square_line where square = 'f2'",
    );
    assert_eq!(shared, lines(&[("a7", "RGHT-DN")]));
}

promise!(every_line_is_a_walk_from_its_anchor);
fn every_line_is_a_walk_from_its_anchor() {
    let board = Board::new(8);
    // The a7 falling diagonal, and a corner line of one square.
    assert_eq!(
        board.rows(
            "select group_concat(square, ' ') from
               (select sl.square from square_line sl join square s using (square)
                where anchor = 'a7' and mov_dir = 'RGHT-DN' order by s.cl_no)"
        ),
        vec![vec!["a7 b6 c5 d4 e3 f2 g1".to_string()]]
    );
    assert_eq!(
        board.count("select count(*) from square_line where anchor = 'h1' and mov_dir = 'RGHT-UP'"),
        1
    );
    // No anchor has a square before it in its own direction.
    assert_eq!(
        board.count(
            "select count(*) from line l join square a on a.square = l.anchor
             join mov_dir d using (mov_dir)
             join square p on p.cl_no = a.cl_no - d.d_cl and p.rw_no = a.rw_no - d.d_rw"
        ),
        0
    );
}

promise!(line_set_bitsets_agree_with_square_line_on_every_pair);
fn line_set_bitsets_agree_with_square_line_on_every_pair() {
    // Two squares share a line by square_line exactly when their bitsets meet.
    for n in [4u8, 8, 11, 12, 22, 26] {
        let board = Board::new(n);
        let disagreements = board.count(
            "select count(*) from line_set a, line_set b
             where ((a.w0 & b.w0) <> 0 or (a.w1 & b.w1) <> 0 or (a.w2 & b.w2) <> 0)
                <> exists (select anchor, mov_dir from square_line where square = a.square
                           intersect
                           select anchor, mov_dir from square_line where square = b.square)",
        );
        assert_eq!(disagreements, 0, "n = {n}");
    }
}

promise!(safe_next_holds_exactly_the_unattacked_squares_of_the_next_column);
fn safe_next_holds_exactly_the_unattacked_squares_of_the_next_column() {
    for n in [1u8, 2, 4, 8, 13, 26] {
        let board = Board::new(n);
        let n64 = u64::from(n);
        // Of the next column, a queen attacks its own row and the two beside it.
        let expected = (n64 - 1) * (n64.saturating_sub(1)) * n64.saturating_sub(2);
        assert_eq!(
            board.count("select count(*) from safe_next"),
            expected,
            "n = {n}"
        );
        // The same pairs as the bitsets say, and each row's words are its square's.
        let disagreements = board.count(
            "select count(*) from (
               select b.cl_no, a.rw_no, b.rw_no, b.square, b.w0, b.w1, b.w2
               from line_set a join line_set b on b.cl_no = a.cl_no + 1
               where (a.w0 & b.w0) = 0 and (a.w1 & b.w1) = 0 and (a.w2 & b.w2) = 0
               except
               select cl_no, prev_rw_no, rw_no, square, w0, w1, w2 from safe_next)",
        );
        assert_eq!(disagreements, 0, "n = {n}");
    }
}

promise!(constraints_refuse_facts_that_break_the_model);
fn constraints_refuse_facts_that_break_the_model() {
    let board = Board::new(4);
    let conn = rusqlite::Connection::open(&board.db).unwrap();
    conn.pragma_update(None, "foreign_keys", true).unwrap();
    for bad in [
        "insert into board_size (n) values (5)",
        "update board_size set n = 27",
        "insert into col_lbl (cl, cl_no) values ('q', 5)",
        "insert into square (square, cl, rw, cl_no, rw_no) values ('e1', 'e', '1', 5, 1)",
        "insert into square_line (square, anchor, mov_dir) values ('b2', 'a1', 'UP')",
        "insert into square_line (square, anchor, mov_dir) values ('a1', 'a1', 'SIDEWAYS')",
        "insert into mov_dir (mov_dir, d_cl, d_rw) values ('STAY', 0, 0)",
    ] {
        assert!(conn.execute_batch(bad).is_err(), "accepted: {bad}");
    }
}

promise!(every_line_two_queens_could_share_is_numbered_first);
/// The solution view tests only the words holding the lines two of its
/// queens could share: those must be numbered before the columns and the
/// corners' one-square diagonals.
fn every_line_two_queens_could_share_is_numbered_first() {
    for n in [2u8, 8, 12, 13, 14, 15, 26] {
        let board = Board::new(n);
        let shared = 5 * u32::from(n) - 6;
        let corners = [
            "a1",
            &format!("a{n}"),
            &format!("{}1", (b'a' + n - 1) as char),
            &format!("{}{n}", (b'a' + n - 1) as char),
        ];
        for row in board.rows("select square, w0, w1, w2 from line_set") {
            let words: Vec<u64> = row[1..]
                .iter()
                .map(|w| w.parse::<i64>().unwrap() as u64)
                .collect();
            let bit = |i: u32| words[(i / 64) as usize] >> (i % 64) & 1 == 1;
            let low = (0..shared).filter(|&i| bit(i)).count();
            let high = (shared..6 * u32::from(n) - 2).filter(|&i| bit(i)).count();
            // Every square's column comes last; a corner's one-square
            // diagonal too.
            let expected = if corners.contains(&row[0].as_str()) {
                (2, 2)
            } else {
                (3, 1)
            };
            assert_eq!((low, high), expected, "n = {n}: {row:?}");
        }
    }
}
