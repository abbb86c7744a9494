//! Reading a board on PostgreSQL: every connection of a command in one
//! read-only, repeatable-read transaction on the same snapshot, queens'
//! session settings, and no wait for a lock that lasts for ever.

use std::cell::RefCell;

use anyhow::{Context, Result, bail};
use postgres::{Client, NoTls};

use crate::engine::interface::{Snapshot, check_current, check_derived, check_requested_size};
use crate::engine::postgres::connect::{
    Legacy, Trust, connect_again_to_schema, connect_to_schema, inspect, script, statement,
    without_password,
};
use crate::engine::postgres::reader::Reader;
use crate::engine::postgres::wait::{busy_or, gave_up_waiting_or};
use crate::error::Error;
use crate::error::shell_word;
use crate::model::board::Board;
use crate::model::template::{Scope, string_literal};

/// Starts a reading session on `client`: queens' own search path and
/// planner settings, then a read-only, repeatable-read transaction. Ctrl-C
/// cancels what the session runs.
fn begin_reading(client: &mut Client, schema: &str) -> Result<()> {
    let token = client.cancel_token();
    crate::interrupt::on_interrupt(move || {
        let _ = token.cancel_query(NoTls);
    });
    let reading = Scope::default()
        .with_word("SCHEMA", schema)
        .with("LOCAL", 0)
        .with("CITUS", 0);
    client.batch_execute(&script("postgres/begin_reading.sql", reading)?)?;
    Ok(())
}

/// A session for what a reading command keeps on `schema`, in a table
/// queens made for it (a distributed count's parts' counts): checked as a
/// reader's connections are, with queens' search path and planner
/// settings, in no transaction (each change commits on its own, so what
/// is kept stays when the command is stopped). Ctrl-C cancels what it runs.
pub fn keeping_session(url: &str, schema: &str, trusted: &[String]) -> Result<Client> {
    let (mut client, schema) = connect_again_to_schema(url, schema, trusted, Legacy::Refuse)?;
    let token = client.cancel_token();
    crate::interrupt::on_interrupt(move || {
        let _ = token.cancel_query(NoTls);
    });
    let keeping = Scope::default()
        .with_word("SCHEMA", schema)
        .with("LOCAL", 0)
        .with("CITUS", 0);
    client.batch_execute(&script("postgres/begin_keeping.sql", keeping)?)?;
    Ok(client)
}

/// The first reader of a command, on the connection that checked
/// `schema`: it locks queens_version before its snapshot is taken, so that
/// no rebuild can commit while the command reads, and exports that
/// snapshot for the command's other connections.
pub(super) fn reading_first(mut client: Client, url: &str, schema: &str) -> Result<Reader> {
    begin_reading(&mut client, schema)?;
    client
        .batch_execute("lock table queens_version in access share mode;")
        .map_err(|e| busy_or(e, schema))?;
    let snapshot: String = client.query_one("select pg_export_snapshot()", &[])?.get(0);
    Ok(Reader {
        client: RefCell::new(client),
        snapshot,
        url: url.to_string(),
        schema: schema.to_string(),
    })
}

/// Another reader of the board `first` reads, in `first`'s snapshot. It
/// takes no lock of its own: `first` holds one for the whole command, and
/// a second request could queue behind a waiting rebuild.
pub fn sibling(url: &str, schema: &str, trusted: &[String], first: &Snapshot) -> Result<Reader> {
    let Snapshot(Some(snapshot)) = first else {
        bail!("a PostgreSQL reader shares only a PostgreSQL reader's snapshot");
    };
    let (mut client, schema) = connect_again_to_schema(url, schema, trusted, Legacy::Refuse)?;
    begin_reading(&mut client, schema)?;
    let shared = Scope::default().with_word("SNAPSHOT", &string_literal(snapshot));
    client.execute(&statement("postgres/share_snapshot.sql", shared)?, &[])?;
    Ok(Reader {
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
pub fn open_for_reading(
    url: &str,
    schema: &str,
    trusted: &Trust,
    requested: Option<u8>,
) -> Result<(Reader, Board)> {
    open_board(url, schema, trusted, requested).map_err(|e| gave_up_waiting_or(e, url, schema))
}

fn open_board(
    url: &str,
    schema: &str,
    trusted: &Trust,
    requested: Option<u8>,
) -> Result<(Reader, Board)> {
    let shown = format!("schema {schema}");
    let (mut client, checked) = connect_to_schema(url, schema, trusted, Legacy::Refuse)?;
    if inspect(&mut client, checked)?.is_none() {
        return Err(Error::NoBoard {
            place: format!("{shown} at {}", without_password(url)),
            advice: format!(
                "`queens init --db {} --schema {schema}` builds one (reading commands create \
                 nothing on a server)",
                shell_word(&without_password(url))
            ),
        }
        .into());
    }
    let reader = reading_first(client, url, checked)?;
    let version = reader.number("select version from queens_version")?;
    let init_here = format!(
        "queens init --db {} --schema {schema}",
        shell_word(&without_password(url))
    );
    check_current(&shown, usize::try_from(version).unwrap_or(0), &init_here)?;
    let n = reader.number("select n from board_size")?;
    let n = u8::try_from(n).with_context(|| format!("{shown} holds a board of size {n}"))?;
    check_requested_size(&shown, n, requested)?;
    let derived = super::connect::derived_is_current(&mut *reader.client(), schema, n)?;
    check_derived(&shown, derived, &init_here)?;
    let board = reader.board(n)?;
    Ok((reader, board))
}
