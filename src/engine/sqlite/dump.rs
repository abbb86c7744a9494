//! The whole database as SQL text: `sqlite3 new.db < dump.sql` rebuilds it,
//! tables, rows (with their rowids), indexes, triggers, views, the
//! AUTOINCREMENT counters and ANALYZE's statistics, and the pragmas the file
//! carries (encoding, application_id, user_version), value for value and
//! type for type.

use std::io::Write;

use anyhow::{Result, bail};
use rusqlite::Connection;
use rusqlite::types::ValueRef;

use crate::model::template::Dialect;
use crate::model::template::quoted_identifier;

use crate::error::usage;
use crate::model::hex::hex;

/// The text encoding of the file, as `pragma encoding` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Encoding {
    Utf8,
    Utf16le,
    Utf16be,
}

/// Writes every object of the main database (the project's and any other)
/// in an order that rebuilds it: tables with their rows, then indexes and
/// triggers, then views in the order they were made, all in one transaction.
/// What SQL text cannot carry is refused before anything is written.
pub fn write_dump(conn: &Connection, out: &mut dyn Write) -> Result<()> {
    refuse_what_cannot_be_carried(conn)?;
    let version: i64 = conn.query_row("pragma user_version", [], |row| row.get(0))?;
    let application_id: i64 = conn.query_row("pragma application_id", [], |row| row.get(0))?;
    let encoding = encoding(conn)?;
    writeln!(
        out,
        "-- A queens database: run `sqlite3 new.db < this-file` to rebuild it."
    )?;
    // The encoding can only be set before the first table is made.
    match encoding {
        Encoding::Utf8 => {}
        Encoding::Utf16le => writeln!(out, "PRAGMA encoding = 'UTF-16le';")?,
        Encoding::Utf16be => writeln!(out, "PRAGMA encoding = 'UTF-16be';")?,
    }
    writeln!(out, "PRAGMA foreign_keys = OFF;")?;
    writeln!(out, "BEGIN TRANSACTION;")?;
    for (name, sql) in schema_objects(conn, "table")? {
        writeln!(out, "{sql};")?;
        write_rows(conn, &name, encoding, out)?;
    }
    write_internal_rows(conn, encoding, out)?;
    for kind in ["index", "trigger", "view"] {
        for (_, sql) in schema_objects(conn, kind)? {
            writeln!(out, "{sql};")?;
        }
    }
    writeln!(out, "PRAGMA application_id = {application_id};")?;
    writeln!(out, "PRAGMA user_version = {version};")?;
    writeln!(out, "COMMIT;")?;
    out.flush()?;
    Ok(())
}

fn encoding(conn: &Connection) -> Result<Encoding> {
    let name: String = conn.query_row("pragma encoding", [], |row| row.get(0))?;
    Ok(match name.to_ascii_uppercase().as_str() {
        "UTF-16LE" => Encoding::Utf16le,
        "UTF-16BE" => Encoding::Utf16be,
        _ => Encoding::Utf8,
    })
}

