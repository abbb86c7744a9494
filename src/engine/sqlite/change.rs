//! Changing the model in an existing `queens` file (`init --force`, an
//! upgrade, storing solutions), in one transaction that leaves the user's
//! own tables, rows, views, triggers and columns as they were, or refuses
//! before it changes anything.

use std::path::Path;

use anyhow::{Context, Result, bail};
use rusqlite::{Connection, Transaction};

use crate::engine::sqlite::build;
use crate::engine::sqlite::failure::{
    Undefined, explain_write_error, first_sqlite_error, message, no_board_size, undefined,
};
use crate::engine::sqlite::open::{open_writable, reading};
use crate::engine::sqlite::references::{broken_references, keep_user_references};
use crate::error::Error;
use crate::model::board::Board;
use crate::model::catalog::own_columns;
use crate::model::schema::{
    check_columns, latest_version, own_table_names, refilled_tables, view_names,
};

/// Replaces the board of an existing `queens` database with `board`, in
/// one transaction: either the old board or the new one, never a
/// mixture. The stored solutions go with the old board.
pub fn rebuild(path: &Path, board: &Board) -> Result<()> {
    crate::engine::sqlite::open::refuse_unfit(board)?;
    let shown = path.display().to_string();
    change_model(path, |tx| {
        refuse_user_columns(tx, &shown)?;
        build::clear(tx, true)?;
        restore_own_indexes(tx)?;
        build::populate(tx, board).map_err(|e| name_user_index(tx, e, &shown))
    })
}

/// Makes again the indexes of queens' own that were dropped (the one that
/// lets board_size hold one row, say), before the facts are derived: a
/// rebuild is the mend `doctor` and the reading commands advise.
fn restore_own_indexes(tx: &Transaction) -> Result<()> {
    let fresh = build::fresh_rows(
        "select name, sql from sqlite_schema where type = 'index' and sql is not null",
    )?;
    for row in fresh {
        let (name, sql) = (&row[0], &row[1]);
        let present: bool = tx.query_row(
            "select count(*) > 0 from sqlite_schema where type = 'index' and name = ?1",
            [name],
            |r| r.get(0),
        )?;
        if !present {
            tx.execute_batch(sql)
                .with_context(|| format!("could not make queens' index {name} again"))?;
        }
    }
    Ok(())
}

/// Refuses a rebuild that would erase what the user keeps in a column they
/// added to one of queens' tables whose rows it derives again, or to the
/// stored solutions, which it drops.
fn refuse_user_columns(conn: &Connection, shown: &str) -> Result<()> {
    for table in refilled_tables() {
        check_columns(
            shown,
            table,
            &build::table_columns(conn, table)?,
            own_columns(table),
        )?;
    }
    refuse_user_store_columns(conn, shown)
}

/// The same refusal before an upgrade's migrations run, for the tables the
/// file already has (a migration may add a table, never yet a column): the
/// migrations commit on their own, and a rebuild refused only after them
/// would leave the file upgraded but its board not derived again.
fn refuse_user_columns_before_migrating(conn: &Connection, shown: &str) -> Result<()> {
    for table in refilled_tables() {
        let found = build::table_columns(conn, table)?;
        if !found.is_empty() {
            check_columns(shown, table, &found, own_columns(table))?;
        }
    }
    refuse_user_store_columns(conn, shown)
}

/// Refuses a rebuild that would drop a column the user added to the stored
/// solutions.
fn refuse_user_store_columns(conn: &Connection, shown: &str) -> Result<()> {
    if build::has_store(conn)? {
        let n = build::largest_stored_size(conn)?.unwrap_or(0);
        let own: Vec<String> = std::iter::once("solution_no".to_string())
            .chain((1..=n).map(|k| format!("s{k}")))
            .collect();
        if let Some(added) = build::table_columns(conn, "solution_store")?
            .into_iter()
            .find(|column| !own.iter().any(|o| o.eq_ignore_ascii_case(column)))
        {
            bail!(
                "{shown} has a column of yours, {added}, in queens' table solution_store, which \
                 a rebuild drops with the stored solutions; nothing was changed (keep your \
                 values in a table of your own, or drop the column)"
            );
        }
    }
    Ok(())
}

