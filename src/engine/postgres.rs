//! `queens` on a PostgreSQL server: the same tables, facts and views as in
//! an SQLite file, built from the same SQL (rewritten by `dialect`) inside
//! one transaction, in a schema of their own (`queens` unless `--schema`
//! says otherwise). The schema's version is kept in its table
//! `queens_version`, as SQLite keeps it in `user_version`.

use std::cell::RefCell;
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use include_dir::{Dir, include_dir};
use postgres::error::SqlState;
use postgres::{Client, GenericClient, NoTls, Transaction};

use crate::engine::citus;
use crate::engine::{Inspection, Origin, check_current, check_requested_size};
use crate::engine::{Reader, Snapshot, without_password};
use crate::error::usage;
use crate::model::board::DEFAULT_SIZE;
use crate::model::dialect;
use crate::model::schema;

static MIGRATION_DIR: Dir = include_dir!("$CARGO_MANIFEST_DIR/migrations");

/// How long to wait for a server that does not answer, unless the URL
/// says otherwise (`?connect_timeout=S`).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a command waits for another one's rebuild (or a rebuild for
/// another command's reading) before saying the schema is busy.
const LOCK_TIMEOUT: &str = "10s";

/// Connects, with one plain sentence for what most often goes wrong. The
/// whole connection, the server's greeting and the login included, must
/// be done within the connect timeout: a server that accepts the
/// connection but never answers (stopped, say) is given up on too.
pub fn connect(url: &str) -> Result<Client> {
    let shown = without_password(url);
    let config: postgres::Config = url
        .parse()
        .map_err(|e| usage(format!("{shown} is not a PostgreSQL URL ({e})")))?;
    let timeout = config
        .get_connect_timeout()
        .copied()
        .unwrap_or(CONNECT_TIMEOUT);
    let (sender, receiver) = mpsc::channel();
    // The connection attempt cannot be interrupted; if it hangs, the
    // thread is left behind and ends with the process.
    thread::spawn(move || drop(sender.send(config.connect(NoTls))));
    let connected = receiver.recv_timeout(timeout).map_err(|_| {
        anyhow::anyhow!(
            "cannot connect to {shown}: no answer within {} s (connect_timeout)",
            timeout.as_secs_f64()
        )
    })?;
    connected.map_err(|e| {
        let cause = e.as_db_error().map_or_else(
            || std::error::Error::source(&e).map_or_else(|| e.to_string(), |s| s.to_string()),
            |db| db.message().to_string(),
        );
        anyhow::anyhow!("cannot connect to {shown}: {cause}")
    })
}

/// The longest name PostgreSQL keeps whole (NAMEDATALEN − 1): a longer
/// one it would cut short silently.
const MAX_NAME: usize = 63;

/// A schema name that needs no quoting and cannot smuggle SQL: lower-case
/// letters, digits and _, and not one of PostgreSQL's own schemas.
fn checked_schema(schema: &str) -> Result<&str> {
    let mut chars = schema.chars();
    let first_ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c == '_');
    if !first_ok || !chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_') {
        return Err(usage(format!(
            "--schema {schema}: use lower-case letters, digits and _ (starting with a letter)"
        )));
    }
    if schema.len() > MAX_NAME {
        return Err(usage(format!(
            "--schema is {} characters long; PostgreSQL names hold at most {MAX_NAME}",
            schema.len()
        )));
    }
    if schema.starts_with("pg_") || schema == "information_schema" || schema == "public" {
        return Err(usage(format!(
            "--schema {schema} is one of PostgreSQL's own schemas; name a schema for queens"
        )));
    }
    Ok(schema)
}

