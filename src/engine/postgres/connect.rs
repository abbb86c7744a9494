//! Reaching a schema on a PostgreSQL server: the connection, the URL as
//! messages show it, the schema's name, and the checks made before queens
//! runs anything there (no extension's schema, no role's SQL that would
//! borrow the reader's powers, nothing of an earlier queens' reader role).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use postgres::{Client, GenericClient, NoTls};

use crate::engine::interface::Inspection;
use crate::error::{Error, shell_word, usage};
use crate::model::board::Board;
use crate::model::schema;
use crate::model::sql;
use crate::model::template::{self, Dialect, Scope, string_literal};

/// Whether `--db` names a PostgreSQL database: it starts with the scheme
/// `postgres:` or `postgresql:`, in any case and however many slashes
/// follow (a malformed URL is then refused as a URL, without its
/// password, rather than taken for a file name and echoed).
pub fn is_url(db: &str) -> bool {
    let lower = db.get(..11).unwrap_or(db).to_ascii_lowercase();
    lower.starts_with("postgres:") || lower.starts_with("postgresql:")
}

/// The URL with its scheme in lower case, as the driver wants it.
pub fn lower_case_scheme(url: &str) -> String {
    let colon = url.find(':').unwrap_or(0);
    format!("{}{}", url[..colon].to_ascii_lowercase(), &url[colon..])
}

/// Whether `text` reads as libpq's `host=… dbname=…` form: it begins with
/// one of libpq's connection keywords and an equals sign.
pub fn is_keyword_connection_string(text: &str) -> bool {
    const KEYWORDS: [&str; 9] = [
        "host", "hostaddr", "port", "dbname", "user", "password", "passfile", "service", "sslmode",
    ];
    text.split_once('=')
        .is_some_and(|(key, _)| KEYWORDS.contains(&key.trim().to_ascii_lowercase().as_str()))
}

/// How messages show a PostgreSQL URL: as the driver reads it, without the
/// password, however the URL spells it (`user:secret@`, `?password=`,
/// `?pass%77ord=`): `postgres://user@host:port/dbname`. A URL the driver
/// cannot read is not shown at all, since where its password is cannot be
/// told.
pub fn without_password(url: &str) -> String {
    let Ok(config) = url.parse::<postgres::Config>() else {
        return "the postgres:// URL given to --db".to_string();
    };
    let user = config
        .get_user()
        .map(|user| format!("{}@", url_encoded(user)))
        .unwrap_or_default();
    let ports = config.get_ports();
    let hosts: Vec<String> = config
        .get_hosts()
        .iter()
        .enumerate()
        .map(|(i, host)| {
            let name = match host {
                postgres::config::Host::Tcp(name) => url_encoded(name),
                #[cfg(unix)]
                postgres::config::Host::Unix(path) => url_encoded(&path.display().to_string()),
            };
            // One port for every host, or one each.
            match ports.get(i).or(ports.first().filter(|_| ports.len() == 1)) {
                Some(port) => format!("{name}:{port}"),
                None => name,
            }
        })
        .collect();
    let dbname = config
        .get_dbname()
        .map(|db| format!("/{}", url_encoded(db)))
        .unwrap_or_default();
    format!("postgres://{user}{}{dbname}", hosts.join(","))
}

/// `text` with every character but letters, digits and `-._~` percent
/// encoded, so that the shown URL reads back as the same parts.
fn url_encoded(text: &str) -> String {
    let mut out = String::new();
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// How long to wait for a server that does not answer, unless the URL
/// says otherwise (`?connect_timeout=S`).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a command waits for another one's rebuild (or a rebuild for
/// another command's reading) before saying the schema is busy.
pub(super) const LOCK_TIMEOUT: &str = "10s";

/// Connects, with one plain sentence for what most often goes wrong. The
/// whole connection, the server's greeting and the login included, must
/// be done within the connect timeout: a server that accepts the
/// connection but never answers (stopped, say) is given up on too.
pub fn connect(url: &str) -> Result<Client> {
    let shown = without_password(url);
    let mut config: postgres::Config = url
        .parse()
        .map_err(|e| usage(format!("{shown} is not a PostgreSQL URL ({e})")))?;
    pin_session_settings(&mut config);
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
            || {
                std::error::Error::source(&e)
                    .map_or_else(|| e.to_string(), std::string::ToString::to_string)
            },
            |db| db.message().to_string(),
        );
        anyhow::anyhow!("cannot connect to {shown}: {cause}")
    })
}

