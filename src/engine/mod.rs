//! The database a command talks to: an SQLite file (the embedded default)
//! or a schema on a PostgreSQL server, named by `--db` (a path, or a
//! `postgres://` URL). Commands read through a `Reader`, which runs the
//! same SQL on either, rewritten for PostgreSQL by `dialect`.

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::time::Duration;

use ::postgres::error::SqlState;
use ::postgres::fallible_iterator::FallibleIterator;
use ::postgres::types::{ToSql, Type};
use anyhow::{Result, bail};

use crate::error::usage;
use crate::model::board::{DEFAULT_SIZE, a_board};
use crate::model::dialect;
use crate::model::schema;
pub use crate::model::value::Value;

pub mod citus;
pub mod postgres;
pub mod sqlite;

/// Where the database is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// An SQLite file.
    File(PathBuf),
    /// A schema in a PostgreSQL database.
    Server { url: String, schema: String },
}

/// Whether `text` reads as libpq's `host=… dbname=…` form: it begins with
/// one of libpq's connection keywords and an equals sign.
fn is_keyword_connection_string(text: &str) -> bool {
    const KEYWORDS: [&str; 9] = [
        "host", "hostaddr", "port", "dbname", "user", "password", "passfile", "service", "sslmode",
    ];
    text.split_once('=')
        .is_some_and(|(key, _)| KEYWORDS.contains(&key.trim().to_ascii_lowercase().as_str()))
}

impl Target {
    /// A path names an SQLite file; a `postgres://` or `postgresql://` URL
    /// names a PostgreSQL database, in which `schema` holds the board.
    /// `--db` is always a path, never one of SQLite's special names: an
    /// empty name and `:memory:` would be databases that vanish when queens
    /// ends, so they are refused.
    pub fn new(db: &Path, schema: &str) -> Result<Target> {
        match db.to_str() {
            Some(url) if is_postgres_url(url) => {
                // The scheme in lower case, as the URL parser wants it.
                let colon = url.find(':').unwrap_or(0);
                let url = format!("{}{}", url[..colon].to_ascii_lowercase(), &url[colon..]);
                Ok(Target::Server {
                    url,
                    schema: schema.to_string(),
                })
            }
            Some("") => Err(usage("--db needs a file name or a postgres:// URL")),
            // Not echoed: such a string often carries a password.
            Some(text) if is_keyword_connection_string(text) => Err(usage(
                "--db looks like a PostgreSQL key=value connection string; queens takes a \
                 postgres://USER@HOST:PORT/DBNAME URL (or ./NAME for a file of that name)",
            )),
            // Not echoed either: a URL carries its password.
            Some(text) if is_postgres_url(text.trim()) => Err(usage(
                "--db has blanks around its postgres:// URL; give the URL alone",
            )),
            Some(text) if text.contains("://") => Err(usage(
                "--db looks like a URL, but queens takes only postgres:// and postgresql:// \
                 URLs (or ./NAME for a file of that name)",
            )),
            Some(":memory:") => Err(usage(
                "--db :memory: would be SQLite's in-memory database, gone when queens ends; \
                 name a file (./:memory: for a file of that name)",
            )),
            _ => Ok(Target::File(db.to_path_buf())),
        }
    }

    /// The SQLite file, or a clear refusal for something only files do.
    pub fn file(&self, what: &str) -> Result<&Path> {
        match self {
            Target::File(path) => Ok(path),
            Target::Server { .. } => Err(usage(format!(
                "{what} works on SQLite files only, not on a PostgreSQL --db"
            ))),
        }
    }

    /// How messages name it: the path, or the schema and the server without
    /// the password.
    pub fn shown(&self) -> String {
        match self {
            Target::File(path) => path.display().to_string(),
            Target::Server { url, schema } => {
                format!("schema {schema} at {}", without_password(url))
            }
        }
    }
}

/// Whether `--db` names a PostgreSQL database: it starts with the scheme
/// `postgres:` or `postgresql:`, in any case and however many slashes
/// follow (a malformed URL is then refused as a URL, without its
/// password, rather than taken for a file name and echoed).
fn is_postgres_url(db: &str) -> bool {
    let lower = db.get(..11).unwrap_or(db).to_ascii_lowercase();
    lower.starts_with("postgres:") || lower.starts_with("postgresql:")
}

