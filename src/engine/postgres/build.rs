//! Building and changing queens' model in a PostgreSQL schema: the same
//! tables, facts and views as in an SQLite file, built from the same SQL
//! files (expanded for PostgreSQL) inside one transaction. The schema's
//! version is kept in its table `queens_version`, as SQLite keeps it in
//! `user_version`. A rebuild keeps what is the user's or refuses, naming
//! it, before anything changes.

use std::collections::HashMap;

use anyhow::{Context, Result, bail};
use postgres::Transaction;
use postgres::error::SqlState;

use crate::engine::interface::{Inspection, Origin};
use crate::engine::postgres::acl;
use crate::engine::postgres::connect::{
    Legacy, Trust, checked_schema, connect_to_schema, inspect, inspect_allowing_no_size,
    no_board_size, own_relations, script, statement,
};
use crate::engine::postgres::wait::{busy_or, gave_up_waiting_or};
use crate::error::Error;
use crate::error::usage;
use crate::model::board::Board;
use crate::model::catalog::own_columns;
use crate::model::description::server_comments;
use crate::model::reading::Comment;
use crate::model::schema;
use crate::model::template::{Dialect, Scope};

/// What an engine built on PostgreSQL (Citus) adds to every change of the
/// model: settings first in its transaction, and its own tables emptied
/// before the board's rows are derived again and filled after.
pub trait RefillHooks {
    /// `SET LOCAL` statements, first in the transaction.
    fn settings(&self) -> &str {
        ""
    }
    /// Before the views are dropped and the facts deleted.
    fn before_refill(&self, tx: &mut Transaction) -> Result<()> {
        let _ = tx;
        Ok(())
    }
    /// After the facts and views of the new board are made.
    fn after_refill(&self, tx: &mut Transaction) -> Result<()> {
        let _ = tx;
        Ok(())
    }
    /// Before the change runs DDL on the board: refuses where it would
    /// fire an event trigger of the user's (the database's; an engine
    /// built on this one adds its nodes').
    fn refuse_event_triggers(&self, tx: &mut Transaction, schema: &str) -> Result<()> {
        refuse_user_event_triggers(tx, schema)
    }
    /// On a schema whose facts and views are current, which `init` does
    /// not refill: what the engine adds that a schema of an earlier queens
    /// may lack. Says whether it changed anything.
    fn bring_current(&self, tx: &mut Transaction) -> Result<bool> {
        let _ = tx;
        Ok(false)
    }
}

/// Plain PostgreSQL: nothing added to a change of the model.
pub struct NoHooks;

impl RefillHooks for NoHooks {}

/// Takes back what an earlier queens gave its role queens_reader for
/// `schema`, and nothing else (sql/postgres/legacy_reader.sql).
/// Returns whether there was anything to take back.
fn remove_legacy_reader(
    tx: &mut Transaction,
    schema: &str,
    hooks: &dyn RefillHooks,
) -> Result<bool> {
    let statements: Vec<String> = tx
        .query(
            &statement("postgres/legacy_reader.sql", Scope::default())?,
            &[&schema],
        )?
        .iter()
        .map(|row| row.get(0))
        .collect();
    if !statements.is_empty() {
        hooks.refuse_event_triggers(tx, schema)?;
    }
    for statement in &statements {
        tx.batch_execute(statement).map_err(|e| {
            // PostgreSQL says "dependent privileges exist" with either code.
            let dependent = [
                SqlState::DEPENDENT_PRIVILEGE_DESCRIPTORS_STILL_EXIST,
                SqlState::DEPENDENT_OBJECTS_STILL_EXIST,
            ];
            if e.code().is_some_and(|code| dependent.contains(code)) {
                anyhow::anyhow!(
                    "schema {schema}: the role queens_reader, which an earlier queens made, has \
                     passed on a privilege it was given ({statement} needs it back first); run \
                     `{statement} cascade`, which also takes back what it passed on, then \
                     `queens init` again; nothing was changed"
                )
            } else {
                anyhow::Error::new(e).context(format!(
                    "could not remove what an earlier queens made: {statement}"
                ))
            }
        })?;
    }
    Ok(!statements.is_empty())
}