/// The settings every connection of queens asks for in its startup packet,
/// so that they are in force before queens' first statement: a setting made
/// there outranks the database's and the role's own (`alter database … set
/// …`, `alter role … [in database …] set …`), which their owners may have
/// chosen to trap or to stop queens. pg_dump pins its own the same way.
///
/// - `search_path` empty: every unqualified function, operator and type
///   resolves to `pg_catalog`, and relations to nothing until queens names
///   its schema (a path pointing at functions that shadow `pg_catalog`'s is
///   CVE-2018-1058's class).
/// - `role` none: queens acts as the role the URL logs in as. A `set role`
///   that a database's owner made (`alter database … set role = bob`)
///   would make a superuser build boards bob owns and read as bob.
/// - `statement_timeout`, `idle_in_transaction_session_timeout` and
///   `idle_session_timeout` off: a rebuild is one transaction of many
///   statements and a split search keeps its snapshot's transaction open
///   between parts; `query --timeout S` and the 10 s lock timeout bound
///   queens' waits instead.
/// - `default_transaction_read_only` off: `init` writes; every reading
///   command starts its own read-only transaction whatever this says.
/// - `standard_conforming_strings` on: the literals queens writes read
///   backslashes as themselves.
/// - `transform_null_equals` off: `x = null` is null, as the views mean.
/// - `quote_all_identifiers` off: queens asks the server (`quote_ident`)
///   whether a schema's name is a key word; quoting every name would make
///   every name look like one.
/// - `jit` off: compiling the catalog questions queens asks first (the
///   trust check's walk, whose estimate is large) took longer than asking
///   them; the search sets it off too (planner_settings.sql).
/// - Citus's settings that queens' work on a cluster depends on, as Citus
///   ships them: a multi-task query is no error
///   (`multi_task_query_log_level`), an intermediate result may be as
///   large as Citus's default allows, a query on one shard is routed and
///   the coordinator's own placements are used (`enable_router_execution`,
///   `enable_local_execution`), a table has one replica, which foreign
///   keys need (`shard_replication_factor`), and no table or schema is
///   distributed unasked (`use_citus_managed_tables`,
///   `enable_schema_based_sharding`). On a server without Citus these are
///   placeholders that nothing reads.
///
/// The URL's own `options` are kept, and these come last so they win.
pub(super) const PINNED_SETTINGS: &str = "-c search_path= -c role=none -c statement_timeout=0 \
    -c idle_in_transaction_session_timeout=0 -c idle_session_timeout=0 \
    -c default_transaction_read_only=off -c standard_conforming_strings=on \
    -c transform_null_equals=off -c quote_all_identifiers=off -c jit=off \
    -c citus.multi_task_query_log_level=off -c citus.max_intermediate_result_size=1GB \
    -c citus.enable_router_execution=on -c citus.enable_local_execution=on \
    -c citus.shard_replication_factor=1 -c citus.use_citus_managed_tables=off \
    -c citus.enable_schema_based_sharding=off";

fn pin_session_settings(config: &mut postgres::Config) {
    let given = config.get_options().unwrap_or("").trim().to_string();
    let pinned = if given.is_empty() {
        PINNED_SETTINGS.to_string()
    } else {
        format!("{given} {PINNED_SETTINGS}")
    };
    config.options(&pinned);
}

