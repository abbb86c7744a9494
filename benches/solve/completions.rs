//! The `completions` section: `queens complete` against relational
//! division in one query.

use std::path::Path;

use crate::common::{board, ms, ratio, read_only, run_queens, time_rows};

/// The completions of c8 (queen 3 on row 8) two ways: relational division
/// over numbered_solution in one query on one core, as `complete` asks it
/// up to 12×12 (sql/queries/completion.sql, its SQLite text with the
/// square bound), and `queens complete` as a whole process, which from
/// 13×13 lists every solution on all cores and keeps those with c8.
pub fn completion_figures(dir: &Path, sizes: &[u8]) {
    println!();
    println!("completions of c8: one query (division) against queens complete (ms):");
    println!(
        "{:>4} {:>8} {:>12} {:>16} {:>7}",
        "N", "found", "division", "queens complete", "ratio"
    );
    let division = "with given (square) as (select distinct value from json_each('[\"c8\"]')), \
        containing (solution_no) as (select q.solution_no from solution_queen as q \
        join given as g on g.square = q.square group by q.solution_no \
        having count(*) = (select count(*) from given)) \
        select n.* from numbered_solution as n \
        join containing as c on c.solution_no = n.solution_no order by n.solution_no";
    for &n in sizes {
        let path = board(dir, n);
        let conn = read_only(&path);
        let (by_division, found) = time_rows(&conn, division);
        let db = path.to_str().unwrap();
        let size = n.to_string();
        let args = [
            "complete", "c8", "--quiet", "--format", "csv", "--db", db, "--size", &size,
        ];
        let by_listing = (0..3).map(|_| run_queens(&args)).min().unwrap();
        println!(
            "{n:>4} {found:>8} {:>12} {:>16} {:>7}",
            ms(by_division),
            ms(by_listing),
            ratio(by_division, by_listing)
        );
    }
}
