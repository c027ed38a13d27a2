//! The id trees the system screens edit — the system menu tree (`{data: {id}, children}`) and the
//! role tree (`{id, children}`) — and which nodes may not become a node's parent.

use serde::{Deserialize, Serialize};

/// A node's `data` in the menu tree's shape.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct IdData {
    /// The node's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub id: Option<i64>,
}

/// A node of either tree: its id is `id` (roles) or `data.id` (menus); other fields are ignored.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct IdTree {
    /// The id of a role-shaped node.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub id: Option<i64>,
    /// The fields of a menu-shaped node.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub data: Option<IdData>,
    /// The node's children.
    #[serde(default)]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub children: Vec<IdTree>,
}

impl IdTree {
    /// `id`, else `data.id`.
    pub fn node_id(&self) -> Option<i64> {
        self.id.or_else(|| self.data.as_ref().and_then(|d| d.id))
    }
}

/// Flattens trees into `(id, parent id)` links, depth first. A node without an id is skipped,
/// and its children are linked to the nearest ancestor that has one.
pub fn links(trees: &[IdTree]) -> Vec<(i64, Option<i64>)> {
    fn walk(nodes: &[IdTree], parent: Option<i64>, out: &mut Vec<(i64, Option<i64>)>) {
        for node in nodes {
            let id = node.node_id();
            if let Some(id) = id {
                out.push((id, parent));
            }
            walk(&node.children, id.or(parent), out);
        }
    }
    let mut out = Vec::new();
    walk(trees, None, &mut out);
    out
}

/// The ids that cannot become `id`'s parent: `id` itself and every node below it (a move there
/// would make a cycle). Works on `(id, parent id)` links of any tree; cycles in the links do not
/// loop. The order is `id` first, then breadth first.
pub fn blocked_parents(links: &[(i64, Option<i64>)], id: i64) -> Vec<i64> {
    // `blocked` doubles as the breadth-first queue (and the seen set: trees are a few hundred
    // nodes, and a hash set would cost the wasm module more than the scans cost the page).
    let mut blocked = vec![id];
    let mut next = 0;
    while let Some(&parent) = blocked.get(next) {
        next += 1;
        for &(child, _) in links.iter().filter(|(_, p)| *p == Some(parent)) {
            if !blocked.contains(&child) {
                blocked.push(child);
            }
        }
    }
    blocked
}

/// The tree rule of every id tree (roles, menus, categories): may `id` move under `parent`?
/// Not under itself or anything below it; the top level (`None`) is always allowed.
pub fn may_move_under(links: &[(i64, Option<i64>)], id: i64, parent: Option<i64>) -> bool {
    parent.is_none_or(|p| !blocked_parents(links, id).contains(&p))
}

/// How many levels `id` sits at: 1 at the top. Cycles in the links end the walk.
pub fn depth(links: &[(i64, Option<i64>)], id: i64) -> usize {
    let mut level = 1;
    let mut at = id;
    while let Some(parent) = links.iter().find(|(i, _)| *i == at).and_then(|(_, p)| *p) {
        level += 1;
        if parent == id || level > links.len() {
            break;
        }
        at = parent;
    }
    level
}

/// How many levels the subtree of `id` spans: 1 for a leaf.
pub fn height(links: &[(i64, Option<i64>)], id: i64) -> usize {
    blocked_parents(links, id)
        .iter()
        .map(|&below| {
            // Levels from `id` down to `below`: its depth relative to `id`.
            let mut level = 1;
            let mut at = below;
            while at != id {
                match links.iter().find(|(i, _)| *i == at).and_then(|(_, p)| *p) {
                    Some(parent) if level <= links.len() => {
                        level += 1;
                        at = parent;
                    }
                    _ => break,
                }
            }
            level
        })
        .max()
        .unwrap_or(1)
}

/// The depth rule of a bounded tree (categories: three levels): may the subtree of `id` (a new
/// node when `None`) sit under `parent` without going deeper than `max` levels?
pub fn fits_depth(
    links: &[(i64, Option<i64>)],
    id: Option<i64>,
    parent: Option<i64>,
    max: usize,
) -> bool {
    let above = parent.map_or(0, |p| depth(links, p));
    let own = id.map_or(1, |i| height(links, i));
    above + own <= max
}

