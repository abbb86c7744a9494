//! `queens` on a PostgreSQL server: the same tables, facts and views as in
//! an SQLite file, built from the same SQL (rewritten by `dialect`) inside
//! one transaction, in a schema of their own (`queens` unless `--schema`
//! says otherwise). The schema's version is kept in its table
//! `queens_version`, as SQLite keeps it in `user_version`.

use std::cell::RefCell;

use anyhow::{Context, Result, bail};
use include_dir::{Dir, include_dir};
use postgres::{Client, NoTls};

use crate::board::DEFAULT_SIZE;
use crate::db::{self, Inspection, Origin};
use crate::dialect;
use crate::engine::{Reader, without_password};
use crate::error::usage;
use crate::schema;

static MIGRATION_DIR: Dir = include_dir!("$CARGO_MANIFEST_DIR/migrations");

/// Connects, with one plain sentence for what most often goes wrong.
pub fn connect(url: &str) -> Result<Client> {
    let shown = without_password(url);
    let config: postgres::Config = url
        .parse()
        .map_err(|e| usage(format!("{shown} is not a PostgreSQL URL ({e})")))?;
    let client = config.connect(NoTls).map_err(|e| {
        let cause = e.as_db_error().map_or_else(
            || std::error::Error::source(&e).map_or_else(|| e.to_string(), |s| s.to_string()),
            |db| db.message().to_string(),
        );
        anyhow::anyhow!("cannot connect to {shown}: {cause}")
    })?;
    Ok(client)
}

/// A schema name that needs no quoting and cannot smuggle SQL.
fn checked_schema(schema: &str) -> Result<&str> {
    let mut chars = schema.chars();
    let first_ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c == '_');
    if !first_ok
        || !chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        || schema.len() > 63
    {
        return Err(usage(format!(
            "--schema {schema}: use lower-case letters, digits and _ (starting with a letter)"
        )));
    }
    Ok(schema)
}

/// What the schema holds: None when it holds nothing of queens'.
fn inspect(client: &mut Client, schema: &str) -> Result<Option<Inspection>> {
    let names: Vec<String> = client
        .query(
            "select table_name::text from information_schema.tables where table_schema = $1",
            &[&schema],
        )?
        .iter()
        .map(|row| row.get(0))
        .collect();
    if !names.iter().any(|n| n == "queens_version") {
        let own = schema::own_names();
        if let Some(taken) = names.iter().find(|n| own.contains(&n.as_str())) {
            bail!(
                "schema {schema} already holds {taken}, which queens did not create; \
                 choose another --schema"
            );
        }
        return Ok(None);
    }
    let version: i32 = client
        .query_one(&format!("select version from {schema}.queens_version"), &[])?
        .get(0);
    let latest = schema::latest_version();
    if version as usize > latest {
        bail!(
            "schema {schema} has queens schema version {version}, newer than this queens \
             understands (up to {latest}); use a newer queens"
        );
    }
    let size: Option<i32> = client
        .query_opt(&format!("select n from {schema}.board_size"), &[])?
        .map(|row| row.get(0));
    match size {
        Some(n) => Ok(Some(Inspection {
            version: version as usize,
            size: n as u8,
        })),
        None => bail!("schema {schema} holds no board size; rebuild it with `queens init --force`"),
    }
}

/// The SQL that builds the whole model for an `n`×`n` board in `schema`:
/// tables, version, facts and views. `psql` runs it as it is (export), and
/// `create` runs it inside one transaction.
pub fn build_script(schema: &str, n: u8) -> Result<String> {
    let schema = checked_schema(schema)?;
    let mut script = format!(
        "-- queens: the N-Queens model for the {n}×{n} board, for PostgreSQL.\n\
         create schema if not exists {schema};\n\
         set search_path to {schema};\n\n"
    );
    for up in migrations_after(0)? {
        script.push_str(&up);
        script.push('\n');
    }
    script.push_str(&format!(
        "create table queens_version (\n    \
             -- The tables of this schema are those of queens schema version `version`.\n    \
             version integer not null\n);\n\
         insert into queens_version (version) values ({});\n\n\
         insert into board_size (n) values ({n});\n",
        schema::latest_version()
    ));
    script.push_str(&facts_and_views(n)?);
    Ok(script)
}

/// The facts derived from board_size, then the views for an `n`×`n` board.
/// The new facts are analysed at once: PostgreSQL plans by its statistics,
/// and without them (until autovacuum gets round to it) it chose plans up
/// to four times slower for the solution view.
fn facts_and_views(n: u8) -> Result<String> {
    let views = schema::view_sql(n, false)?.into_iter().map(|(_, sql)| sql);
    let mut script = String::new();
    for sql in schema::fact_sql().into_iter().chain(views) {
        script.push_str(&dialect::postgres(&sql).0);
        script.push_str("\n\n");
    }
    for table in schema::fact_tables() {
        script.push_str(&format!("analyze {table};\n"));
    }
    Ok(script)
}