/// Virtual tables (their rows live in shadow tables a `create` would make
/// anew, or outside the file) and SQLite's tables other than the
/// AUTOINCREMENT counters and ANALYZE's statistics have no SQL that
/// rebuilds them: refused by name, before a line is written.
fn refuse_what_cannot_be_carried(conn: &Connection) -> Result<()> {
    let mut stmt = conn.prepare(
        "select name, case when sql like 'create virtual table%' then 'virtual table'
                           else 'SQLite table' end
         from sqlite_schema
         where type = 'table'
           and (sql like 'create virtual table%'
                or (name like 'sqlite\\_%' escape '\\'
                    and name not in ('sqlite_sequence', 'sqlite_stat1', 'sqlite_stat4')))
         order by rowid
         limit 1",
    )?;
    let found: Option<(String, String)> = stmt
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
        .next()
        .transpose()?;
    if let Some((name, kind)) = found {
        return Err(usage(format!(
            "export --format sql cannot carry {kind} {name} (SQL text cannot rebuild it); \
             copy the file itself instead (sqlite3 FILE '.backup COPY')"
        )));
    }
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

/// The AUTOINCREMENT counters and ANALYZE's statistics, where the file has
/// them: `ANALYZE sqlite_schema` makes an empty sqlite_stat1 to fill.
/// ANALYZE's samples (sqlite_stat4) are statistics the stock sqlite3 shell
/// cannot load (it is built without them), so the text says they are left
/// out and how to make them again.
fn write_internal_rows(conn: &Connection, encoding: Encoding, out: &mut dyn Write) -> Result<()> {
    let present = |name: &str| -> Result<bool> {
        Ok(conn.query_row(
            "select count(*) from sqlite_schema where type = 'table' and name = ?1",
            [name],
            |row| row.get::<_, i64>(0),
        )? > 0)
    };
    if present("sqlite_sequence")? {
        writeln!(out, "DELETE FROM sqlite_sequence;")?;
        write_rows(conn, "sqlite_sequence", encoding, out)?;
    }
    if present("sqlite_stat1")? {
        writeln!(out, "ANALYZE sqlite_schema;")?;
        writeln!(out, "DELETE FROM sqlite_stat1;")?;
        write_rows(conn, "sqlite_stat1", encoding, out)?;
    }
    if present("sqlite_stat4")? {
        writeln!(
            out,
            "-- ANALYZE's samples (sqlite_stat4) are left out: run ANALYZE in the copy."
        )?;
    }
    Ok(())
}

/// The columns an INSERT gives a value (generated ones are computed
/// again), with the rowid first where the table has one that no column
/// names, so that rows keep their rowids.
fn inserted_columns(conn: &Connection, table: &str) -> Result<Vec<String>> {
    let mut stmt = conn.prepare("select name, hidden from pragma_table_xinfo(?1) order by cid")?;
    let columns: Vec<(String, i64)> = stmt
        .query_map([table], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let without_rowid: bool = conn.query_row(
        "select count(*) from pragma_table_list where schema = 'main' and name = ?1 and wr",
        [table],
        |row| row.get::<_, i64>(0).map(|n| n > 0),
    )?;
    let mut names: Vec<String> = columns
        .iter()
        .filter(|(_, hidden)| *hidden == 0)
        .map(|(name, _)| quoted_identifier(name))
        .collect();
    let taken = |alias: &&str| {
        columns
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case(alias))
    };
    if !without_rowid && let Some(alias) = ["rowid", "_rowid_", "oid"].iter().find(|a| !taken(a)) {
        names.insert(0, alias.to_string());
    }
    Ok(names)
}

fn write_rows(
    conn: &Connection,
    table: &str,
    encoding: Encoding,
    out: &mut dyn Write,
) -> Result<()> {
    let quoted = quoted_identifier(table);
    let columns = inserted_columns(conn, table)?;
    let rows = crate::model::schema::table_rows(&quoted, &columns, Dialect::Sqlite)?;
    let mut stmt = conn.prepare(&rows)?;
    let width = stmt.column_count();
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let mut values = Vec::with_capacity(width);
        for i in 0..width {
            values.push(sql_literal(row.get_ref(i)?, encoding).map_err(|e| {
                usage(format!(
                    "export --format sql cannot carry a value of table {table}: {e}"
                ))
            })?);
        }
        writeln!(
            out,
            "INSERT INTO {quoted}({}) VALUES({});",
            columns.join(","),
            values.join(",")
        )?;
    }
    Ok(())
}

/// A value written so that SQLite reads back the same value and type.
fn sql_literal(value: ValueRef<'_>, encoding: Encoding) -> Result<String> {
    Ok(match value {
        ValueRef::Null => "NULL".to_string(),
        ValueRef::Integer(i) => i.to_string(),
        ValueRef::Real(f) if f.is_nan() => "NULL".to_string(),
        ValueRef::Real(f) if f.is_infinite() => {
            if f > 0.0 { "9e999" } else { "-9e999" }.to_string()
        }
        // Debug prints the shortest text that reads back as the same f64,
        // always with a point or an exponent, so it stays a real.
        ValueRef::Real(f) => format!("{f:?}"),
        ValueRef::Text(t) => text_literal(t, encoding)?,
        ValueRef::Blob(b) => format!("X'{}'", hex(b)),
    })
}

/// Text as a quoted string where it is UTF-8 without NUL; otherwise its
/// bytes in the file's encoding cast to text, which SQLite keeps byte for
/// byte (a quoted string would end at the NUL, and the shell would read
/// invalid UTF-8 as U+FFFD).
fn text_literal(text: &[u8], encoding: Encoding) -> Result<String> {
    match std::str::from_utf8(text) {
        Ok(plain) if !plain.contains('\0') => Ok(format!("'{}'", plain.replace('\'', "''"))),
        Ok(plain) => {
            let bytes: Vec<u8> = match encoding {
                Encoding::Utf8 => text.to_vec(),
                Encoding::Utf16le => plain.encode_utf16().flat_map(u16::to_le_bytes).collect(),
                Encoding::Utf16be => plain.encode_utf16().flat_map(u16::to_be_bytes).collect(),
            };
            Ok(format!("CAST(X'{}' AS TEXT)", hex(&bytes)))
        }
        Err(_) if encoding == Encoding::Utf8 => Ok(format!("CAST(X'{}' AS TEXT)", hex(text))),
        Err(_) => bail!("text that is not valid UTF-16 in this UTF-16 file"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_keep_value_and_type() {
        assert_eq!(
            sql_literal(ValueRef::Text(b"it's"), Encoding::Utf8).unwrap(),
            "'it''s'"
        );
        assert_eq!(
            sql_literal(ValueRef::Real(1.0), Encoding::Utf8).unwrap(),
            "1.0"
        );
        assert_eq!(
            sql_literal(ValueRef::Real(1e300), Encoding::Utf8).unwrap(),
            "1e300"
        );
        assert_eq!(
            sql_literal(ValueRef::Blob(&[0, 255]), Encoding::Utf8).unwrap(),
            "X'00ff'"
        );
        assert_eq!(
            sql_literal(ValueRef::Integer(-3), Encoding::Utf8).unwrap(),
            "-3"
        );
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
