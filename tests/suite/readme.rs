//! The README's examples, run as a reader runs them. Every ```console block
//! is a transcript: a line `$ command` is run by bash in one scratch
//! directory (the blocks in order, so a file one block makes is there for
//! the next), with `queens` on the PATH, and what it prints, stdout and
//! stderr together as a terminal shows them, must be the lines that follow
//! it. A line `...` stands for any number of lines; trailing blanks do not
//! count. A number that changes in the output, or in the README, fails.
//!
//! Blocks that call the sqlite3 shell run in a second test, which needs the
//! shell; the first runs the rest everywhere. README_BLESS=1 writes what the commands printed
//! back into README.md instead of comparing, for a person to review.
//!
//! Examples that need what a test cannot start (a PostgreSQL server, a
//! Citus cluster, a network) stay ```sh blocks; no ```sh block may call
//! queens on a file, so that nothing a reader could run on a file escapes
//! this test.

use crate::common;

use std::path::PathBuf;
use std::process::Command;

const README: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/README.md");

/// One ```console block: where it starts in the README, and its commands.
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

/// A command and the lines the README says it prints.
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
}

/// The console blocks of the README, in order.
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
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|line| line.trim_end().to_string())
            .collect()
    }
}

/// Runs the blocks `chosen` picks, in order, in one scratch directory; with
/// README_BLESS set, writes the output into README.md, else fails naming
/// every command whose output differs.
fn run_examples(chosen: impl Fn(&Block) -> bool) {
    let text = std::fs::read_to_string(README).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let blocks = console_blocks(&lines);
    assert!(
        blocks.len() >= 5,
        "the README's console blocks were not found"
    );
    let bless = std::env::var_os("README_BLESS").is_some();
    let scratch = Scratch::new();
    let mut failures = Vec::new();
    let mut rewritten: Vec<(usize, usize, Vec<String>)> = Vec::new();
    let indented = |indent: usize, line: String| match line.is_empty() {
        true => line,
        false => format!("{}{line}", " ".repeat(indent)),
    };
    for block in blocks.iter().filter(|block| chosen(block)) {
        let mut new_lines = Vec::new();
        for step in &block.steps {
            let actual = scratch.run(&step.command);
            let agrees = matches(&step.expected, &actual);
            if !agrees {
                failures.push(format!(
                    "README.md line {}: $ {}\n{}",
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
    if bless {
        write_blessed(&lines, &rewritten);
        return;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// What a command printed against what the README says it prints, as a
/// unified diff (a `...` line the output filled shows as removed).
fn transcript_diff(expected: &[String], actual: &[String]) -> String {
    let as_text = |lines: &[String]| lines.iter().map(|line| format!("{line}\n")).collect();
    let (expected, actual): (String, String) = (as_text(expected), as_text(actual));
    common::golden::unified_diff("the README says", &expected, "it printed", &actual)
}

/// README.md with each run block's lines replaced by what was printed.
fn write_blessed(lines: &[&str], rewritten: &[(usize, usize, Vec<String>)]) {
    let mut out: Vec<String> = Vec::new();
    let mut next = 0;
    for (first, end, new_lines) in rewritten {
        out.extend(lines[next..*first].iter().map(|l| l.to_string()));
        out.extend(new_lines.iter().cloned());
        next = *end;
    }
    out.extend(lines[next..].iter().map(|l| l.to_string()));
    std::fs::write(README, out.join("\n") + "\n").unwrap();
}

promise!(the_readme_s_queens_examples_print_what_it_says);
fn the_readme_s_queens_examples_print_what_it_says() {
    run_examples(|block| !block.uses_sqlite3());
}

promise!(
    the_readme_s_examples_with_the_sqlite3_shell_print_what_it_says,
    needs = [Sqlite3]
);
fn the_readme_s_examples_with_the_sqlite3_shell_print_what_it_says() {
    run_examples(|_| true);
}

promise!(no_example_that_runs_on_a_file_escapes_the_test);
fn no_example_that_runs_on_a_file_escapes_the_test() {
    let text = std::fs::read_to_string(README).unwrap();
    let mut in_sh = false;
    for (number, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            in_sh = !in_sh && line.trim_end() == "```sh";
            continue;
        }
        let calls_queens = line.trim_start().starts_with("queens ") || line.contains("&& queens ");
        assert!(
            !(in_sh && calls_queens && !line.contains("postgres")),
            "README.md line {}: a queens example on a file belongs in a ```console block, \
             which the tests run: {line}",
            number + 1
        );
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
