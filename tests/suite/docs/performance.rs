//! The performance page against the benchmark whose figures it gives:
//! every section the bench can be asked for (`--only SECTION`) is in the
//! page's table of sections.

use std::path::Path;

use super::ROOT;
use crate::common::files::files_under;

const PERFORMANCE_PAGE: &str = "docs/src/explanation/performance.md";

/// The sections of the bench under `dir`: every `wanted("SECTION")` of its
/// source, in the order found.
fn bench_sections(dir: &Path, found: &mut Vec<String>) {
    for path in files_under(dir, Some("rs"), &[]) {
        let text = std::fs::read_to_string(&path).unwrap();
        for (at, _) in text.match_indices("wanted(\"") {
            let rest = &text[at + "wanted(\"".len()..];
            let name = &rest[..rest.find('"').unwrap()];
            if !found.iter().any(|f| f == name) {
                found.push(name.to_string());
            }
        }
    }
}

promise!(the_performance_page_names_every_bench_section);
fn the_performance_page_names_every_bench_section() {
    let mut sections = Vec::new();
    bench_sections(&Path::new(ROOT).join("benches"), &mut sections);
    for known in ["rows", "native", "duckdb", "variants", "postgres", "citus"] {
        assert!(
            sections.iter().any(|s| s == known),
            "the bench's sections as read from benches/: {sections:?}"
        );
    }
    let page = std::fs::read_to_string(Path::new(ROOT).join(PERFORMANCE_PAGE)).unwrap();
    for section in &sections {
        assert!(
            page.contains(&format!("\n| `{section}` |")),
            "{PERFORMANCE_PAGE}: the bench's section `{section}` (--only {section}) is not \
             in its table of sections"
        );
    }
}