/// The longest name PostgreSQL keeps whole (NAMEDATALEN − 1): a longer
/// one it would cut short silently.
const MAX_NAME: usize = 63;

/// A schema name that needs no quoting and cannot smuggle SQL: lower-case
/// letters, digits and _, and not one of PostgreSQL's own schemas.
pub(super) fn checked_schema(schema: &str) -> Result<&str> {
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
            &statement("postgres/extension_objects.sql", Scope::default())?,
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
pub(super) enum Legacy {
    Remove,
    Refuse,
}

/// The roles a command trusts on its schema (`--trust-owner`), and whether
/// one of its connections has walked the schema's dependencies already.
/// A command walks them once: its later calls of `connect_to_schema`
/// (`init` reads the board, asks whether it has a size, builds or rebuilds
/// it and upgrades it, each on a connection of its own) check the schema's
/// own objects again, as `connect_again_to_schema` (its readers'
/// connections) does, and not the walk, which took about 0.1 s of the
/// server's time each time.
#[derive(Default)]
pub struct Trust {
    roles: Vec<String>,
    walked: AtomicBool,
}

impl Trust {
    /// `roles` trusted, the walk not made yet.
    pub fn new(roles: &[String]) -> Trust {
        Trust {
            roles: roles.to_vec(),
            walked: AtomicBool::new(false),
        }
    }

    /// The roles the user trusts.
    pub fn roles(&self) -> &[String] {
        &self.roles
    }
}

/// Connects for work on `schema`, having checked its name and that every
/// role whose SQL it would run is trusted: the owners of its objects, and
/// of everything they depend on however far along (walked once a command:
/// `Trust`).
pub(super) fn connect_to_schema<'s>(
    url: &str,
    schema: &'s str,
    trust: &Trust,
    legacy: Legacy,
) -> Result<(Client, &'s str)> {
    let (mut client, schema) = connect_again_to_schema(url, schema, trust.roles(), legacy)?;
    if !trust.walked.load(Ordering::Acquire) {
        note_an_untested_major(&mut client)?;
        refuse_untrusted_dependencies(&mut client, schema, trust.roles())?;
        trust.walked.store(true, Ordering::Release);
    }
    Ok((client, schema))
}

/// The PostgreSQL majors the tests run queens on: the trust walk reads the
/// server's stored node trees as text, whose form is the major's own.
pub const TESTED_MAJORS: [i32; 2] = [15, 18];

/// Says in one line, once a process, that the server is of a major the
/// tests do not run on; queens carries on.
fn note_an_untested_major(client: &mut Client) -> Result<()> {
    static NOTED: std::sync::Once = std::sync::Once::new();
    if NOTED.is_completed() {
        return Ok(());
    }
    let major: i32 = client
        .query_one(
            &statement("postgres/server_major.sql", Scope::default())?,
            &[],
        )?
        .get(0);
    NOTED.call_once(|| {
        if let Some(note) = untested_major(major) {
            eprintln!("queens: note: {note}");
        }
    });
    Ok(())
}

/// What queens says of a server of `major`: nothing on a tested major.
fn untested_major(major: i32) -> Option<String> {
    (!TESTED_MAJORS.contains(&major)).then(|| {
        format!(
            "the server is PostgreSQL {major}, and queens is tested on PostgreSQL {} and {}; \
             carrying on",
            TESTED_MAJORS[0], TESTED_MAJORS[1]
        )
    })
}