/// Refuses a schema that an extension made or keeps its objects in
/// (Citus's `citus` and `columnar`, PostGIS's `topology`, …): queens would
/// build its tables among the extension's.
fn refuse_extension_schema(client: &mut Client, schema: &str) -> Result<()> {
    let extension: Option<String> = client
        .query_opt(
            "select e.extname::text
             from pg_namespace as n
             join pg_depend as d on d.deptype = 'e'
                 and d.refclassid = 'pg_extension'::regclass
             join pg_extension as e on e.oid = d.refobjid
             where n.nspname = $1
               and ((d.classid = 'pg_namespace'::regclass and d.objid = n.oid)
                    or (d.classid = 'pg_proc'::regclass
                        and d.objid in (select oid from pg_proc where pronamespace = n.oid))
                    or (d.classid = 'pg_class'::regclass
                        and d.objid in (select oid from pg_class where relnamespace = n.oid))
                    or (d.classid = 'pg_type'::regclass
                        and d.objid in (select oid from pg_type where typnamespace = n.oid)))
             limit 1",
            &[&schema],
        )?
        .map(|row| row.get(0));
    match extension {
        Some(extension) => Err(usage(format!(
            "--schema {schema} holds objects of the extension {extension}; name a schema for queens"
        ))),
        None => Ok(()),
    }
}

/// Refuses a schema name that is an SQL key word (`select`): the server
/// knows its own key words, so it is asked.
fn check_not_key_word(client: &mut Client, schema: &str) -> Result<()> {
    let quoted: String = client
        .query_one("select quote_ident($1)", &[&schema])?
        .get(0);
    if quoted != schema {
        return Err(usage(format!(
            "--schema {schema} is an SQL key word; choose another name"
        )));
    }
    Ok(())
}

/// What a command does with the functions an earlier queens left in a
/// schema for its role queens_reader: `init` removes them, a reading
/// command refuses the schema and says so.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Legacy {
    Remove,
    Refuse,
}

/// Connects for work on `schema`, having checked its name and that every
/// role whose SQL it would run is trusted.
fn connect_to_schema<'s>(url: &str, schema: &'s str, legacy: Legacy) -> Result<(Client, &'s str)> {
    let schema = checked_schema(schema)?;
    let mut client = connect(url)?;
    // No statement of queens waits for ever behind another session's
    // lock: it gives up, and says whose table it waited for.
    client.batch_execute(&format!("set lock_timeout = '{LOCK_TIMEOUT}'"))?;
    check_not_key_word(&mut client, schema)?;
    refuse_extension_schema(&mut client, schema)?;
    refuse_untrusted_owners(&mut client, schema)?;
    if legacy == Legacy::Refuse && has_legacy_reader(&mut client, schema)? {
        bail!(
            "schema {schema} was built by an earlier queens, which gave the role queens_reader \
             functions in it; `queens init --db {} --schema {schema}` removes them and the \
             grants that queens made, and nothing else",
            without_password(url)
        );
    }
    Ok((client, schema))
}

/// Whether an earlier queens left its reader role's functions in `schema`.
fn has_legacy_reader(client: &mut Client, schema: &str) -> Result<bool> {
    Ok(client
        .query_one(
            "select exists (select 1 from pg_proc as p
                            join pg_namespace as n on n.oid = p.pronamespace
                            where n.nspname = $1
                              and p.proname in ('queens_open', 'queens_fetch', 'queens_query')
                              and pg_get_userbyid(p.proowner) = 'queens_reader')",
            &[&schema],
        )?
        .get(0))
}

/// Takes back what an earlier queens gave its role queens_reader for
/// `schema`, and nothing else (sql/postgres/legacy_reader.sql).
/// Returns whether there was anything to take back.
fn remove_legacy_reader(tx: &mut Transaction, schema: &str) -> Result<bool> {
    let statements: Vec<String> = tx
        .query(sql_body(LEGACY_READER), &[&schema])?
        .iter()
        .map(|row| row.get(0))
        .collect();
    for statement in &statements {
        tx.batch_execute(statement).with_context(|| {
            format!("could not remove what an earlier queens made: {statement}")
        })?;
    }
    Ok(!statements.is_empty())
}

