//! What every page a user reads holds to: the book's summary lists every
//! page, every link (the developers' pages' too) leads to a file that is
//! there and a heading it names, no page dates itself or names an issue,
//! the README stays a front door, and a moved page's old address leads to
//! it.

use std::path::Path;

use super::{ROOT, markdown_links, pages};
use crate::common::files::files_under;

promise!(the_book_s_summary_lists_every_page);
fn the_book_s_summary_lists_every_page() {
    let files: Vec<String> = files_under(&Path::new(ROOT).join("docs/src"), Some("md"), &[])
        .iter()
        .map(|path| {
            path.strip_prefix(ROOT)
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    let listed = pages();
    for file in files.iter().filter(|f| !f.ends_with("SUMMARY.md")) {
        assert!(
            listed.contains(file),
            "{file} is not in docs/src/SUMMARY.md"
        );
    }
    for page in &listed {
        assert!(Path::new(ROOT).join(page).is_file(), "{page} is missing");
    }
}

/// The developers' pages, whose links are held as the readers' are.
const DEVELOPERS_PAGES: [&str; 3] = ["CONTRIBUTING.md", "ARCHITECTURE.md", "sql/README.md"];

promise!(every_link_on_a_page_leads_to_a_file_that_is_there);
fn every_link_on_a_page_leads_to_a_file_that_is_there() {
    let developers = DEVELOPERS_PAGES.map(String::from);
    for page in pages().into_iter().chain(developers) {
        let text = std::fs::read_to_string(Path::new(ROOT).join(&page)).unwrap();
        let dir = Path::new(ROOT).join(&page).parent().unwrap().to_path_buf();
        for link in markdown_links(&text) {
            if link.contains("://") || link.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = link.split_once('#').unwrap_or((&link, ""));
            let target = if file.is_empty() {
                Path::new(ROOT).join(&page)
            } else {
                dir.join(file)
            };
            assert!(target.exists(), "{page}: the link {link} leads nowhere");
            if !anchor.is_empty() {
                let headings = std::fs::read_to_string(&target).unwrap();
                assert!(
                    heading_ids(&headings).iter().any(|id| id == anchor),
                    "{page}: the link {link} names no heading there"
                );
            }
            // The book is served from docs/src: a link out of it works on
            // GitHub but not in the built book.
            if page.starts_with("docs/src/") {
                let normal = std::path::absolute(&target).unwrap();
                let within = normalise(&normal).starts_with(Path::new(ROOT).join("docs/src"));
                assert!(within, "{page}: {link} leaves the book");
            }
        }
    }
}

/// The ids mdBook gives a page's headings: lower case, blanks as hyphens,
/// no punctuation but `-` and `_` (outside code blocks).
fn heading_ids(text: &str) -> Vec<String> {
    let mut in_code = false;
    let mut ids = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        }
        let Some(heading) = line.strip_prefix('#').filter(|_| !in_code) else {
            continue;
        };
        let words = heading.trim_start_matches('#').trim();
        ids.push(
            words
                .chars()
                .filter_map(|c| match c {
                    c if c.is_alphanumeric() || c == '_' || c == '-' => {
                        Some(c.to_lowercase().collect::<String>())
                    }
                    c if c.is_whitespace() => Some("-".to_string()),
                    _ => None,
                })
                .collect(),
        );
    }
    ids
}

