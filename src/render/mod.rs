//! What the user sees: tables, diagrams, SVG, CSV and JSON, and the output
//! files written whole or not at all. Renders model types (rows of values,
//! placements of queens) that the commands hand it; it knows no engine and
//! no search.

pub mod board_pictures;
pub mod column_layout;
pub mod console;
pub mod datasette;
pub mod diagram;
pub mod infile;
pub mod notes;
pub mod outfile;
pub mod page;
pub mod page_mark;
pub mod printer;
pub mod search_space;
pub mod sqljs;
pub mod trace;
