//! The gateway's top-level modules import each other without a cycle: each `crate::x` path in a
//! module's files is an edge, and the graph must be acyclic (the kit sits below the domains, the
//! dispatcher above them). And the handlers hold no SQL: it lives in `src/store/` (and the kit's
//! generic lists and writes), so a handler reads as the rules of its operation.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Top-level module → the top-level modules its files name through `crate::`.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&src).expect("read src").flatten() {
        let path = entry.path();
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_owned();
        if name == "lib" || name == "main" {
            continue; // the crate root declares every module; it is above them all
        }
        if path.is_dir() {
            // Every file below the module's folder, however deep.
            let mut dirs = vec![path.clone()];
            while let Some(dir) = dirs.pop() {
                for f in std::fs::read_dir(&dir).expect("read dir").flatten() {
                    if f.path().is_dir() {
                        dirs.push(f.path());
                    } else {
                        files.push((name.clone(), f.path()));
                    }
                }
            }
        } else {
            files.push((name.clone(), path));
        }
        graph.entry(name).or_default();
    }
    for (module, file) in files {
        let text = std::fs::read_to_string(&file).expect("read file");
        let code: String = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        for (i, _) in code.match_indices("crate::") {
            let rest = &code[i + "crate::".len()..];
            let names: Vec<String> = if let Some(group) = rest.strip_prefix('{') {
                let inner = &group[..group.find('}').unwrap_or(0)];
                inner
                    .split(',')
                    .map(|p| p.trim().split("::").next().unwrap_or("").to_owned())
                    .collect()
            } else {
                let end = rest
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(rest.len());
                vec![rest[..end].to_owned()]
            };
            for name in names {
                if name != module && graph.contains_key(&name) {
                    graph.entry(module.clone()).or_default().insert(name);
                }
            }
        }
    }
    graph
}

/// A cycle through `node`, if any (depth-first, colouring nodes).
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        done: &mut BTreeSet<String>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut c = path[at..].to_vec();
            c.push(node.to_owned());
            return Some(c);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, graph, done, path) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|n| visit(n, graph, &mut done, &mut Vec::new()))
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let graph = graph();
    assert!(graph.len() > 8, "the scan found too few modules: {graph:?}");
    assert!(
        graph["api"].contains("kit"),
        "the scan misses edges: {graph:?}"
    );
    if let Some(c) = cycle(&graph) {
        panic!("module cycle: {}", c.join(" → "));
    }
}

#[test]
fn the_kit_knows_no_domain_and_no_dispatcher() {
    let graph = graph();
    for above in ["api", "dispatch", "protocol"] {
        assert!(!graph["kit"].contains(above), "kit imports {above}");
    }
}

#[test]
fn the_check_finds_a_cycle() {
    let mut graph = graph();
    graph
        .entry("error".to_owned())
        .or_default()
        .insert("dispatch".to_owned());
    assert!(cycle(&graph).is_some());
}

/// What marks SQL in a source file: statements' keywords and the calls that run them.
const SQL_MARKS: [&str; 13] = [
    "SELECT ",
    "INSERT INTO",
    "UPDATE ",
    "DELETE FROM",
    "WITH RECURSIVE",
    "EXPLAIN",
    ".prepare(",
    ".prepare_cached(",
    ".execute(",
    "execute_batch",
    "query_row",
    "query_map",
    "unchecked_transaction",
];

/// Each line of `text` holding SQL (comments too: a statement commented out is SQL waiting to
/// come back), as `line N: text`.
fn sql_lines(text: &str) -> Vec<String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| SQL_MARKS.iter().any(|mark| line.contains(mark)))
        .map(|(i, line)| format!("line {}: {}", i + 1, line.trim()))
        .collect()
}

/// Every `.rs` file below `dir`, however deep.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for f in std::fs::read_dir(&dir).expect("read dir").flatten() {
            let path = f.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out
}

#[test]
fn the_handlers_hold_no_sql() {
    let api = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/api");
    let files = rust_files(&api);
    assert!(
        files.len() > 20,
        "the scan found too few handlers: {files:?}"
    );
    let found: Vec<String> = files
        .iter()
        .flat_map(|file| {
            let text = std::fs::read_to_string(file).expect("read file");
            let name = file
                .strip_prefix(&api)
                .unwrap_or(file)
                .display()
                .to_string();
            sql_lines(&text)
                .into_iter()
                .map(move |line| format!("src/api/{name} {line}"))
        })
        .collect();
    assert!(
        found.is_empty(),
        "SQL in the handlers (it belongs in src/store/<domain>.rs, as a typed function):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_finds_sql() {
    // Every mark alone is found…
    for mark in SQL_MARKS {
        assert_eq!(sql_lines(&format!("let x = c{mark}")).len(), 1, "{mark}");
    }
    // …and the store, where SQL belongs, is full of it.
    let store = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/store/products.rs");
    let text = std::fs::read_to_string(store).expect("read the store");
    assert!(sql_lines(&text).len() > 5);
}
