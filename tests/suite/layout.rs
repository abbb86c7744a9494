//! The code's shape, as ARCHITECTURE.md promises it: each layer uses only
//! the ones below it, no command names another, no engine names another
//! (but the one it is built on), cmd/ holds no SQL, no two files import
//! each other (directly or round a circle), no function is over 60 lines,
//! and the order that names a line two squares share is written in one
//! file.
//!
//! The code is read as the compiler reads it (syn), not as text that looks
//! like it: a path is named however it is written (`crate::`, `super::`,
//! `self::`, a `mod.rs` naming its own `build::x`, an alias of a `use`,
//! brace lists inside brace lists, a path inside a macro's arguments), and
//! a function is every `fn` whatever stands before it, measured from its
//! `fn` to its closing brace. A file that does not parse fails the test.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fs;
use std::path::{Path, PathBuf};

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use syn::visit::{self, Visit};

use crate::common::files::files_under;

type Graph = BTreeMap<String, BTreeSet<String>>;

/// Every `.rs` file under `dir`, recursively, in path order.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = files_under(dir, Some("rs"), &[]);
    files.sort();
    files
}

/// One file of src/ as the graph sees it: its module path
/// (`engine::sqlite::open`; lib.rs is the root, "", and a folder's
/// `mod.rs` is the folder) and its text.
struct Source {
    module: String,
    text: String,
}

impl Source {
    fn read(src: &Path, file: &Path) -> Source {
        let relative = file.strip_prefix(src).unwrap().with_extension("");
        let mut parts: Vec<String> = relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
            parts.pop();
        }
        Source {
            module: parts.join("::"),
            text: fs::read_to_string(file).unwrap(),
        }
    }
}

/// What one file names: each path with the module it was written in (an
/// inline `mod` moves `super::`), the names its `use`s bring in, and the
/// files it declares (`mod build;`).
#[derive(Default)]
struct Names {
    scope: Vec<String>,
    paths: Vec<(Vec<String>, Vec<String>)>,
    aliases: BTreeMap<String, Vec<String>>,
    children: BTreeSet<String>,
}

impl Names {
    fn add(&mut self, path: Vec<String>) {
        self.paths.push((self.scope.clone(), path));
    }

    /// A `use` tree, a path per leaf (`a::{b::{c, d}, e}` gives three);
    /// each leaf's name (or its `as`) stands for the path from then on.
    fn add_use(&mut self, prefix: &[String], tree: &syn::UseTree) {
        let joined = |name: &syn::Ident| [prefix, &[name.to_string()]].concat();
        match tree {
            syn::UseTree::Path(p) => self.add_use(&joined(&p.ident), &p.tree),
            syn::UseTree::Name(n) if n.ident == "self" => {
                self.alias(prefix.last().cloned().unwrap_or_default(), prefix.to_vec());
            }
            syn::UseTree::Name(n) => self.alias(n.ident.to_string(), joined(&n.ident)),
            syn::UseTree::Rename(r) if r.ident == "self" => {
                self.alias(r.rename.to_string(), prefix.to_vec());
            }
            syn::UseTree::Rename(r) => self.alias(r.rename.to_string(), joined(&r.ident)),
            syn::UseTree::Glob(_) => self.add(prefix.to_vec()),
            syn::UseTree::Group(g) => g.items.iter().for_each(|t| self.add_use(prefix, t)),
        }
    }

    fn alias(&mut self, name: String, path: Vec<String>) {
        self.add(path.clone());
        self.aliases.insert(name, path);
    }
}

impl<'ast> Visit<'ast> for Names {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.add_use(&[], &item.tree);
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        if item.content.is_none() {
            self.children.insert(item.ident.to_string());
            return;
        }
        self.scope.push(item.ident.to_string());
        visit::visit_item_mod(self, item);
        self.scope.pop();
    }

    /// `pub(super)` says who may see an item, not what it uses.
    fn visit_visibility(&mut self, _: &'ast syn::Visibility) {}

    fn visit_path(&mut self, path: &'ast syn::Path) {
        self.add(path.segments.iter().map(|s| s.ident.to_string()).collect());
        visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        visit::visit_macro(self, mac);
        let mut found = Vec::new();
        paths_in_tokens(mac.tokens.clone(), &mut found);
        found.into_iter().for_each(|path| self.add(path));
    }
}