/// How messages show a PostgreSQL URL: as the driver reads it, without the
/// password, however the URL spells it (`user:secret@`, `?password=`,
/// `?pass%77ord=`): `postgres://user@host:port/dbname`. A URL the driver
/// cannot read is not shown at all, since where its password is cannot be
/// told.
pub fn without_password(url: &str) -> String {
    let Ok(config) = url.parse::<::postgres::Config>() else {
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
                ::postgres::config::Host::Tcp(name) => url_encoded(name),
                #[cfg(unix)]
                ::postgres::config::Host::Unix(path) => url_encoded(&path.display().to_string()),
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

/// The name to hand SQLite for a path. SQLite reads a name that begins
/// with `file:` as a URI (and so opens some other file), and `:memory:`
/// as no file at all; `./` in front makes either an ordinary file name.
pub fn sqlite_name(path: &Path) -> PathBuf {
    let special = path
        .to_str()
        .is_some_and(|name| name.starts_with("file:") || name.starts_with(':'));
    if special {
        Path::new(".").join(path)
    } else {
        path.to_path_buf()
    }
}

/// A named parameter's value (`:name` in the SQL).
pub enum Param {
    Int(i64),
    Text(String),
}

/// A connection inside a read transaction: every query of one command sees
/// the same board.
pub enum Reader {
    Sqlite(rusqlite::Connection),
    /// A PostgreSQL connection in a repeatable-read, read-only transaction;
    /// `snapshot` names its snapshot, which the command's other connections
    /// import so that all of them read the same board. `url` and `schema`
    /// say where, for messages.
    Postgres {
        client: RefCell<::postgres::Client>,
        snapshot: String,
        url: String,
        schema: String,
    },
}

/// What a command's other connections need of its first reader to read
/// the same board: on PostgreSQL, the name of its exported snapshot; an
/// SQLite file cannot change while the first reader holds its read lock.
#[derive(Clone, Debug, Default)]
pub struct Snapshot(pub Option<String>);

impl Reader {
    /// The snapshot the command's other connections share with this one.
    pub fn snapshot(&self) -> Snapshot {
        match self {
            Reader::Sqlite(_) => Snapshot(None),
            Reader::Postgres { snapshot, .. } => Snapshot(Some(snapshot.clone())),
        }
    }

    /// On a distributed board: the number of solutions in the parts
    /// numbered `first` to `last` of the `n`×`n` board, counted on every
    /// worker at once in one statement (see citus.rs).
    pub fn count_on_cluster(&self, n: u8, first: usize, last: usize) -> Result<u64> {
        citus::count_solutions(self, n, first, last)
    }

    /// On a distributed board: every solution in the parts numbered
    /// `first` to `last` of the `n`×`n` board, in board order, listed on
    /// every worker at once in one statement.
    pub fn each_solution_on_cluster(
        &self,
        n: u8,
        (first, last): (usize, usize),
        each: impl FnMut(Vec<String>) -> Result<()>,
    ) -> Result<()> {
        citus::for_each_solution(self, n, first, last, each)
    }

    /// On a distributed board: how many (solution, symmetry) pairs of the
    /// parts numbered `first` to `last` have the symmetry leave the
    /// solution in place, counted on every worker at once.
    pub fn pairs_in_place_on_cluster(&self, n: u8, first: usize, last: usize) -> Result<u64> {
        citus::pairs_in_place(self, n, first, last)
    }

    /// On a distributed board: the weight of each part, in part order.
    pub fn part_weights_on_cluster(&self) -> Result<Vec<u64>> {
        citus::part_weights(self)
    }

    /// Whether the `solution` view of the `n`×`n` board is the one this
    /// build writes. On an SQLite file it may be one the user replaced, or
    /// one an older `queens` wrote, and such a view is read as it stands.
    /// PostgreSQL schemas are taken to hold queens' own: their views are
    /// not compared (see the README).
    pub fn has_own_solution_view(&self, n: u8) -> Result<bool> {
        match self {
            Reader::Sqlite(conn) => {
                Ok(!crate::model::schema::differing_views(conn, n)?.contains(&"solution"))
            }
            Reader::Postgres { .. } => Ok(true),
        }
    }

    /// Whether the board is spread over a Citus cluster (see citus.rs).
    pub fn is_distributed(&self) -> Result<bool> {
        match self {
            Reader::Sqlite(_) => Ok(false),
            Reader::Postgres { client, .. } => {
                crate::engine::citus::is_distributed(&mut *client.borrow_mut())
            }
        }
    }

    /// Calls `each` with every row of `sql`.
    pub fn rows(
        &self,
        sql: &str,
        params: &[(&str, Param)],
        mut each: impl FnMut(&[Value]) -> Result<()>,
    ) -> Result<()> {
        match self {
            Reader::Sqlite(conn) => {
                let mut stmt = conn.prepare_cached(sql)?;
                let width = stmt.column_count();
                let bound: Vec<(&str, &dyn rusqlite::ToSql)> = params
                    .iter()
                    .map(|(name, value)| {
                        let value: &dyn rusqlite::ToSql = match value {
                            Param::Int(i) => i,
                            Param::Text(t) => t,
                        };
                        (*name, value)
                    })
                    .collect();
                let mut rows = stmt.query(bound.as_slice())?;
                let mut values = Vec::with_capacity(width);
                while let Some(row) = rows.next()? {
                    values.clear();
                    for i in 0..width {
                        values.push(Value::from_sqlite(row.get_ref(i)?));
                    }
                    each(&values)?;
                }
                Ok(())
            }
            Reader::Postgres {
                client,
                url,
                schema,
                ..
            } => postgres_rows(&mut client.borrow_mut(), sql, params, each)
                .map_err(|e| postgres::gave_up_waiting_or(e, url, schema)),
        }
    }

    /// The first row of `sql`, if any.
    pub fn first(&self, sql: &str, params: &[(&str, Param)]) -> Result<Option<Vec<Value>>> {
        let mut first = None;
        self.rows(sql, params, |row| {
            if first.is_none() {
                first = Some(row.to_vec());
            }
            Ok(())
        })?;
        Ok(first)
    }

    /// The number `sql` answers (a `count(*)`, say).
    pub fn number(&self, sql: &str, params: &[(&str, Param)]) -> Result<i64> {
        match self.first(sql, params)? {
            Some(row) if !row.is_empty() => row[0].integer(),
            _ => bail!("no answer to {sql}"),
        }
    }

    /// For `query` on PostgreSQL: runs one query, handing its column names
    /// to `headers` and then each row, as text, to `each` as rows arrive.
    ///
    /// The statement runs as psql would run it: with the privileges of the
    /// role in the URL, inside the command's read-only transaction, so the
    /// server refuses anything that writes. It is wrapped as a subquery, so
    /// that the server accepts nothing but one query: no COPY, no second
    /// statement, no other command. `timeout` becomes the statement's
    /// `statement_timeout`, which also bounds its waits for locks.
    pub fn postgres_query(
        &self,
        sql: &str,
        timeout: Option<Duration>,
        headers: &mut dyn FnMut(Vec<String>) -> Result<()>,
        each: &mut dyn FnMut(Vec<Value>) -> Result<()>,
    ) -> Result<()> {
        let Reader::Postgres {
            client,
            url,
            schema,
            ..
        } = self
        else {
            bail!("postgres_query needs a PostgreSQL reader");
        };
        let mut client = client.borrow_mut();
        if let Some(timeout) = timeout {
            client.batch_execute(&format!(
                "set local statement_timeout = {}",
                timeout.as_millis().max(1)
            ))?;
        }
        // Preparing takes the statement's locks too, so every step may
        // stop for --timeout or give up waiting for a lock.
        let explain = |e: ::postgres::Error| -> anyhow::Error {
            match e.code() {
                Some(code) if *code == SqlState::QUERY_CANCELED && timeout.is_some() => {
                    let waited = postgres::lock_holder(url, schema)
                        .map(|(table, mode)| {
                            format!(", waiting for another session's {mode} on table {table}")
                        })
                        .unwrap_or_default();
                    anyhow::anyhow!("{}{waited}", stopped(timeout.unwrap_or_default()))
                }
                Some(code) if *code == SqlState::LOCK_NOT_AVAILABLE => {
                    postgres::gave_up_waiting_or(e.into(), url, schema)
                }
                _ => refused(&e),
            }
        };
        // The statement must be one query as it stands: wrapped, a
        // statement that closes the parenthesis itself (`… ) as x, (select
        // …`) would read as another query, with other columns.
        client.prepare(sql).map_err(explain)?;
        let wrapped = format!("select * from (\n{sql}\n) as queens_row");
        let described = client.prepare(&wrapped).map_err(explain)?;
        headers(
            described
                .columns()
                .iter()
                .map(|c| c.name().to_string())
                .collect(),
        )?;
        let kinds: Vec<Type> = described
            .columns()
            .iter()
            .map(|c| c.type_().clone())
            .collect();
        // Every value as text, so that any type reads: the server's own
        // text form, typed back by the column's type.
        let as_text = "array(select value from json_each_text(row_to_json(queens_row)))";
        let statement = client
            .prepare(&format!("select {as_text} from (\n{sql}\n) as queens_row"))
            .map_err(explain)?;
        let no_params: [&(dyn ToSql + Sync); 0] = [];
        // Rows stream from the server as they are read, in flat memory.
        let mut rows = client.query_raw(&statement, no_params).map_err(explain)?;
        while let Some(row) = rows.next().map_err(explain)? {
            let texts: Vec<Option<String>> = row.try_get(0).map_err(|e| {
                anyhow::anyhow!(
                    "cannot read the query's rows ({e}); queens reads them as UTF-8, \
                     so the query must not change client_encoding"
                )
            })?;
            if texts.len() != kinds.len() {
                bail!("the query's rows do not have the columns it declares");
            }
            each(
                texts
                    .into_iter()
                    .zip(&kinds)
                    .map(|(t, kind)| typed(t, kind))
                    .collect(),
            )?;
        }
        Ok(())
    }

    /// The SQLite connection, for what only SQLite files do.
    pub fn sqlite(&self) -> Option<&rusqlite::Connection> {
        match self {
            Reader::Sqlite(conn) => Some(conn),
            Reader::Postgres { .. } => None,
        }
    }
}

/// Runs `sql` on PostgreSQL. Without parameters it goes through the simple
/// protocol, which returns every value as text (so numeric and other types
/// need no conversion); with parameters, through a prepared statement.
fn postgres_rows(
    client: &mut ::postgres::Client,
    sql: &str,
    params: &[(&str, Param)],
    mut each: impl FnMut(&[Value]) -> Result<()>,
) -> Result<()> {
    let (sql, names) = dialect::postgres(sql);
    if names.is_empty() {
        for message in client.simple_query(&sql)? {
            if let ::postgres::SimpleQueryMessage::Row(row) = message {
                let values: Vec<Value> = (0..row.len())
                    .map(|i| {
                        row.get(i)
                            .map_or(Value::Null, |t| Value::Text(t.to_string()))
                    })
                    .collect();
                each(&values)?;
            }
        }
        return Ok(());
    }
    let mut bound: Vec<&(dyn ToSql + Sync)> = Vec::new();
    for name in &names {
        let Some((_, value)) = params
            .iter()
            .find(|(n, _)| n.trim_start_matches(':') == name)
        else {
            bail!("no value for parameter :{name}");
        };
        bound.push(match value {
            Param::Int(i) => i,
            Param::Text(t) => t,
        });
    }
    for row in client.query(&sql, &bound)? {
        let values = (0..row.len())
            .map(|i| postgres_value(&row, i))
            .collect::<Result<Vec<_>>>()?;
        each(&values)?;
    }
    Ok(())
}

/// A value PostgreSQL gave as text, typed by its column: whole and real
/// numbers become numbers and truth values 1 or 0 (as SQLite's values
/// are), NULL stays NULL. A numeric stays exact: a whole number that fits
/// 64 bits becomes one, any other finite numeric keeps its digits, and its
/// NaN and infinities become the double's, to print as a double's do.
/// Other types stay text.
fn typed(text: Option<String>, kind: &Type) -> Value {
    let Some(text) = text else {
        return Value::Null;
    };
    let number = match *kind {
        Type::INT2 | Type::INT4 | Type::INT8 | Type::OID => text.parse().ok().map(Value::Integer),
        // As SQLite answers a comparison: 1 or 0.
        Type::BOOL => Some(Value::Integer(i64::from(text == "true"))),
        Type::FLOAT4 | Type::FLOAT8 => text.parse().ok().map(Value::Real),
        Type::NUMERIC => Some(match text.as_str() {
            "NaN" => Value::Real(f64::NAN),
            "Infinity" => Value::Real(f64::INFINITY),
            "-Infinity" => Value::Real(f64::NEG_INFINITY),
            _ => text
                .parse()
                .map_or_else(|_| Value::Decimal(text.clone()), Value::Integer),
        }),
        _ => None,
    };
    number.unwrap_or(Value::Text(text))
}

/// What `query` says when --timeout stopped it.
fn stopped(timeout: Duration) -> String {
    format!(
        "the query was stopped after {} s (--timeout)",
        timeout.as_secs_f64()
    )
}

/// PostgreSQL's refusal of a statement, as a usage error in plain words.
fn refused(error: &::postgres::Error) -> anyhow::Error {
    match error.as_db_error() {
        Some(db) if db.code() == &::postgres::error::SqlState::READ_ONLY_SQL_TRANSACTION => {
            usage("query only reads: this statement would change the database, which is refused")
        }
        Some(db) if db.code() == &::postgres::error::SqlState::INSUFFICIENT_PRIVILEGE => {
            usage(format!(
                "query runs with the privileges of the role in --db, which the server refused: {}",
                db.message()
            ))
        }
        Some(db) if db.code() == &::postgres::error::SqlState::SYNTAX_ERROR => usage(format!(
            "invalid SQL: {} (query runs one query: select, values, table or with … select)",
            db.message()
        )),
        // Errors of the statement's text and names (class 42) are the
        // user's input; others arise as the query runs (a division by
        // zero after 2,000 rows) and end it like any failure.
        Some(db) if db.code().code().starts_with("42") => {
            usage(format!("invalid SQL: {}", db.message()))
        }
        Some(db) => anyhow::anyhow!("the query failed: {}", db.message()),
        None => anyhow::anyhow!("{error}"),
    }
}

fn postgres_value(row: &::postgres::Row, i: usize) -> Result<Value> {
    let column = &row.columns()[i];
    let value = match *column.type_() {
        Type::INT2 => row
            .get::<_, Option<i16>>(i)
            .map(|v| Value::Integer(v.into())),
        Type::INT4 => row
            .get::<_, Option<i32>>(i)
            .map(|v| Value::Integer(v.into())),
        Type::INT8 => row.get::<_, Option<i64>>(i).map(Value::Integer),
        Type::FLOAT4 => row.get::<_, Option<f32>>(i).map(|v| Value::Real(v.into())),
        Type::FLOAT8 => row.get::<_, Option<f64>>(i).map(Value::Real),
        Type::BOOL => row
            .get::<_, Option<bool>>(i)
            .map(|v| Value::Integer(v.into())),
        Type::TEXT | Type::VARCHAR | Type::BPCHAR | Type::NAME => {
            row.get::<_, Option<String>>(i).map(Value::Text)
        }
        ref other => bail!(
            "column {} has type {other}, which queens does not read",
            column.name()
        ),
    };
    Ok(value.unwrap_or(Value::Null))
}

// The interface every command uses: open a board for reading (creating it
// if need be), and, for `init`, build, rebuild, upgrade or distribute it.
// Each engine (sqlite.rs, postgres.rs, citus.rs over postgres.rs) does its
// own part; nothing outside this module names one.

/// What an existing `queens` database holds, as read without writing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Inspection {
    /// The schema version (SQLite's `user_version`).
    pub version: usize,
    /// The board size.
    pub size: u8,
}

/// Whether a command found the database or had to create it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    Created,
    Existing,
}

