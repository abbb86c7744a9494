//! The README and the book (docs/src), as readers meet them.
//!
//! - transcripts.rs: every ```console block is a transcript, run in a
//!   scratch directory of its page's own, and must print what the page
//!   says (QUEENS_BLESS=1 writes what was printed back, for a person to
//!   review).
//! - reference.rs: the reference pages are generated, from `queens --help`
//!   (each command linked to the guides that use it) and from the sentences
//!   the SQL of each table and view opens with (a server's tables from
//!   their SQL); a page that drifts from its source fails (QUEENS_BLESS=1
//!   writes it), and every column of a real board and of queens' SQL files
//!   must be on the relations page.
//! - pages.rs: what every page holds to: in the book's summary, links that
//!   lead somewhere, no date or issue number, a README that is a front door,
//!   one order of the tutorials everywhere (README, summary, introduction,
//!   each page's "Next"), an introduction that leads to every page, a
//!   moved page's old address redirected to it (docs/book.toml). The
//!   developers' pages' links are held too.
//! - performance.rs: the performance page names every section of the
//!   benchmark whose figures it gives.
//! - ci_steps.rs: CONTRIBUTING.md lists CI's steps in the order `.ci/run`
//!   runs them.

mod ci_steps;
mod pages;
mod performance;
mod reference;
mod transcripts;

/// The repository's root, which the pages' paths are relative to.
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Whether the pages are to be written rather than compared.
fn blessing() -> bool {
    crate::common::golden::blessing()
}

/// Every page a user reads, by its path from the root: the README, then
/// the book's pages in the order of its summary.
fn pages() -> Vec<String> {
    let summary = std::fs::read_to_string(format!("{ROOT}/docs/src/SUMMARY.md")).unwrap();
    let mut pages = vec!["README.md".to_string()];
    pages.extend(
        markdown_links(&summary)
            .into_iter()
            .filter(|link| link.ends_with(".md"))
            .map(|link| format!("docs/src/{link}")),
    );
    pages
}

/// The targets of a page's Markdown links `[text](target)` and images
/// `![text](target)`, in order, outside code blocks.
fn markdown_links(text: &str) -> Vec<String> {
    let mut links = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            if let Some(end) = rest.find(')') {
                links.push(rest[..end].to_string());
            }
        }
    }
    links
}