/// Refuses a change whose DDL (dropping and making views, granting,
/// commenting) would fire an event trigger of the user's.
pub fn refuse_user_event_triggers(tx: &mut Transaction, schema: &str) -> Result<()> {
    if let Some(row) = tx.query_opt(
        &statement("postgres/user_event_triggers.sql", Scope::default())?,
        &[],
    )? {
        let (name, event): (String, String) = (row.get(0), row.get(1));
        bail!(
            "the database has your event trigger {name} (on {event}), which changing schema \
             {schema} would fire: it makes, drops, grants on and comments on tables and views; \
             nothing was changed (`alter event trigger {name} disable` for the change, or use \
             another database)"
        );
    }
    Ok(())
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
    let lock = script(
        "postgres/lock_out_readers.sql",
        Scope::default().with_word("SCHEMA", schema),
    )?;
    tx.batch_execute(&lock).map_err(|e| busy_or(e, schema))
}

/// Keeps whoever would add a trigger, a foreign key or a child table to
/// one of queens' tables in `schema`, or write to it, waiting until the
/// transaction ends (sql/postgres/lock_out_changes.sql): what
/// `refuse_user_dependents` finds then is all the change can fire.
fn lock_out_changes(tx: &mut Transaction, schema: &str) -> Result<()> {
    let own = own_relations();
    let tables: Vec<String> = tx
        .query(
            &statement("postgres/relations.sql", Scope::default())?,
            &[&schema],
        )?
        .iter()
        .map(|row| row.get::<_, String>(0))
        .filter(|name| own.contains(name))
        .collect();
    if tables.is_empty() {
        return Ok(());
    }
    let lock = script(
        "postgres/lock_out_changes.sql",
        Scope::default()
            .with_word("SCHEMA", schema)
            .with_list("TABLES", tables.iter().map(String::as_str)),
    )?;
    tx.batch_execute(&lock)?;
    Ok(())
}

/// Refuses a change that would drop, fire or empty an object of the
/// user's that depends on one of queens' tables or views: a view or rule
/// reading it, a foreign key to it, a trigger or policy on it, a table
/// inheriting from it, a column of its row type, a function whose body
/// names it (sql/postgres/user_dependents.sql). Indexes and statistics of
/// the user's on queens' tables are kept by a rebuild, so they stay.
fn refuse_user_dependents(tx: &mut Transaction, schema: &str) -> Result<()> {
    let found = tx.query_opt(
        &statement("postgres/user_dependents.sql", Scope::default())?,
        &[&schema, &own_relations()],
    )?;
    if let Some(row) = found {
        let (what, how, on_what): (String, String, String) = (row.get(0), row.get(1), row.get(2));
        let (owner, mine): (Option<String>, bool) = (row.get(3), row.get(4));
        let relation = match how.as_str() {
            "inherits" => format!("inherits from queens' {on_what}, whose rows a rebuild deletes"),
            "row type" => format!("has the row type of queens' {on_what} as its type"),
            _ => format!("depends on queens' {on_what}"),
        };
        let whose = match (mine, owner) {
            (false, Some(owner)) => format!("role {owner}'s"),
            _ => "your".to_string(),
        };
        return Err(Error::InTheWay {
            board: format!("schema {schema}"),
            object: format!(
                "{whose} {what}, which {relation}: rebuilding the board would drop it, fire it \
                 or change its rows"
            ),
            advice: "drop it first, or use another --schema".to_string(),
        }
        .into());
    }
    Ok(())
}

/// What of the user's sits on queens' views, as statements that give it
/// back (sql/postgres/view_keepsakes.sql): the view, the column a
/// statement is about (if any), and the statement. (Privileges are
/// src/engine/postgres/acl.rs's.)
struct Keepsake {
    view: String,
    column: Option<String>,
    statement: String,
    /// What it is, in words: a grant, a comment, a default, …
    kind: String,
    /// A comment's text.
    description: Option<String>,
}