/// A failure while deriving the facts again, in plain words where an index
/// of the user's on one of queens' tables caused it: SQLite evaluates the
/// index for every new row, and an index on an expression calling a
/// function that only the program that made it defines cannot be
/// evaluated here.
fn name_user_index(conn: &Connection, error: anyhow::Error, shown: &str) -> anyhow::Error {
    let Some(failed) = first_sqlite_error(&error) else {
        return error;
    };
    let message = message(failed);
    let function = match undefined(failed) {
        Some(Undefined::Function(name)) => Some(name),
        _ => None,
    };
    let own_tables = refilled_tables().collect::<Vec<_>>();
    let indexes = user_indexes(conn, &own_tables).unwrap_or_default();
    let culprit = indexes.iter().find(|(_, _, sql)| {
        function
            .as_ref()
            .is_some_and(|f| sql.to_ascii_lowercase().contains(&f.to_ascii_lowercase()))
    });
    match (culprit, function) {
        (Some((index, table, _)), Some(function)) => anyhow::anyhow!(
            "{shown} has an index of yours, {index}, on queens' table {table}, which calls the \
             function {function}: only the program that made the index defines it, so the new \
             rows cannot be indexed; nothing was changed (drop the index first, or rebuild from \
             that program)"
        ),
        _ if !indexes.is_empty() => {
            let names: Vec<String> = indexes
                .iter()
                .map(|(index, table, _)| format!("{index} on {table}"))
                .collect();
            anyhow::anyhow!(
                "{shown}: deriving the board again failed ({message}) while SQLite kept your \
                 indexes up to date ({}); nothing was changed",
                names.join(", ")
            )
        }
        _ => anyhow::anyhow!("could not derive the board ({message}); nothing was changed"),
    }
}

/// The indexes the user made on `tables` (queens makes its own as part of
/// its migrations): name, table and SQL.
fn user_indexes(conn: &Connection, tables: &[&str]) -> Result<Vec<(String, String, String)>> {
    let fresh = fresh_index_names()?;
    let mut stmt = conn.prepare(
        "select name, tbl_name, sql from sqlite_schema where type = 'index' and sql is not null",
    )?;
    let indexes = stmt
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
        .collect::<rusqlite::Result<Vec<(String, String, String)>>>()?;
    Ok(indexes
        .into_iter()
        .filter(|(name, table, _)| {
            tables.iter().any(|t| t.eq_ignore_ascii_case(table)) && !fresh.contains(name)
        })
        .collect())
}

/// The names of the indexes queens' migrations make.
fn fresh_index_names() -> Result<Vec<String>> {
    Ok(
        build::fresh_rows("select name from sqlite_schema where type = 'index'")?
            .into_iter()
            .flatten()
            .collect(),
    )
}

/// Whether the database was written by another `queens`: an older schema
/// version, facts and views derived from other text, or views that this
/// build would write differently.
fn is_outdated_on(conn: &Connection) -> Result<bool> {
    if build::user_version(conn)? < latest_version() as i64 {
        return Ok(true);
    }
    match build::stored_size(conn)? {
        Some(n) => Ok(!build::derived_is_current(conn, n)? || !build::views_are_current(conn, n)?),
        None => Ok(true),
    }
}

/// For `init`: upgrades a database written by an older `queens` (migrates
/// the tables, then derives the facts and views again for its board), in
/// one transaction that first checks, under the write lock, that the work
/// is still needed. Returns whether anything had to change.
pub fn bring_up_to_date(path: &Path) -> Result<bool> {
    let before = reading(path)?;
    if !is_outdated_on(&before)? {
        return Ok(false);
    }
    // The migrations run before `change` looks: a file whose version alone
    // was behind is brought up to date by them, and that is a change too.
    let version = build::user_version(&before)?;
    drop(before);
    let mut upgraded = version < latest_version() as i64;
    change_model(path, |tx| {
        if !is_outdated_on(tx)? {
            return Ok(());
        }
        let shown = path.display().to_string();
        let n = build::stored_size(tx)?.ok_or_else(|| no_board_size(&shown))?;
        let board = build::stored_board(tx, n)?;
        refuse_user_columns(tx, &shown)?;
        build::clear(tx, false)?;
        build::populate(tx, &board).map_err(|e| name_user_index(tx, e, &shown))?;
        upgraded = true;
        Ok(())
    })?;
    Ok(upgraded)
}

