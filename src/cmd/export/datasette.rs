//! Datasette's metadata for the database file: keyed by the file's name,
//! so it describes that file and no other, and always of the board the
//! file holds.

use std::io::Write;
use std::path::Path;

use anyhow::Result;

use crate::engine::{Engine, Target};
use crate::error::{shell_word, usage};
use crate::render::datasette;
use crate::search::{OpenBoard, Workers, reading};

/// What a metadata export is called in messages where the database is
/// not a file.
pub const NEEDS_A_FILE: &str = "--format datasette (Datasette serves SQLite files)";

/// The board Datasette will serve: the file's own, which --size, if given,
/// must name (a temporary board of another size is not what Datasette
/// reads).
pub fn open_board<'a>(
    engine: &'a dyn Engine,
    requested: Option<u8>,
    workers: Workers<'a>,
) -> Result<OpenBoard<'a>> {
    let board = OpenBoard::open(engine, None, workers)?;
    let n = board.n();
    match requested {
        Some(other) if other != n => Err(usage(format!(
            "--format datasette describes {} as Datasette serves it, and it holds the {n}×{n} \
             board, not {other}×{other}; leave out --size, or name a file with that board",
            engine.shown()
        ))),
        _ => Ok(board),
    }
}

/// Datasette's metadata for the file: Datasette names a database after
/// its file's name without the extension.
pub fn write(board: &OpenBoard, target: &Target, out: &mut dyn Write) -> Result<()> {
    let database = name(target.file("--format datasette")?);
    let catalog = reading::catalog(board)?;
    let document = datasette::metadata(&database, board.n(), &catalog);
    serde_json::to_writer_pretty(&mut *out, &document)?;
    writeln!(out)?;
    Ok(())
}

/// Says which file the metadata written to `metadata` (None: standard
/// output) belong to and the command that serves them together: said
/// because Datasette matches them by file name, silently.
pub fn say_keyed(target: &Target, metadata: Option<&Path>) -> Result<()> {
    let path = target.file("--format datasette")?;
    let named = metadata.map_or("FILE".to_string(), |m| shell_word(&m.to_string_lossy()));
    let keyed = format!(
        "for {} only (Datasette names it \"{}\"): datasette {} -m {named}",
        path.display(),
        name(path),
        shell_word(&path.to_string_lossy()),
    );
    match metadata {
        Some(written) => eprintln!(
            "queens: wrote Datasette's metadata to {}, {keyed}",
            written.display()
        ),
        None => eprintln!("queens: Datasette's metadata {keyed}"),
    }
    Ok(())
}

/// The name Datasette gives the database file: its name without the
/// extension.
fn name(path: &Path) -> String {
    path.file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_default()
}