/// Refuses a schema in which a role without the connecting role's
/// privileges owns something, or may create something. Reading the schema
/// runs SQL of its objects' owners (the body of a view, a function a view
/// calls, a function that shadows a built-in on the search path) with the
/// privileges of whoever reads, so a superuser reading a schema another
/// role controls would hand that role the superuser's powers. Trusted:
/// superusers, and roles that have the connecting role's privileges. The
/// functions an earlier queens made for its role queens_reader are left to
/// `connect_to_schema`, which names them.
fn refuse_untrusted_owners(client: &mut Client, schema: &str) -> Result<()> {
    let untrusted = client.query_opt(
        "with s as (select oid, nspowner from pg_namespace where nspname = $1),
         owner (role, what) as (
             select nspowner, 'the schema itself' from s
             union all
             select c.relowner, c.relname::text from pg_class as c join s on c.relnamespace = s.oid
             union all
             select p.proowner, p.proname::text || '()' from pg_proc as p join s on p.pronamespace = s.oid
             where not (p.proname in ('queens_open', 'queens_fetch', 'queens_query')
                        and pg_get_userbyid(p.proowner) = 'queens_reader')
             union all
             select t.typowner, t.typname::text from pg_type as t join s on t.typnamespace = s.oid
             union all
             select o.oprowner, o.oprname::text from pg_operator as o join s on o.oprnamespace = s.oid
             union all
             select r.oid, 'the right to create objects in it'
             from pg_roles as r cross join s
             where has_schema_privilege(r.oid, s.oid, 'CREATE')
         )
         select r.rolname::text, o.what
         from owner as o join pg_roles as r on r.oid = o.role
         where not r.rolsuper and not pg_has_role(r.oid, current_user, 'USAGE')
         limit 1",
        &[&schema],
    )?;
    if let Some(row) = untrusted {
        let (role, what): (String, String) = (row.get(0), row.get(1));
        bail!(
            "schema {schema} is not yours to read safely: role {role}, which lacks your \
             privileges, has {what}, and queens would run that role's SQL with your powers; \
             connect as {role} (or a role with no more privileges than it), or name another --schema"
        );
    }
    Ok(())
}

/// What the schema holds: None when it holds nothing of queens'. An empty
/// board_size is refused, with the command that mends it.
fn inspect(client: &mut impl GenericClient, schema: &str) -> Result<Option<Inspection>> {
    match inspect_allowing_no_size(client, schema)? {
        Some(Inspection { size: 0, .. }) => bail!(
            "schema {schema} holds no board size (its board_size table is empty); \
             rebuild it with `queens init --force --size N` and the same --db and --schema"
        ),
        found => Ok(found),
    }
}

/// As `inspect`, but a schema whose board_size is empty is found with
/// size 0: a rebuild for a given size may mend it.
fn inspect_allowing_no_size(
    client: &mut impl GenericClient,
    schema: &str,
) -> Result<Option<Inspection>> {
    // From the catalog, which shows every relation whatever the reading
    // role may read (information_schema shows only those it may).
    let names: Vec<String> = client
        .query(
            "select c.relname::text from pg_class as c
             join pg_namespace as n on n.oid = c.relnamespace
             where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')",
            &[&schema],
        )?
        .iter()
        .map(|row| row.get(0))
        .collect();
    if !names.iter().any(|n| n == "queens_version") {
        let own = own_relations();
        if let Some(taken) = names.iter().find(|n| own.contains(n)) {
            bail!(
                "schema {schema} already holds {taken}, which queens did not create; \
                 choose another --schema"
            );
        }
        // A table's row type takes its name: a type of the user's named
        // like one of queens' tables would stop it being made.
        let taken_type = client.query_opt(
            "select t.typname::text from pg_type as t
             join pg_namespace as n on n.oid = t.typnamespace
             left join pg_class as c on c.oid = t.typrelid
             where n.nspname = $1 and t.typname = any($2)
               and (c.oid is null or c.relkind = 'c')
             limit 1",
            &[&schema, &own],
        )?;
        if let Some(row) = taken_type {
            let taken: String = row.get(0);
            bail!(
                "schema {schema} holds a type of yours named {taken}, the name of one of queens' \
                 tables (PostgreSQL names a table's row type after it); choose another --schema"
            );
        }
        return Ok(None);
    }
    let version: i32 = client
        .query_one(&format!("select version from {schema}.queens_version"), &[])?
        .get(0);
    let latest = schema::latest_version();
    if version < 1 || version as usize > latest {
        bail!(
            "schema {schema} has queens schema version {version}, which this queens does not \
             understand (it reads 1 to {latest}); use a newer queens"
        );
    }
    let size: Option<i32> = client
        .query_opt(&format!("select n from {schema}.board_size"), &[])?
        .map(|row| row.get(0));
    Ok(Some(Inspection {
        version: version as usize,
        size: size.map_or(0, |n| n as u8),
    }))
}