/// The paths (`a::b::c`) in a macro's tokens, which syn leaves unparsed.
fn paths_in_tokens(tokens: TokenStream, found: &mut Vec<Vec<String>>) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut i = 0;
    while i < trees.len() {
        match &trees[i] {
            TokenTree::Group(group) => paths_in_tokens(group.stream(), found),
            TokenTree::Ident(first) => {
                let mut path = vec![first.to_string()];
                while let (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b))) =
                    (trees.get(i + 1), trees.get(i + 2))
                {
                    let Some(TokenTree::Ident(next)) = trees.get(i + 3) else {
                        break;
                    };
                    if a.as_char() != ':' || b.as_char() != ':' {
                        break;
                    }
                    path.push(next.to_string());
                    i += 3;
                }
                if path.len() > 1 {
                    found.push(path);
                }
            }
            _ => {}
        }
        i += 1;
    }
}

/// The items of a file that count: all but a trailing `#[cfg(test)]`
/// module, the unit tests, which may use anything.
fn counted_items(file: &syn::File) -> &[syn::Item] {
    let is_tests = |item: &syn::Item| {
        matches!(item, syn::Item::Mod(m) if m.attrs.iter().any(|a| {
            a.path().is_ident("cfg") && a.parse_args::<syn::Ident>().is_ok_and(|i| i == "test")
        }))
    };
    match file.items.split_last() {
        Some((last, rest)) if is_tests(last) => rest,
        _ => &file.items,
    }
}

/// Every path `source` names, from the crate's root (`engine::sqlite::open`
/// for `super::open` in sqlite/change.rs); paths to other crates are left
/// out. main.rs names the library as `queens::`.
fn named_paths(source: &Source) -> Result<Vec<String>, String> {
    let file = syn::parse_file(&source.text).map_err(|e| e.to_string())?;
    let mut names = Names::default();
    counted_items(&file)
        .iter()
        .for_each(|item| names.visit_item(item));
    let own: Vec<String> = source
        .module
        .split("::")
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    let mut resolved = Vec::new();
    for child in &names.children {
        resolved.push([own.clone(), vec![child.clone()]].concat().join("::"));
    }
    for (scope, path) in &names.paths {
        let here = [own.clone(), scope.clone()].concat();
        if let Some(full) = resolve(&names, &here, path, source.module == "main") {
            resolved.push(full.join("::"));
        }
    }
    Ok(resolved)
}

/// `path`, written in module `here`, from the crate's root; `None` for a
/// path that leaves the crate or names something local.
fn resolve(names: &Names, here: &[String], path: &[String], main: bool) -> Option<Vec<String>> {
    let (first, rest) = path.split_first()?;
    match first.as_str() {
        "crate" => Some(rest.to_vec()),
        "queens" if main => Some(rest.to_vec()),
        "self" => Some([here, rest].concat()),
        "super" => {
            let up = &here[..here.len().checked_sub(1)?];
            match rest.first().map(String::as_str) {
                Some("super") => resolve(names, up, rest, main),
                _ => Some([up, rest].concat()),
            }
        }
        _ => resolve_relative(names, here, path, main),
    }
}

/// A path that starts with a name: a file the module declares
/// (`build::rebuild` in postgres/mod.rs), or an alias of a `use`.
fn resolve_relative(
    names: &Names,
    here: &[String],
    path: &[String],
    main: bool,
) -> Option<Vec<String>> {
    let (first, rest) = path.split_first()?;
    if names.children.contains(first) {
        return Some([here, path].concat());
    }
    let alias = names.aliases.get(first).filter(|a| a.as_slice() != path)?;
    let aliased = resolve(names, here, alias, main)?;
    Some([aliased.as_slice(), rest].concat())
}

