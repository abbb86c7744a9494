//! Comparing a text with the one it must equal, failing with a unified diff:
//! a golden file of thousands of lines that differs in one is read in the
//! hunk that differs, not in two dumps side by side.

use similar::TextDiff;

/// Lines of context around each change, as `diff -u` gives.
const CONTEXT_LINES: usize = 3;

/// The unified diff from `expected` to `actual`, headed by their names;
/// empty when they are equal.
pub fn unified_diff(
    expected_name: &str,
    expected: &str,
    actual_name: &str,
    actual: &str,
) -> String {
    if expected == actual {
        return String::new();
    }
    TextDiff::from_lines(expected, actual)
        .unified_diff()
        .context_radius(CONTEXT_LINES)
        .missing_newline_hint(true)
        .header(expected_name, actual_name)
        .to_string()
}

/// Fails, saying `advice` and showing the unified diff, unless `actual`
/// is `expected` to the byte.
#[track_caller]
pub fn assert_same_text(
    expected_name: &str,
    expected: &str,
    actual_name: &str,
    actual: &str,
    advice: &str,
) {
    if expected != actual {
        let diff = unified_diff(expected_name, expected, actual_name, actual);
        panic!("{advice}\n{diff}");
    }
}

/// Whether the golden files are to be written anew rather than compared:
/// QUEENS_BLESS=1 (the docs' transcripts and reference pages, the SQL
/// expansions, what the page knows of sql.js), for a person to review
/// with `git diff` before committing.
pub fn blessing() -> bool {
    std::env::var_os("QUEENS_BLESS").is_some()
}
