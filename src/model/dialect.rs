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

/// Session settings that make PostgreSQL keep the written join order, as
/// `cross join` does in SQLite.
pub const POSTGRES_SESSION: &str = "set join_collapse_limit = 1; set from_collapse_limit = 1;";

/// SQL for PostgreSQL, and the names of its parameters in the order of
/// their numbers (`$1` is the first name).
pub fn postgres(sql: &str) -> (String, Vec<String>) {
    let sql = sql.replace(") without rowid;", ");");
    let sql = cross_join_with_on_to_join(&sql);
    let sql = json_each_to_postgres(&sql);
    number_parameters(&sql)
}

/// `cross join t as q  -- …\n  on …` becomes `join t as q  -- …\n  on …`;
/// a `cross join` without `on` stays as it is.
fn cross_join_with_on_to_join(sql: &str) -> String {
    let lines: Vec<&str> = sql.lines().collect();
    let mut out = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        let followed_by_on = lines
            .get(i + 1)
            .is_some_and(|next| next.trim_start().starts_with("on "));
        if followed_by_on && line.trim_start().starts_with("cross join ") {
            out.push(line.replacen("cross join ", "join ", 1));
        } else {
            out.push(line.to_string());
        }
    }
    let mut joined = out.join("\n");
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
    }
}
