//! The whole database as SQL text: `sqlite3 new.db < dump.sql` rebuilds it,
//! tables, rows, indexes, triggers, views and schema version.

use std::io::Write;

use anyhow::Result;
use rusqlite::Connection;
use rusqlite::types::ValueRef;

/// Writes every object of the main database (the project's and any other)
/// in an order that rebuilds it: tables with their rows, then indexes and
/// triggers, then views in the order they were made, all in one transaction.
pub fn write_dump(conn: &Connection, out: &mut dyn Write) -> Result<()> {
    let version: i64 = conn.query_row("pragma user_version", [], |row| row.get(0))?;
    writeln!(
        out,
        "-- A queens database: run `sqlite3 new.db < this-file` to rebuild it."
    )?;
    writeln!(out, "PRAGMA foreign_keys = OFF;")?;
    writeln!(out, "BEGIN TRANSACTION;")?;
    for (name, sql) in schema_objects(conn, "table")? {
        writeln!(out, "{sql};")?;
        write_rows(conn, &name, out)?;
    }
    for kind in ["index", "trigger", "view"] {
        for (_, sql) in schema_objects(conn, kind)? {
            writeln!(out, "{sql};")?;
        }
    }
    writeln!(out, "PRAGMA user_version = {version};")?;
    writeln!(out, "COMMIT;")?;
    out.flush()?;
    Ok(())
}

/// Name and `create` statement of each object of one kind, oldest first;
/// SQLite's own tables and automatic indexes (which have no SQL) are left out.
fn schema_objects(conn: &Connection, kind: &str) -> Result<Vec<(String, String)>> {
    let mut stmt = conn.prepare(
        "select name, sql from sqlite_schema
         where type = ?1 and sql is not null and name not like 'sqlite\\_%' escape '\\'
         order by rowid",
    )?;
    let rows = stmt.query_map([kind], |row| Ok((row.get(0)?, row.get(1)?)))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

fn write_rows(conn: &Connection, table: &str, out: &mut dyn Write) -> Result<()> {
    let quoted = quote_identifier(table);
    let mut stmt = conn.prepare(&format!("select * from {quoted}"))?;
    let columns = stmt.column_count();
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let values = (0..columns)
            .map(|i| row.get_ref(i).map(sql_literal))
            .collect::<rusqlite::Result<Vec<_>>>()?;
        writeln!(out, "INSERT INTO {quoted} VALUES({});", values.join(","))?;
    }
    Ok(())
}

fn quote_identifier(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// A value written so that SQLite reads back the same value and type.
fn sql_literal(value: ValueRef<'_>) -> String {
    match value {
        ValueRef::Null => "NULL".to_string(),
        ValueRef::Integer(i) => i.to_string(),
        ValueRef::Real(f) if f.is_nan() => "NULL".to_string(),
        ValueRef::Real(f) if f.is_infinite() => {
            if f > 0.0 { "9e999" } else { "-9e999" }.to_string()
        }
        // Debug prints the shortest text that reads back as the same f64,
        // always with a point or an exponent, so it stays a real.
        ValueRef::Real(f) => format!("{f:?}"),
        ValueRef::Text(t) => format!("'{}'", String::from_utf8_lossy(t).replace('\'', "''")),
        ValueRef::Blob(b) => {
            let hex: String = b.iter().map(|byte| format!("{byte:02x}")).collect();
            format!("X'{hex}'")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_keep_value_and_type() {
        assert_eq!(sql_literal(ValueRef::Text(b"it's")), "'it''s'");
        assert_eq!(sql_literal(ValueRef::Real(1.0)), "1.0");
        assert_eq!(sql_literal(ValueRef::Real(1e300)), "1e300");
        assert_eq!(sql_literal(ValueRef::Blob(&[0, 255])), "X'00ff'");
        assert_eq!(sql_literal(ValueRef::Integer(-3)), "-3");
    }

    #[test]
    fn a_dump_rebuilds_the_same_database() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "create table t (a integer primary key, b text, c real, d blob);
             insert into t values (1, 'x''y', 2.5, x'01'), (2, null, 1e300, null);
             create index t_b on t (b);
             create view v as select a, b from t;
             pragma user_version = 7;",
        )
        .unwrap();
        let mut text = Vec::new();
        write_dump(&conn, &mut text).unwrap();
        let copy = Connection::open_in_memory().unwrap();
        copy.execute_batch(std::str::from_utf8(&text).unwrap())
            .unwrap();
        let read = |c: &Connection| -> Vec<String> {
            let mut stmt = c
                .prepare("select quote(a), quote(b), quote(c), quote(d) from t")
                .unwrap();
            stmt.query_map([], |r| {
                Ok((0..4)
                    .map(|i| r.get::<_, String>(i).unwrap())
                    .collect::<Vec<_>>()
                    .join(" "))
            })
            .unwrap()
            .map(Result::unwrap)
            .collect()
        };
        assert_eq!(read(&copy), read(&conn));
        let version: i64 = copy
            .query_row("pragma user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(version, 7);
        let views: i64 = copy
            .query_row(
                "select count(*) from sqlite_schema where name in ('v', 't_b')",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(views, 2);
    }
}
