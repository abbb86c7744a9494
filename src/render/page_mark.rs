//! The first line of a page `export` writes, which names the export that
//! wrote it and the digest of the rest of the page as written: a page is
//! replaced without --force only where its rest is as queens wrote it
//! (the teacher changed nothing) and the same export writes it again (a
//! teacher drafting a course re-runs it). The line is written and read
//! here only, so what is written is what is recognised.

use std::path::Path;

use sha2::{Digest, Sha256};

use crate::model::hex::hex;

/// What the line says before the export it names.
const BEFORE: &str = "<!-- A page queens export wrote: ";
/// What the line says between the export and the digest of the rest.
const DIGEST: &str = ". The rest of this page has SHA-256 ";
/// What the line says after the digest.
const AFTER: &str = "; the same export replaces it without --force while it does. -->";

/// Which export wrote a page, as a teacher tells two exports apart: the
/// board (as its one name prints it), and whether the page has a console
/// and whose exercises (the teacher's file, by its name and a short
/// digest of where it is, or the built-in ones).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageMark {
    said: String,
}

/// A page export wrote, as found where a page is written again: the
/// export its first line names, and whether the rest of it is still as
/// written (its SHA-256 the one the line holds).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageFound {
    pub mark: PageMark,
    pub unchanged: bool,
}

impl PageMark {
    /// The mark of the page of `the_board` ("the 8×8 board"), with a
    /// console where `console` is given, holding the exercises of the
    /// file it names (`Some(None)`: the built-in ones). A file is named by
    /// its name and the first 12 hex digits of the SHA-256 of its
    /// canonical path, so that two courses of one name in two folders
    /// are two exports, and no folder is written in a page students get.
    pub fn of(the_board: &str, console: Option<Option<&Path>>) -> PageMark {
        let console = match console {
            None => String::new(),
            Some(None) => ", with its console and the built-in exercises".to_string(),
            Some(Some(file)) => {
                let name = file.file_name().unwrap_or(file.as_os_str());
                format!(
                    ", with its console and the exercises of {} ({})",
                    name.to_string_lossy(),
                    &where_it_is(file)[..12]
                )
            }
        };
        PageMark {
            said: comment_safe(&format!("the page of {the_board}{console}")),
        }
    }

    /// The page export wrote whose bytes are `page`, if its first line is
    /// one this module wrote.
    pub fn read(page: &[u8]) -> Option<PageFound> {
        let end = page.iter().position(|&b| b == b'\n')?;
        let line = std::str::from_utf8(&page[..end]).ok()?;
        let inside = line.strip_prefix(BEFORE)?.strip_suffix(AFTER)?;
        let (said, digest) = inside.rsplit_once(DIGEST)?;
        let is_digest = digest.len() == 64
            && digest
                .bytes()
                .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
        (!said.is_empty() && is_digest).then(|| PageFound {
            mark: PageMark {
                said: said.to_string(),
            },
            unchanged: digest == sha256_hex(&page[end + 1..]),
        })
    }

    /// The first line of the page whose rest (after that line's end) is
    /// `rest`.
    pub fn first_line(&self, rest: &[u8]) -> String {
        format!("{BEFORE}{}{DIGEST}{}{AFTER}", self.said, sha256_hex(rest))
    }

    /// The export in words: "the page of the 6×6 board, with its console
    /// and the exercises of course.toml (3f1c0a9b2d4e)".
    pub fn said(&self) -> &str {
        &self.said
    }
}

/// SHA-256 of `bytes`, in lowercase hex.
fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// Where `file` is, as one name for it whatever way it was reached (its
/// canonical path, or its absolute one where it cannot be resolved), as
/// the SHA-256 of that path in hex.
fn where_it_is(file: &Path) -> String {
    use std::os::unix::ffi::OsStrExt;
    let resolved = std::fs::canonicalize(file)
        .or_else(|_| std::path::absolute(file))
        .unwrap_or_else(|_| file.to_path_buf());
    sha256_hex(resolved.as_os_str().as_bytes())
}