/// As `connect_to_schema`, for a command's later connections (its
/// search threads' readers, the session a distributed count keeps its
/// parts' counts on), once its first connection has walked the schema's
/// dependencies (`Trust`): the schema's own objects are checked again,
/// the walk is not. What the walk refuses is another role's object that
/// the schema's objects reach; only a role trusted already (the schema's
/// owners, or one that can act as them, which the walk refuses unless
/// named) could make them reach one since.
pub(super) fn connect_again_to_schema<'s>(
    url: &str,
    schema: &'s str,
    trusted: &[String],
    legacy: Legacy,
) -> Result<(Client, &'s str)> {
    let schema = checked_schema(schema)?;
    let mut client = connect(url)?;
    // No statement of queens waits for ever behind another session's
    // lock: it gives up, and says whose table it waited for.
    let timeout = Scope::default().with_word("TIMEOUT", &string_literal(LOCK_TIMEOUT));
    client.batch_execute(&script("postgres/lock_timeout.sql", timeout)?)?;
    check_not_key_word(&mut client, schema)?;
    refuse_extension_schema(&mut client, schema)?;
    refuse_untrusted_owners(&mut client, schema, trusted)?;
    if legacy == Legacy::Refuse && has_legacy_reader(&mut client, schema)? {
        bail!(
            "schema {schema} was built by an earlier queens, which gave the role queens_reader \
             functions in it; `queens init --db {} --schema {schema}` removes them and the \
             grants that queens made, and nothing else",
            shell_word(&without_password(url))
        );
    }
    Ok((client, schema))
}

/// Whether an earlier queens left its reader role's functions in `schema`.
fn has_legacy_reader(client: &mut Client, schema: &str) -> Result<bool> {
    Ok(client
        .query_one(
            &statement("postgres/legacy_functions.sql", Scope::default())?,
            &[&schema],
        )?
        .get(0))
}

/// Refuses a schema in which a role without the connecting role's
/// privileges owns something, or may create something. Reading the schema
/// runs SQL of its objects' owners (the body of a view, a function a view
/// calls, a function that shadows a built-in on the search path) with the
/// privileges of whoever reads, so a superuser reading a schema another
/// role controls would hand that role the superuser's powers. Trusted:
/// superusers, roles that have the connecting role's privileges, and the
/// roles the user names (`trusted`, from --trust-owner). The functions an
/// earlier queens made for its role queens_reader are left to
/// `connect_to_schema`, which names them.
fn refuse_untrusted_owners(client: &mut Client, schema: &str, trusted: &[String]) -> Result<()> {
    let untrusted = client.query_opt(
        &statement("postgres/untrusted_owners.sql", Scope::default())?,
        &[&schema, &trusted],
    )?;
    if let Some(row) = untrusted {
        let (role, what, public): (String, String, Option<String>) =
            (row.get(0), row.get(1), row.get(2));
        if let Some(relation) = public {
            let table = crate::model::template::quoted_identifier(&relation);
            bail!(
                "schema {schema} is not yours to read safely: every role (PUBLIC) has {what}, \
                 and queens would run their SQL with your powers; its owner can take it back \
                 with `revoke trigger on {schema}.{table} from public`, or name another --schema"
            );
        }
        bail!(
            "schema {schema} is not yours to read safely: role {role}, which lacks your \
             privileges, has {what}, and queens would run that role's SQL with your powers; \
             connect as {role} (or a role with no more privileges than it), or name another \
             --schema, or, if you trust {role}, add --trust-owner {}",
            shell_word(&role)
        );
    }
    Ok(())
}