#[cfg(test)]
mod tests {
    use super::*;

    fn menu(id: i64, children: Vec<IdTree>) -> IdTree {
        IdTree {
            data: Some(IdData { id: Some(id) }),
            children,
            ..Default::default()
        }
    }

    #[test]
    fn a_node_cannot_move_under_itself_or_its_descendants() {
        // 1 ─ 2 ─ 3
        //   └ 4      5 ─ 6
        let tree = vec![
            menu(1, vec![menu(2, vec![menu(3, vec![])]), menu(4, vec![])]),
            menu(5, vec![menu(6, vec![])]),
        ];
        let links = links(&tree);
        assert_eq!(
            links,
            [
                (1, None),
                (2, Some(1)),
                (3, Some(2)),
                (4, Some(1)),
                (5, None),
                (6, Some(5))
            ]
        );
        assert_eq!(blocked_parents(&links, 1), [1, 2, 4, 3]);
        assert_eq!(blocked_parents(&links, 2), [2, 3]);
        assert_eq!(blocked_parents(&links, 3), [3]);
        assert_eq!(blocked_parents(&links, 5), [5, 6]);
        assert_eq!(
            blocked_parents(&links, 42),
            [42],
            "an unknown id blocks only itself"
        );
        assert!(may_move_under(&links, 2, Some(4)));
        assert!(may_move_under(&links, 2, None));
        assert!(!may_move_under(&links, 2, Some(2)));
        assert!(!may_move_under(&links, 1, Some(3)));
    }

    #[test]
    fn both_wire_shapes_read_the_same() {
        let menus: Vec<IdTree> = serde_json::from_str(
            r#"[{"data":{"id":1,"alias":"系统管理","name":"system"},"children":[
                  {"data":{"id":2,"alias":"系统用户","name":"user"},"children":[]}]}]"#,
        )
        .expect("menus");
        let roles: Vec<IdTree> = serde_json::from_str(
            r#"[{"id":1,"name":"超级管理员","parentId":null,"children":[
                  {"id":2,"name":"运营","parentId":1,"version":3,"children":[]}]}]"#,
        )
        .expect("roles");
        assert_eq!(links(&menus), [(1, None), (2, Some(1))]);
        assert_eq!(links(&menus), links(&roles));
    }

    #[test]
    fn cycles_and_id_less_nodes_do_not_hang_or_break_the_walk() {
        let cyclic = [(1, Some(2)), (2, Some(1)), (3, Some(2))];
        assert_eq!(blocked_parents(&cyclic, 1), [1, 2, 3]);
        let tree = vec![menu(
            1,
            vec![IdTree {
                children: vec![menu(7, vec![])],
                ..Default::default()
            }],
        )];
        assert_eq!(links(&tree), [(1, None), (7, Some(1))]);
    }

    #[test]
    fn a_bounded_tree_refuses_a_fourth_level() {
        // 1 ─ 2 ─ 3     4 ─ 5
        let links = [
            (1, None),
            (2, Some(1)),
            (3, Some(2)),
            (4, None),
            (5, Some(4)),
        ];
        assert_eq!(depth(&links, 3), 3);
        assert_eq!(height(&links, 1), 3);
        assert_eq!(height(&links, 3), 1);
        assert!(
            fits_depth(&links, None, Some(2), 3),
            "a child of level 2 is level 3"
        );
        assert!(
            !fits_depth(&links, None, Some(3), 3),
            "a child of level 3 would be level 4"
        );
        assert!(
            !fits_depth(&links, Some(4), Some(2), 3),
            "4 ─ 5 under 2 reaches level 4"
        );
        assert!(fits_depth(&links, Some(4), Some(1), 3));
        assert!(fits_depth(&links, Some(1), None, 3));
        let cyclic = [(1, Some(2)), (2, Some(1))];
        assert!(depth(&cyclic, 1) <= 3, "a cycle ends the walk");
    }
}
