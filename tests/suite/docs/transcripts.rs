//! Every ```console block of the README and the book is a transcript,
//! run as a reader runs it (the module's own comment says how).

use crate::common;
use crate::common::Bounded;

use std::path::PathBuf;
use std::process::Command;

use super::{ROOT, blessing, pages};

/// One ```console block: where it starts on its page, and its commands.
struct Block {
    /// The fence's indentation (a block inside a list item is indented),
    /// which every line of the block shares.
    indent: usize,
    /// Line index of the first line inside the fence.
    first_line: usize,
    /// Line index of the closing fence.
    end_line: usize,
    steps: Vec<Step>,
}

/// A command and the lines the page says it prints.
struct Step {
    command: String,
    expected: Vec<String>,
}

impl Block {
    fn uses_sqlite3(&self) -> bool {
        self.steps
            .iter()
            .any(|step| step.command.contains("sqlite3"))
    }

    fn uses_duckdb(&self) -> bool {
        self.steps
            .iter()
            .any(|step| step.command.contains("import duckdb"))
    }
}

/// The console blocks of a page, in order.
fn console_blocks(lines: &[&str]) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim() != "```console" {
            i += 1;
            continue;
        }
        let indent = lines[i].len() - lines[i].trim_start().len();
        let first_line = i + 1;
        let mut end_line = first_line;
        while !lines[end_line].trim_start().starts_with("```") {
            end_line += 1;
        }
        let inside: Vec<&str> = lines[first_line..end_line]
            .iter()
            .map(|line| line.get(indent..).unwrap_or_else(|| line.trim_start()))
            .collect();
        blocks.push(Block {
            indent,
            first_line,
            end_line,
            steps: steps_of(&inside),
        });
        i = end_line + 1;
    }
    blocks
}

/// The commands of a block's lines (a command continues onto the next line
/// after a trailing `\`) and the lines after each.
fn steps_of(lines: &[&str]) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    let mut continuing = false;
    for line in lines {
        if let Some(command) = line.strip_prefix("$ ") {
            steps.push(Step {
                command: command.to_string(),
                expected: Vec::new(),
            });
            continuing = command.ends_with('\\');
        } else if continuing {
            let step = steps.last_mut().expect("a command before its continuation");
            step.command.push('\n');
            step.command.push_str(line);
            continuing = line.ends_with('\\');
        } else {
            let step = steps
                .last_mut()
                .unwrap_or_else(|| panic!("output before any command: {line:?}"));
            step.expected.push(line.trim_end().to_string());
        }
    }
    steps
}

/// Whether `actual` matches `expected`, where a line `...` in `expected`
/// matches any run of lines.
fn matches(expected: &[String], actual: &[String]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual.first() == Some(first) && matches(rest, &actual[1..]),
    }
}

/// A scratch directory the examples run in, with `queens` on the PATH and
/// nothing of the caller's environment that would change what they print.
struct Scratch {
    dir: tempfile::TempDir,
    path: String,
}

impl Scratch {
    fn new() -> Scratch {
        let dir = tempfile::TempDir::new().unwrap();
        std::fs::create_dir(dir.path().join("tmp")).unwrap();
        let bin = PathBuf::from(env!("CARGO_BIN_EXE_queens"));
        let path = format!(
            "{}:{}",
            bin.parent().unwrap().display(),
            std::env::var("PATH").unwrap_or_default()
        );
        Scratch { dir, path }
    }

    /// What `command` prints, stdout and stderr as one stream, by line.
    fn run(&self, command: &str) -> Vec<String> {
        let out = Command::new("bash")
            .arg("-c")
            .arg(format!("exec 2>&1\n{command}"))
            .current_dir(self.dir.path())
            .env("PATH", &self.path)
            .env("TMPDIR", self.dir.path().join("tmp"))
            .env("LC_ALL", "C.UTF-8")
            .env_remove("QUEENS_DB")
            .env_remove("SQLITE_HISTORY")
            .env("HOME", self.dir.path())
            .bounded_output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|line| line.trim_end().to_string())
            .collect()
    }
}