/// Opens the board at `target` for a command that only reads, creating it
/// first (for `requested` or the default size) if there is none. Returns a
/// reader inside one read transaction, and the board size.
pub fn open(target: &Target, requested: Option<u8>) -> Result<(Reader, u8)> {
    open_checking(target, requested, &|_| Ok(()))
}

/// As `open`, for a command whose arguments depend on the board size
/// (squares, for one): `arguments_fit(n)` is asked first when the database
/// would be created, so that a mistake in them creates nothing. (With an
/// existing database the command checks them against the size it reads.)
pub fn open_checking(
    target: &Target,
    requested: Option<u8>,
    arguments_fit: &dyn Fn(u8) -> Result<()>,
) -> Result<(Reader, u8)> {
    match target {
        Target::File(path) => {
            if !sqlite::path_exists(path)? {
                arguments_fit(requested.unwrap_or(DEFAULT_SIZE))?;
            }
            let (conn, n) = sqlite::open_for_reading(path, requested)?;
            Ok((Reader::Sqlite(conn), n))
        }
        Target::Server { url, schema } => postgres::open_for_reading(url, schema, requested),
    }
}

/// Another reader of the board that `first` (from `open`) reads, for a
/// worker thread: it sees the same board as `first` (on PostgreSQL, the
/// same snapshot), and neither creates nor checks.
pub fn open_sibling(target: &Target, first: &Snapshot) -> Result<Reader> {
    match target {
        Target::File(path) => Ok(Reader::Sqlite(sqlite::reading(path)?)),
        Target::Server { url, schema } => postgres::sibling(url, schema, first),
    }
}

