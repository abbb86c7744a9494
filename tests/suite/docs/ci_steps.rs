//! CONTRIBUTING.md's list of what CI runs against `.ci/run` itself: every
//! command of the script is named in the list, in the script's order, and
//! every step of the list is one of the script's, so that reordering either
//! one fails.

use std::path::Path;

use super::ROOT;

/// What names a command of `.ci/run` in CONTRIBUTING.md: a shell function
/// of the scripts `.ci/run` sources (`install_everything`) by the file
/// that defines it (`.ci/install.sh`), any other command by its program
/// and first word that is not an option or a variable (`cargo clippy`,
/// `npx eslint`), a script run by `bash` by the script
/// (`.ci/test-install.sh`).
fn name_of(command: &str, functions: &[(String, String)]) -> String {
    let words: Vec<&str> = command
        .split_whitespace()
        .filter(|word| !word.starts_with('-') && !word.contains('='))
        .collect();
    if let Some((_, file)) = functions.iter().find(|(name, _)| name == words[0]) {
        return file.clone();
    }
    if words[0] == "bash" {
        return words[1].to_string();
    }
    words[..2.min(words.len())].join(" ")
}

/// The shell functions of the `.ci` scripts, each with the file that
/// defines it (`name() {` at a line's start).
fn ci_functions() -> Vec<(String, String)> {
    let mut functions = Vec::new();
    let mut scripts: Vec<_> = std::fs::read_dir(Path::new(ROOT).join(".ci"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "sh"))
        .collect();
    scripts.sort();
    for script in scripts {
        let file = format!(".ci/{}", script.file_name().unwrap().to_string_lossy());
        for line in std::fs::read_to_string(&script).unwrap().lines() {
            if let Some(name) = line.strip_suffix("() {") {
                functions.push((name.to_string(), file.clone()));
            }
        }
    }
    functions
}

/// The commands `.ci/run` runs, in order: each line that is not a comment,
/// nor the script's own set-up (`set`, `cd`, `source`).
fn ci_commands() -> Vec<String> {
    let script = std::fs::read_to_string(Path::new(ROOT).join(".ci/run")).unwrap();
    script
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .filter(|line| {
            !["set ", "cd ", "source "]
                .iter()
                .any(|s| line.starts_with(s))
        })
        .map(str::to_string)
        .collect()
}

/// The numbered steps of CONTRIBUTING.md's section `## CI`, each as its
/// text.
fn contributing_steps() -> Vec<String> {
    let text = std::fs::read_to_string(Path::new(ROOT).join("CONTRIBUTING.md")).unwrap();
    let section = text
        .split("\n## ")
        .find(|part| part.starts_with("CI\n"))
        .expect("CONTRIBUTING.md has a section ## CI");
    let mut steps: Vec<String> = Vec::new();
    for line in section.lines() {
        let numbered = line
            .split_once(". ")
            .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        if numbered {
            steps.push(String::new());
        }
        if let Some(step) = steps.last_mut()
            && (numbered || line.starts_with(' '))
        {
            step.push_str(line);
            step.push('\n');
        }
    }
    steps
}

promise!(contributing_lists_ci_s_steps_in_the_order_ci_runs_them);
fn contributing_lists_ci_s_steps_in_the_order_ci_runs_them() {
    let functions = ci_functions();
    let commands = ci_commands();
    let steps = contributing_steps();
    assert!(
        commands.len() >= 8 && steps.len() >= 5,
        "read {commands:?} from .ci/run and {} steps from CONTRIBUTING.md",
        steps.len()
    );
    let mut named_in = Vec::new();
    for command in &commands {
        let name = name_of(command, &functions);
        let step = steps.iter().position(|step| step.contains(&name));
        let step = step.unwrap_or_else(|| {
            panic!("CONTRIBUTING.md's section CI names no step `{name}` (.ci/run: {command})")
        });
        if let Some((before, at)) = named_in.last() {
            assert!(
                step >= *at,
                "CONTRIBUTING.md lists `{name}` (step {}) before `{before}` (step {}); \
                 .ci/run runs it after",
                step + 1,
                at + 1
            );
        }
        named_in.push((name, step));
    }
    for (at, text) in steps.iter().enumerate() {
        assert!(
            named_in.iter().any(|(_, step)| *step == at),
            "CONTRIBUTING.md's CI step {} names no command of .ci/run: {text}",
            at + 1
        );
    }
}
