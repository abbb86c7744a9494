//! The first line of a page `export` writes, which names the export that
//! wrote it: the same export writes the page again without --force (a
//! teacher drafting a course re-runs it), and a different one is refused.
//! The line is written and read here only, so what is written is what is
//! recognised.

use std::path::Path;

/// What the line says before the export it names.
const BEFORE: &str = "<!-- A page queens export wrote: ";
/// What the line says after the export it names.
const AFTER: &str = ". The same export replaces it without --force. -->";

/// Which export wrote a page, as a teacher tells two exports apart: the
/// board (as its one name prints it), and whether the page has a console
/// and whose exercises (the teacher's file, by its name, or the built-in
/// ones).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageMark {
    said: String,
}

impl PageMark {
    /// The mark of the page of `the_board` ("the 8×8 board"), with a
    /// console where `console` is given, holding the exercises of the
    /// file it names (`Some(None)`: the built-in ones).
    pub fn of(the_board: &str, console: Option<Option<&Path>>) -> PageMark {
        let console = match console {
            None => String::new(),
            Some(None) => ", with its console and the built-in exercises".to_string(),
            Some(Some(file)) => {
                let name = file.file_name().unwrap_or(file.as_os_str());
                format!(
                    ", with its console and the exercises of {}",
                    name.to_string_lossy()
                )
            }
        };
        PageMark {
            said: comment_safe(&format!("the page of {the_board}{console}")),
        }
    }

    /// The mark a page's first line holds, if it is a line this module
    /// wrote.
    pub fn read(first_line: &str) -> Option<PageMark> {
        let said = first_line.strip_prefix(BEFORE)?.strip_suffix(AFTER)?;
        (!said.is_empty()).then(|| PageMark {
            said: said.to_string(),
        })
    }

    /// The page's first line.
    pub fn first_line(&self) -> String {
        format!("{BEFORE}{}{AFTER}", self.said)
    }

    /// The export in words: "the page of the 6×6 board, with its console
    /// and the exercises of course.toml".
    pub fn said(&self) -> &str {
        &self.said
    }
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

    #[test]
    fn a_mark_reads_back_from_the_line_it_writes() {
        let course = Path::new("courses/week-1.toml");
        for console in [None, Some(None), Some(Some(course))] {
            let mark = PageMark::of("the 6×6 board", console);
            assert_eq!(PageMark::read(&mark.first_line()), Some(mark));
        }
        let mark = PageMark::of("the 6×6 board", Some(Some(course)));
        assert_eq!(
            mark.said(),
            "the page of the 6×6 board, with its console and the exercises of week-1.toml"
        );
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
            PageMark::of("the 6×6 torus", None),
        ];
        for (i, one) in marks.iter().enumerate() {
            for other in &marks[i + 1..] {
                assert_ne!(one.first_line(), other.first_line());
            }
        }
        // The same export, from another folder, is the same.
        assert_eq!(
            PageMark::of("the 6×6 board", Some(Some(Path::new("x/a.toml")))),
            PageMark::of("the 6×6 board", Some(Some(a)))
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
            let line = PageMark::of("the 6×6 board", Some(Some(Path::new(name)))).first_line();
            let inside = line
                .strip_prefix("<!--")
                .unwrap()
                .strip_suffix("-->")
                .unwrap();
            assert!(!inside.contains(['<', '>', '\n']), "{line}");
            assert!(PageMark::read(&line).is_some(), "{line}");
            lines.push(line);
        }
        lines.dedup();
        assert_eq!(lines.len(), names.len());
    }

    #[test]
    fn a_line_this_module_did_not_write_is_no_mark() {
        for line in [
            "<!DOCTYPE html>",
            "<!-- A page queens export wrote: the same export replaces it without --force. -->",
            "<!-- A page queens export wrote: . The same export replaces it without --force. -->",
        ] {
            assert_eq!(PageMark::read(line), None, "{line}");
        }
    }
}
