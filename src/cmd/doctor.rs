//! `queens doctor`: check a database and report what holds.

use std::io::Write;

use anyhow::{Result, bail};
use clap::Args as ClapArgs;
use rusqlite::Connection;

use crate::checker;
use crate::cmd::stdout;
use crate::db;
use crate::error::Verdict;
use crate::schema;

/// Check a database and print a report; exit 0 only when everything holds.
///
/// Reads the file without changing it: schema version, SQLite's integrity
/// and foreign-key checks, the fact invariants for its size (N² squares,
/// 6N − 2 lines, 4N² memberships), the encodings derived from square_line,
/// whether its views are the ones this queens writes, the number of
/// solutions against the native counter (up to 12×12), and whether solution
/// and solution_by_definition agree (up to 10×10).
///
/// Examples:
///   queens doctor
///   queens doctor --db ten.db
#[derive(ClapArgs, Debug)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// The database file to check (never created or changed).
    #[arg(long, value_name = "PATH", default_value = "queens.db")]
    pub db: std::path::PathBuf,
}

/// Largest board whose solutions doctor counts (12×12 takes about a second).
const COUNT_UP_TO: u8 = 12;
/// Largest board on which doctor compares solution with its definition.
const COMPARE_UP_TO: u8 = 10;

/// One line of the report: what was checked, what was found, and whether
/// it holds (None for information only).
struct Finding {
    what: &'static str,
    found: String,
    holds: Option<bool>,
}

pub fn run(args: &Args) -> Result<()> {
    let path = crate::engine::Target::new(&args.db, "queens")
        .file("doctor")?
        .to_path_buf();
    let path = &path;
    if !path.exists() {
        bail!(
            "{} does not exist; doctor checks a database and never creates one",
            path.display()
        );
    }
    let found = db::inspect_header(path)?;
    let conn = db::open_read_only(path)?;
    let n = found.size;
    let mut findings = vec![Finding {
        what: "schema version",
        found: format!(
            "{} (this queens writes {})",
            found.version,
            schema::latest_version()
        ),
        holds: Some(found.version == schema::latest_version()),
    }];
    findings.push(info("board", format!("{n}×{n}")));
    findings.push(ask("integrity", || integrity(&conn)));
    findings.push(ask("foreign keys", || foreign_keys(&conn)));
    findings.push(ask("facts", || facts(&conn, n)));
    findings.push(ask("encodings", || encodings(&conn)));
    findings.push(ask("views", || views(&conn, n)));
    findings.push(if n <= COUNT_UP_TO {
        ask("solutions", || solutions(&conn, n))
    } else {
        info(
            "solutions",
            format!("not counted beyond {COUNT_UP_TO}×{COUNT_UP_TO}"),
        )
    });
    findings.push(if n <= COMPARE_UP_TO {
        ask("by definition", || by_definition(&conn))
    } else {
        info(
            "by definition",
            format!("not compared beyond {COMPARE_UP_TO}×{COMPARE_UP_TO}"),
        )
    });

    let mut out = stdout();
    writeln!(out, "{}", path.display())?;
    for finding in &findings {
        let mark = match finding.holds {
            Some(true) => "ok  ",
            Some(false) => "FAIL",
            None => "    ",
        };
        writeln!(out, "  {mark}  {:<14} {}", finding.what, finding.found)?;
    }
    let failed = findings.iter().filter(|f| f.holds == Some(false)).count();
    if failed == 0 {
        writeln!(out, "all checks hold")?;
        Ok(out.flush()?)
    } else {
        writeln!(
            out,
            "{failed} check{} failed",
            if failed == 1 { "" } else { "s" }
        )?;
        out.flush()?;
        Err(Verdict(1).into())
    }
}

fn info(what: &'static str, found: String) -> Finding {
    Finding {
        what,
        found,
        holds: None,
    }
}