/// Takes the lock that serialises queens' changes to `schema` (creating,
/// upgrading and rebuilding it), held until the transaction ends.
fn serialise_changes(tx: &mut Transaction, schema: &str) -> Result<()> {
    tx.execute(
        "select pg_advisory_xact_lock(hashtext('queens schema ' || $1))",
        &[&schema],
    )?;
    Ok(())
}

/// Waits (up to the lock timeout) until no command reads the board in
/// `schema`, and keeps new readers waiting until the transaction ends:
/// readers lock queens_version before they take their snapshot.
fn lock_out_readers(tx: &mut Transaction, schema: &str) -> Result<()> {
    tx.batch_execute(&format!(
        "lock table {schema}.queens_version in access exclusive mode;"
    ))
    .map_err(|e| busy_or(e, schema))
}

/// A lock that was not granted in time, in plain words.
fn busy_or(error: postgres::Error, schema: &str) -> anyhow::Error {
    match error.code() {
        Some(code) if *code == SqlState::LOCK_NOT_AVAILABLE => anyhow::anyhow!(
            "schema {schema} is busy: another session has held its table queens_version for \
             {LOCK_TIMEOUT} (a queens command reading or rebuilding it, or a lock taken by hand); \
             try again when it ends"
        ),
        _ => error.into(),
    }
}

/// Refuses a change that would drop, fire or empty an object of the
/// user's that depends on one of queens' tables or views: a view or rule
/// reading it, a foreign key to it, a trigger or policy on it, a table
/// inheriting from it, a column of its row type, a function whose body
/// names it (sql/postgres/user_dependents.sql). Indexes and statistics of
/// the user's on queens' tables are kept by a rebuild, so they stay.
fn refuse_user_dependents(tx: &mut Transaction, schema: &str) -> Result<()> {
    let found = tx.query_opt(
        &format!(
            "select * from (\n{}\n) as d limit 1",
            sql_body(USER_DEPENDENTS)
        ),
        &[&schema, &own_relations()],
    )?;
    if let Some(row) = found {
        let (what, how, on_what): (String, String, String) = (row.get(0), row.get(1), row.get(2));
        let relation = match how.as_str() {
            "inherits" => format!("inherits from queens' {on_what}, whose rows a rebuild deletes"),
            "row type" => format!("has the row type of queens' {on_what} as its type"),
            _ => format!("depends on queens' {on_what}"),
        };
        bail!(
            "schema {schema} has your {what}, which {relation}: rebuilding the board would drop \
             it, fire it or change its rows; nothing was changed (drop it first, or use another \
             --schema)"
        );
    }
    Ok(())
}

/// The names of queens' relations in a PostgreSQL schema: the model's
/// tables and views, the version table, and Citus's search_part.
fn own_relations() -> Vec<String> {
    let mut own: Vec<String> = schema::own_names().iter().map(|s| s.to_string()).collect();
    own.push("queens_version".to_string());
    own.push("search_part".to_string());
    own
}

/// A statement of sql/ without its final semicolon, to run as it is or
/// to wrap as a subquery.
fn sql_body(sql: &str) -> &str {
    sql.trim_end().trim_end_matches(';')
}

