//! The gateway's top-level modules import each other without a cycle: each `crate::x` path in a
//! module's files is an edge, and the graph must be acyclic (the kit sits below the domains, the
//! dispatcher above them).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

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
