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

/// A schema name that needs no quoting and cannot smuggle SQL: lower-case
/// letters, digits and _, and not one of PostgreSQL's own schemas.
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
    if schema.starts_with("pg_") || schema == "information_schema" || schema == "public" {
        return Err(usage(format!(
            "--schema {schema} is one of PostgreSQL's own schemas; name a schema for queens"
        )));
    }
    Ok(schema)
}

/// Refuses a schema that an extension made or keeps its objects in
/// (Citus's `citus` and `columnar`, PostGIS's `topology`, …): queens would
/// build its tables among the extension's, and grant its reader role on
/// them.
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

/// Connects for work on `schema`, having checked its name and that every
/// role whose SQL it would run is trusted.
fn connect_to_schema<'s>(url: &str, schema: &'s str) -> Result<(Client, &'s str)> {
    let schema = checked_schema(schema)?;
    let mut client = connect(url)?;
    check_not_key_word(&mut client, schema)?;
    refuse_extension_schema(&mut client, schema)?;
    refuse_untrusted_owners(&mut client, schema)?;
    Ok((client, schema))
}

/// Refuses a schema in which a role without the connecting role's
/// privileges owns something, or may create something. Reading the schema
/// runs SQL of its objects' owners (the body of a view, a function a view
/// calls, a function that shadows a built-in on the search path) with the
/// privileges of whoever reads, so a superuser reading a schema another
/// role controls would hand that role the superuser's powers. Trusted:
/// superusers, and roles that have the connecting role's privileges. The
/// functions queens_open and queens_fetch (and queens_query, which earlier
/// builds made and a rebuild drops), owned by queens_reader, run as that
/// role only.
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
        "set local lock_timeout = '{LOCK_TIMEOUT}';
         lock table {schema}.queens_version in access exclusive mode;
         set local lock_timeout = 0;"
    ))
    .map_err(|e| busy_or(e, schema))
}

/// A lock that was not granted in time, in plain words.
fn busy_or(error: postgres::Error, schema: &str) -> anyhow::Error {
    match error.code() {
        Some(code) if *code == SqlState::LOCK_NOT_AVAILABLE => anyhow::anyhow!(
            "schema {schema} is busy: another queens command has been reading or rebuilding it \
             for {LOCK_TIMEOUT}; try again when it ends"
        ),
        _ => error.into(),
    }
}