/// The `up.sql` of every migration after `version`, in order, for PostgreSQL.
fn migrations_after(version: usize) -> Result<Vec<String>> {
    let mut migrations: Vec<_> = MIGRATION_DIR.dirs().collect();
    migrations.sort_by_key(|dir| dir.path().to_path_buf());
    migrations
        .into_iter()
        .skip(version)
        .map(|dir| {
            let up = dir
                .files()
                .find(|f| f.path().ends_with("up.sql"))
                .and_then(|f| f.contents_utf8())
                .context("every migration has an up.sql")?;
            Ok(dialect::postgres(up).0)
        })
        .collect()
}

/// Brings a schema written by an older queens up to date in one
/// transaction: the later migrations, then the facts and views again.
fn upgrade(client: &mut Client, schema: &str, found: Inspection) -> Result<()> {
    let mut tx = client.transaction()?;
    tx.batch_execute(&format!("set local search_path to {schema};"))?;
    for up in migrations_after(found.version)? {
        tx.batch_execute(&up)?;
    }
    tx.batch_execute(&format!(
        "update queens_version set version = {};",
        schema::latest_version()
    ))?;
    tx.batch_execute(&refill_script(found.size)?)?;
    tx.commit()?;
    Ok(())
}

/// Drops the views, derives the facts again and recreates the views, for
/// an `n`×`n` board (inside the caller's transaction, with the schema on
/// the search path).
fn refill_script(n: u8) -> Result<String> {
    let mut script = String::new();
    for (view, _) in schema::view_sql(n, false)?.iter().rev() {
        script.push_str(&format!("drop view if exists {view};\n"));
    }
    script.push_str("drop table if exists solution_store;\n");
    for table in schema::fact_tables().rev() {
        script.push_str(&format!("delete from {table};\n"));
    }
    script.push_str(&format!(
        "delete from board_size;\ninsert into board_size (n) values ({n});\n"
    ));
    script.push_str(&facts_and_views(n)?);
    Ok(script)
}

/// Makes sure the schema holds a queens board: builds one for `requested`
/// (or the default size) when it holds nothing of queens'.
pub fn ensure_exists(
    url: &str,
    schema: &str,
    requested: Option<u8>,
) -> Result<(Origin, Inspection)> {
    let schema = checked_schema(schema)?;
    let mut client = connect(url)?;
    if let Some(found) = inspect(&mut client, schema)? {
        if found.version < schema::latest_version() {
            upgrade(&mut client, schema, found)?;
        }
        return Ok((Origin::Existing, found));
    }
    let n = requested.unwrap_or(DEFAULT_SIZE);
    let mut tx = client.transaction()?;
    tx.batch_execute(&build_script(schema, n)?)
        .context("could not build the board")?;
    tx.commit()?;
    Ok((
        Origin::Created,
        Inspection {
            version: schema::latest_version(),
            size: n,
        },
    ))
}

/// Replaces the board with an `n`×`n` one in one transaction: the facts and
/// views are dropped and built again; other objects in the schema stay.
pub fn rebuild(url: &str, schema: &str, n: u8) -> Result<()> {
    let schema = checked_schema(schema)?;
    let mut client = connect(url)?;
    let mut tx = client.transaction()?;
    tx.batch_execute(&format!("set local search_path to {schema};"))?;
    tx.batch_execute(&refill_script(n)?)?;
    tx.commit()?;
    Ok(())
}

/// A connection that reads the board in `schema` inside one read-only
/// transaction, keeping SQLite's join order.
pub fn reader(url: &str, schema: &str) -> Result<Reader> {
    let schema = checked_schema(schema)?;
    let mut client = connect(url)?;
    client.batch_execute(&format!(
        "set search_path to {schema}; {}\n\
         start transaction isolation level repeatable read, read only;",
        dialect::POSTGRES_SESSION
    ))?;
    Ok(Reader::Postgres(RefCell::new(client)))
}

/// Opens the board for a command that reads, building it first if the
/// schema holds none.
pub fn open_for_reading(url: &str, schema: &str, requested: Option<u8>) -> Result<(Reader, u8)> {
    let (origin, found) = ensure_exists(url, schema, requested)?;
    if origin == Origin::Created {
        let n = found.size;
        eprintln!("queens: created schema {schema} for the {n}×{n} board");
    }
    db::check_requested_size(&format!("schema {schema}"), found.size, requested)?;
    Ok((reader(url, schema)?, found.size))
}