/// Refuses, for a command that only reads, a database whose schema is
/// older than this build's: reading must not upgrade it.
/// `init_here` is the command that upgrades it (`queens init --db …`).
pub fn check_current(shown: &str, version: usize, init_here: &str) -> Result<()> {
    let latest = schema::latest_version();
    if version < latest {
        bail!(
            "{shown} was written by an older queens (schema version {version}, this one reads \
             {latest}); upgrade it with `{init_here}`, which keeps your own tables"
        );
    }
    Ok(())
}

/// Refuses a `--size` that disagrees with the board of the database that
/// messages call `shown` (a file, or a PostgreSQL schema).
pub fn check_requested_size(shown: &str, stored: u8, requested: Option<u8>) -> Result<()> {
    match requested {
        Some(n) if n != stored => Err(usage(format!(
            "{shown} holds {}, not {n}×{n}; \
             rebuild it with `queens init --size {n} --force` and the same --db, or name another --db",
            a_board(stored)
        ))),
        _ => Ok(()),
    }
}

impl Target {
    /// Makes sure the board exists: creates one for `requested` (or the
    /// default size) when there is none. Never upgrades.
    pub fn ensure_exists(&self, requested: Option<u8>) -> Result<(Origin, Inspection)> {
        match self {
            Target::File(path) => sqlite::ensure_exists(path, requested),
            Target::Server { url, schema } => {
                postgres::ensure_exists(url, schema, requested, &|_| Ok(()))
            }
        }
    }