/// Refuses a change that would drop, or fire on, an object of the user's
/// that depends on one of queens' tables or views: a view of theirs on
/// `solution`, a foreign key of theirs to `square`, a trigger or a rule of
/// theirs.
fn refuse_user_dependents(tx: &mut Transaction, schema: &str) -> Result<()> {
    let mut own: Vec<String> = schema::own_names().iter().map(|s| s.to_string()).collect();
    own.push("queens_version".to_string());
    own.push("search_part".to_string());
    let found = tx.query_opt(
        "with own as (
             select c.oid, c.relname::text as relname
             from pg_class as c join pg_namespace as n on n.oid = c.relnamespace
             where n.nspname = $1 and c.relname = any($2)
         ),
         dependent (what, on_what) as (
             select 'view ' || v.oid::regclass::text, own.relname
             from pg_depend as d
             join own on own.oid = d.refobjid
             join pg_rewrite as r on d.classid = 'pg_rewrite'::regclass and r.oid = d.objid
             join pg_class as v on v.oid = r.ev_class
             where v.oid not in (select oid from own)
             union all
             select 'table ' || c.conrelid::regclass::text, own.relname
             from pg_constraint as c join own on own.oid = c.confrelid
             where c.contype = 'f' and c.conrelid not in (select oid from own)
             union all
             select 'trigger ' || t.tgname::text, own.relname
             from pg_trigger as t join own on own.oid = t.tgrelid
             where not t.tgisinternal
             union all
             select 'rule ' || r.rulename::text, own.relname
             from pg_rewrite as r join own on own.oid = r.ev_class
             where r.rulename <> '_RETURN'
         )
         select what, on_what from dependent order by what limit 1",
        &[&schema, &own],
    )?;
    if let Some(row) = found {
        let (what, on_what): (String, String) = (row.get(0), row.get(1));
        bail!(
            "schema {schema} has your {what}, which depends on queens' {on_what}: rebuilding \
             the board would drop it or change its rows; nothing was changed (drop it first, \
             or use another --schema)"
        );
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

/// The role that `query` runs as: it may read queens' schemas and nothing
/// else. One for the whole server (roles are), made by `init`.
const READER_ROLE: &str = "queens_reader";

/// Gives `schema` what `query` needs to run as the role queens_reader,
/// where the connecting role may: the role itself (made once per server),
/// the right to read the schema's tables and views, and queens_open() and
/// queens_fetch(), functions of that role's that run one query with its
/// privileges alone.
/// Returns false, changing nothing, where the connecting role may not
/// make roles, or where a function of that name of someone else's is in
/// the way.
fn provide_reader(tx: &mut Transaction, schema: &str) -> Result<bool> {
    // One process at a time makes the role and joins it, whatever the
    // schema: a second one would otherwise look the role up while the
    // first had made it but not yet committed.
    tx.batch_execute("select pg_advisory_xact_lock(hashtext('queens reader role'))")?;
    let row = tx.query_one(
        "select r.rolsuper or r.rolcreaterole,
                exists (select 1 from pg_roles where rolname = $1),
                exists (select 1 from pg_proc as p join pg_namespace as n on n.oid = p.pronamespace
                        where n.nspname = $2
                          and p.proname in ('queens_open', 'queens_fetch', 'queens_query')
                          and pg_get_userbyid(p.proowner) <> $1)
         from pg_roles as r where r.rolname = current_user",
        &[&READER_ROLE, &schema],
    )?;
    let (may_make_roles, exists, taken): (bool, bool, bool) = (row.get(0), row.get(1), row.get(2));
    if !may_make_roles || taken {
        return Ok(false);
    }
    // Made only when missing, and no PL/pgSQL block otherwise: Citus
    // refuses one inside a rebuild of a distributed schema (it would
    // switch how the block's statements reach the coordinator's copies).
    if !exists {
        tx.batch_execute(&format!(
            "do $make$ begin
                 create role {READER_ROLE} nologin;
             exception when duplicate_object or unique_violation then null;
             end $make$;"
        ))?;
    }
    let member: bool = tx
        .query_one(
            "select pg_has_role(current_user, $1, 'MEMBER')",
            &[&READER_ROLE],
        )?
        .get(0);
    if !member {
        tx.batch_execute(&format!("grant {READER_ROLE} to current_user;"))?;
    }
    // `grant … on all tables in schema` in one list of names: Citus runs
    // the former as a parallel command, which a rebuild's transaction may
    // not hold after reading the coordinator's own copies.
    let relations: Vec<String> = tx
        .query(
            "select format('%I.%I', n.nspname, c.relname)
             from pg_class as c join pg_namespace as n on n.oid = c.relnamespace
             where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')
             order by c.relname",
            &[&schema],
        )?
        .iter()
        .map(|row| row.get(0))
        .collect();
    tx.batch_execute(&format!(
        "grant usage on schema {schema} to {READER_ROLE};
         grant select on {} to {READER_ROLE};
         -- queens_open(statement): a cursor over the rows of one query,
         -- each row as the text of its values. queens_fetch(cursor, k): its
         -- next k rows (none when it is done). Both run with the privileges
         -- of queens_reader, which owns them, and none of the caller's: the
         -- query's tables are checked when the cursor opens, its functions
         -- run as each batch is fetched, inside queens_fetch. A
         -- security-definer function may not switch roles, so the query
         -- cannot take the caller's back. A cursor, fetched in batches, lets
         -- the rows stream: a set-returning PL/pgSQL function holds every
         -- row of its result before returning the first.
         drop function if exists {schema}.queens_query(text);
         create or replace function {schema}.queens_open(statement text)
         returns refcursor
         language plpgsql security definer
         set search_path = {schema}, pg_temp
         as $body$
         declare
             rows refcursor;
         begin
             open rows no scroll for execute
                 'select array(select value from json_each_text(row_to_json(queens_row))) from ('
                 || statement || E'\n) as queens_row';
             return rows;
         end
         $body$;
         create or replace function {schema}.queens_fetch(rows refcursor, how_many integer)
         returns setof text[]
         language plpgsql security definer
         set search_path = {schema}, pg_temp
         as $body$
         declare
             found_row text[];
         begin
             for i in 1 .. how_many loop
                 fetch rows into found_row;
                 exit when not found;
                 return next found_row;
             end loop;
         end
         $body$;
         grant create on schema {schema} to {READER_ROLE};
         alter function {schema}.queens_open(text) owner to {READER_ROLE};
         alter function {schema}.queens_fetch(refcursor, integer) owner to {READER_ROLE};
         revoke create on schema {schema} from {READER_ROLE};",
        relations.join(", ")
    ))?;
    Ok(true)
}

/// What `init` says when it could not make the read-only role.
pub const NO_READER_NOTE: &str = "queens: note: your role may not create roles, so there is no \
     read-only role queens_reader; `queens query` on this schema runs with your role's own \
     privileges (see the README)";

/// Runs `change` on the model in `schema` in one transaction that first
/// takes the lock serialising queens' changes, waits for the schema's
/// readers to finish, re-reads what the schema holds (another process may
/// have changed it meanwhile), and refuses if an object of the user's
/// depends on the model. `settings` (SET LOCAL statements) come first;
/// `change` gets what was found.
fn change_model(
    url: &str,
    schema: &str,
    settings: &str,
    change: impl FnOnce(&mut Transaction, Inspection) -> Result<()>,
) -> Result<()> {
    let (mut client, schema) = connect_to_schema(url, schema)?;
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
    let has_reader = provide_reader(&mut tx, schema)?;
    tx.commit()?;
    if !has_reader {
        eprintln!("{NO_READER_NOTE}");
    }
    Ok(())
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
    change_model(url, schema, citus::CHANGE_SETTINGS, |tx, found| {
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
        let distributed = citus::is_distributed(tx)?;
        tx.batch_execute(&refill_script(found.size, distributed)?)?;
        if distributed {
            citus::fill_search_part(tx)?;
        }
        upgraded = true;
        Ok(())
    })?;
    Ok(upgraded)
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
    let (mut client, schema) = connect_to_schema(url, schema)?;
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
    let has_reader = provide_reader(&mut tx, schema)?;
    tx.commit()?;
    if !has_reader {
        eprintln!("{NO_READER_NOTE}");
    }
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
    let (mut client, schema) = connect_to_schema(url, schema)?;
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
        let distributed = citus::is_distributed(tx)?;
        tx.batch_execute(&refill_script(n, distributed)?)?;
        if distributed {
            citus::fill_search_part(tx)?;
        }
        Ok(())
    })
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