/// The modules each module of `sources` names (paths resolved to the
/// longest module that exists), and each `mod.rs`'s own files.
fn graph_of(sources: &[Source]) -> Result<Graph, String> {
    let modules: BTreeSet<&str> = sources.iter().map(|s| s.module.as_str()).collect();
    let mut graph = Graph::new();
    for source in sources {
        let mut named = BTreeSet::new();
        for path in named_paths(source).map_err(|e| format!("{}: {e}", source.module))? {
            let segments: Vec<&str> = path.split("::").collect();
            let target = (1..=segments.len())
                .rev()
                .map(|k| segments[..k].join("::"))
                .find(|m| modules.contains(m.as_str()));
            named.extend(target.filter(|t| *t != source.module));
        }
        graph.insert(source.module.clone(), named);
    }
    Ok(graph)
}

fn sources() -> Vec<Source> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    rust_files(&src)
        .iter()
        .map(|file| Source::read(&src, file))
        .collect()
}

fn imports() -> Graph {
    graph_of(&sources()).unwrap()
}

fn parent(module: &str) -> &str {
    module.rsplit_once("::").map_or("", |(p, _)| p)
}

/// A folder's `mod.rs` and a file or folder in it: the one pair that may
/// name each other (the folder declares its interface and picks among its
/// files), as long as that makes no longer circle.
fn is_parent_and_child(a: &str, b: &str) -> bool {
    parent(a) == b || parent(b) == a
}

/// The circles of `graph`: for each edge but a folder and its file naming
/// each other, the way back to where it starts, if there is one. A circle
/// of three or more has such an edge (the pairs form a tree), so every
/// circle but a pair is found.
fn circles(graph: &Graph) -> Vec<Vec<String>> {
    let edges =
        |from: &str| -> Vec<String> { graph.get(from).into_iter().flatten().cloned().collect() };
    let mut found = Vec::new();
    for (from, targets) in graph {
        for to in targets {
            if is_parent_and_child(from, to) {
                continue;
            }
            if let Some(back) = way(to, from, &edges) {
                found.push([vec![from.clone()], back].concat());
            }
        }
    }
    found
}

/// The shortest way from `start` to `goal` along `edges`, both ends included.
fn way(start: &str, goal: &str, edges: &dyn Fn(&str) -> Vec<String>) -> Option<Vec<String>> {
    let mut came_from: BTreeMap<String, String> = BTreeMap::new();
    let mut queue = VecDeque::from([start.to_string()]);
    while let Some(at) = queue.pop_front() {
        if at == goal {
            let mut path = vec![at.clone()];
            while let Some(before) = came_from.get(path.last().unwrap()) {
                path.push(before.clone());
            }
            path.reverse();
            return Some(path);
        }
        for next in edges(&at) {
            if next != start && !came_from.contains_key(&next) {
                came_from.insert(next.clone(), at.clone());
                queue.push_back(next);
            }
        }
    }
    None
}

promise!(no_two_files_import_each_other_round_a_circle);
fn no_two_files_import_each_other_round_a_circle() {
    let sources = sources();
    let found = circles(&graph_of(&sources).unwrap());
    assert!(found.is_empty(), "import circles: {found:#?}");
}

/// What each folder may use: ARCHITECTURE.md's table.
const MAY_USE: [(&str, &[&str]); 8] = [
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
    (
        "cmd",
        &[
            "cmd",
            "render",
            "search",
            "engine",
            "model",
            "error",
            "checker",
            "tempfiles",
            "interrupt",
        ],
    ),
    ("error", &["error"]),
    ("tempfiles", &["tempfiles", "interrupt"]),
];

/// The files of cmd/ that are no command but what the commands share:
/// the arguments and steps every command takes alike, and the progress
/// bar and spinner every long command draws.
const SHARED_BY_COMMANDS: [&str; 2] = ["cmd::shared", "cmd::progress"];

