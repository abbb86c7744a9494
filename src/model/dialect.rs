//! Where SQLite and PostgreSQL differ. The SQL in `migrations/` and `sql/`
//! is written for SQLite in forms both databases read alike; this module
//! rewrites the few that differ, and nothing else anywhere does.
//!
//! | SQLite (as written) | PostgreSQL |
//! | --- | --- |
//! | `create table … ) without rowid;` (a clustered key) | `create table … );` |
//! | `cross join t as q … on …` (SQLite: keep this join order) | `join t as q … on …`, with `join_collapse_limit = 1` on the session |
//! | `json_each(:p)` (a JSON array as rows of `value`) | `json_array_elements_text(cast(cast($n as text) as json)) as json_item (value)` |
//! | named parameters `:p` | numbered parameters `$1`, `$2`, … |
//! | `order by …` just before `limit 9223372036854775807` (a step of the search handed on in order) | no `order by` there: PostgreSQL sorts the whole result at the end anyway, and sorting each step only cost time (12×12: 1.98 s against 1.54 s) |

/// Session settings that make PostgreSQL keep the written join order, as
/// `cross join` does in SQLite.
///
/// And settings that make it join each column's squares by hash (safe_next
/// is small, so each column's hash table is built once and probed for
/// every placement) rather than restart an index scan for every placement,
/// which is what nested loops do: measured on PostgreSQL 15, 8×8 … 12×12,
/// this took `select * from solution` from 3.2, 13, 92, 320, 2,790 ms to
/// 2.0, 5.4, 26, 186, 1,469 ms (BENCHMARKS.md).
///
/// And no JIT compilation: the search's many small join conditions took
/// LLVM far longer to compile than they take to run (the 12×12 count on a
/// Citus cluster: 32.7 s with JIT, 0.17 s without).
pub const POSTGRES_SESSION: &str = "set join_collapse_limit = 1; set from_collapse_limit = 1; \
                                    set enable_nestloop = off; set enable_mergejoin = off; \
                                    set jit = off;";

/// The limit that keeps a step of the search from being merged into the
/// query around it (see sql/views/3-solution.sql).
const STEP_FENCE: &str = "limit 9223372036854775807";

/// SQL for PostgreSQL, and the names of its parameters in the order of
/// their numbers (`$1` is the first name).
pub fn postgres(sql: &str) -> (String, Vec<String>) {
    let sql = sql.replace(") without rowid;", ");");
    let sql = cross_join_with_on_to_join(&sql);
    let sql = unsorted_steps(&sql);
    let sql = json_each_to_postgres(&sql);
    number_parameters(&sql)
}

/// `cross join t as q  -- …\n  on …` becomes `join t as q  -- …\n  on …`;
/// a `cross join` without `on` stays as it is.
fn cross_join_with_on_to_join(sql: &str) -> String {
    rewrite_lines(sql, |line, next| {
        let followed_by_on = next.is_some_and(|next| next.trim_start().starts_with("on "));
        if followed_by_on && line.trim_start().starts_with("cross join ") {
            Some(line.replacen("cross join ", "join ", 1))
        } else {
            Some(line.to_string())
        }
    })
}

/// Drops the `order by` line just before each step's fence.
fn unsorted_steps(sql: &str) -> String {
    rewrite_lines(sql, |line, next| {
        let sorts_a_step = line.trim_start().starts_with("order by ")
            && next.is_some_and(|next| next.trim() == STEP_FENCE);
        (!sorts_a_step).then(|| line.to_string())
    })
}

/// `sql` with each line replaced by what `rewrite` makes of it, given the
/// line after it (none: the line is dropped); a final newline is kept.
fn rewrite_lines(sql: &str, rewrite: impl Fn(&str, Option<&str>) -> Option<String>) -> String {
    let lines: Vec<&str> = sql.lines().collect();
    let kept: Vec<String> = lines
        .iter()
        .enumerate()
        .filter_map(|(i, line)| rewrite(line, lines.get(i + 1).copied()))
        .collect();
    let mut joined = kept.join("\n");
    if sql.ends_with('\n') {
        joined.push('\n');
    }
    joined
}

fn json_each_to_postgres(sql: &str) -> String {
    let mut out = String::new();
    let mut rest = sql;
    while let Some(start) = rest.find("json_each(") {
        out.push_str(&rest[..start]);
        let after = &rest[start + "json_each(".len()..];
        let end = after.find(')').unwrap_or(after.len());
        let argument = &after[..end];
        out.push_str(&format!(
            "json_array_elements_text(cast(cast({argument} as text) as json)) as json_item (value)"
        ));
        rest = &after[(end + 1).min(after.len())..];
    }
    out.push_str(rest);
    out
}

/// `:name` becomes `$k`, the same number for every use of one name. Text in
/// quotes and comments is left alone (`'a:b'`, `-- note: …`).
fn number_parameters(sql: &str) -> (String, Vec<String>) {
    let mut names: Vec<String> = Vec::new();
    let mut out = String::new();
    let chars: Vec<char> = sql.chars().collect();
    let mut i = 0;
    let (mut in_quote, mut in_comment) = (false, false);
    while i < chars.len() {
        let c = chars[i];
        if in_comment {
            in_comment = c != '\n';
        } else if in_quote {
            in_quote = c != '\'';
        } else if c == '\'' {
            in_quote = true;
        } else if c == '-' && chars.get(i + 1) == Some(&'-') {
            in_comment = true;
        } else if c == ':' && chars.get(i + 1).is_some_and(|n| n.is_ascii_alphabetic()) {
            let start = i + 1;
            let mut end = start;
            while end < chars.len() && (chars[end].is_ascii_alphanumeric() || chars[end] == '_') {
                end += 1;
            }
            let name: String = chars[start..end].iter().collect();
            let number = match names.iter().position(|n| *n == name) {
                Some(k) => k + 1,
                None => {
                    names.push(name);
                    names.len()
                }
            };
            out.push_str(&format!("${number}"));
            i = end;
            continue;
        }
        out.push(c);
        i += 1;
    }
    (out, names)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn postgres_text(sql: &str) -> String {
        postgres(sql).0
    }

    #[test]
    fn rewrites_only_what_differs() {
        let sqlite = "create table t (a integer primary key) without rowid;\n\
                      select * from json_each(:squares) where x = :k and y = :squares -- not :this\n\
                      and z = 'a:b'\n\
                      from line_set as q1\n\
                      cross join safe_next as q2     -- queen 2\n  on q2.cl_no = 2\n\
                      cross join board_size as b\n";
        let (postgres, names) = postgres(sqlite);
        assert_eq!(names, ["squares", "k"]);
        assert!(postgres.contains("create table t (a integer primary key);"));
        assert!(postgres.contains(
            "json_array_elements_text(cast(cast($1 as text) as json)) as json_item (value) where x = $2 and y = $1 -- not :this"
        ));
        assert!(postgres.contains("'a:b'"));
        assert!(postgres.contains("\njoin safe_next as q2     -- queen 2\n  on q2.cl_no = 2"));
        assert!(postgres.contains("\ncross join board_size as b\n"));
        let step = "select * from (\n  select a from t\n  order by a\n  limit 9223372036854775807\n) as p\norder by p.a\n";
        assert_eq!(
            postgres_text(step),
            "select * from (\n  select a from t\n  limit 9223372036854775807\n) as p\norder by p.a\n"
        );
    }
}
