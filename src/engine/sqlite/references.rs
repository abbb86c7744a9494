//! The rows that break a foreign key, each told from every other, so that
//! a change to queens' tables can refuse to break a row of the user's that
//! was whole before (a row broken already is not the change's doing).
//! Both building a new file (`open`) and changing one (`change`) check.

use std::collections::BTreeSet;

use anyhow::{Result, bail};
use rusqlite::Connection;

use crate::model::schema::{self, own_names};
use crate::model::template::{Dialect, Scope, quoted_identifier};

/// One row that breaks a foreign key: its table, the row (`the row with
/// rowid N`, or, in a table without rowid, `the row whose key is …`), the
/// table it should refer to, and which of the table's keys it is.
type BrokenReference = (String, String, String, i64);

/// Every row that breaks a foreign key, each told from every other.
pub fn broken_references(conn: &Connection) -> Result<BTreeSet<BrokenReference>> {
    let mut stmt =
        conn.prepare("select \"table\", rowid, parent, fkid from pragma_foreign_key_check")?;
    let found = stmt
        .query_map([], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
        })?
        .collect::<rusqlite::Result<BTreeSet<(String, Option<i64>, String, i64)>>>()?;
    let mut broken = BTreeSet::new();
    for (table, rowid, parent, key) in found {
        match rowid {
            Some(id) => {
                broken.insert((table, format!("the row with rowid {id}"), parent, key));
            }
            // SQLite's check cannot name a row of a table without rowid:
            // its primary key does.
            None => {
                for row in broken_keys(conn, &table, key)? {
                    broken.insert((table.clone(), row, parent.clone(), key));
                }
            }
        }
    }
    Ok(broken)
}

/// The rows of `table` (one without rowid) that break its foreign key
/// `fkid`, each as `the row whose key is …` (its primary key as SQL
/// literals). As SQLite checks it: a row with a NULL in the key's columns
/// refers to nothing and breaks nothing.
fn broken_keys(conn: &Connection, table: &str, fkid: i64) -> Result<Vec<String>> {
    let (parent, pairs) = foreign_key(conn, table, fkid)?;
    let quoted = |names: &mut dyn Iterator<Item = &String>| -> Vec<String> {
        names.map(|name| quoted_identifier(name)).collect()
    };
    let from = quoted(&mut pairs.iter().map(|(from, _)| from));
    let to = quoted(&mut pairs.iter().map(|(_, to)| to));
    let key = quoted(&mut primary_key(conn, table)?.iter());
    let scope = Scope::for_dialect(Dialect::Sqlite)
        .with_word("CHILD", &quoted_identifier(table))
        .with_word("PARENT", &quoted_identifier(&parent))
        .with_list("FROM", from.iter().map(String::as_str))
        .with_list("TO", to.iter().map(String::as_str))
        .with_list("KEY", key.iter().map(String::as_str));
    let sql = schema::question("queries/dangling_keys.sql", scope)?.text;
    let mut stmt = conn.prepare(&sql)?;
    let keys = stmt
        .query_map([], |row| row.get::<_, String>(0))?
        .map(|key| key.map(|key| format!("the row whose key is ({key})")))
        .collect::<rusqlite::Result<_>>()?;
    Ok(keys)
}

/// The table `table`'s foreign key `fkid` refers to, and its pairs of
/// columns (this table's, the parent's): a key declared without the
/// parent's columns refers to the parent's primary key.
fn foreign_key(
    conn: &Connection,
    table: &str,
    fkid: i64,
) -> Result<(String, Vec<(String, String)>)> {
    let mut stmt = conn.prepare(
        "select \"table\", \"from\", \"to\" from pragma_foreign_key_list(?1) where id = ?2 order by seq",
    )?;
    let rows = stmt
        .query_map(rusqlite::params![table, fkid], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?))
        })?
        .collect::<rusqlite::Result<Vec<(String, String, Option<String>)>>>()?;
    let Some(parent) = rows.first().map(|row| row.0.clone()) else {
        bail!("{table} has no foreign key {fkid}");
    };
    let parent_key = primary_key(conn, &parent)?;
    let pairs = rows
        .into_iter()
        .enumerate()
        .map(|(i, (_, from, to))| {
            let to = to
                .or_else(|| parent_key.get(i).cloned())
                .unwrap_or_default();
            (from, to)
        })
        .collect();
    Ok((parent, pairs))
}

/// The columns of `table`'s primary key, in the key's order.
fn primary_key(conn: &Connection, table: &str) -> Result<Vec<String>> {
    let mut stmt =
        conn.prepare("select name from pragma_table_info(?1) where pk > 0 order by pk")?;
    let columns = stmt
        .query_map([table], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    Ok(columns)
}

/// After a change: queens' own tables must refer only to rows that exist,
/// and no row of the user's may newly refer to nothing: which rows, not
/// how many (a row broken before that the new board mends does not make
/// up for one it breaks), rows of tables without rowid by their keys.
pub fn keep_user_references(
    conn: &Connection,
    before: &BTreeSet<BrokenReference>,
    shown: &str,
) -> Result<()> {
    let own = own_names();
    let after = broken_references(conn)?;
    if let Some((table, ..)) = after.iter().find(|(t, ..)| own.contains(&t.as_str())) {
        bail!("rows of {table} break a foreign key after building the board");
    }
    if let Some((table, row, parent, _)) = after.difference(before).next() {
        bail!(
            "{shown}: {row} of your table {table} refers to a row of queens' {parent} that the \
             new board would not have; nothing was changed (delete that row or drop the \
             reference first, or use another --db)"
        );
    }
    Ok(())
}