/// Each edge of `graph` that breaks ARCHITECTURE.md's table, or names
/// another command (`cmd::X` and the files of its folder may name `cmd`,
/// the shared arguments, the shared files of SHARED_BY_COMMANDS and the
/// files of their own command, and nothing else of `cmd::`).
fn layer_breaches(graph: &Graph) -> Vec<String> {
    let top = |m: &str| m.split("::").next().unwrap_or("").to_string();
    // cmd::export::page's command is cmd::export.
    let command = |m: &str| m.split("::").take(2).collect::<Vec<_>>().join("::");
    let mut broken = Vec::new();
    for (module, named) in graph {
        let Some((_, allowed)) = MAY_USE.iter().find(|(layer, _)| *layer == top(module)) else {
            continue;
        };
        for target in named {
            let other_command = top(module) == "cmd"
                && module != "cmd"
                && target != "cmd"
                && !SHARED_BY_COMMANDS.contains(&target.as_str())
                && top(target) == "cmd"
                && command(target) != command(module);
            if !allowed.contains(&top(target).as_str()) || other_command {
                broken.push(format!("{module} uses {target}"));
            }
        }
    }
    broken
}

promise!(each_layer_uses_only_the_layers_below_it);
fn each_layer_uses_only_the_layers_below_it() {
    let broken = layer_breaches(&imports());
    assert!(broken.is_empty(), "a layer uses one above it: {broken:#?}");
}

/// The engines: the folders of src/engine/, as the disk holds them.
fn engine_folders() -> Vec<String> {
    let engine = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine");
    let mut found: Vec<String> = fs::read_dir(engine)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.join("mod.rs").is_file())
        .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    found.sort();
    found
}

/// An engine built on another, which it may name: Citus is PostgreSQL
/// with the search spread over a cluster.
const BUILT_ON: [(&str, &str); 1] = [("citus", "postgres")];

/// Each way in `graph` from a file of one engine's folder (of `engines`)
/// to another engine's, but for the one it is built on: directly, or
/// through the files of `engine/` that are no engine's (a file there that
/// re-exported SQLite's would otherwise launder the arrow). Naming a
/// re-export of engine/mod.rs names the folder's mod.rs from below it: a
/// circle, which `no_two_files_import_each_other_round_a_circle` refuses.
fn engine_breaches(graph: &Graph, engines: &[String]) -> Vec<String> {
    let engine_of = |module: &str| -> Option<String> {
        let mut parts = module.split("::");
        let folder = parts.next().filter(|p| *p == "engine").and(parts.next())?;
        engines.iter().find(|e| *e == folder).cloned()
    };
    let shared = |module: &str| module.starts_with("engine::") && engine_of(module).is_none();
    let mut broken = Vec::new();
    for module in graph.keys() {
        let Some(from) = engine_of(module) else {
            continue;
        };
        let mut queue = VecDeque::from([(module.clone(), Vec::<String>::new())]);
        let mut seen = BTreeSet::new();
        while let Some((at, through)) = queue.pop_front() {
            for target in graph.get(&at).into_iter().flatten() {
                let to = engine_of(target);
                if to.as_ref().is_some_and(|to| {
                    *to != from && !BUILT_ON.contains(&(from.as_str(), to.as_str()))
                }) {
                    let via = through.iter().map(|m| format!(" through {m}"));
                    broken.push(format!("{module} uses {target}{}", via.collect::<String>()));
                } else if shared(target) && seen.insert(target.clone()) {
                    queue.push_back((
                        target.clone(),
                        [through.clone(), vec![target.clone()]].concat(),
                    ));
                }
            }
        }
    }
    broken
}

promise!(no_engine_names_another_but_the_one_it_is_built_on);
fn no_engine_names_another_but_the_one_it_is_built_on() {
    let engines = engine_folders();
    assert!(
        ["citus", "postgres", "sqlite"]
            .iter()
            .all(|e| engines.contains(&e.to_string())),
        "{engines:?}"
    );
    let broken = engine_breaches(&imports(), &engines);
    assert!(broken.is_empty(), "an engine names another: {broken:#?}");
}