    /// Whether the database is queens' but holds no board size, so that
    /// `init --force --size N` may build one in it.
    pub fn lacks_board_size(&self) -> Result<bool> {
        match self {
            Target::File(path) => Ok(sqlite::lacks_board_size(path)),
            Target::Server { url, schema } => postgres::lacks_board_size(url, schema),
        }
    }

    /// Replaces the board with an `n`×`n` one, in one transaction.
    pub fn rebuild(&self, n: u8) -> Result<()> {
        match self {
            Target::File(path) => sqlite::rebuild(path, n),
            Target::Server { url, schema } => postgres::rebuild(url, schema, n),
        }
    }

    /// Upgrades a board written by an older queens; whether it had to.
    pub fn bring_up_to_date(&self) -> Result<bool> {
        match self {
            Target::File(path) => sqlite::bring_up_to_date(path),
            Target::Server { url, schema } => postgres::bring_up_to_date(url, schema),
        }
    }

    /// Refuses, before anything is changed, a database that cannot be
    /// distributed: a file, or a server that is not a Citus coordinator.
    pub fn refuse_without_cluster(&self) -> Result<()> {
        match self {
            Target::File(_) => Err(usage(
                "--distributed needs a postgres:// URL of a Citus coordinator, not a file",
            )),
            Target::Server { url, .. } => postgres::refuse_without_cluster(url),
        }
    }

