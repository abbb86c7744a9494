//! The database file in the tools people read it with: the sqlite3 shell,
//! older SQLite builds, DuckDB and Datasette.

mod datasette;
mod duckdb;
mod old_sqlite;
mod sqlite3_shell;
