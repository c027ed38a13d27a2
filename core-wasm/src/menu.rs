//! The server menu tree and the route table built from it (seed-spec §2, architecture.md "Menus").

use serde::{Deserialize, Serialize};

/// A menu node's own fields.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct MenuData {
    /// The node's id in the system menu table (absent in hand-written trees).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    #[ts(optional)]
    pub id: Option<i64>,
    /// The label.
    #[serde(default)]
    pub alias: String,
    /// The route path without its leading slash; relative names join the parent's path.
    #[serde(default)]
    pub name: String,
    /// Shown in the menu only when `1`; hidden nodes are still routable.
    #[serde(default)]
    pub visible: i64,
    /// An icon name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    #[ts(optional)]
    pub icon: Option<String>,
    /// Order among siblings, ascending; absent sorts as 0 and keeps server order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    #[ts(optional)]
    pub sort: Option<i64>,
    /// The access flag that guards this route.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    #[ts(optional)]
    pub access: Option<String>,
    /// The page module the node opens, kept when the node is moved or its name changes, so its
    /// screen, its links and the operations it guards follow it; absent: the path, without its
    /// leading slash.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    #[ts(optional)]
    pub page: Option<String>,
}

/// A node of the server menu tree.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct MenuNode {
    /// The node's fields.
    pub data: MenuData,
    /// Its children.
    #[serde(default)]
    pub children: Vec<MenuNode>,
}

/// Why a menu name was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum NameProblem {
    /// Empty, or an empty segment (`a//b`, trailing slash).
    Empty,
    /// A `.` or `..` segment.
    DotSegment,
    /// A character outside `[A-Za-z0-9_-]`, including `:` of a scheme and `\`.
    BadCharacter,
    /// Longer than 200 characters.
    TooLong,
    /// The same path appears twice; the later node is dropped.
    Duplicate,
    /// The parent was dropped, so the child cannot be placed.
    ParentDropped,
}

impl NameProblem {
    /// A message for people.
    pub const fn message(self) -> &'static str {
        match self {
            NameProblem::Empty => "路由名称不能为空或包含空段",
            NameProblem::DotSegment => "路由名称不能包含 . 或 .. 段",
            NameProblem::BadCharacter => "路由名称只能包含字母、数字、下划线、短横线和 /",
            NameProblem::TooLong => "路由名称不能超过200个字符",
            NameProblem::Duplicate => "路由路径重复",
            NameProblem::ParentDropped => "上级菜单的路由名称无效",
        }
    }
}

/// Checks a menu name: `/`-separated segments of `[A-Za-z0-9_-]`; one leading `/` is tolerated.
pub fn check_name(name: &str) -> Result<(), NameProblem> {
    let body = name.strip_prefix('/').unwrap_or(name);
    if body.chars().count() > 200 {
        return Err(NameProblem::TooLong);
    }
    if body.is_empty() {
        return Err(NameProblem::Empty);
    }
    for segment in body.split('/') {
        if segment.is_empty() {
            return Err(NameProblem::Empty);
        }
        if segment == "." || segment == ".." {
            return Err(NameProblem::DotSegment);
        }
        if !segment
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        {
            return Err(NameProblem::BadCharacter);
        }
    }
    Ok(())
}

/// A menu node that was not routed, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct RejectedMenu {
    /// The node's label.
    pub alias: String,
    /// The name as the server sent it.
    pub name: String,
    /// The problem.
    pub problem: NameProblem,
}

/// One routable path built from a menu node.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Route {
    /// The absolute path inside the app, e.g. `/baseMgmt/shopMgmt`.
    pub path: String,
    /// The page key that selects the page module: the node's `page`, or the path without its
    /// leading slash.
    pub page: String,
    /// The label.
    pub alias: String,
    /// Shown in the menu.
    pub visible: bool,
    /// An icon name.
    pub icon: Option<String>,
    /// The guarding access flag.
    pub access: Option<String>,
    /// The system menu id.
    pub id: Option<i64>,
    /// Index of the parent route in the table.
    pub parent: Option<usize>,
    /// Indexes of the child routes, in sort order.
    pub children: Vec<usize>,
}

