//! Whether search_part holds the parts of the board's search: each count
//! and listing on a cluster adds up the parts it holds, so a part deleted
//! or changed (a superuser can reach a worker's placements) would give a
//! smaller count and a shorter listing with nothing said. `doctor` reports
//! it, and every reading command refuses such a board before it reads.

use anyhow::{Result, bail};

use crate::engine::findings::Finding;
use crate::engine::postgres::{self as pg, doctor_check, text_rows, without_password};
use crate::error::shell_word;
use crate::model::sql;
use crate::model::template::{self, Dialect, Scope};

/// search_part's rows against the two ways the board's search is split.
pub struct Comparison {
    /// How many rows search_part holds.
    pub parts: u64,
    /// Of the split it is nearer to: its rows that are no part of the
    /// split, and the parts of the split it lacks.
    pub extra: u64,
    pub missing: u64,
}

impl Comparison {
    pub fn holds(&self) -> bool {
        self.extra == 0 && self.missing == 0
    }
}

/// Compares search_part with both splits of the search (by two queens and
/// by three: which one fill_search_part chose depended on the workers then
/// active), in one statement of the reader's transaction.
pub fn compare(reader: &pg::Reader) -> Result<Comparison> {
    let postgres = Scope::for_dialect(Dialect::Postgres);
    let by_two = template::render_statement(sql::file("queries/partition.sql"), &postgres)?;
    let by_three = template::render_statement(sql::file("queries/partition3.sql"), &postgres)?;
    let compare = template::render(
        sql::file("distributed/part_disagreements.sql"),
        &postgres
            .with_fragment("PARTITION", &by_two.text)
            .with_fragment("PARTITION3", &by_three.text),
    )?;
    let rows = text_rows(reader, &compare.text)?;
    let numbers: Vec<u64> = match rows.first() {
        Some(row) => row
            .iter()
            .map(|value| value.parse())
            .collect::<Result<_, _>>()?,
        None => bail!("no answer to sql/distributed/part_disagreements.sql"),
    };
    let [parts, extra_two, missing_two, extra_three, missing_three] = numbers[..] else {
        bail!("sql/distributed/part_disagreements.sql answered {numbers:?}");
    };
    let (extra, missing) = if extra_two + missing_two <= extra_three + missing_three {
        (extra_two, missing_two)
    } else {
        (extra_three, missing_three)
    };
    Ok(Comparison {
        parts,
        extra,
        missing,
    })
}

/// doctor's finding on search_part.
pub fn finding(reader: &pg::Reader, n: u8) -> Finding {
    doctor_check(reader, "parts", || {
        let found = compare(reader)?;
        let said = if found.holds() {
            format!(
                "search_part holds the {} parts of the {n}×{n} search",
                found.parts
            )
        } else {
            format!(
                "search_part is not the {n}×{n} search's parts: {} of its {} rows are no part, \
                 {} parts missing",
                found.extra, found.parts, found.missing
            )
        };
        Ok((found.holds(), said))
    })
}

/// Refuses, for a reading command, a board whose search_part does not hold
/// the parts of its search, with the commands that say more and mend it.
pub fn refuse_damaged(reader: &pg::Reader, n: u8, server: &pg::Engine) -> Result<()> {
    let found = compare(reader)?;
    if found.holds() {
        return Ok(());
    }
    let options = format!(
        "--db {} --schema {}",
        shell_word(&without_password(server.url())),
        server.schema()
    );
    bail!(
        "schema {} at {}: search_part is not the {n}×{n} search's parts ({} of its {} rows are \
         no part, {} parts missing), so counts and listings would be wrong; `queens doctor \
         {options}` says more, `queens init --force --size {n} {options}` builds them again",
        server.schema(),
        without_password(server.url()),
        found.extra,
        found.parts,
        found.missing
    )
}