const USER_DEPENDENTS: &str = include_str!("../../sql/postgres/user_dependents.sql");
const VIEW_KEEPSAKES: &str = include_str!("../../sql/postgres/view_keepsakes.sql");
const LEGACY_READER: &str = include_str!("../../sql/postgres/legacy_reader.sql");

/// What of the user's sits on queens' views, as statements that give it
/// back (sql/postgres/view_keepsakes.sql): the view, the column a
/// statement is about (if any), and the statement.
struct Keepsake {
    view: String,
    column: Option<String>,
    statement: String,
}

/// Reads the user's grants, comments, options and owners of queens' views
/// before a rebuild drops the views.
fn view_keepsakes(tx: &mut Transaction, schema: &str) -> Result<Vec<Keepsake>> {
    let views: Vec<String> = schema::view_names().map(str::to_string).collect();
    Ok(tx
        .query(sql_body(VIEW_KEEPSAKES), &[&schema, &views])?
        .iter()
        .map(|row| Keepsake {
            statement: row.get(0),
            view: row.get(1),
            column: row.get(2),
        })
        .collect())
}

/// Gives the user's grants, comments, options and owners back to the
/// views the rebuild made. A comment on a column the new board's view
/// lacks (s10 of a 10×10 board rebuilt for 8×8) cannot be kept, so the
/// rebuild is refused, naming it.
fn restore_keepsakes(tx: &mut Transaction, schema: &str, keepsakes: &[Keepsake]) -> Result<()> {
    for keepsake in keepsakes {
        if let Some(column) = &keepsake.column {
            let exists: bool = tx
                .query_one(
                    "select exists (select 1 from pg_attribute
                                    where attrelid = to_regclass(format('%I.%I', $1::text, $2::text))
                                      and attname = $3 and not attisdropped)",
                    &[&schema, &keepsake.view, column],
                )?
                .get(0);
            if !exists {
                bail!(
                    "schema {schema} has your comment on column {column} of queens' view {}, \
                     which the new board's view does not have: the rebuild would lose it; \
                     nothing was changed (drop the comment first, or use another --schema)",
                    keepsake.view
                );
            }
        }
        tx.batch_execute(&keepsake.statement)
            .with_context(|| format!("could not give back your {}", keepsake.statement))?;
    }
    Ok(())
}

