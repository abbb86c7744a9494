//! A lock waited for in vain, or a privilege refused, in plain words: the
//! message names the table another session holds, or the grant that
//! would let the role, each looked up on a connection of its own.

use postgres::error::SqlState;

use crate::engine::postgres::connect::{LOCK_TIMEOUT, connect, statement};
use crate::error::Error;
use crate::model::template::Scope;

/// A lock that was not granted in time, in plain words.
pub fn busy_or(error: postgres::Error, schema: &str) -> anyhow::Error {
    match error.code() {
        Some(code) if *code == SqlState::LOCK_NOT_AVAILABLE => Error::SchemaBusy {
            schema: schema.to_string(),
            why: format!(
                "another session has held its table queens_version for {LOCK_TIMEOUT} (a queens \
                 command reading or rebuilding it, or a lock taken by hand); try again when it \
                 ends"
            ),
        }
        .into(),
        _ => error.into(),
    }
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
        let role = url
            .parse::<postgres::Config>()
            .ok()
            .and_then(|config| config.get_user().map(str::to_string))
            .unwrap_or_else(|| "YOUR_ROLE".to_string());
        if let Some(database) = schema_creation_refused(url, schema) {
            return anyhow::anyhow!(
                "role {role} may not create schemas in database {database} ({message}); its \
                 owner can let it with `grant create on database {database} to {role}`, or name \
                 a --schema that role {role} may write in"
            );
        }
        return anyhow::anyhow!(
            "schema {schema} is not yours to read ({message}); its owner can let you with \
             `grant usage on schema {schema} to {role}; grant select on all tables in schema \
             {schema} to {role}`"
        );
    }
    if code != Some(SqlState::LOCK_NOT_AVAILABLE) {
        return error;
    }
    let holder = match lock_holder(url, schema) {
        Some((relation, mode)) => format!("another session holds {mode} on its table {relation}"),
        None => "another session held a lock on one of its tables".to_string(),
    };
    Error::SchemaBusy {
        schema: schema.to_string(),
        why: format!(
            "{holder}; gave up waiting for it (lock_timeout); try again when that session ends"
        ),
    }
    .into()
}

/// The database the URL's role was refused creating `schema` in, if that
/// is why a build was refused: PostgreSQL gives every refused privilege one
/// SQLSTATE (42501, insufficient_privilege), so the catalog is asked, on a
/// connection of its own, whether the role lacks CREATE on the database
/// and the schema is not there yet.
fn schema_creation_refused(url: &str, schema: &str) -> Option<String> {
    let mut client = connect(url).ok()?;
    let sql = statement("postgres/schema_creation_refused.sql", Scope::default()).ok()?;
    let rows = client.query(&sql, &[&schema]).ok()?;
    rows.first().map(|row| row.get::<_, String>(0))
}

/// A table of `schema` that another session holds locked against readers,
/// and the lock's mode, looked up on a connection of its own.
pub fn lock_holder(url: &str, schema: &str) -> Option<(String, String)> {
    let mut client = connect(url).ok()?;
    client
        .query(
            &statement("postgres/lock_holders.sql", Scope::default()).ok()?,
            &[&schema],
        )
        .ok()?
        .first()
        .map(|row| (row.get::<_, String>(0), row.get::<_, String>(1)))
}
