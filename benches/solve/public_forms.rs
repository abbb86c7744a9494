//! The strongest public SQL forms of the N-Queens search, which the
//! sections time the views against.

use rusqlite::Connection;

/// The self-join of a one-column table k of 1 … N, written as its
/// strongest public form is: one copy of k per column, joined in column
/// order, and the conditions of each column (a row of its own, off every
/// earlier queen's diagonals) grouped after the previous column's.
pub fn column_grouped_self_join(n: u8) -> String {
    let columns: Vec<String> = (1..=n).map(|k| format!("q{k}.z")).collect();
    let tables: Vec<String> = (1..=n).map(|k| format!("k as q{k}")).collect();
    let mut conditions = Vec::new();
    for k in 2..=n {
        let rows: Vec<String> = (1..k).map(|j| format!("q{k}.z <> q{j}.z")).collect();
        conditions.push(format!("({})", rows.join(" and ")));
        for j in 1..k {
            conditions.push(format!("(q{k}.z - q{j}.z) not in (-{0}, {0})", k - j));
        }
    }
    format!(
        "select {} from {} where {}",
        columns.join(", "),
        tables.join(" cross join "),
        conditions.join(" and ")
    )
}

/// The bitmask recursive CTE, the strongest public recursive form: one
/// queen a step, the rows and both diagonals taken as bitmasks (the
/// diagonal masks shifted one place a column), the rows placed as
/// hexadecimal digits of path.
pub fn bitmask_cte(n: u8, postgres: bool) -> String {
    let (zero, one) = if postgres {
        ("0::bigint", "1::bigint")
    } else {
        ("0", "1")
    };
    format!(
        "with recursive p (k, cols, d1, d2, path) as (
             select 0, {zero}, {zero}, {zero}, {zero}
             union all
             select p.k + 1, p.cols | ({one} << r.z), (p.d1 | ({one} << r.z)) << 1,
                    (p.d2 | ({one} << r.z)) >> 1, p.path * 16 + r.z
             from p cross join k as r
             where p.k < {n} and ((p.cols | p.d1 | p.d2) & ({one} << r.z)) = 0
         )
         select path from p where k = {n}"
    )
}

/// A connection with the table k(z) = 1…n that the public forms join.
pub fn baseline_connection(n: u8) -> Connection {
    let conn = Connection::open_in_memory().unwrap();
    conn.execute_batch(&format!(
        "create table k (z integer primary key);
         insert into k with recursive c(i) as (select 1 union all select i + 1 from c where i < {n})
         select i from c;"
    ))
    .unwrap();
    conn
}

/// The bitmask recursive CTE as it counts on DuckDB: `bitmask_cte` without
/// the path, which a count does not need (the strongest form, for the
/// count).
pub fn bitmask_count(n: u8) -> String {
    format!(
        "with recursive p (k, cols, d1, d2) as (
             select 0, 0::bigint, 0::bigint, 0::bigint
             union all
             select p.k + 1, p.cols | (1::bigint << r.z), (p.d1 | (1::bigint << r.z)) << 1,
                    (p.d2 | (1::bigint << r.z)) >> 1
             from p cross join k as r
             where p.k < {n} and ((p.cols | p.d1 | p.d2) & (1::bigint << r.z)) = 0
         )
         select count(*) from p where k = {n}"
    )
}