/// The first reader of a command: it locks queens_version before its
/// snapshot is taken, so that no rebuild can commit while the command
/// reads, and exports that snapshot for the command's other connections.
fn first_reader(url: &str, schema: &str) -> Result<Reader> {
    let (mut client, schema) = connect_to_schema(url, schema)?;
    begin_reading(&mut client, schema)?;
    client
        .batch_execute(&format!(
            "set local lock_timeout = '{LOCK_TIMEOUT}';
             lock table queens_version in access share mode;
             set local lock_timeout = 0;"
        ))
        .map_err(|e| busy_or(e, schema))?;
    let snapshot: String = client.query_one("select pg_export_snapshot()", &[])?.get(0);
    Ok(Reader::Postgres {
        client: RefCell::new(client),
        snapshot,
    })
}

/// Another reader of the board `first` reads, in `first`'s snapshot. It
/// takes no lock of its own: `first` holds one for the whole command, and
/// a second request could queue behind a waiting rebuild.
pub fn sibling(url: &str, schema: &str, first: &Snapshot) -> Result<Reader> {
    let Snapshot(Some(snapshot)) = first else {
        bail!("a PostgreSQL reader shares only a PostgreSQL reader's snapshot");
    };
    let (mut client, schema) = connect_to_schema(url, schema)?;
    begin_reading(&mut client, schema)?;
    client.execute(&format!("set transaction snapshot '{snapshot}'"), &[])?;
    Ok(Reader::Postgres {
        client: RefCell::new(client),
        snapshot: snapshot.clone(),
    })
}

/// Opens the board for a command that reads, building it first if the
/// schema holds none. A schema of an older queens version is refused with
/// the command that upgrades it: reading never changes it.
pub fn open_for_reading(
    url: &str,
    schema: &str,
    requested: Option<u8>,
    arguments_fit: &dyn Fn(u8) -> Result<()>,
) -> Result<(Reader, u8)> {
    let (origin, found) = ensure_exists(url, schema, requested, arguments_fit)?;
    let shown = format!("schema {schema}");
    if origin == Origin::Created {
        let n = found.size;
        eprintln!("queens: created {shown} for the {n}×{n} board");
    }
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