/// The string literals of `code` (attributes and doc comments aside) that
/// begin as SQL does.
fn sql_literals(code: &str) -> Result<Vec<String>, String> {
    struct Literals(Vec<String>);
    impl<'ast> Visit<'ast> for Literals {
        fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}
        fn visit_lit_str(&mut self, lit: &'ast syn::LitStr) {
            self.0.push(lit.value());
        }
        fn visit_macro(&mut self, mac: &'ast syn::Macro) {
            let mut tokens: Vec<TokenStream> = vec![mac.tokens.clone()];
            while let Some(stream) = tokens.pop() {
                for tree in stream {
                    match tree {
                        TokenTree::Group(g) => tokens.push(g.stream()),
                        TokenTree::Literal(l) => {
                            if let Ok(s) = syn::parse_str::<syn::LitStr>(&l.to_string()) {
                                self.0.push(s.value());
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    let file = syn::parse_file(code).map_err(|e| e.to_string())?;
    let mut literals = Literals(Vec::new());
    counted_items(&file)
        .iter()
        .for_each(|item| literals.visit_item(item));
    const KEYWORDS: [&str; 8] = [
        "select", "insert", "update", "delete", "create", "drop", "with", "pragma",
    ];
    Ok(literals
        .0
        .into_iter()
        .filter(|text| {
            let first = text.trim_start().split(|c: char| !c.is_alphabetic()).next();
            first.is_some_and(|word| KEYWORDS.contains(&word.to_lowercase().as_str()))
        })
        .collect())
}

promise!(cmd_holds_no_sql);
fn cmd_holds_no_sql() {
    let cmd = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cmd");
    let mut found = Vec::new();
    for file in rust_files(&cmd) {
        for sql in sql_literals(&fs::read_to_string(&file).unwrap()).unwrap() {
            found.push(format!("{}: {sql:?}", file.display()));
        }
    }
    assert!(
        found.is_empty(),
        "SQL in cmd/ (it belongs in sql/): {found:#?}"
    );
}

/// Every function inside a macro's tokens (`proptest! { fn … }`), which
/// clippy does not see: its name, its first line (the `fn`) and its last
/// (the closing brace of the first brace group after it).
#[derive(Default)]
struct FunctionsInMacros(Vec<(String, usize, usize)>);

impl<'ast> Visit<'ast> for FunctionsInMacros {
    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        let mut streams = vec![mac.tokens.clone()];
        while let Some(stream) = streams.pop() {
            let trees: Vec<TokenTree> = stream.into_iter().collect();
            for (i, tree) in trees.iter().enumerate() {
                match (tree, trees.get(i + 1)) {
                    (TokenTree::Ident(f), Some(TokenTree::Ident(name))) if f == "fn" => {
                        let body = trees[i + 2..].iter().find_map(|t| match t {
                            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => Some(g),
                            _ => None,
                        });
                        if let Some(body) = body {
                            let last = body.span_close().end().line;
                            self.0.push((name.to_string(), f.span().start().line, last));
                        }
                    }
                    (TokenTree::Group(g), _) => streams.push(g.stream()),
                    _ => {}
                }
            }
        }
    }
}

/// Every function inside a macro in `code` longer than `most` lines (from
/// its `fn` to its closing brace), as "name (lines)"; an error where the
/// code does not parse (a closing brace missing).
fn long_functions_in_macros(code: &str, most: usize) -> Result<Vec<String>, String> {
    let file = syn::parse_file(code).map_err(|e| e.to_string())?;
    let mut functions = FunctionsInMacros::default();
    functions.visit_file(&file);
    Ok(functions
        .0
        .into_iter()
        .filter(|(_, first, last)| last - first + 1 > most)
        .map(|(name, first, last)| format!("{name} ({} lines)", last - first + 1))
        .collect())
}

promise!(no_function_in_a_macro_is_over_sixty_lines);
fn no_function_in_a_macro_is_over_sixty_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut long = Vec::new();
    for folder in ["src", "tests", "benches"] {
        for file in rust_files(&root.join(folder)) {
            let text = fs::read_to_string(&file).unwrap();
            let found = long_functions_in_macros(&text, 60)
                .unwrap_or_else(|e| panic!("{} does not parse: {e}", file.display()));
            for function in found {
                long.push(format!("{}: {function}", file.display()));
            }
        }
    }
    assert!(long.is_empty(), "functions over 60 lines: {long:#?}");
}

/// Whether a line of `text` names the falling diagonal (`RGHT-DN`, quoted)
/// before the rising one (`RGHT-UP`): the order that names a line two
/// squares share, where every listing of the directions puts the rising
/// diagonal first.
fn ranks_falling_before_rising(text: &str) -> bool {
    let quoted = |line: &str, word: &str| {
        ['\'', '"']
            .iter()
            .filter_map(|q| line.find(&format!("{q}{word}{q}")))
            .min()
    };
    text.lines().any(|line| {
        let (falling, rising) = (quoted(line, "RGHT-DN"), quoted(line, "RGHT-UP"));
        falling.is_some_and(|f| rising.is_some_and(|r| f < r))
    })
}

promise!(the_order_that_names_a_shared_line_is_written_in_one_file);
fn the_order_that_names_a_shared_line_is_written_in_one_file() {
    // attacking_pair and search_tree import it; the walk and the page
    // take the order square_line is read in.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found: Vec<String> = ["src", "sql"]
        .iter()
        .flat_map(|folder| files_under(&root.join(folder), None, &["sql/expanded"]))
        .filter(|file| fs::read_to_string(file).is_ok_and(|t| ranks_falling_before_rising(&t)))
        .map(|file| file.strip_prefix(root).unwrap().display().to_string())
        .collect();
    found.sort();
    assert_eq!(found, ["sql/queries/line_order.sql"]);
}

fn source(module: &str, text: &str) -> Source {
    Source {
        module: module.to_string(),
        text: text.to_string(),
    }
}

promise!(the_checks_find_what_they_look_for);
fn the_checks_find_what_they_look_for() {
    // A circle of three, and a layer that reaches up.
    let graph: Graph = [
        ("a::x", vec!["b::y"]),
        ("b::y", vec!["c::z"]),
        ("c::z", vec!["a::x", "cmd::show"]),
    ]
    .into_iter()
    .map(|(m, t)| (m.to_string(), t.into_iter().map(String::from).collect()))
    .collect();
    assert_eq!(circles(&graph).len(), 3);
    assert_eq!(layer_breaches(&graph), Vec::<String>::new());
    let commands: Graph = [
        ("cmd::show", vec!["cmd", "cmd::space", "search"]),
        ("cmd::export::page", vec!["cmd::export::args", "cmd::show"]),
    ]
    .into_iter()
    .map(|(m, t)| (m.to_string(), t.into_iter().map(String::from).collect()))
    .collect();
    assert_eq!(
        layer_breaches(&commands),
        [
            "cmd::export::page uses cmd::show",
            "cmd::show uses cmd::space"
        ]
    );
    // Nested brace lists, `super::`, `self::`, aliases, macros.
    let paths = named_paths(&source(
        "f::g",
        "use crate::a::{b::{c, d}, e as other};\nuse super::h::{self as hh};\n\
         fn f() { other::x(); hh::y(); self::z(); format!(\"{}\", crate::m::n()); }",
    ))
    .unwrap();
    for path in [
        "a::b::c", "a::b::d", "a::e::x", "f::h::y", "f::g::z", "m::n",
    ] {
        assert!(paths.contains(&path.to_string()), "{path} in {paths:?}");
    }
    the_checks_find_an_engine_naming_another();
    the_checks_find_a_circle_through_a_folder();
    the_checks_find_sql_and_long_functions();
}

/// A file of PostgreSQL's or Citus's naming SQLite's engine, directly or
/// through a file of engine/ that names it, Citus naming PostgreSQL's
/// (allowed), and the registry naming them all (it is no engine).
fn the_checks_find_an_engine_naming_another() {
    let engines: Graph = [
        (
            "engine::postgres::doctor",
            vec!["engine::sqlite", "engine::interface"],
        ),
        (
            "engine::citus::parts",
            vec!["engine::postgres", "engine::sqlite"],
        ),
        (
            "engine::registry",
            vec!["engine::sqlite", "engine::postgres"],
        ),
        ("engine::postgres::build", vec!["engine::fresh_board"]),
        ("engine::fresh_board", vec!["engine::sqlite"]),
    ]
    .into_iter()
    .map(|(m, t)| (m.to_string(), t.into_iter().map(String::from).collect()))
    .collect();
    let folders = ["citus", "postgres", "sqlite"].map(String::from);
    assert_eq!(
        engine_breaches(&engines, &folders),
        [
            "engine::citus::parts uses engine::sqlite",
            "engine::postgres::build uses engine::sqlite through engine::fresh_board",
            "engine::postgres::doctor uses engine::sqlite"
        ]
    );
}

/// A file naming its folder's mod.rs by `super::`, which names another file
/// of the folder by a relative path, which names the first: a circle.
fn the_checks_find_a_circle_through_a_folder() {
    let sources = [
        source("f", "mod a;\nmod b;\npub struct R;\nfn go() { b::y(); }"),
        source("f::a", "pub fn x() -> super::R { super::R }"),
        source("f::b", "use super::a::x;\npub fn y() { x(); }"),
        source("f::c", "pub fn z() -> super::R { super::R }"),
    ];
    let graph = graph_of(&sources).unwrap();
    let found = circles(&graph);
    assert_eq!(found, [vec!["f::b", "f::a", "f", "f::b"]]);
    // A file of a folder below naming an upper folder's mod.rs, which
    // names that folder: a circle. Naming the file that holds the
    // interface instead is none.
    let engines = |interface: &str| {
        [
            source(
                "e",
                "pub mod i;\npub mod s;\npub use i::I;\nfn pick() { s::go(); }",
            ),
            source("e::i", "pub trait I {}"),
            source("e::s", "mod a;\npub fn go() { a::new(); }"),
            source(
                "e::s::a",
                &format!("pub fn new() {{}}\nstruct S;\nimpl {interface} for S {{}}"),
            ),
        ]
    };
    let graph = graph_of(&engines("crate::e::I")).unwrap();
    assert_eq!(circles(&graph), [vec!["e::s::a", "e", "e::s", "e::s::a"]]);
    let graph = graph_of(&engines("crate::e::i::I")).unwrap();
    assert!(circles(&graph).is_empty());
}

fn the_checks_find_sql_and_long_functions() {
    let literals = sql_literals(
        "/// Select a board.\nfn f() { q(\"SELECT 1\"); q(\"selection\"); format!(\"  with x as (…)\"); }",
    )
    .unwrap();
    assert_eq!(literals, ["SELECT 1", "  with x as (…)"]);
    let body = "{\n".to_string() + &"    x();\n".repeat(60) + "}\n";
    let in_macro = format!("proptest! {{\n    #[test]\n    fn long(x in 0..1) {body}}}\n");
    assert_eq!(
        long_functions_in_macros(&in_macro, 60).unwrap(),
        ["long (62 lines)"]
    );
    let nested = format!("m! {{ mod x {{ fn long() {body} }} }}\n");
    assert_eq!(
        long_functions_in_macros(&nested, 60).unwrap(),
        ["long (62 lines)"]
    );
    assert!(
        long_functions_in_macros("m! { fn short() {\n} }\n", 60)
            .unwrap()
            .is_empty()
    );
    assert!(long_functions_in_macros("fn broken() {\n    x();\n", 60).is_err());
    // The order that names a shared line, as it was written four times.
    for ranked in [
        "(case a.mov_dir when 'RGHT' then 1 when 'RGHT-DN' then 2 when 'RGHT-UP' then 3 else 4 end,",
        "let kind = [\"RGHT\", \"RGHT-DN\", \"RGHT-UP\"]",
        "const RANK = { RGHT: 1, \"RGHT-DN\": 2, \"RGHT-UP\": 3 };",
    ] {
        assert!(ranks_falling_before_rising(ranked), "{ranked}");
    }
    assert!(!ranks_falling_before_rising(
        "where mov_dir in ('UP', 'RGHT', 'RGHT-UP', 'RGHT-DN');\n-- RGHT-DN, then RGHT-UP"
    ));
}