/// Runs the blocks `chosen` picks on every page, each page in a scratch
/// directory of its own; with QUEENS_BLESS set, writes the output into the
/// pages, else fails naming every command whose output differs. There
/// are `at_least` such blocks, or the pages' blocks were not found.
fn run_examples(chosen: impl Fn(&Block) -> bool, at_least: usize) {
    let mut failures = Vec::new();
    let mut blocks_seen = 0;
    for page in pages() {
        let path = format!("{ROOT}/{page}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{page}: {e}"));
        let lines: Vec<&str> = text.lines().collect();
        let blocks: Vec<Block> = console_blocks(&lines)
            .into_iter()
            .filter(|block| chosen(block))
            .collect();
        if blocks.is_empty() {
            continue;
        }
        blocks_seen += blocks.len();
        let rewritten = run_page(&page, &blocks, &mut failures);
        if blessing() {
            write_blessed(&path, &lines, &rewritten);
        }
    }
    assert!(
        blocks_seen >= at_least,
        "the pages' console blocks were not found"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Runs a page's blocks in order in one scratch directory: the lines each
/// block would have, blessed, by its place on the page.
fn run_page(
    page: &str,
    blocks: &[Block],
    failures: &mut Vec<String>,
) -> Vec<(usize, usize, Vec<String>)> {
    let scratch = Scratch::new();
    let mut rewritten = Vec::new();
    let indented = |indent: usize, line: String| {
        if line.is_empty() {
            line
        } else {
            format!("{}{line}", " ".repeat(indent))
        }
    };
    for block in blocks {
        let mut new_lines = Vec::new();
        for step in &block.steps {
            let actual = scratch.run(&step.command);
            let agrees = matches(&step.expected, &actual);
            if !agrees {
                failures.push(format!(
                    "{page} line {}: $ {}\n{}",
                    block.first_line + 1,
                    step.command,
                    transcript_diff(&step.expected, &actual)
                ));
            }
            new_lines.push(format!(
                "$ {}",
                step.command
                    .replace('\n', &format!("\n{}", " ".repeat(block.indent)))
            ));
            new_lines.extend(if agrees {
                step.expected.clone()
            } else {
                actual
            });
        }
        let new_lines = new_lines
            .into_iter()
            .map(|line| indented(block.indent, line))
            .collect();
        rewritten.push((block.first_line, block.end_line, new_lines));
    }
    rewritten
}

/// What a command printed against what the README says it prints, as a
/// unified diff (a `...` line the output filled shows as removed).
fn transcript_diff(expected: &[String], actual: &[String]) -> String {
    let as_text = |lines: &[String]| lines.iter().map(|line| format!("{line}\n")).collect();
    let (expected, actual): (String, String) = (as_text(expected), as_text(actual));
    common::golden::unified_diff("the page says", &expected, "it printed", &actual)
}

/// The page at `path` with each run block's lines replaced by what was
/// printed.
fn write_blessed(path: &str, lines: &[&str], rewritten: &[(usize, usize, Vec<String>)]) {
    let mut out: Vec<String> = Vec::new();
    let mut next = 0;
    for (first, end, new_lines) in rewritten {
        out.extend(
            lines[next..*first]
                .iter()
                .map(std::string::ToString::to_string),
        );
        out.extend(new_lines.iter().cloned());
        next = *end;
    }
    out.extend(lines[next..].iter().map(std::string::ToString::to_string));
    std::fs::write(path, out.join("\n") + "\n").unwrap();
}

promise!(the_pages_queens_examples_print_what_they_say);
fn the_pages_queens_examples_print_what_they_say() {
    run_examples(|block| !block.uses_sqlite3() && !block.uses_duckdb(), 10);
}

promise!(
    the_pages_examples_with_the_sqlite3_shell_print_what_they_say,
    needs = [Sqlite3]
);
fn the_pages_examples_with_the_sqlite3_shell_print_what_they_say() {
    run_examples(|block| !block.uses_duckdb(), 10);
}

promise!(
    the_pages_examples_with_duckdb_print_what_they_say,
    needs = [DuckDb]
);
fn the_pages_examples_with_duckdb_print_what_they_say() {
    run_examples(Block::uses_duckdb, 1);
}

promise!(no_example_that_runs_on_a_file_escapes_the_test);
fn no_example_that_runs_on_a_file_escapes_the_test() {
    for page in pages() {
        let text = std::fs::read_to_string(format!("{ROOT}/{page}")).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        // A command a console block of the page runs may be shown again to
        // copy (the README's two commands): `queens solve`, run as
        // `queens solve | head -4`.
        let run: Vec<String> = console_blocks(&lines)
            .into_iter()
            .flat_map(|block| block.steps)
            .map(|step| step.command)
            .collect();
        let runs = |line: &str| {
            let command = line.split(" #").next().unwrap_or_default().trim();
            run.iter().any(|done| done.starts_with(command))
        };
        let mut in_sh = false;
        for (number, line) in lines.iter().enumerate() {
            if line.trim_start().starts_with("```") {
                in_sh = !in_sh && line.trim() == "```sh";
                continue;
            }
            let calls_queens =
                line.trim_start().starts_with("queens ") || line.contains("&& queens ");
            assert!(
                !in_sh || !calls_queens || line.contains("postgres") || runs(line),
                "{page} line {}: a queens example on a file belongs in a ```console block, \
                 which the tests run: {line}",
                number + 1
            );
        }
    }
}

promise!(a_transcript_s_ellipsis_stands_for_any_lines);
fn a_transcript_s_ellipsis_stands_for_any_lines() {
    let lines = |text: &str| -> Vec<String> { text.lines().map(str::to_string).collect() };
    assert!(matches(&lines("a\n...\nd"), &lines("a\nb\nc\nd")));
    assert!(matches(&lines("a\n...\nd"), &lines("a\nd")));
    assert!(!matches(&lines("a\n...\nd"), &lines("a\nb")));
    assert!(!matches(&lines("a\nb"), &lines("a\nb\nc")));
}