/// The path with its `..` and `.` parts resolved, without the file system.
fn normalise(path: &Path) -> std::path::PathBuf {
    let mut out = std::path::PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// The first date (2026-11-24) in `line`, if any.
fn a_date(line: &str) -> Option<&str> {
    let bytes = line.as_bytes();
    (0..bytes.len().saturating_sub(9)).find_map(|i| {
        let shape = bytes[i..i + 10].iter().enumerate().all(|(k, b)| match k {
            4 | 7 => *b == b'-',
            _ => b.is_ascii_digit(),
        });
        let alone = i == 0 || !bytes[i - 1].is_ascii_digit();
        (shape && alone).then(|| &line[i..i + 10])
    })
}

/// An issue named by its number ("issue 33", "issues 31 and 32"), if any.
fn an_issue(line: &str) -> Option<&str> {
    let lower = line.to_lowercase();
    ["issue ", "issues "].iter().find_map(|word| {
        lower.match_indices(word).find_map(|(at, _)| {
            let after = &line[at + word.len()..];
            after
                .starts_with(|c: char| c.is_ascii_digit())
                .then(|| &line[at..(at + word.len() + 3).min(line.len())])
        })
    })
}

promise!(no_page_a_user_reads_has_a_date_or_an_issue_number);
fn no_page_a_user_reads_has_a_date_or_an_issue_number() {
    assert_eq!(a_date("measured on 2026-11-24 here"), Some("2026-11-24"));
    assert_eq!(a_date("12×12 in 0.5 s, 1.8–2×"), None);
    assert!(an_issue("(issue 33, second part)").is_some());
    assert!(an_issue("a known issue with 2 cores").is_none());
    for page in pages() {
        let text = std::fs::read_to_string(Path::new(ROOT).join(&page)).unwrap();
        for (number, line) in text.lines().enumerate() {
            let found = a_date(line).or_else(|| an_issue(line));
            assert!(
                found.is_none(),
                "{page} line {}: {:?} dates the page or names an issue; history goes \
                 to CHANGELOG.md",
                number + 1,
                found.unwrap()
            );
            assert!(
                !line.contains("the seeds") && !line.contains("seeds'"),
                "{page} line {}: cite the write-ups by title",
                number + 1
            );
        }
    }
}

promise!(the_readme_is_a_front_door);
fn the_readme_is_a_front_door() {
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(
        lines <= 250,
        "README.md has {lines} lines; the book holds the rest"
    );
    for needed in [
        "cargo install --locked --path .",
        "cargo test",
        "docs/src/tutorial/",
        "docs/src/howto/",
        "docs/src/reference/",
        "docs/src/reference/guarantees.md",
        "docs/src/explanation/guarantees.md",
        "docs/src/explanation/performance.md",
    ] {
        assert!(readme.contains(needed), "README.md lacks {needed}");
    }
}

/// The tutorials in the order the book's summary lists them, by their
/// file names (`idea.md`, …).
fn tutorials_in_the_summary() -> Vec<String> {
    let summary = std::fs::read_to_string(Path::new(ROOT).join("docs/src/SUMMARY.md")).unwrap();
    let section = summary
        .split("\n# ")
        .find(|part| part.starts_with("Tutorials"))
        .expect("docs/src/SUMMARY.md has a part # Tutorials");
    tutorial_links(section, "tutorial/")
}

/// The file names of the links in `text` that lead into the tutorials
/// (their targets beginning with `prefix`), in order, each once.
fn tutorial_links(text: &str, prefix: &str) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for link in markdown_links(text) {
        if let Some(name) = link.strip_prefix(prefix)
            && !found.iter().any(|f| f == name)
        {
            found.push(name.to_string());
        }
    }
    found
}

/// The page a tutorial's "Next: [...](page)" leads to, if it has one.
fn next_tutorial(page: &str) -> Option<String> {
    let text = std::fs::read_to_string(Path::new(ROOT).join("docs/src/tutorial").join(page))
        .unwrap()
        .replace('\n', " ");
    let after = &text[text.find("Next: [")?..];
    let link = markdown_links(after).into_iter().next()?;
    (!link.contains('/')).then_some(link)
}

promise!(the_tutorials_come_in_one_order_everywhere);
fn the_tutorials_come_in_one_order_everywhere() {
    let order = tutorials_in_the_summary();
    assert!(
        order.len() >= 6,
        "the summary lists the tutorials: {order:?}"
    );
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    let introduction =
        std::fs::read_to_string(Path::new(ROOT).join("docs/src/introduction.md")).unwrap();
    for (page, listed) in [
        ("README.md", tutorial_links(&readme, "docs/src/tutorial/")),
        (
            "docs/src/introduction.md",
            tutorial_links(&introduction, "tutorial/"),
        ),
    ] {
        assert_eq!(
            listed, order,
            "{page} lists the tutorials in another order than docs/src/SUMMARY.md"
        );
    }
    for (at, page) in order.iter().enumerate() {
        assert_eq!(
            next_tutorial(page).as_ref(),
            order.get(at + 1),
            "docs/src/tutorial/{page}: its \"Next: [...](...)\" is not the tutorial after it \
             in docs/src/SUMMARY.md"
        );
    }
}

promise!(the_introduction_leads_to_every_page_of_the_book);
fn the_introduction_leads_to_every_page_of_the_book() {
    let introduction =
        std::fs::read_to_string(Path::new(ROOT).join("docs/src/introduction.md")).unwrap();
    let links = markdown_links(&introduction);
    for page in pages().iter().filter_map(|p| p.strip_prefix("docs/src/")) {
        if page != "introduction.md" {
            assert!(
                links.iter().any(|l| l == page),
                "docs/src/introduction.md does not lead to {page}"
            );
        }
    }
}

promise!(a_moved_page_s_old_address_leads_to_its_new_one);
fn a_moved_page_s_old_address_leads_to_its_new_one() {
    let book = std::fs::read_to_string(Path::new(ROOT).join("docs/book.toml")).unwrap();
    let section = book
        .split("\n[")
        .find(|part| part.starts_with("output.html.redirect]"))
        .expect("docs/book.toml has an [output.html.redirect] section");
    let mut moved = 0;
    for line in section.lines().skip(1).filter(|l| l.starts_with('"')) {
        let (old, new) = line.split_once(" = ").unwrap();
        let (old, new) = (old.trim_matches('"'), new.trim_matches('"'));
        let old_page = format!("docs/src{}", old.replace(".html", ".md"));
        let new_page = Path::new(&old_page)
            .parent()
            .unwrap()
            .join(new.replace(".html", ".md"));
        assert!(
            !Path::new(ROOT).join(&old_page).exists(),
            "{old} redirects, but {old_page} is there"
        );
        assert!(
            pages().contains(&normalise(&new_page).to_string_lossy().into_owned()),
            "{old} redirects to {new}, which is not a page of the book"
        );
        moved += 1;
    }
    assert!(moved > 0, "docs/book.toml's redirects: {section}");
}
