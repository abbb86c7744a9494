//! sql.js, the SQLite the page's console runs (`export --console`): read
//! from where npm put it, never from the repository, and checked to be the
//! release the console is written for.

use std::path::{Path, PathBuf};

use anyhow::Result;
use sha2::{Digest, Sha256};

use crate::error::usage;

/// The release the console is written and tested for.
pub const VERSION: &str = "1.16.0";

/// The SHA-256 of that release's `dist/sql-wasm-inline.js` (its WebAssembly
/// inside, so the page needs no second file and opens from disk).
const INLINE_SHA256: &str = "3dbb4026a62c9e7acdbbc713e2f9009c4902ea624295fc3bb0aab4b1ad0e6ee8";

/// The command that puts it where queens looks by default.
pub const INSTALL: &str = "npm install sql.js@1.16.0";

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
    let shown = folder.display();
    let refuse = |why: String| -> anyhow::Error {
        let advice = format!(
            "run `{INSTALL}` in this directory, or name the package's folder with --sqljs DIR"
        );
        match given {
            true => usage(format!("--sqljs {shown}: {why}; {advice}")),
            false => anyhow::anyhow!("--console needs sql.js {VERSION}: {why}; {advice}"),
        }
    };
    let manifest = match std::fs::read_to_string(folder.join("package.json")) {
        Ok(text) => text,
        Err(_) if !given && !folder.exists() => {
            return Err(refuse(format!("{shown} is not there")));
        }
        Err(_) => return Err(refuse(format!("{shown} holds no package.json"))),
    };
    match package_version(&manifest) {
        Some((name, version)) if name == "sql.js" && version == VERSION => {}
        Some((name, version)) if name == "sql.js" => {
            return Err(refuse(format!(
                "{shown} is sql.js {version}, not {VERSION}"
            )));
        }
        _ => return Err(refuse(format!("{shown} is not the sql.js package"))),
    }
    let code = read_checked(&folder.join("dist/sql-wasm-inline.js"))
        .map_err(|why| refuse(format!("{shown}: {why}")))?;
    let license = std::fs::read_to_string(folder.join("LICENSE"))
        .map_err(|_| refuse(format!("{shown} holds no LICENSE")))?;
    Ok(SqlJs { code, license })
}

/// The package's name and version from its package.json.
fn package_version(manifest: &str) -> Option<(String, String)> {
    let json: serde_json::Value = serde_json::from_str(manifest).ok()?;
    let text = |key: &str| json.get(key)?.as_str().map(str::to_string);
    Some((text("name")?, text("version")?))
}

/// The inline build, if it is release VERSION's own file.
fn read_checked(path: &Path) -> Result<String, String> {
    let bytes =
        std::fs::read(path).map_err(|_| "dist/sql-wasm-inline.js is missing".to_string())?;
    let digest: String = Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    if digest != INLINE_SHA256 {
        return Err(format!(
            "dist/sql-wasm-inline.js is not the file sql.js {VERSION} ships (its SHA-256 differs)"
        ));
    }
    String::from_utf8(bytes).map_err(|_| "dist/sql-wasm-inline.js is not UTF-8 text".to_string())
}
