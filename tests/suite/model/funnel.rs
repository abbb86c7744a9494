//! The search funnel (`search_funnel`): how many placements of queens in
//! columns 1 … k each rule lets through, held against the native checker
//! (backtracking, and a count over sets of rows) and the published tables:
//! OEIS A319284 (the nodes at each depth of the search tree) and A002464
//! (the candidates of the whole board).

use crate::common;

use common::Board;
use queens::checker;

/// The view's rows, as (k, by_candidate_rule, by_placement_rule).
fn funnel(board: &Board) -> Vec<(i64, i64, i64)> {
    let conn = rusqlite::Connection::open(&board.db).unwrap();
    let mut stmt = conn.prepare("select * from search_funnel").unwrap();
    stmt.query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap()
}

promise!(each_column_s_count_is_the_checker_s_up_to_12_by_12);
fn each_column_s_count_is_the_checker_s_up_to_12_by_12() {
    // A002464(N) for N = 1 … 12: the candidates of the whole board.
    let a002464 = [
        1, 0, 0, 2, 14, 90, 646, 5242, 47622, 479306, 5296790, 63779034,
    ];
    for n in 1..=12u8 {
        let board = Board::new(n);
        let rows = funnel(&board);
        let placements = checker::placements_per_column(n);
        let candidates = checker::candidates_per_column(n);
        let expected: Vec<(i64, i64, i64)> = (0..=usize::from(n))
            .map(|k| (k as i64, candidates[k] as i64, placements[k] as i64))
            .collect();
        assert_eq!(rows, expected, "{n}×{n}");
        assert_eq!(
            rows.last().unwrap().1,
            a002464[usize::from(n) - 1],
            "{n}×{n}"
        );
        assert_eq!(
            rows.last().unwrap().2 as u64,
            checker::count_solutions(n),
            "{n}×{n}"
        );
    }
}

promise!(the_placement_column_is_oeis_a319284);
fn the_placement_column_is_oeis_a319284() {
    for (i, row) in common::A319284.iter().enumerate() {
        let n = i as u8 + 1;
        let board = Board::new(n);
        let column: Vec<u64> = funnel(&board).iter().map(|r| r.2 as u64).collect();
        assert_eq!(&column, row, "{n}×{n}");
        let native = checker::placements_per_column(n);
        assert_eq!(&native, row, "the checker, {n}×{n}");
    }
}