impl Route {
    /// A route with at least one visible child is a group: it redirects to its first leaf.
    pub fn is_group(&self, table: &RouteTable) -> bool {
        self.children.iter().any(|&c| table.routes[c].visible)
    }
}

/// The routes built from a menu tree, in depth-first sort order, and what was refused.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct RouteTable {
    /// Every routable path.
    pub routes: Vec<Route>,
    /// Indexes of the top-level routes.
    pub roots: Vec<usize>,
    /// Nodes that were dropped, for the developer console.
    pub rejected: Vec<RejectedMenu>,
}

impl RouteTable {
    /// Builds the table from the server's tree.
    pub fn build(tree: &[MenuNode]) -> RouteTable {
        let mut table = RouteTable::default();
        let roots = table.add_level(tree, None);
        table.roots = roots;
        table
    }

    fn add_level(&mut self, nodes: &[MenuNode], parent: Option<usize>) -> Vec<usize> {
        // A stable binary insertion sort: equal sorts keep the server's order. Siblings are few, and
        // the standard library's sort is ~4 KB of the wasm module.
        let mut order: Vec<&MenuNode> = Vec::with_capacity(nodes.len());
        for node in nodes {
            let key = node.data.sort.unwrap_or(0);
            let at = order.partition_point(|n| n.data.sort.unwrap_or(0) <= key);
            order.insert(at, node);
        }
        let mut added = Vec::new();
        for node in order {
            let name = node.data.name.trim();
            if let Err(problem) = check_name(name) {
                self.reject_subtree(node, problem);
                continue;
            }
            let path = match parent {
                Some(p) if !name.contains('/') => format!("{}/{}", self.routes[p].path, name),
                _ => format!("/{}", name.trim_start_matches('/')),
            };
            if self.find(&path).is_some() {
                self.reject_subtree(node, NameProblem::Duplicate);
                continue;
            }
            let index = self.routes.len();
            self.routes.push(Route {
                page: match node.data.page.as_deref().map(str::trim) {
                    Some(page) if !page.is_empty() => page.to_owned(),
                    // `get`, not `[1..]`: the path starts with `/`, and indexing links panic
                    // formatting.
                    _ => path.get(1..).unwrap_or_default().to_owned(),
                },
                path,
                alias: node.data.alias.clone(),
                visible: node.data.visible == 1,
                icon: node.data.icon.clone(),
                access: node.data.access.clone().filter(|a| !a.is_empty()),
                id: node.data.id,
                parent,
                children: Vec::new(),
            });
            let children = self.add_level(&node.children, Some(index));
            self.routes[index].children = children;
            added.push(index);
        }
        added
    }

    fn reject_subtree(&mut self, node: &MenuNode, problem: NameProblem) {
        self.rejected.push(RejectedMenu {
            alias: node.data.alias.clone(),
            name: node.data.name.clone(),
            problem,
        });
        for child in &node.children {
            self.reject_subtree(child, NameProblem::ParentDropped);
        }
    }

    /// The index of the route at `path` (exact, case-sensitive).
    pub fn find(&self, path: &str) -> Option<usize> {
        self.routes.iter().position(|r| r.path == path)
    }

    /// The first visible leaf under `start` (or the whole tree): depth first in sort order, through
    /// visible nodes only, and accepted by `keep`.
    pub fn first_leaf_where(
        &self,
        start: Option<usize>,
        keep: &dyn Fn(usize) -> bool,
    ) -> Option<usize> {
        let level = match start {
            Some(i) => &self.routes[i].children,
            None => &self.roots,
        };
        for &i in level {
            let route = &self.routes[i];
            if !route.visible {
                continue;
            }
            if route.is_group(self) {
                if let Some(leaf) = self.first_leaf_where(Some(i), keep) {
                    return Some(leaf);
                }
            } else if keep(i) {
                return Some(i);
            }
        }
        None
    }

