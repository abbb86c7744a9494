//! The `mirror` section: the view against PostgreSQL's mirror form written
//! for SQLite.

use crate::common::{board, ms, ratio, read_only, time_rows};

/// The PostgreSQL form of the view (half the board, breadth-first, and the
/// mirror images) written for SQLite, against the view SQLite has: the
/// symmetry halves the search, but its rows can only be given in board
/// order after a sort of them all.
fn mirror_on_sqlite(n: u8) -> String {
    let ones: u64 = (0..n).map(|i| 1u64 << (4 * u32::from(i))).sum();
    let squares: Vec<String> = (1..=n)
        .map(|k| {
            format!(
                "'{}' || (path >> {} & 15)",
                (b'a' + k - 1) as char,
                4 * (n - k)
            )
        })
        .collect();
    format!(
        "with recursive placed (k, r, u0, path) as (
             select 1, q.rw_no, q.w0, q.rw_no from line_set as q
             where q.cl_no = 1 and 2 * q.rw_no <= {n1}
             union all
             select p.k + 1, s.rw_no, p.u0 | s.w0, p.path * 16 + s.rw_no
             from placed as p join safe_next as s on s.cl_no = p.k + 1 and s.prev_rw_no = p.r
             where p.k < {n} and s.w0 & p.u0 = 0
               and not (p.k = 1 and 2 * p.r = {n1} and 2 * s.rw_no > {n1})
         ),
         half (path) as (select path from placed where k = {n}),
         every (path) as (select path from half union all select {mirror} - path from half)
         select {} from every order by path",
        squares.join(", "),
        n1 = n + 1,
        mirror = ones * u64::from(n + 1),
    )
}

pub fn mirror_figures(sizes: &[u8]) {
    println!();
    println!("SQLite: the view against the mirror form PostgreSQL uses (every row, one thread):");
    println!("{:>3} {:>10} {:>10} {:>8}", "N", "view", "mirror", "ratio");
    let dir = tempfile::TempDir::new().unwrap();
    for &n in sizes.iter().filter(|&&n| n <= 14) {
        let conn = read_only(&board(dir.path(), n));
        let (view, rows) = time_rows(&conn, "select * from solution");
        let (mirror, mirror_rows) = time_rows(&conn, &mirror_on_sqlite(n));
        assert_eq!(rows, mirror_rows);
        println!(
            "{n:>3} {:>10} {:>10} {:>8}",
            ms(view),
            ms(mirror),
            ratio(mirror, view)
        );
    }
}