/// Runs one check; an error while checking (a damaged page, say) is a
/// failed check with SQLite's words, not the end of the report.
fn ask(what: &'static str, check: impl FnOnce() -> Result<(bool, String)>) -> Finding {
    match check() {
        Ok((holds, found)) => Finding {
            what,
            found,
            holds: Some(holds),
        },
        Err(e) => Finding {
            what,
            found: crate::error::one_line(&e),
            holds: Some(false),
        },
    }
}

fn count(conn: &Connection, sql: &str) -> Result<i64> {
    Ok(conn.query_row(sql, [], |row| row.get(0))?)
}

fn integrity(conn: &Connection) -> Result<(bool, String)> {
    let mut stmt = conn.prepare("pragma integrity_check")?;
    let messages: Vec<String> = stmt
        .query_map([], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let holds = messages == ["ok"];
    Ok((
        holds,
        if holds {
            "ok".to_string()
        } else {
            messages.join("; ")
        },
    ))
}

fn foreign_keys(conn: &Connection) -> Result<(bool, String)> {
    let broken = count(conn, "select count(*) from pragma_foreign_key_check")?;
    Ok((broken == 0, format!("{broken} broken references")))
}

fn facts(conn: &Connection, n: u8) -> Result<(bool, String)> {
    let n = i64::from(n);
    let squares = count(conn, "select count(*) from square")?;
    let lines = count(conn, "select count(*) from line")?;
    let memberships = count(conn, "select count(*) from square_line")?;
    let holds = (squares, lines, memberships) == (n * n, 6 * n - 2, 4 * n * n);
    Ok((
        holds,
        format!(
            "{squares} squares, {lines} lines, {memberships} memberships \
             (expected {}, {}, {})",
            n * n,
            6 * n - 2,
            4 * n * n
        ),
    ))
}

/// line_set must say "these two squares share a line" exactly when
/// square_line does, and safe_next must hold exactly the pairs of
/// neighbouring columns that share none.
fn encodings(conn: &Connection) -> Result<(bool, String)> {
    let wrong_pairs = count(
        conn,
        "select count(*) from line_set a, line_set b
         where ((a.w0 & b.w0) <> 0 or (a.w1 & b.w1) <> 0 or (a.w2 & b.w2) <> 0)
            <> exists (select anchor, mov_dir from square_line where square = a.square
                       intersect
                       select anchor, mov_dir from square_line where square = b.square)",
    )?;
    let safe_pairs = "select b.cl_no, a.rw_no, b.rw_no, b.square, b.w0, b.w1, b.w2
                      from line_set a join line_set b on b.cl_no = a.cl_no + 1
                      where (a.w0 & b.w0) = 0 and (a.w1 & b.w1) = 0 and (a.w2 & b.w2) = 0";
    let stored = "select cl_no, prev_rw_no, rw_no, square, w0, w1, w2 from safe_next";
    let wrong_steps = count(
        conn,
        &format!(
            "select (select count(*) from ({safe_pairs} except {stored}))
                  + (select count(*) from ({stored} except {safe_pairs}))"
        ),
    )?;
    Ok((
        wrong_pairs == 0 && wrong_steps == 0,
        format!(
            "line_set and safe_next agree with square_line ({wrong_pairs} + {wrong_steps} disagreements)"
        ),
    ))
}

fn views(conn: &Connection, n: u8) -> Result<(bool, String)> {
    let current = schema::views_are_current(conn, n)?;
    let found = if current {
        "as this queens writes them".to_string()
    } else {
        "missing or from another queens; `queens init` rewrites them".to_string()
    };
    Ok((current, found))
}

fn solutions(conn: &Connection, n: u8) -> Result<(bool, String)> {
    let sql = count(conn, "select count(*) from solution")?;
    let native = checker::count_solutions(n);
    Ok((
        sql as u64 == native,
        format!("{sql} (native counter: {native})"),
    ))
}

fn by_definition(conn: &Connection) -> Result<(bool, String)> {
    let apart = count(
        conn,
        "select (select count(*) from (select * from solution except select * from solution_by_definition))
              + (select count(*) from (select * from solution_by_definition except select * from solution))",
    )?;
    Ok((
        apart == 0,
        format!("solution_by_definition has the same rows ({apart} differ)"),
    ))
}