    /// Spreads the board over the Citus cluster (see citus.rs): the number
    /// of workers, and whether anything had to be done.
    pub fn distribute(&self) -> Result<(i64, bool)> {
        match self {
            Target::File(_) => bail!("an SQLite file cannot be distributed"),
            Target::Server { url, schema } => postgres::distribute(url, schema),
        }
    }
}

// What only SQLite files do (`doctor` examines them, `init --materialize`
// stores solutions in them), asked of the file alone.

/// The schema version and board size of the queens file at `path`, read
/// without writing, refusing anything that is not an undamaged queens file.
pub fn inspect_file(path: &Path) -> Result<Inspection> {
    sqlite::inspect_header(path)
}

/// A read-only connection to the file at `path`.
pub fn open_file_read_only(path: &Path) -> Result<rusqlite::Connection> {
    sqlite::open_read_only(path)
}

/// Runs `change` on the model in the file at `path` in one transaction
/// that keeps the user's rows, views and triggers (see sqlite.rs).
pub fn change_file_model(
    path: &Path,
    change: impl FnOnce(&rusqlite::Transaction) -> Result<()>,
) -> Result<()> {
    sqlite::change_model(path, change)
}

/// The SQL script that builds the `n`×`n` model in PostgreSQL schema
/// `schema` (for `export --dialect postgres`, from either engine).
pub fn postgres_script(schema: &str, n: u8) -> Result<String> {
    postgres::build_script(schema, n)
}

#[cfg(test)]
mod tests {
    use super::*;

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
            assert!(is_postgres_url(url), "{url}");
        }
        assert_eq!(
            without_password("postgres://me:pw1@host:5433/db?sslmode=disable"),
            "postgres://me@host:5433/db"
        );
        assert!(!is_postgres_url("postgres.db"));
        assert!(!is_postgres_url("./postgres:x"));
    }
}
