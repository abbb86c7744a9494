//! The code's shape, as ARCHITECTURE.md promises it: each layer uses only
//! the ones below it, no two files import each other (directly or round a
//! circle), and no function is over 60 lines. Read from the source text as
//! `cargo fmt` writes it.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// The module path of a file under src/ (`engine::sqlite::open`).
fn module_of(src: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts.join("::")
}

/// The text before the file's unit tests, which may use anything.
fn code_of(file: &Path) -> String {
    let text = fs::read_to_string(file).unwrap();
    match text.find("#[cfg(test)]") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

/// The modules each module of src/ names by `crate::` paths (brace lists
/// expanded), resolved to the longest module path that exists.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = rust_files(&src);
    let modules: BTreeSet<String> = files.iter().map(|f| module_of(&src, f)).collect();
    let resolve = |path: &str| -> Option<String> {
        let segments: Vec<&str> = path.split("::").collect();
        (1..=segments.len())
            .rev()
            .map(|k| segments[..k].join("::"))
            .find(|m| modules.contains(m))
    };
    let mut graph = BTreeMap::new();
    for file in &files {
        let module = module_of(&src, file);
        let mut named = BTreeSet::new();
        for path in crate_paths(&code_of(file)) {
            if let Some(target) = resolve(&path).filter(|t| *t != module) {
                named.insert(target);
            }
        }
        graph.insert(module, named);
    }
    graph
}

/// Every path after `crate::` in `code`, a brace list giving one path per
/// item (`crate::a::{b, c::D}` gives `a::b` and `a::c::D`).
fn crate_paths(code: &str) -> Vec<String> {
    let mut paths = Vec::new();
    for piece in code.split("crate::").skip(1) {
        let head: String = piece
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
            .collect();
        let head = head.trim_end_matches(':').to_string();
        let rest = &piece[head.len()..].trim_start_matches(':');
        match rest.strip_prefix('{').and_then(|r| r.split_once('}')) {
            Some((items, _)) => paths.extend(items.split(',').map(|item| {
                let item = item.split_whitespace().next().unwrap_or("");
                format!("{head}::{item}")
            })),
            None => paths.push(head),
        }
    }
    paths
}

/// The circles of `graph`: each module that can reach itself, with the
/// path back.
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    for start in graph.keys() {
        let mut stack = vec![vec![start.clone()]];
        let mut seen = BTreeSet::new();
        while let Some(path) = stack.pop() {
            let last = path.last().unwrap();
            for next in graph.get(last).into_iter().flatten() {
                if next == start && !is_parent_and_child(start, last) {
                    found.push([path.clone(), vec![next.clone()]].concat());
                } else if seen.insert(next.clone()) {
                    stack.push([path.clone(), vec![next.clone()]].concat());
                }
            }
        }
    }
    found
}

/// A folder's mod.rs and a file in it may name each other: the folder
/// declares its interface (the Engine trait) and picks among its files
/// (the registry of engines).
fn is_parent_and_child(a: &str, b: &str) -> bool {
    let parent = |m: &str| {
        m.rsplit_once("::")
            .map_or(String::new(), |(p, _)| p.to_string())
    };
    parent(a) == b || parent(b) == a
}

#[test]
fn no_two_files_import_each_other_round_a_circle() {
    let graph = imports();
    let found = circles(&graph);
    assert!(found.is_empty(), "import circles: {found:#?}");
}

#[test]
fn each_layer_uses_only_the_layers_below_it() {
    // ARCHITECTURE.md's table: what each folder may use.
    let may_use: [(&str, &[&str]); 7] = [
        ("model", &["model"]),
        ("checker", &["checker", "model"]),
        (
            "render",
            &["render", "model", "error", "tempfiles", "interrupt"],
        ),
        (
            "engine",
            &[
                "engine",
                "model",
                "error",
                "checker",
                "tempfiles",
                "interrupt",
            ],
        ),
        ("search", &["search", "engine", "model", "error"]),
        ("error", &["error"]),
        ("tempfiles", &["tempfiles", "interrupt"]),
    ];
    let top = |m: &str| m.split("::").next().unwrap_or("").to_string();
    let mut broken = Vec::new();
    for (module, named) in imports() {
        let Some((_, allowed)) = may_use.iter().find(|(layer, _)| *layer == top(&module)) else {
            continue;
        };
        for target in named {
            if !allowed.contains(&top(&target).as_str()) {
                broken.push(format!("{module} uses {target}"));
            }
        }
    }
    assert!(broken.is_empty(), "a layer uses one above it: {broken:#?}");
}

/// Every `fn` in `code` longer than `most` lines (from its `fn` line to
/// the closing brace at the same indentation), as "name (lines)".
fn long_functions(code: &str, most: usize) -> Vec<String> {
    let lines: Vec<&str> = code.lines().collect();
    let mut long = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        let signature = trimmed
            .trim_start_matches("pub ")
            .trim_start_matches("pub(crate) ")
            .trim_start_matches("const ")
            .trim_start_matches("unsafe ");
        let Some(name) = signature.strip_prefix("fn ") else {
            continue;
        };
        if line.trim_end().ends_with(';') || line.trim_end().ends_with('}') {
            continue;
        }
        let closing = format!("{indent}}}");
        let end = (start..lines.len()).find(|&i| lines[i] == closing);
        let length = end.map_or(0, |end| end - start + 1);
        if length > most {
            let name: String = name
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            long.push(format!("{name} ({length} lines)"));
        }
    }
    long
}

#[test]
fn no_function_is_over_sixty_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut long = Vec::new();
    for folder in ["src", "tests", "benches"] {
        for file in rust_files(&root.join(folder)) {
            let text = fs::read_to_string(&file).unwrap();
            for function in long_functions(&text, 60) {
                long.push(format!("{}: {function}", file.display()));
            }
        }
    }
    assert!(long.is_empty(), "functions over 60 lines: {long:#?}");
}

#[test]
fn the_checks_find_what_they_look_for() {
    // A circle of three, and a layer that reaches up.
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a::x", vec!["b::y"]),
        ("b::y", vec!["c::z"]),
        ("c::z", vec!["a::x"]),
    ]
    .into_iter()
    .map(|(m, t)| (m.to_string(), t.into_iter().map(String::from).collect()))
    .collect();
    assert_eq!(circles(&graph).len(), 3);
    assert_eq!(
        crate_paths("use crate::a::{b, c::D};\nlet x = crate::e::f();"),
        ["a::b", "a::c::D", "e::f"]
    );
    let body = "fn long() {\n".to_string() + &"    x();\n".repeat(60) + "}\n";
    assert_eq!(long_functions(&body, 60), ["long (62 lines)"]);
    assert!(long_functions("fn short() {\n}\n", 60).is_empty());
}