/// Reads the user's comments, defaults, options and owners of queens' views
/// before a rebuild drops the views.
fn view_keepsakes(tx: &mut Transaction, schema: &str) -> Result<Vec<Keepsake>> {
    let views: Vec<String> = schema::view_names().map(str::to_string).collect();
    Ok(tx
        .query(
            &statement("postgres/view_keepsakes.sql", Scope::default())?,
            &[&schema, &views],
        )?
        .iter()
        .map(|row| Keepsake {
            statement: row.get(0),
            view: row.get(1),
            column: row.get(2),
            kind: row.get(3),
            description: row.get(4),
        })
        .collect())
}

/// Gives the user's comments, defaults, options and owners back to the
/// views the rebuild made. A comment on a column the new board's view
/// lacks (s10 of a 10×10 board rebuilt for 8×8) cannot be kept, so the
/// rebuild is refused, naming it.
fn restore_keepsakes(tx: &mut Transaction, schema: &str, keepsakes: &[Keepsake]) -> Result<()> {
    for keepsake in keepsakes {
        if let Some(column) = &keepsake.column {
            let columns: Vec<String> = tx
                .query(
                    &statement("postgres/table_columns.sql", Scope::default())?,
                    &[&schema, &keepsake.view],
                )?
                .iter()
                .map(|row| row.get(0))
                .collect();
            if !columns.contains(column) {
                bail!(
                    "schema {schema} has your {} on column {column} of queens' view {}, which \
                     the new board's view does not have: the rebuild would lose it; nothing was \
                     changed (drop it first, or use another --schema)",
                    keepsake.kind,
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
    refuse_other_derived_record(tx, schema)?;
    for table in schema::refilled_tables() {
        let found: Vec<String> = tx
            .query(
                &statement("postgres/table_columns.sql", Scope::default())?,
                &[&schema, &table],
            )?
            .iter()
            .map(|row| row.get(0))
            .collect();
        schema::check_columns(
            &format!("schema {schema}"),
            table,
            &found,
            own_columns(table),
        )?;
    }
    Ok(())
}

/// Refuses a relation of the user's named queens_derived that is no table
/// (a view, say), which the rebuild could not write its record in.
fn refuse_other_derived_record(tx: &mut Transaction, schema: &str) -> Result<()> {
    match super::connect::relation_kind(tx, schema, "queens_derived")?.as_deref() {
        None | Some("r") => Ok(()),
        Some(kind) => bail!(
            "schema {schema} holds a relation of yours named queens_derived (of kind '{kind}'), \
             where queens keeps a table; nothing was changed (rename or move it, then run \
             `queens init` again)"
        ),
    }
}

/// After a rebuild, in its transaction: the record of what the facts and
/// views were derived from must now say this build's text, or the
/// readers would refuse the board that `init` says it mended.
fn check_derived_record(tx: &mut Transaction, schema: &str, n: u8) -> Result<()> {
    if !super::connect::derived_is_current(tx, schema, n)? {
        bail!(
            "schema {schema}'s table queens_derived does not keep what queens writes in it (its \
             column checksum was changed); nothing was changed (`queens doctor` names what \
             differs; `queens init --force --size {n}` in another --schema builds a new board)"
        );
    }
    Ok(())
}

/// Queens' descriptions of `board`'s relations and columns
/// (`model::description`), where `describe` asks for them and there is a
/// board.
fn descriptions(describe: bool, board: Option<&Board>) -> Result<Vec<Comment>> {
    match board {
        Some(board) if describe => server_comments(board),
        _ => Ok(Vec::new()),
    }
}

/// The board the schema holds, read in `tx`, where it holds one (a schema
/// without a board size holds none).
fn held_in(tx: &mut Transaction, schema: &str, found: &Inspection) -> Result<Option<Board>> {
    if found.size == 0 {
        return Ok(None);
    }
    Ok(Some(super::connect::held_board(tx, schema, found.size)?))
}

/// Whether `text` on `relation`'s `column` is one of queens' descriptions
/// in `ours`.
fn is_ours(ours: &[Comment], relation: &str, column: Option<&str>, text: &str) -> bool {
    ours.iter()
        .any(|c| c.relation == relation && c.column.as_deref() == column && c.text == text)
}

/// Comments on the relations and columns of `ours` the schema holds, by
/// relation and column (sql/postgres/comments.sql): None where there is none.
type Found = HashMap<(String, Option<String>), Option<String>>;

fn found_comments(tx: &mut Transaction, schema: &str, ours: &[Comment]) -> Result<Found> {
    let mut names: Vec<&str> = ours.iter().map(|c| c.relation.as_str()).collect();
    names.dedup();
    Ok(tx
        .query(
            &statement("postgres/comments.sql", Scope::default())?,
            &[&schema, &names],
        )?
        .iter()
        .map(|row| ((row.get(0), row.get(1)), row.get(2)))
        .collect())
}

/// Writes queens' descriptions `ours` on the relations and columns the
/// schema holds, where there is no comment or the one there is queens'
/// own for the board being replaced (`before`): a comment the user wrote
/// instead stays. Returns how many it wrote where there was none.
fn write_comments(
    tx: &mut Transaction,
    schema: &str,
    ours: &[Comment],
    before: &[Comment],
) -> Result<usize> {
    let (script, added) = comments_to_write(tx, schema, ours, before)?;
    tx.batch_execute(&script)?;
    Ok(added)
}

/// The `comment on` statements that `write_comments` runs, and how many
/// of them describe what had no comment.
fn comments_to_write(
    tx: &mut Transaction,
    schema: &str,
    ours: &[Comment],
    before: &[Comment],
) -> Result<(String, usize)> {
    let found = found_comments(tx, schema, ours)?;
    let (mut script, mut added) = (String::new(), 0);
    for comment in ours {
        let key = (comment.relation.clone(), comment.column.clone());
        let replace = match found.get(&key) {
            // Not in this schema (a view of another engine's, say).
            None => false,
            Some(None) => {
                added += 1;
                true
            }
            Some(Some(text)) => {
                *text != comment.text
                    && is_ours(before, &comment.relation, comment.column.as_deref(), text)
            }
        };
        if replace {
            script.push_str(&schema::comment_on(Dialect::Postgres, schema, comment)?);
        }
    }
    Ok((script, added))
}

/// The script psql runs to build the whole model for `board` in a new
/// schema `schema`, with the `comment on` statements of `described` last,
/// in one transaction (export).
pub fn psql_script(schema: &str, board: &Board, described: &[Comment]) -> Result<String> {
    let schema = checked_schema(schema)?;
    let comments = format!(
        "\n-- What each relation and column holds, for psql's \\d+.\n{}",
        schema::comments_on(Dialect::Postgres, schema, described)?
    );
    schema::postgres_script(board, schema, &comments)
}

/// The SQL that builds the whole model for `board` in `schema`: tables,
/// version, facts and views, which `create` runs inside one transaction.
pub fn build_script(schema: &str, board: &Board) -> Result<String> {
    schema::postgres_build(board, Some(checked_schema(schema)?))
}

/// Runs `change` on the model in `schema` in one transaction that first
/// takes the lock serialising queens' changes, waits for the schema's
/// readers to finish, re-reads what the schema holds (another process may
/// have changed it meanwhile), and refuses if an object of the user's
/// depends on the model. The `hooks`' settings (SET LOCAL statements)
/// come first; `change` gets what was found. Last, it takes back what an
/// earlier queens gave its role queens_reader here, refusing first where
/// that DDL would fire an event trigger the `hooks` find; returns whether
/// there was any.
pub fn change_model(
    (url, schema, trusted): (&str, &str, &Trust),
    hooks: &dyn RefillHooks,
    change: impl FnOnce(&mut Transaction, Inspection) -> Result<()>,
) -> Result<bool> {
    change_model_locked((url, schema, trusted), hooks, change)
        .map_err(|e| name_broken_constraint(e, schema))
        .map_err(|e| gave_up_waiting_or(e, url, schema))
}

/// A rebuild refused by a constraint, in plain words: queens makes none
/// its new board breaks, so it is the user's (a check they added, say).
fn name_broken_constraint(error: anyhow::Error, schema: &str) -> anyhow::Error {
    let broken = error
        .chain()
        .filter_map(|cause| cause.downcast_ref::<postgres::Error>()?.as_db_error())
        .find(|db| db.code().code().starts_with("23") && db.constraint().is_some());
    match broken {
        Some(db) => anyhow::anyhow!(
            "schema {schema}: the new board's rows break the constraint {} on {}, which queens \
             does not make ({}); nothing was changed (drop or change the constraint first, or \
             use another --schema)",
            db.constraint().unwrap_or_default(),
            db.table().unwrap_or("one of queens' tables"),
            db.message()
        ),
        None => error,
    }
}

fn change_model_locked(
    (url, schema, trusted): (&str, &str, &Trust),
    hooks: &dyn RefillHooks,
    change: impl FnOnce(&mut Transaction, Inspection) -> Result<()>,
) -> Result<bool> {
    let (mut client, schema) = connect_to_schema(url, schema, trusted, Legacy::Remove)?;
    let mut tx = client.transaction()?;
    tx.batch_execute(hooks.settings())?;
    serialise_changes(&mut tx, schema)?;
    let found = inspect_allowing_no_size(&mut tx, schema)?.ok_or_else(|| Error::NoBoard {
        place: format!("schema {schema}"),
        advice: format!(
            "`queens init --db {} --schema {schema}` builds one",
            crate::error::shell_word(&super::connect::without_password(url))
        ),
    })?;
    lock_out_readers(&mut tx, schema)?;
    lock_out_changes(&mut tx, schema)?;
    refuse_user_dependents(&mut tx, schema)?;
    tx.batch_execute(&script(
        "postgres/change_search_path.sql",
        Scope::default().with_word("SCHEMA", schema),
    )?)?;
    change(&mut tx, found)?;
    let legacy = remove_legacy_reader(&mut tx, schema, hooks)?;
    tx.commit()?;
    Ok(legacy)
}

/// Runs the migrations after `version` and records the latest version
/// (nothing when the schema is current), inside the caller's transaction.
/// Every name a migration makes is new: one the schema holds already (the
/// user's, or queens' in a schema whose recorded version was changed)
/// stops the upgrade, naming it, and the transaction leaves the schema as
/// it was. An event trigger of the user's refuses it before its first DDL
/// (`hooks` say where to look).
fn migrate(
    tx: &mut Transaction,
    schema: &str,
    version: usize,
    hooks: &dyn RefillHooks,
) -> Result<()> {
    if version >= schema::latest_version() {
        return Ok(());
    }
    hooks.refuse_event_triggers(tx, schema)?;
    for up in schema::migrations_after(version, Dialect::Postgres)? {
        tx.batch_execute(&up)
            .map_err(|e| name_taken_by_upgrade(e, schema, version))?;
    }
    let latest = i64::try_from(schema::latest_version())?;
    tx.batch_execute(&script(
        "postgres/set_version.sql",
        Scope::default().with("VERSION", latest),
    )?)?;
    Ok(())
}

/// For `init`: brings a schema written by an older queens up to date in
/// one transaction: the later migrations, then the facts and views again;
/// and gives it the read-only role for `query` if it has none yet.
/// Returns whether the schema had to be upgraded.
pub fn bring_up_to_date(
    (url, schema, trusted): (&str, &str, &Trust),
    hooks: &dyn RefillHooks,
    describe: bool,
) -> Result<bool> {
    let mut upgraded = false;
    let legacy = change_model((url, schema, trusted), hooks, |tx, found| {
        // A schema at the latest version records what its facts and views
        // were derived from; one without a board size has none to derive.
        let derived = found.version < schema::latest_version()
            || found.size == 0
            || super::connect::derived_is_current(tx, schema, found.size)?;
        if found.version >= schema::latest_version() && derived {
            // A schema an older queens built has no descriptions yet.
            let held = held_in(tx, schema, &found)?;
            let ours = descriptions(describe, held.as_ref())?;
            let (comments, added) = comments_to_write(tx, schema, &ours, &[])?;
            if !comments.is_empty() {
                hooks.refuse_event_triggers(tx, schema)?;
                tx.batch_execute(&comments)?;
            }
            let described = added > 0;
            upgraded = hooks.bring_current(tx)? || described;
            return Ok(());
        }
        if found.size == 0 {
            return Err(no_board_size(schema).into());
        }
        migrate(tx, schema, found.version, hooks)?;
        let board = super::connect::held_board(tx, schema, found.size)?;
        let ours = descriptions(describe, Some(&board))?;
        refill(tx, schema, &board, hooks, &ours, &ours)?;
        upgraded = true;
        Ok(())
    })?;
    Ok(upgraded || legacy)
}

/// Derives the board again as `board` inside the caller's
/// transaction, with the schema on the search path: refuses first where a
/// column of the user's would lose its values, keeps the user's grants
/// (each by its grantor, src/engine/postgres/acl.rs) and comments on the
/// views, and fills search_part again on a cluster. Queens' descriptions
/// of the new board, `ours`, go where the user has no comment of their own
/// (`before`: queens' descriptions of the board replaced).
fn refill(
    tx: &mut Transaction,
    schema: &str,
    board: &Board,
    hooks: &dyn RefillHooks,
    before: &[Comment],
    ours: &[Comment],
) -> Result<()> {
    refuse_user_columns(tx, schema)?;
    hooks.refuse_event_triggers(tx, schema)?;
    let mut keepsakes = view_keepsakes(tx, schema)?;
    // Queens' own comments are written anew for the new board (and s9's
    // would have no column on a smaller one); the user's are given back.
    keepsakes.retain(|k| {
        let text = k.description.as_deref().unwrap_or_default();
        k.kind != "comment"
            || !(is_ours(before, &k.view, k.column.as_deref(), text)
                || is_ours(ours, &k.view, k.column.as_deref(), text))
    });
    let privileges = acl::read(tx, schema)?;
    hooks.before_refill(tx)?;
    tx.batch_execute(&schema::postgres_build(board, None)?)?;
    check_derived_record(tx, schema, board.cols)?;
    hooks.after_refill(tx)?;
    write_comments(tx, schema, ours, before)?;
    // Owners first: the owner's grants are recorded as the owner's.
    let (owners, others): (Vec<Keepsake>, Vec<Keepsake>) =
        keepsakes.into_iter().partition(|k| k.kind == "owner");
    restore_keepsakes(tx, schema, &owners)?;
    acl::restore(tx, schema, &privileges)?;
    restore_keepsakes(tx, schema, &others)
}

/// Makes sure the schema holds a queens board: builds `new` when it holds
/// nothing of queens'. Never upgrades:
/// that is `bring_up_to_date`, for `init`. Two processes building one
/// schema at once are serialised: the second finds the first one's board.
pub fn ensure_exists(
    (url, schema, trusted): (&str, &str, &Trust),
    new: &Board,
    describe: bool,
) -> Result<(Origin, Inspection)> {
    build_unless_there((url, schema, trusted), new, describe)
        .map_err(|e| gave_up_waiting_or(e, url, schema))
}

fn build_unless_there(
    (url, schema, trusted): (&str, &str, &Trust),
    board: &Board,
    describe: bool,
) -> Result<(Origin, Inspection)> {
    let (mut client, schema) = connect_to_schema(url, schema, trusted, Legacy::Remove)?;
    if let Some(found) = inspect(&mut client, schema)? {
        return Ok((Origin::Existing, found));
    }
    let n = board.cols;
    crate::engine::interface::refuse_unfit(board)?;
    let mut tx = client.transaction()?;
    serialise_changes(&mut tx, schema)?;
    if let Some(found) = inspect(&mut tx, schema)? {
        return Ok((Origin::Existing, found));
    }
    refuse_taken_names(&mut tx, schema)?;
    tx.batch_execute(&build_script(schema, board)?)
        .map_err(|e| name_taken_or(e, schema))?;
    write_comments(&mut tx, schema, &descriptions(describe, Some(board))?, &[])?;
    tx.commit()?;
    Ok((
        Origin::Created,
        Inspection {
            version: schema::latest_version(),
            size: n,
        },
    ))
}

/// Refuses to build where the schema holds a relation of the user's of
/// any kind (a sequence, an index, a view, …) named like one of queens'
/// (sql/postgres/taken_relations.sql), naming it and its kind.
fn refuse_taken_names(tx: &mut Transaction, schema: &str) -> Result<()> {
    let taken = tx.query_opt(
        &statement("postgres/taken_relations.sql", Scope::default())?,
        &[&schema, &own_relations()],
    )?;
    if let Some(row) = taken {
        let (name, kind): (String, String) = (row.get(0), row.get(1));
        return Err(usage(format!(
            "schema {schema} already holds your {kind} {name}, and queens needs the name {name} \
             for one of its tables or views; nothing was created (choose another --schema)"
        )));
    }
    Ok(())
}

/// An upgrade stopped by a name the schema holds already, as a refusal
/// that gives the server's words, which name it.
fn name_taken_by_upgrade(error: postgres::Error, schema: &str, version: usize) -> anyhow::Error {
    let taken = [
        SqlState::DUPLICATE_TABLE,
        SqlState::DUPLICATE_OBJECT,
        SqlState::DUPLICATE_COLUMN,
        SqlState::DUPLICATE_FUNCTION,
        SqlState::DUPLICATE_SCHEMA,
    ];
    match error.as_db_error() {
        Some(db) if taken.contains(db.code()) => Error::InTheWay {
            board: format!("schema {schema}"),
            object: format!(
                "a name that a schema of version {version} does not hold ({})",
                db.message()
            ),
            advice: format!(
                "bringing it up to version {} makes an object of that name: if it is yours, \
                 rename or drop it; if it is queens', the version the schema records may not \
                 match its tables",
                schema::latest_version()
            ),
        }
        .into(),
        _ => anyhow::Error::new(error).context("could not bring the schema up to date"),
    }
}

/// A build stopped by a name the schema already holds that no check above
/// foresaw (one of the indexes queens' tables make, say), as a refusal.
fn name_taken_or(error: postgres::Error, schema: &str) -> anyhow::Error {
    let taken = [SqlState::DUPLICATE_TABLE, SqlState::DUPLICATE_OBJECT];
    match error.as_db_error() {
        Some(db) if taken.contains(db.code()) => usage(format!(
            "schema {schema} already holds an object of yours whose name queens needs ({}); \
             nothing was created (choose another --schema)",
            db.message()
        )),
        _ => anyhow::Error::new(error).context("could not build the board"),
    }
}

/// Whether the schema is queens' but its board_size is empty: `init
/// --force --size N` may then build a board in it.
pub fn lacks_board_size(url: &str, schema: &str, trusted: &Trust) -> Result<bool> {
    let inspected = connect_to_schema(url, schema, trusted, Legacy::Remove)
        .and_then(|(mut client, checked)| inspect_allowing_no_size(&mut client, checked))
        .map_err(|e| gave_up_waiting_or(e, url, schema))?;
    Ok(matches!(inspected, Some(Inspection { size: 0, .. })))
}

/// The board in the schema, if it holds one, read in a transaction of
/// its own with the schema on its search path (for `init`, which compares
/// it with the one asked for before it changes anything).
pub fn held_board((url, schema, trusted): (&str, &str, &Trust)) -> Result<Option<Board>> {
    let read = || -> Result<Option<Board>> {
        let (mut client, schema) = connect_to_schema(url, schema, trusted, Legacy::Remove)?;
        let mut tx = client.transaction()?;
        tx.batch_execute(&script(
            "postgres/change_search_path.sql",
            Scope::default().with_word("SCHEMA", schema),
        )?)?;
        match inspect_allowing_no_size(&mut tx, schema)? {
            Some(found) => held_in(&mut tx, schema, &found),
            None => Ok(None),
        }
    };
    read().map_err(|e| gave_up_waiting_or(e, url, schema))
}

/// Replaces the board with `board` in one transaction: the facts and
/// views are dropped and built again; other objects in the schema stay.
pub fn rebuild(
    (url, schema, trusted): (&str, &str, &Trust),
    board: &Board,
    hooks: &dyn RefillHooks,
    describe: bool,
) -> Result<()> {
    change_model((url, schema, trusted), hooks, |tx, found| {
        migrate(tx, schema, found.version, hooks)?;
        let held = held_in(tx, schema, &found)?;
        let before = descriptions(describe, held.as_ref())?;
        let ours = descriptions(describe, Some(board))?;
        crate::engine::interface::refuse_unfit(board)?;
        refill(tx, schema, board, hooks, &before, &ours)
    })
    .map(drop)
}