/// `text` as an HTML comment may hold it on one line: no `<` or `>`
/// (without which no `-->`, `--!>` or `<!--` can end or open a comment)
/// and no control character (a line end among them), each written `%XX`
/// as a URL writes it, and `%` too, so that two names never read the same.
fn comment_safe(text: &str) -> String {
    let mut safe = String::new();
    for c in text.chars() {
        if c.is_control() || matches!(c, '<' | '>' | '%') {
            let mut bytes = [0; 4];
            for byte in c.encode_utf8(&mut bytes).bytes() {
                safe.push_str(&format!("%{byte:02X}"));
            }
        } else {
            safe.push(c);
        }
    }
    safe
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A page with `mark` and the rest `rest`, as export writes it.
    fn page(mark: &PageMark, rest: &str) -> Vec<u8> {
        format!("{}\n{rest}", mark.first_line(rest.as_bytes())).into_bytes()
    }

    #[test]
    fn a_mark_reads_back_from_the_page_it_heads() {
        let course = Path::new("courses/week-1.toml");
        for console in [None, Some(None), Some(Some(course))] {
            let mark = PageMark::of("the 6×6 board", console);
            let found = PageMark::read(&page(&mark, "<!DOCTYPE html>\n"));
            assert_eq!(
                found,
                Some(PageFound {
                    mark,
                    unchanged: true
                })
            );
        }
        let said = PageMark::of("the 6×6 board", Some(Some(course)));
        assert!(
            said.said().starts_with(
                "the page of the 6×6 board, with its console and the exercises of week-1.toml ("
            ),
            "{}",
            said.said()
        );
    }

    #[test]
    fn a_page_changed_after_its_first_line_is_found_changed() {
        let mark = PageMark::of("the 6×6 board", None);
        let mut written = page(&mark, "<!DOCTYPE html>\n<p>the page</p>\n");
        written.extend_from_slice(b"a line the teacher added\n");
        let found = PageMark::read(&written).unwrap();
        assert_eq!(found.mark, mark);
        assert!(!found.unchanged);
        // A first line copied onto another text: that text is no page.
        let line = mark.first_line(b"<!DOCTYPE html>\n");
        let essay = format!("{line}\nmy essay\n");
        assert!(!PageMark::read(essay.as_bytes()).unwrap().unchanged);
    }

    #[test]
    fn exports_a_teacher_tells_apart_have_marks_apart() {
        let a = Path::new("a.toml");
        let marks = [
            PageMark::of("the 6×6 board", None),
            PageMark::of("the 8×8 board", None),
            PageMark::of("the 6×6 board", Some(None)),
            PageMark::of("the 6×6 board", Some(Some(a))),
            PageMark::of("the 6×6 board", Some(Some(Path::new("b.toml")))),
            // A course of the same name in another folder is another.
            PageMark::of("the 6×6 board", Some(Some(Path::new("x/a.toml")))),
            PageMark::of("the 6×6 torus", None),
        ];
        for (i, one) in marks.iter().enumerate() {
            for other in &marks[i + 1..] {
                assert_ne!(one.first_line(b""), other.first_line(b""));
            }
        }
        // The same file, however it is reached, is the same course.
        assert_eq!(
            PageMark::of("the 6×6 board", Some(Some(Path::new("src/../Cargo.toml")))),
            PageMark::of("the 6×6 board", Some(Some(Path::new("Cargo.toml"))))
        );
    }

    #[test]
    fn no_file_name_ends_the_comment_or_the_line() {
        let names = [
            "a-->b.toml",
            "a--!>.toml",
            "<!--x.toml",
            "a\nb.toml",
            "a%3E.toml",
        ];
        let mut lines = Vec::new();
        for name in names {
            let mark = PageMark::of("the 6×6 board", Some(Some(Path::new(name))));
            let line = mark.first_line(b"");
            let inside = line
                .strip_prefix("<!--")
                .unwrap()
                .strip_suffix("-->")
                .unwrap();
            assert!(!inside.contains(['<', '>', '\n']), "{line}");
            assert!(PageMark::read(&page(&mark, "")).is_some(), "{line}");
            lines.push(line);
        }
        lines.dedup();
        assert_eq!(lines.len(), names.len());
    }

    #[test]
    fn a_line_this_module_did_not_write_is_no_mark() {
        let digest = "0".repeat(64);
        for line in [
            "<!DOCTYPE html>".to_string(),
            format!("{BEFORE}the page of the 1×1 board{AFTER}"),
            format!("{BEFORE}{DIGEST}{digest}{AFTER}"),
            format!(
                "{BEFORE}the page of the 1×1 board{DIGEST}{}{AFTER}",
                &digest[1..]
            ),
            format!(
                "{BEFORE}the page of the 1×1 board{DIGEST}{}{AFTER}",
                "G".repeat(64)
            ),
        ] {
            assert_eq!(
                PageMark::read(format!("{line}\n").as_bytes()),
                None,
                "{line}"
            );
        }
    }
}