/// Refuses a schema whose objects depend, however far along, on something
/// that would run SQL the user did not trust: an object owned by a role
/// that lacks the user's privileges and that the user did not name (a
/// function in another schema that a view calls, a type whose output
/// function is another role's, …), a function whose body the catalog does
/// not record and that is not the user's own, or a call of one of
/// PostgreSQL's functions that run SQL given as text. Trusting carol
/// trusts carol's SQL, not whatever carol's SQL calls.
fn refuse_untrusted_dependencies(
    client: &mut Client,
    schema: &str,
    trusted: &[String],
) -> Result<()> {
    // The steps along the server's own catalog references, written by the
    // server from its list of them.
    let edges = client.query_one(
        &statement("postgres/catalog_edges.sql", Scope::default())?,
        &[],
    )?;
    let (follow, owners): (String, String) = (edges.get(0), edges.get(1));
    let walk = Scope::default()
        .with_fragment("FOLLOW", &follow)
        .with_fragment("OWNERS", &owners);
    let found = client.query_opt(
        &statement("postgres/untrusted_dependencies.sql", walk)?,
        &[&schema, &trusted],
    )?;
    let Some(row) = found else {
        return Ok(());
    };
    let (what, owner, why): (String, Option<String>, String) = (row.get(0), row.get(1), row.get(2));
    let owner = owner.unwrap_or_default();
    match why.as_str() {
        "member" => bail!(
            "schema {schema} is not yours to read safely: role {owner} can act as {what} (it is \
             a member of {what}, or may create roles and so make itself one), so trusting \
             {what} would trust {owner} too, who lacks your privileges; add --trust-owner {} as \
             well if you trust {owner}",
            shell_word(&owner)
        ),
        "owner" => bail!(
            "schema {schema} is not yours to read safely: its objects use {what}, owned by \
             {owner}, which lacks your privileges, and queens would run that role's SQL with \
             your powers; connect as {owner}, or, if you trust {owner}, add --trust-owner {}",
            shell_word(&owner)
        ),
        "body" => bail!(
            "schema {schema} is not yours to read safely: its objects use {what}, owned by \
             {owner}, a function whose body the server keeps as text (plpgsql, or SQL in \
             quotes), with no record of what it calls, so queens cannot tell whose SQL it would \
             run with your powers; only your own role's functions may be so, or {owner} can \
             write it as a SQL function with a BEGIN ATOMIC body"
        ),
        "config" => bail!(
            "schema {schema} is not yours to read safely: its objects use {what}, owned by \
             {owner}, which sets a setting for what it calls (a SET clause, such as a \
             search_path under which its callees' SQL would find another role's functions), so \
             queens cannot tell whose SQL it would run with your powers; only your own role's \
             functions may set one"
        ),
        _ => bail!(
            "schema {schema} is not yours to read safely: {what}, which runs SQL given as text \
             (or on a connection of its own), changes a setting, or reads a value as a type \
             named only when it runs, so queens cannot tell whose SQL it would run with your \
             powers"
        ),
    }
}

/// What the schema holds: None when it holds nothing of queens'. An empty
/// board_size is refused, with the command that mends it.
pub(super) fn inspect(client: &mut impl GenericClient, schema: &str) -> Result<Option<Inspection>> {
    match inspect_allowing_no_size(client, schema)? {
        Some(Inspection { size: 0, .. }) => Err(no_board_size(schema).into()),
        found => Ok(found),
    }
}

/// A schema whose board_size table is empty: a rebuild must be given the
/// size, since there is none to keep.
pub(super) fn no_board_size(schema: &str) -> Error {
    Error::NoBoardSize {
        board: format!("schema {schema}"),
        rebuild: "`queens init --force --size N` and the same --db and --schema".to_string(),
    }
}

