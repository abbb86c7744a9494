//! What the user sees: tables, diagrams, SVG, CSV and JSON, SQL dumps, and
//! the output files written whole or not at all. Renders what search and
//! the engines hand it.

pub mod diagram;
pub mod dump;
pub mod outfile;
pub mod output;
pub mod rows;
pub mod svg;
pub mod table;