/// Runs `change` on queens' own objects in the database at `path`, in one
/// transaction that holds the write lock from its start, after migrating
/// the tables to this build's schema. Nothing of the user's is changed:
///
/// - a trigger of theirs on one of queens' tables or views would fire (or
///   be dropped with the view), so its presence refuses the change;
/// - their foreign keys are not enforced while queens' rows are replaced,
///   so no `on delete` action of theirs fires; afterwards every reference
///   is checked, and a row of theirs that would point at a row the new
///   board lacks refuses the change, naming their table.
///
/// A refusal rolls everything back: the file is as it was.
pub fn change_model(path: &Path, change: impl FnOnce(&Transaction) -> Result<()>) -> Result<()> {
    let shown = path.display().to_string();
    let attempt = || -> Result<()> {
        let mut conn = open_writable(path)?;
        refuse_user_triggers(&conn, &shown)?;
        refuse_taken_names(&conn, &shown)?;
        refuse_user_columns_before_migrating(&conn, &shown)?;
        let broken_before = broken_references(&conn)?;
        build::migrate(&mut conn)?;
        let tx = conn.transaction()?;
        refuse_user_triggers(&tx, &shown)?;
        change(&tx)?;
        keep_user_references(&tx, &broken_before, &shown)?;
        tx.commit()?;
        Ok(())
    };
    attempt().map_err(|e| explain_write_error(e, path))
}

/// Refuses an upgrade that would make a table, view, index or trigger under
/// a name the file holds already: the user's, which the upgrade would trip
/// over or, where it says `if not exists`, take over as queens'. (Where
/// another process upgraded the file meanwhile, the name is that upgrade's,
/// and the version read again says so.)
fn refuse_taken_names(conn: &Connection, shown: &str) -> Result<()> {
    let version = build::user_version(conn)?;
    if let Some(taken) = build::taken_name(conn)?
        && build::user_version(conn)? == version
    {
        return Err(Error::InTheWay {
            board: shown.to_string(),
            object: format!(
                "{} named {}, which a file of schema version {version} does not hold",
                with_article(&taken.theirs),
                taken.name
            ),
            advice: format!(
                "bringing it up to schema {} makes {} of that name: if it is yours, rename or \
                 drop it, or use another --db; if it is queens', the file's user_version may \
                 not match the tables it holds",
                crate::model::schema::latest_version(),
                with_article(&taken.ours)
            ),
        }
        .into());
    }
    if let Some((index, table)) = build::index_an_upgrade_drops(conn)?
        && build::user_version(conn)? == version
    {
        return Err(Error::InTheWay {
            board: shown.to_string(),
            object: format!("an index of yours, {index}, on queens' {table}"),
            advice: format!(
                "bringing it up to schema {} makes {table} again, and SQLite would drop the \
                 index with it: drop it first, and make it again after `queens init`",
                crate::model::schema::latest_version()
            ),
        }
        .into());
    }
    Ok(())
}

/// "a table", "an index".
fn with_article(kind: &str) -> String {
    if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
        format!("an {kind}")
    } else {
        format!("a {kind}")
    }
}

/// Refuses a change that would fire, drop or trip over an object of the
/// user's: a trigger on one of queens' tables or views (queens itself makes
/// none), an index on the stored solutions (dropped with them), or a table
/// or view of theirs under a name queens uses for the other kind.
fn refuse_user_triggers(conn: &Connection, shown: &str) -> Result<()> {
    let own_tables = own_table_names();
    let own_views: Vec<&str> = view_names().collect();
    let mut stmt = conn.prepare(
        "select type, name, tbl_name from sqlite_schema
         where type in ('trigger', 'table', 'view') or (type = 'index' and sql is not null)",
    )?;
    let objects = stmt
        .query_map([], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, String>(2)?,
            ))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let is_one_of = |names: &[&str], name: &str| names.iter().any(|o| o.eq_ignore_ascii_case(name));
    for (kind, name, table) in &objects {
        let ours = is_one_of(&own_tables, table) || is_one_of(&own_views, table);
        let refusal = match kind.as_str() {
            "trigger" if ours => format!(
                "a trigger of yours, {name}, on queens' {table}: rebuilding the board would fire it or drop it"
            ),
            "index" if table.eq_ignore_ascii_case("solution_store") => format!(
                "an index of yours, {name}, on queens' solution_store, which a rebuild drops"
            ),
            "table" if is_one_of(&own_views, name) => {
                format!("a table of yours, {name}, where queens keeps a view")
            }
            "view" if is_one_of(&own_tables, name) => {
                format!("a view of yours, {name}, where queens keeps a table")
            }
            _ => continue,
        };
        return Err(Error::InTheWay {
            board: shown.to_string(),
            object: refusal,
            advice: "move it out of the way first, or use another --db".to_string(),
        }
        .into());
    }
    Ok(())
}