    /// The first visible leaf of the whole tree, ignoring access.
    pub fn first_leaf(&self) -> Option<usize> {
        self.first_leaf_where(None, &|_| true)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub fn node(name: &str, alias: &str, visible: i64, children: Vec<MenuNode>) -> MenuNode {
        MenuNode {
            data: MenuData {
                alias: alias.into(),
                name: name.into(),
                visible,
                access: Some("canSeeAdmin".into()),
                ..Default::default()
            },
            children,
        }
    }

    /// The spec's route table as a menu tree, names written both absolute and relative.
    pub fn spec_tree() -> Vec<MenuNode> {
        vec![
            node("home", "首页", 1, vec![]),
            node(
                "baseMgmt",
                "基础信息",
                1,
                vec![
                    node(
                        "baseMgmt/shopMgmt",
                        "店铺管理",
                        1,
                        vec![node("shopDetail", "店铺详情", 0, vec![])],
                    ),
                    node(
                        "prodMgmt",
                        "商品管理",
                        1,
                        vec![node("prodDetail", "商品详情", 0, vec![])],
                    ),
                    node("classifyMgmt", "类目管理", 1, vec![]),
                    node(
                        "userMgmt",
                        "用户管理",
                        1,
                        vec![node("userDetail", "用户详情", 0, vec![])],
                    ),
                    node("invitationMgmt", "邀请管理", 1, vec![]),
                ],
            ),
            node(
                "exception",
                "异常页",
                0,
                vec![
                    node("403", "403", 0, vec![]),
                    node("404", "404", 0, vec![]),
                    node("500", "500", 0, vec![]),
                ],
            ),
            node(
                "operate",
                "运营管理",
                1,
                vec![
                    node(
                        "advertise",
                        "广告管理",
                        1,
                        vec![
                            node("advertisePosition", "广告位管理", 0, vec![]),
                            node("advertisePositionDetail", "广告位详情", 0, vec![]),
                        ],
                    ),
                    node("thematicActivity", "专题活动", 1, vec![]),
                    node("thematicDetails", "专题详情", 0, vec![]),
                    node("abilityEntry", "功能入口", 1, vec![]),
                    node("homeRecommend", "首页推荐商家", 1, vec![]),
                    node("inquiryOrders", "询价单", 1, vec![]),
                    node(
                        "business",
                        "采购商机",
                        1,
                        vec![
                            node("toExamine", "商机审核", 1, vec![]),
                            node("inspect", "商机查看", 1, vec![]),
                            node("reply", "商机回复", 1, vec![]),
                        ],
                    ),
                ],
            ),
            node(
                "system",
                "系统管理",
                1,
                vec![
                    node("user", "系统用户", 1, vec![]),
                    node("role", "角色管理", 1, vec![]),
                    node("permission", "权限管理", 1, vec![]),
                    node("menu", "菜单管理", 1, vec![]),
                ],
            ),
        ]
    }

    #[test]
    fn every_spec_route_is_built() {
        let table = RouteTable::build(&spec_tree());
        assert!(table.rejected.is_empty());
        for path in [
            "/home",
            "/baseMgmt",
            "/baseMgmt/shopMgmt",
            "/baseMgmt/shopMgmt/shopDetail",
            "/baseMgmt/prodMgmt",
            "/baseMgmt/prodMgmt/prodDetail",
            "/baseMgmt/classifyMgmt",
            "/baseMgmt/userMgmt",
            "/baseMgmt/userMgmt/userDetail",
            "/baseMgmt/invitationMgmt",
            "/exception",
            "/exception/403",
            "/exception/404",
            "/exception/500",
            "/operate",
            "/operate/advertise",
            "/operate/advertise/advertisePosition",
            "/operate/advertise/advertisePositionDetail",
            "/operate/thematicActivity",
            "/operate/thematicDetails",
            "/operate/abilityEntry",
            "/operate/homeRecommend",
            "/operate/inquiryOrders",
            "/operate/business",
            "/operate/business/toExamine",
            "/operate/business/inspect",
            "/operate/business/reply",
            "/system",
            "/system/user",
            "/system/role",
            "/system/permission",
            "/system/menu",
        ] {
            let i = table.find(path).unwrap_or_else(|| panic!("{path} missing"));
            assert_eq!(table.routes[i].page, &path[1..]);
        }
        assert_eq!(table.routes.len(), 32);
        let detail = table.find("/baseMgmt/shopMgmt/shopDetail").expect("detail");
        assert!(
            !table.routes[detail].visible,
            "hidden detail routes stay routable but invisible"
        );
    }

    #[test]
    fn the_first_leaf_skips_hidden_nodes_and_descends_groups() {
        let table = RouteTable::build(&spec_tree());
        assert_eq!(
            table.first_leaf().map(|i| table.routes[i].path.as_str()),
            Some("/home")
        );
        let mut tree = spec_tree();
        tree.remove(0);
        let table = RouteTable::build(&tree);
        assert_eq!(
            table.first_leaf().map(|i| table.routes[i].path.as_str()),
            Some("/baseMgmt/shopMgmt")
        );
        assert_eq!(RouteTable::build(&[]).first_leaf(), None);
    }

    #[test]
    fn sort_orders_siblings_and_ties_keep_server_order() {
        let mut a = node("a", "A", 1, vec![]);
        a.data.sort = Some(2);
        let mut b = node("b", "B", 1, vec![]);
        b.data.sort = Some(1);
        let c = node("c", "C", 1, vec![]);
        let d = node("d", "D", 1, vec![]);
        let table = RouteTable::build(&[a, b, c, d]);
        let order: Vec<_> = table
            .roots
            .iter()
            .map(|&i| table.routes[i].path.as_str())
            .collect();
        assert_eq!(order, ["/c", "/d", "/b", "/a"]);
    }

    #[test]
    fn unsafe_names_are_dropped_with_their_subtree_and_reported() {
        let tree = vec![
            node("ok", "OK", 1, vec![]),
            node(
                "javascript:alert(1)",
                "坏",
                1,
                vec![node("child", "子", 1, vec![])],
            ),
            node("../etc", "点", 1, vec![]),
            node("//evil.com", "双斜杠", 1, vec![]),
            node("a\\b", "反斜杠", 1, vec![]),
            node("", "空", 1, vec![]),
            node("ok", "重复", 1, vec![]),
            node("中文", "中文", 1, vec![]),
        ];
        let table = RouteTable::build(&tree);
        assert_eq!(table.routes.len(), 1);
        let problems: Vec<_> = table.rejected.iter().map(|r| r.problem).collect();
        assert_eq!(
            problems,
            [
                NameProblem::BadCharacter,
                NameProblem::ParentDropped,
                NameProblem::DotSegment,
                NameProblem::Empty,
                NameProblem::BadCharacter,
                NameProblem::Empty,
                NameProblem::Duplicate,
                NameProblem::BadCharacter,
            ]
        );
    }

    #[test]
    fn names_are_checked_segment_by_segment() {
        assert_eq!(check_name("baseMgmt/shopMgmt"), Ok(()));
        assert_eq!(check_name("/home"), Ok(()));
        assert_eq!(check_name("a-b_c/D9"), Ok(()));
        assert_eq!(check_name("a/"), Err(NameProblem::Empty));
        assert_eq!(check_name("a/./b"), Err(NameProblem::DotSegment));
        assert_eq!(check_name("http://x"), Err(NameProblem::BadCharacter));
        assert_eq!(check_name("a%2F"), Err(NameProblem::BadCharacter));
        assert_eq!(check_name(&"a".repeat(201)), Err(NameProblem::TooLong));
    }

    #[test]
    fn the_tree_reads_from_the_wire_shape() {
        let json = r#"[{"data":{"id":1,"alias":"首页","name":"home","visible":1,"access":"canSeeAdmin"}},
                      {"data":{"alias":"隐藏","name":"hidden"},"children":[]}]"#;
        let tree: Vec<MenuNode> = serde_json::from_str(json).expect("parse");
        let table = RouteTable::build(&tree);
        assert!(table.routes[0].visible);
        assert!(!table.routes[1].visible, "a missing visible is hidden");
        assert_eq!(table.routes[0].id, Some(1));
    }
}