/// Refuses a change that would erase what the user keeps in a column they
/// added to one of queens' tables whose rows a rebuild derives again (or
/// that would fail for lack of one of queens' columns).
fn refuse_user_columns(tx: &mut Transaction, schema: &str) -> Result<()> {
    for table in schema::refilled_tables() {
        let found: Vec<String> = tx
            .query(
                "select a.attname::text from pg_attribute as a
                 where a.attrelid = to_regclass(format('%I.%I', $1::text, $2::text))
                   and a.attnum > 0 and not a.attisdropped
                 order by a.attnum",
                &[&schema, &table],
            )?
            .iter()
            .map(|row| row.get(0))
            .collect();
        schema::check_columns(&format!("schema {schema}"), table, &found)?;
    }
    Ok(())
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

/// Runs `change` on the model in `schema` in one transaction that first
/// takes the lock serialising queens' changes, waits for the schema's
/// readers to finish, re-reads what the schema holds (another process may
/// have changed it meanwhile), and refuses if an object of the user's
/// depends on the model. `settings` (SET LOCAL statements) come first;
/// `change` gets what was found. Last, it takes back what an earlier queens
/// gave its role queens_reader here; returns whether there was any.
fn change_model(
    url: &str,
    schema: &str,
    settings: &str,
    change: impl FnOnce(&mut Transaction, Inspection) -> Result<()>,
) -> Result<bool> {
    change_model_locked(url, schema, settings, change)
        .map_err(|e| gave_up_waiting_or(e, url, schema))
}

fn change_model_locked(
    url: &str,
    schema: &str,
    settings: &str,
    change: impl FnOnce(&mut Transaction, Inspection) -> Result<()>,
) -> Result<bool> {
    let (mut client, schema) = connect_to_schema(url, schema, Legacy::Remove)?;
    let mut tx = client.transaction()?;
    tx.batch_execute(settings)?;
    serialise_changes(&mut tx, schema)?;
    let found = inspect_allowing_no_size(&mut tx, schema)?.with_context(|| {
        format!("schema {schema} holds no queens board; `queens init` builds one")
    })?;
    lock_out_readers(&mut tx, schema)?;
    refuse_user_dependents(&mut tx, schema)?;
    tx.batch_execute(&format!("set local search_path to {schema};"))?;
    change(&mut tx, found)?;
    let legacy = remove_legacy_reader(&mut tx, schema)?;
    tx.commit()?;
    Ok(legacy)
}

/// Runs the migrations after `version` and records the latest version
/// (nothing when the schema is current), inside the caller's transaction.
fn migrate(tx: &mut Transaction, version: usize) -> Result<()> {
    if version >= schema::latest_version() {
        return Ok(());
    }
    for up in migrations_after(version)? {
        tx.batch_execute(&up)?;
    }
    tx.batch_execute(&format!(
        "update queens_version set version = {};",
        schema::latest_version()
    ))?;
    Ok(())
}

/// For `init`: brings a schema written by an older queens up to date in
/// one transaction: the later migrations, then the facts and views again;
/// and gives it the read-only role for `query` if it has none yet.
/// Returns whether the schema had to be upgraded.
pub fn bring_up_to_date(url: &str, schema: &str) -> Result<bool> {
    let mut upgraded = false;
    let legacy = change_model(url, schema, citus::CHANGE_SETTINGS, |tx, found| {
        if found.version >= schema::latest_version() {
            return Ok(());
        }
        if found.size == 0 {
            bail!(
                "schema {schema} holds no board size (its board_size table is empty); \
                 rebuild it with `queens init --force --size N`"
            );
        }
        migrate(tx, found.version)?;
        refill(tx, schema, found.size)?;
        upgraded = true;
        Ok(())
    })?;
    Ok(upgraded || legacy)
}

/// Derives the board again for an `n`×`n` board inside the caller's
/// transaction, with the schema on the search path: refuses first where a
/// column of the user's would lose its values, keeps the user's grants and
/// comments on the views, and fills search_part again on a cluster.
fn refill(tx: &mut Transaction, schema: &str, n: u8) -> Result<()> {
    refuse_user_columns(tx, schema)?;
    let keepsakes = view_keepsakes(tx, schema)?;
    let distributed = citus::is_distributed(tx)?;
    tx.batch_execute(&refill_script(n, distributed)?)?;
    if distributed {
        citus::fill_search_part(tx)?;
    }
    restore_keepsakes(tx, schema, &keepsakes)
}

/// Drops the views, derives the facts again and recreates the views, for
/// an `n`×`n` board (inside the caller's transaction, with the schema on
/// the search path).
fn refill_script(n: u8, distributed: bool) -> Result<String> {
    let mut script = String::new();
    if distributed {
        script.push_str(citus::EMPTY_SEARCH_PART);
    }
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
/// (or the default size) when it holds nothing of queens'. Never upgrades:
/// that is `bring_up_to_date`, for `init`. Two processes building one
/// schema at once are serialised: the second finds the first one's board.
pub fn ensure_exists(
    url: &str,
    schema: &str,
    requested: Option<u8>,
    arguments_fit: &dyn Fn(u8) -> Result<()>,
) -> Result<(Origin, Inspection)> {
    let (mut client, schema) = connect_to_schema(url, schema, Legacy::Remove)?;
    if let Some(found) = inspect(&mut client, schema)? {
        return Ok((Origin::Existing, found));
    }
    let n = requested.unwrap_or(DEFAULT_SIZE);
    arguments_fit(n)?;
    let mut tx = client.transaction()?;
    serialise_changes(&mut tx, schema)?;
    if let Some(found) = inspect(&mut tx, schema)? {
        return Ok((Origin::Existing, found));
    }
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

/// Whether the schema is queens' but its board_size is empty: `init
/// --force --size N` may then build a board in it.
pub fn lacks_board_size(url: &str, schema: &str) -> Result<bool> {
    let (mut client, schema) = connect_to_schema(url, schema, Legacy::Remove)?;
    Ok(matches!(
        inspect_allowing_no_size(&mut client, schema)?,
        Some(Inspection { size: 0, .. })
    ))
}

/// Replaces the board with an `n`×`n` one in one transaction: the facts and
/// views are dropped and built again; other objects in the schema stay.
pub fn rebuild(url: &str, schema: &str, n: u8) -> Result<()> {
    change_model(url, schema, citus::CHANGE_SETTINGS, |tx, found| {
        migrate(tx, found.version)?;
        refill(tx, schema, n)
    })
    .map(drop)
}

/// For `init --distributed`: refuses a server that is not a Citus
/// coordinator with workers, before anything is created.
pub fn refuse_without_cluster(url: &str) -> Result<()> {
    let mut client = connect(url)?;
    citus::refuse_without_cluster(&mut client, &without_password(url))
}

/// Spreads the model in `schema` over the Citus cluster (see citus.rs), in
/// one transaction; nothing when it is spread already. Returns the number
/// of workers that share the search, and whether anything was done.
pub fn distribute(url: &str, schema: &str) -> Result<(i64, bool)> {
    let (mut workers, mut done) = (0, false);
    change_model(url, schema, citus::DISTRIBUTE_SETTINGS, |tx, _| {
        if !citus::is_distributed(tx)? {
            let failed = "could not distribute the board over the cluster";
            tx.batch_execute(&citus::distribute_script())
                .context(failed)?;
            citus::fill_search_part(tx).context(failed)?;
            done = true;
        }
        workers = citus::active_workers(tx)?;
        Ok(())
    })?;
    Ok((workers, done))
}

/// Starts a reading session on `client`: queens' own search path and
/// planner settings, then a read-only, repeatable-read transaction. Ctrl-C
/// cancels what the session runs.
fn begin_reading(client: &mut Client, schema: &str) -> Result<()> {
    let token = client.cancel_token();
    crate::interrupt::on_interrupt(move || {
        let _ = token.cancel_query(NoTls);
    });
    client.batch_execute(&format!(
        "set search_path to {schema}; {}\n\
         start transaction isolation level repeatable read, read only;",
        dialect::POSTGRES_SESSION
    ))?;
    Ok(())
}

/// A reader's error in plain words where it gave up waiting for a lock
/// (`lock_timeout`): the message names the table another session holds
/// locked, looked up on a connection of its own, since the reader's
/// transaction ended with the error. Any other error is left as it is.
///
/// A role the schema's owner did not let read a table is told so, in one
/// line, with the grant that would let it.
pub fn gave_up_waiting_or(error: anyhow::Error, url: &str, schema: &str) -> anyhow::Error {
    let code = error.chain().find_map(|cause| {
        cause
            .downcast_ref::<postgres::Error>()
            .and_then(postgres::Error::code)
            .cloned()
    });
    if code == Some(SqlState::INSUFFICIENT_PRIVILEGE) {
        let message = error
            .chain()
            .find_map(|cause| cause.downcast_ref::<postgres::Error>()?.as_db_error())
            .map_or_else(|| error.to_string(), |db| db.message().to_string());
        return anyhow::anyhow!(
            "schema {schema} is not yours to read ({message}); its owner can let you with \
             `grant select on all tables in schema {schema} to YOUR_ROLE`"
        );
    }
    if code != Some(SqlState::LOCK_NOT_AVAILABLE) {
        return error;
    }
    match lock_holder(url, schema) {
        Some((relation, mode)) => anyhow::anyhow!(
            "schema {schema} is busy: another session holds {mode} on its table {relation}; \
             gave up waiting for it (lock_timeout); try again when that session ends"
        ),
        None => anyhow::anyhow!(
            "schema {schema} is busy: another session held a lock on one of its tables; \
             gave up waiting for it (lock_timeout); try again when that session ends"
        ),
    }
}

/// A table of `schema` that another session holds locked against readers,
/// and the lock's mode, looked up on a connection of its own.
pub fn lock_holder(url: &str, schema: &str) -> Option<(String, String)> {
    let mut client = connect(url).ok()?;
    client
        .query(sql_body(LOCK_HOLDERS), &[&schema])
        .ok()?
        .first()
        .map(|row| (row.get::<_, String>(0), row.get::<_, String>(1)))
}

const LOCK_HOLDERS: &str = include_str!("../../sql/postgres/lock_holders.sql");

/// The first reader of a command: it locks queens_version before its
/// snapshot is taken, so that no rebuild can commit while the command
/// reads, and exports that snapshot for the command's other connections.
fn first_reader(url: &str, schema: &str) -> Result<Reader> {
    let (mut client, schema) = connect_to_schema(url, schema, Legacy::Refuse)?;
    begin_reading(&mut client, schema)?;
    client
        .batch_execute("lock table queens_version in access share mode;")
        .map_err(|e| busy_or(e, schema))?;
    let snapshot: String = client.query_one("select pg_export_snapshot()", &[])?.get(0);
    Ok(Reader::Postgres {
        client: RefCell::new(client),
        snapshot,
        url: url.to_string(),
        schema: schema.to_string(),
    })
}

/// Another reader of the board `first` reads, in `first`'s snapshot. It
/// takes no lock of its own: `first` holds one for the whole command, and
/// a second request could queue behind a waiting rebuild.
pub fn sibling(url: &str, schema: &str, first: &Snapshot) -> Result<Reader> {
    let Snapshot(Some(snapshot)) = first else {
        bail!("a PostgreSQL reader shares only a PostgreSQL reader's snapshot");
    };
    let (mut client, schema) = connect_to_schema(url, schema, Legacy::Refuse)?;
    begin_reading(&mut client, schema)?;
    client.execute(&format!("set transaction snapshot '{snapshot}'"), &[])?;
    Ok(Reader::Postgres {
        client: RefCell::new(client),
        snapshot: snapshot.clone(),
        url: url.to_string(),
        schema: schema.to_string(),
    })
}

/// Opens the board for a command that reads. A schema that holds no board
/// is refused with the command that builds one, and one of an older queens
/// version with the command that upgrades it: reading never changes a
/// server.
pub fn open_for_reading(url: &str, schema: &str, requested: Option<u8>) -> Result<(Reader, u8)> {
    open_board(url, schema, requested).map_err(|e| gave_up_waiting_or(e, url, schema))
}

fn open_board(url: &str, schema: &str, requested: Option<u8>) -> Result<(Reader, u8)> {
    let shown = format!("schema {schema}");
    let (mut client, checked) = connect_to_schema(url, schema, Legacy::Refuse)?;
    if inspect(&mut client, checked)?.is_none() {
        bail!(
            "{shown} at {} holds no queens board; `queens init --db {} --schema {schema}` builds \
             one (reading commands create nothing on a server)",
            without_password(url),
            without_password(url)
        );
    }
    drop(client);
    let reader = first_reader(url, schema)?;
    let version = reader.number("select version from queens_version", &[])?;
    let init_here = format!(
        "queens init --db {} --schema {schema}",
        without_password(url)
    );
    check_current(&shown, usize::try_from(version).unwrap_or(0), &init_here)?;
    let n = reader.number("select n from board_size", &[])?;
    let n = u8::try_from(n).with_context(|| format!("{shown} holds a board of size {n}"))?;
    check_requested_size(&shown, n, requested)?;
    Ok((reader, n))
}
