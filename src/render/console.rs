//! The page's console and exercises (`export --console`): sql.js, the
//! boards it opens (the page's own and the hidden ones the exercises are
//! also checked on) and the exercises, as the page carries them.

use std::io::Write;

use anyhow::Result;
use base64::Engine as _;
use flate2::Compression;
use flate2::write::GzEncoder;
use serde::Serialize;

use crate::model::exercises::Exercise;
use crate::render::sqljs::{self, SqlJs};

/// The console's part of the page: its style, its section and its script.
pub const STYLE: &str = include_str!("lab.css");
const SECTION: &str = include_str!("lab.html");
pub const SCRIPT: &str = include_str!("lab.js");

/// What the console carries.
#[derive(Serialize)]
pub struct LabData {
    /// The boards as SQLite files, gzipped, in base64: [n, file], the
    /// page's own board first, then the hidden ones.
    pub boards: Vec<(u8, String)>,
    pub exercises: Vec<LabExercise>,
    /// sql.js's inline build and its licence.
    pub sqljs: String,
    pub license: String,
}

/// An exercise as the page holds it: with the name its progress is kept
/// under.
#[derive(Serialize)]
pub struct LabExercise {
    pub id: String,
    #[serde(flatten)]
    pub exercise: Exercise,
}

impl LabData {
    /// The console over `boards` ([n, SQLite file], the page's own first),
    /// with `exercises`.
    pub fn new(sqljs: SqlJs, boards: &[(u8, Vec<u8>)], exercises: &[Exercise]) -> Result<LabData> {
        let boards = (boards.iter())
            .map(|(n, file)| {
                Ok((
                    *n,
                    base64::engine::general_purpose::STANDARD.encode(gzipped(file)?),
                ))
            })
            .collect::<Result<_>>()?;
        let exercises = (exercises.iter())
            .map(|x| LabExercise {
                id: x.id(),
                exercise: x.clone(),
            })
            .collect();
        Ok(LabData {
            boards,
            exercises,
            sqljs: sqljs.code,
            license: sqljs.license,
        })
    }

    /// The console's section of the page, naming the hidden boards.
    pub fn section(&self) -> String {
        let hidden: Vec<String> = (self.boards.iter().skip(1))
            .map(|(n, _)| format!("{n}×{n}"))
            .collect();
        let hidden = match hidden.as_slice() {
            [] => "no other size".to_string(),
            [one] => one.clone(),
            [first @ .., last] => format!("{} and {last}", first.join(", ")),
        };
        SECTION
            .replace("__HIDDEN__", &hidden)
            .replace("__SQLJS_VERSION__", sqljs::VERSION)
    }
}

fn gzipped(bytes: &[u8]) -> Result<Vec<u8>> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
    encoder.write_all(bytes)?;
    Ok(encoder.finish()?)
}
