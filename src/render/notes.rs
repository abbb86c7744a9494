//! The counts and notes that commands print beside their records.

use std::io::Write;

use crate::render::printer::Format;

/// "1 solution", "92 solutions".
pub fn solutions_phrase(count: u64) -> String {
    if count == 1 {
        "1 solution".to_string()
    } else {
        format!("{count} solutions")
    }
}

/// Counts and notes go to standard error when the output is for a program.
pub fn note(format: Format, out: &mut impl Write, text: &str) -> std::io::Result<()> {
    if format.is_machine_readable() {
        eprintln!("{text}");
        Ok(())
    } else {
        writeln!(out, "{text}")
    }
}