/// As `inspect`, but a schema whose board_size is empty is found with
/// size 0: a rebuild for a given size may mend it.
pub(super) fn inspect_allowing_no_size(
    client: &mut impl GenericClient,
    schema: &str,
) -> Result<Option<Inspection>> {
    // From the catalog, which shows every relation whatever the reading
    // role may read (information_schema shows only those it may).
    let names: Vec<String> = client
        .query(
            &statement("postgres/relations.sql", Scope::default())?,
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
            &statement("postgres/taken_types.sql", Scope::default())?,
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
    let Some(version) = at_most_one(client, schema, "queens_version", "version")? else {
        bail!(
            "schema {schema}'s table queens_version is empty, so queens cannot tell which \
             version its tables are; put back the row queens wrote, or build the board in \
             another --schema"
        );
    };
    let latest = schema::latest_version();
    if version < 1 || version as usize > latest {
        bail!(
            "schema {schema} has queens schema version {version}, which this queens does not \
             understand (it reads 1 to {latest}); use a newer queens"
        );
    }
    let size = at_most_one(client, schema, "board_size", "n")?;
    Ok(Some(Inspection {
        version: version as usize,
        size: size
            .and_then(|n| crate::engine::interface::board_size_from(i64::from(n)))
            .unwrap_or(0),
    }))
}

/// The integer `column` of `table`'s one row, or None when it has none;
/// a table of one row holding more is an error that says so.
fn at_most_one(
    client: &mut impl GenericClient,
    schema: &str,
    table: &str,
    column: &str,
) -> Result<Option<i32>> {
    // As text: a column whose type or value was changed is named, not
    // misread.
    let one_row = Scope::default()
        .with_word("SCHEMA", schema)
        .with_word("TABLE", table)
        .with_word("COLUMN", column);
    let rows = client.query(&statement("postgres/one_row.sql", one_row)?, &[])?;
    let values: Vec<Option<String>> = rows
        .iter()
        .map(|row| row.try_get(0))
        .collect::<Result<_, _>>()?;
    match values.as_slice() {
        [] => Ok(None),
        [value] => match value.as_deref().map(str::parse::<i32>) {
            Some(Ok(number)) => Ok(Some(number)),
            _ => bail!(
                "schema {schema}'s table {table} holds {} in its column {column}, which is no \
                 number queens wrote; put back the value queens wrote, or build the board in \
                 another --schema",
                value
                    .as_ref()
                    .map_or("NULL".to_string(), |v| format!("'{v}'"))
            ),
        },
        _ => bail!(
            "schema {schema}'s table {table} holds more than one row, where queens keeps one; \
             delete the rows you added, or build the board in another --schema"
        ),
    }
}

/// Whether the facts and views of the schema's `n`×`n` board were derived
/// from the text this build derives them from, as its queens_derived
/// records (the table must exist: the schema is at the latest version).
pub(super) fn derived_is_current(
    client: &mut impl GenericClient,
    schema: &str,
    n: u8,
) -> Result<bool> {
    // Only queens' own table counts: missing, or a relation of another
    // kind, it records nothing.
    if relation_kind(client, schema, "queens_derived")?.as_deref() != Some("r") {
        return Ok(false);
    }
    let recorded: Vec<Option<String>> = client
        .query(
            &statement(
                "postgres/derived_checksum.sql",
                Scope::default().with_word("SCHEMA", schema),
            )?,
            &[],
        )?
        .iter()
        .map(|row| row.try_get(0))
        .collect::<Result<_, _>>()?;
    let board = held_board(client, schema, n)?;
    let expected = schema::derived_checksum(&board, false, Dialect::Postgres)?;
    Ok(recorded == [Some(expected)])
}

/// Whether the schema's `solution` view is the one queens wrote, not one
/// the user wrote since (sql/postgres/own_solution_view.sql): queens
/// writes all of a board's views in one transaction.
pub(super) fn has_own_solution_view(client: &mut impl GenericClient, schema: &str) -> Result<bool> {
    let sql = statement("postgres/own_solution_view.sql", Scope::default())?;
    let own: Vec<bool> = client
        .query(&sql, &[&schema])?
        .iter()
        .map(|row| row.try_get(0))
        .collect::<Result<_, _>>()?;
    Ok(own == [true])
}

/// The board of `n` columns (board_size's) in `schema`, which is on the
/// search path, with its shape (sql/queries/board_shape.sql): the plain
/// board in a schema of an older version, which has no table board_shape
/// or hole to record one.
pub(super) fn held_board(client: &mut impl GenericClient, schema: &str, n: u8) -> Result<Board> {
    for table in ["board_shape", "hole"] {
        if relation_kind(client, schema, table)?.as_deref() != Some("r") {
            return Ok(Board::square(n));
        }
    }
    let records_rows = relation_kind(client, schema, "board_rows")?.as_deref() == Some("r");
    let sql = statement(
        "queries/board_shape.sql",
        Scope::for_dialect(Dialect::Postgres).with("RECORDS_ROWS", records_rows.into()),
    )?;
    let row = client.query_one(&sql, &[])?;
    let (torus, superqueens, holes, rows): (i32, bool, String, i32) =
        (row.get(0), row.get(1), row.get(2), row.get(3));
    Board::from_stored(n, torus != 0, superqueens, &holes, rows.into())
}

/// The kind of the relation `name` in `schema` (`r` a table, `v` a view,
/// …), if there is one.
pub(super) fn relation_kind(
    client: &mut impl GenericClient,
    schema: &str,
    name: &str,
) -> Result<Option<String>> {
    let row = client.query_opt(
        &statement("postgres/relation_kind.sql", Scope::default())?,
        &[&schema, &name],
    )?;
    Ok(row.map(|row| row.get(0)))
}

/// The names of queens' relations in a PostgreSQL schema: the model's
/// tables and views, the version table, and search_part and
/// search_part_count, the tables of the search's parts and of their kept
/// counts that an engine built on this one (Citus) adds.
pub fn own_relations() -> Vec<String> {
    let mut own: Vec<String> = schema::own_names()
        .iter()
        .map(std::string::ToString::to_string)
        .collect();
    own.push("queens_version".to_string());
    own.push("search_part".to_string());
    own.push("search_part_count".to_string());
    own
}

/// The statement of sql/`path` (a catalog question of sql/postgres/, say)
/// expanded for PostgreSQL in `scope`, without its final semicolon: to
/// query or prepare. Its parameters are written `$1`, `$2`, … or `param("name")` in a template.
pub(super) fn statement(path: &str, scope: Scope) -> Result<String> {
    Ok(
        template::render_statement(sql::file(path), &scope.with_dialect(Dialect::Postgres))
            .with_context(|| format!("could not expand sql/{path}"))?
            .text,
    )
}

/// The statements of sql/`path` expanded for PostgreSQL in `scope`, as
/// written: to run as one batch.
pub(super) fn script(path: &str, scope: Scope) -> Result<String> {
    Ok(
        template::render(sql::file(path), &scope.with_dialect(Dialect::Postgres))
            .with_context(|| format!("could not expand sql/{path}"))?
            .text,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_of_an_untested_major_is_named_in_one_line() {
        assert_eq!(untested_major(15), None);
        assert_eq!(untested_major(18), None);
        let note = untested_major(16).unwrap();
        assert_eq!(
            note,
            "the server is PostgreSQL 16, and queens is tested on PostgreSQL 15 and 18; carrying on"
        );
    }

    #[test]
    fn passwords_are_never_shown_however_the_url_spells_them() {
        for url in [
            "postgres://me:pw1@host/db",
            "POSTGRES://me:pw1@host/db",
            "postgres://me:pw1@host/db?password=pw2&sslmode=disable",
            "postgres://me@host/db?PASSWORD=pw2",
            "postgres://me@host/db?pass%77ord=pw2",
            "postgres://me@host/db?%70assword=pw2",
            "postgres://me:p%77%31@host:5433/db",
            "postgres://me@host/db?password=pw2&password=pw1",
            "postgresql:/me:pw1@host/db",
            "postgres:me:pw1@host/db",
        ] {
            let shown = without_password(url);
            assert!(
                !shown.contains("pw1") && !shown.contains("pw2") && !shown.contains("%77"),
                "{url} → {shown}"
            );
            assert!(is_url(url), "{url}");
        }
        assert_eq!(
            without_password("postgres://me:pw1@host:5433/db?sslmode=disable"),
            "postgres://me@host:5433/db"
        );
        assert!(!is_url("postgres.db"));
        assert!(!is_url("./postgres:x"));
    }
}
