//! The counts and notes that commands print beside their records.

use std::io::Write;

use crate::model::reading::Attack;
use crate::model::words::counted;
use crate::render::printer::Format;

/// "1 solution", "92 solutions".
pub fn solutions_phrase(count: u64) -> String {
    counted(count, "solution")
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

/// "c5 and f2 attack each other along the RGHT-DN line anchored at a7 (the
/// diagonal a7–g1)"; on a torus "(the diagonal a3–e2, wrapped round the
/// board's edge)"; a knight's move (a direction of two steps, RGHT-UP-UP)
/// "(the knight's move a1–b3)".
pub fn attack_sentence(attack: &Attack) -> String {
    let knight = attack.mov_dir.matches('-').count() >= 2;
    let kind = if knight { "knight's move" } else { "diagonal" };
    let wrapped = if attack.wraps {
        ", wrapped round the board's edge"
    } else {
        ""
    };
    let line = match attack.mov_dir.as_str() {
        "UP" => format!("column {}", &attack.anchor[..1]),
        "RGHT" => format!("row {}", &attack.anchor[1..]),
        _ => format!("the {kind} {}–{}{wrapped}", attack.anchor, attack.line_end),
    };
    format!(
        "{} and {} attack each other along the {} line anchored at {} ({line})",
        attack.a, attack.b, attack.mov_dir, attack.anchor
    )
}

/// Why completions are not listed on the `n`×`n` board, beyond `most`×`most`,
/// and what to do; `repeated` names the database as the command was given it
/// (see `DbArgs::repeated`), so that the advice pasted acts on the same file.
pub fn completions_out_of_reach(n: u8, most: u8, repeated: &str) -> String {
    format!(
        "completions are found among all the board's solutions, and listing all those of \
         the {n}×{n} board would take hours (queens lists them up to {most}×{most} for this); \
         `queens init --materialize{repeated}` stores them once, if you can wait for that"
    )
}
