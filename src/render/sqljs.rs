//! sql.js, the SQLite the page's console runs (`export --console`): read
//! from where npm put it, never from the repository, and checked to be the
//! release the console is written for.

use std::path::{Path, PathBuf};

use anyhow::Result;
use sha2::{Digest, Sha256};

use crate::error::usage;
use crate::model::hex::hex;
use crate::render::infile::{open_regular, read_at_most};

/// The release the console is written and tested for.
pub const VERSION: &str = "1.17.0";

/// The SHA-256 of that release's `dist/sql-wasm-inline.js` (its WebAssembly
/// inside, so the page needs no second file and opens from disk).
const INLINE_SHA256: &str = "b2e4d04078fbf750e1d8d4b5b1a6e8e704aa770b88ff2a9a424838ba4ae95259";

/// The command that puts it where queens looks by default.
pub const INSTALL: &str = "npm install sql.js@1.17.0";

/// The most read of each file: far more than the release's (package.json
/// and LICENSE about 2 kB, the inline build 965 kB), so that a device or a
/// huge file in their place is not read for ever.
const MOST_SMALL: u64 = 64 << 10;
const MOST_INLINE: u64 = 4 << 20;

/// sql.js as the page carries it.
pub struct SqlJs {
    /// dist/sql-wasm-inline.js.
    pub code: String,
    /// Its LICENSE, the MIT notice the page carries with it.
    pub license: String,
}

/// sql.js from `dir` (`--sqljs`), else from `node_modules/sql.js` in the
/// current directory: refused, in one line that names the folder, unless
/// it is release VERSION as npm ships it.
pub fn load(dir: Option<&Path>) -> Result<SqlJs> {
    let (folder, given) = match dir {
        Some(dir) => (dir.to_path_buf(), true),
        None => (PathBuf::from("node_modules/sql.js"), false),
    };
    let shown = folder.display().to_string();
    let refuse = |why: String| -> anyhow::Error {
        let advice = format!(
            "run `{INSTALL}` in this directory, or name the package's folder with --sqljs DIR"
        );
        if given {
            usage(format!("--sqljs {shown}: {why}; {advice}"))
        } else {
            anyhow::anyhow!("--console needs sql.js {VERSION}: {why}; {advice}")
        }
    };
    if !folder.is_dir() {
        return Err(refuse(if folder.exists() {
            format!("{shown} is not a folder")
        } else {
            format!("{shown} is not there")
        }));
    }
    let text = |name: &str, most: u64| -> Result<String> {
        let bytes = read_capped(&folder.join(name), most)
            .map_err(|why| refuse(format!("{shown}/{name} {why}")))?;
        String::from_utf8(bytes).map_err(|_| refuse(format!("{shown}/{name} is not UTF-8 text")))
    };
    match package_version(&text("package.json", MOST_SMALL)?) {
        Some((name, version)) if name == "sql.js" && version == VERSION => {}
        Some((name, version)) if name == "sql.js" => {
            return Err(refuse(format!(
                "{shown} is sql.js {version}, not {VERSION}"
            )));
        }
        _ => return Err(refuse(format!("{shown} is not the sql.js package"))),
    }
    let code = text("dist/sql-wasm-inline.js", MOST_INLINE)?;
    if hex(&Sha256::digest(code.as_bytes())) != INLINE_SHA256 {
        return Err(refuse(format!(
            "{shown}/dist/sql-wasm-inline.js is not the file sql.js {VERSION} ships (its SHA-256 differs)"
        )));
    }
    let license = text("LICENSE", MOST_SMALL)?;
    Ok(SqlJs { code, license })
}

/// The package's name and version from its package.json.
fn package_version(manifest: &str) -> Option<(String, String)> {
    let json: serde_json::Value = serde_json::from_str(manifest).ok()?;
    let text = |key: &str| json.get(key)?.as_str().map(str::to_string);
    Some((text("name")?, text("version")?))
}

/// A file's bytes, at most `most`; Err says why not, after its name.
fn read_capped(path: &Path, most: u64) -> Result<Vec<u8>, String> {
    let file = open_regular(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => "is missing".to_string(),
        std::io::ErrorKind::PermissionDenied => "cannot be read (no permission)".to_string(),
        std::io::ErrorKind::InvalidInput => "is not a file".to_string(),
        _ => "cannot be opened".to_string(),
    })?;
    read_at_most(file, most)
        .map_err(|_| "cannot be read".to_string())?
        .ok_or_else(|| format!("is larger than any release's ({} kB at most)", most >> 10))
}

/// What sql.js 1.17.0's SQLite offers, as it says itself
/// (tests/tools/sqljs_sqlite.js; tests/suite/console.rs holds the two
/// alike): its version, its functions and its virtual table modules.
const OFFERS: &str = include_str!("sqljs_sqlite.json");

#[derive(serde::Deserialize)]
struct Offers {
    sqlite: String,
    functions: Vec<String>,
    modules: Vec<String>,
}

/// What of `functions` and `modules` (lower-case names an answer needs)
/// the page's SQLite lacks, in words ("calls soundex(), which the page's
/// SQLite (sql.js 1.17.0, SQLite 3.54.1) lacks"), if any.
pub fn lacks(functions: &[String], modules: &[String]) -> Option<String> {
    let offers: Offers = serde_json::from_str(OFFERS).ok()?;
    let has = |list: &[String], name: &str| list.iter().any(|n| n.eq_ignore_ascii_case(name));
    let missing = (functions.iter())
        .find(|f| !has(&offers.functions, f))
        .map(|f| format!("calls {f}()"))
        .or_else(|| {
            (modules.iter())
                .find(|m| !has(&offers.modules, m))
                .map(|m| format!("reads {m}, a virtual table"))
        })?;
    Some(format!(
        "{missing}, which the page's SQLite (sql.js {VERSION}, SQLite {}) lacks",
        offers.sqlite
    ))
}
