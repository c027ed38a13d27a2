//! Resolving a pathname against the route table: page, redirect, 403 or 404 (seed-spec §2 and §4,
//! architecture.md "Menus and routes").

use serde::{Deserialize, Serialize};

use crate::access::{Access, accessible_routes};
use crate::constants::{HOME_PATH, LOGIN_PATH};
use crate::menu::{MenuNode, RejectedMenu, RouteTable};
use crate::redirect::login_location;
use crate::session::UserInfo;

/// Where the 404 rule sends unknown paths.
pub const NOT_FOUND_PATH: &str = "/exception/404";
/// The spec's explicit group redirects; other groups go to their first leaf.
pub const GROUP_REDIRECTS: [(&str, &str); 3] = [
    ("/exception", "/exception/403"),
    ("/operate", "/operate/advertise"),
    ("/operate/business", "/operate/business/toExamine"),
];

/// A page that exists whatever the menu tree holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum FixedPage {
    /// `/login`, outside the layout.
    #[serde(rename = "login")]
    Login,
    /// `/home` when the tree offers nothing else.
    #[serde(rename = "home")]
    Home,
    /// `/exception/403`.
    #[serde(rename = "403")]
    Forbidden,
    /// `/exception/404`.
    #[serde(rename = "404")]
    NotFound,
    /// `/exception/500`.
    #[serde(rename = "500")]
    ServerError,
}

impl FixedPage {
    /// The page module that renders it: its path without the leading slash.
    pub const fn page_key(self) -> &'static str {
        match self {
            FixedPage::Login => "login",
            FixedPage::Home => "home",
            FixedPage::Forbidden => "exception/403",
            FixedPage::NotFound => "exception/404",
            FixedPage::ServerError => "exception/500",
        }
    }
}

/// How many redirects [`Navigator::page_for`] follows before it gives up (the longest chain the
/// rules make is `/` → group → first leaf, or a visitor's → `/login`).
const MAX_REDIRECTS: usize = 8;

/// What to show for a pathname.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Resolution {
    /// Render the page module `page` for the route at `path`.
    Page {
        /// The route's path.
        path: String,
        /// The page key (the path without its leading slash).
        page: String,
        /// The route's label.
        alias: String,
        /// The workspace tab it opens in: one per page, and one per record for a page opened
        /// with an `id` (each shop's 店铺详情 its own tab).
        tab: String,
    },
    /// Go elsewhere, replacing the history entry.
    Redirect {
        /// The in-app path to go to.
        to: String,
    },
    /// The route exists but the user may not see it: show 403 in place.
    Forbidden {
        /// The refused path.
        path: String,
    },
    /// A page that needs no menu tree.
    Fixed {
        /// Which one.
        page: FixedPage,
        /// Its page module's key ([`FixedPage::page_key`]), so the app need not know the mapping.
        key: String,
    },
}

impl Resolution {
    /// The resolution that renders fixed page `page`.
    pub fn fixed(page: FixedPage) -> Self {
        Resolution::Fixed {
            page,
            key: page.page_key().to_owned(),
        }
    }
}

/// The tab of page `page` opened with query `search` (`?id=3&x=1` or `id=3`): the page key, and
/// `?id=` with the record's id when there is one.
fn tab_key(page: &str, search: &str) -> String {
    let query = search.strip_prefix('?').unwrap_or(search);
    match form_urlencoded::parse(query.as_bytes()).find(|(k, v)| k == "id" && !v.is_empty()) {
        Some((_, id)) => format!("{page}?id={id}"),
        None => page.to_owned(),
    }
}

/// Normalises a router pathname: a leading `/`, no trailing `/` (but for the root), no empty segments.
pub fn normalize(pathname: &str) -> String {
    // Pushed segment by segment rather than collected and joined: the same text, and the wasm
    // module needs no slice-join code (size budget).
    let mut path = String::with_capacity(pathname.len() + 1);
    for segment in pathname.split('/').filter(|s| !s.is_empty()) {
        path.push('/');
        path.push_str(segment);
    }
    if path.is_empty() {
        path.push('/');
    }
    path
}

/// What can be decided before the menu tree arrives: the login page, and visitors without a session.
/// `None` means "load the tree, then ask a [`Navigator`]".
pub fn preflight(pathname: &str, search: &str, has_token: bool) -> Option<Resolution> {
    let path = normalize(pathname);
    if path == LOGIN_PATH {
        return Some(Resolution::fixed(FixedPage::Login));
    }
    if !has_token {
        return Some(Resolution::Redirect {
            to: login_location(&path, search),
        });
    }
    None
}

/// A visible, accessible menu entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct MenuItem {
    /// Where it leads.
    pub path: String,
    /// Its label.
    pub alias: String,
    /// Its icon name.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub icon: Option<String>,
    /// Its visible, accessible children.
    pub children: Vec<MenuItem>,
}

/// One step of the breadcrumb trail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Crumb {
    /// The ancestor's path.
    pub path: String,
    /// Its label.
    pub alias: String,
}

/// The route table of one user's menu tree, with that user's access.
#[derive(Debug, Clone)]
pub struct Navigator {
    table: RouteTable,
    accessible: Vec<bool>,
}

impl Navigator {
    /// Builds the navigator for `tree` as seen by `user`.
    pub fn new(tree: &[MenuNode], user: Option<&UserInfo>) -> Navigator {
        let table = RouteTable::build(tree);
        let accessible = accessible_routes(&table, &Access::of(user));
        Navigator { table, accessible }
    }

    /// The route table.
    pub fn table(&self) -> &RouteTable {
        &self.table
    }

    /// Nodes the table refused.
    pub fn rejected(&self) -> &[RejectedMenu] {
        &self.table.rejected
    }

    /// The path `/` leads to: the first visible leaf the user may open, else the first visible leaf
    /// (which then shows 403), else `/home`.
    pub fn first_leaf_path(&self) -> String {
        self.table
            .first_leaf_where(None, &|i| self.accessible[i])
            .or_else(|| self.table.first_leaf())
            .map(|i| self.table.routes[i].path.clone())
            .unwrap_or_else(|| HOME_PATH.to_owned())
    }

    /// Resolves an in-app pathname; `has_token` says whether a session token is stored.
    pub fn resolve(&self, pathname: &str, search: &str, has_token: bool) -> Resolution {
        if let Some(early) = preflight(pathname, search, has_token) {
            return early;
        }
        let path = normalize(pathname);
        match path.as_str() {
            "/" => {
                return Resolution::Redirect {
                    to: self.first_leaf_path(),
                };
            }
            "/exception/403" => {
                return Resolution::fixed(FixedPage::Forbidden);
            }
            "/exception/404" => {
                return Resolution::fixed(FixedPage::NotFound);
            }
            "/exception/500" => {
                return Resolution::fixed(FixedPage::ServerError);
            }
            HOME_PATH => {
                let first = self.first_leaf_path();
                if first != HOME_PATH {
                    return Resolution::Redirect { to: first };
                }
                if self.table.find(HOME_PATH).is_none() {
                    return Resolution::fixed(FixedPage::Home);
                }
            }
            _ => {}
        }
        if let Some((_, to)) = GROUP_REDIRECTS.iter().find(|(from, _)| *from == path) {
            if to.starts_with("/exception/") || self.table.find(to).is_some() {
                return Resolution::Redirect {
                    to: (*to).to_owned(),
                };
            }
        }
        let Some(index) = self.table.find(&path) else {
            return Resolution::Redirect {
                to: NOT_FOUND_PATH.to_owned(),
            };
        };
        if !self.accessible[index] {
            return Resolution::Forbidden { path };
        }
        let route = &self.table.routes[index];
        if route.is_group(&self.table) {
            let leaf = self
                .table
                .first_leaf_where(Some(index), &|i| self.accessible[i])
                .map(|i| self.table.routes[i].path.clone());
            return match leaf {
                Some(to) => Resolution::Redirect { to },
                None => Resolution::Forbidden { path },
            };
        }
        Resolution::Page {
            path: route.path.clone(),
            page: route.page.clone(),
            alias: route.alias.clone(),
            tab: tab_key(&route.page, search),
        }
    }

    /// The page module a path finally renders, following redirects (hover prefetch): a route's page
    /// key, or a fixed page's. `None` for a path that ends at a 403 (shown in place, no module) or
    /// in a redirect loop.
    pub fn page_for(&self, path: &str, has_token: bool) -> Option<String> {
        let mut target = path.to_owned();
        for _ in 0..=MAX_REDIRECTS {
            // `split_at_checked`: `split_at` links the panic path's formatting (size budget).
            let (pathname, search) = target
                .find('?')
                .and_then(|i| target.split_at_checked(i))
                .unwrap_or((target.as_str(), ""));
            match self.resolve(pathname, search, has_token) {
                Resolution::Redirect { to } => target = to,
                Resolution::Page { page, .. } => return Some(page),
                Resolution::Fixed { key, .. } => return Some(key),
                Resolution::Forbidden { .. } => return None,
            }
        }
        None
    }

    /// Where page `page` (its key, `baseMgmt/shopMgmt/shopDetail`) is in this user's tree today,
    /// with `query` (pairs whose value is empty are left out) encoded; `None` when the tree has no
    /// such page or the user may not open it, so a screen shows no link rather than one to a 403.
    pub fn href(&self, page: &str, query: &[(&str, &str)]) -> Option<String> {
        let index = self.table.routes.iter().position(|r| r.page == page)?;
        if !self.accessible[index] {
            return None;
        }
        let mut path = self.table.routes[index].path.clone();
        let mut pairs = query.iter().filter(|(_, v)| !v.is_empty()).peekable();
        if pairs.peek().is_some() {
            let mut encoder = form_urlencoded::Serializer::new(String::new());
            encoder.extend_pairs(pairs);
            path.push('?');
            path.push_str(&encoder.finish());
        }
        Some(path)
    }

    /// Where the page the previous tree rendered at `pathname` (its key `page`) is in this tree,
    /// when this one no longer renders it there (its menu entry was moved or its name changed):
    /// the new path with `search` kept. `None` when it is still there, or gone from this user's
    /// tree (the path then resolves as any other: 404 or 403).
    pub fn relocated(&self, page: &str, pathname: &str, search: &str) -> Option<String> {
        if self.page_for(pathname, true).as_deref() == Some(page) {
            return None;
        }
        let mut path = self.href(page, &[])?;
        path.push_str(search);
        Some(path)
    }

    /// The menu to draw: visible, accessible routes under visible ancestors; groups left empty drop.
    pub fn menu(&self) -> Vec<MenuItem> {
        self.menu_level(&self.table.roots)
    }

    fn menu_level(&self, level: &[usize]) -> Vec<MenuItem> {
        let mut items = Vec::new();
        for &i in level {
            let route = &self.table.routes[i];
            if !route.visible || !self.accessible[i] {
                continue;
            }
            let children = self.menu_level(&route.children);
            if route.is_group(&self.table) && children.is_empty() {
                continue;
            }
            items.push(MenuItem {
                path: route.path.clone(),
                alias: route.alias.clone(),
                icon: route.icon.clone(),
                children,
            });
        }
        items
    }

    /// The trail of labels from the top to `pathname` (empty when it is not a route).
    pub fn breadcrumbs(&self, pathname: &str) -> Vec<Crumb> {
        let mut trail = Vec::new();
        let mut at = self.table.find(&normalize(pathname));
        while let Some(i) = at {
            let route = &self.table.routes[i];
            trail.push(Crumb {
                path: route.path.clone(),
                alias: route.alias.clone(),
            });
            at = route.parent;
        }
        trail.reverse();
        trail
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::menu::tests::{node, spec_tree};

    #[test]
    fn a_link_names_a_page_and_gets_its_path_of_today_or_none() {
        let admin = user("admin");
        let tree = vec![node(
            "baseMgmt",
            "基础信息",
            1,
            vec![node(
                "baseMgmt/shopMgmt",
                "店铺管理",
                1,
                vec![node("baseMgmt/shopMgmt/shopDetail", "店铺详情", 0, vec![])],
            )],
        )];
        let nav = Navigator::new(&tree, Some(&admin));
        assert_eq!(
            nav.href("baseMgmt/shopMgmt/shopDetail", &[("id", "12")]),
            Some("/baseMgmt/shopMgmt/shopDetail?id=12".into())
        );
        assert_eq!(
            nav.href(
                "baseMgmt/shopMgmt",
                &[("name", "五金 & 工具"), ("city", "")]
            ),
            Some("/baseMgmt/shopMgmt?name=%E4%BA%94%E9%87%91+%26+%E5%B7%A5%E5%85%B7".into())
        );
        // Not in this user's tree: no link.
        assert_eq!(nav.href("operate/inquiryOrders", &[]), None);
        // In the tree but not open to this user (the access flag): no link either.
        let guest = Navigator::new(&tree, Some(&user("dontHaveAccess")));
        assert_eq!(guest.href("baseMgmt/shopMgmt", &[]), None);
    }

    #[test]
    fn a_page_whose_entry_moved_is_found_at_its_new_path_by_its_page_key() {
        let admin = user("admin");
        let keyed = |name: &str, alias: &str, page: &str| {
            let mut n = node(name, alias, 1, vec![]);
            n.data.page = Some(page.into());
            n
        };
        let before = vec![node(
            "baseMgmt",
            "基础信息",
            1,
            vec![keyed("baseMgmt/prodMgmt", "商品管理", "baseMgmt/prodMgmt")],
        )];
        let nav = Navigator::new(&before, Some(&admin));
        assert_eq!(
            nav.relocated("baseMgmt/prodMgmt", "/baseMgmt/prodMgmt", "?a=1"),
            None
        );
        // Moved under 运营 and renamed: the route keeps its page key, so its module and links follow.
        let after = vec![
            node(
                "baseMgmt",
                "基础信息",
                1,
                vec![node("baseMgmt/shopMgmt", "店铺管理", 1, vec![])],
            ),
            node(
                "operate",
                "运营",
                1,
                vec![keyed("goods", "商品", "baseMgmt/prodMgmt")],
            ),
        ];
        let nav = Navigator::new(&after, Some(&admin));
        assert_eq!(
            nav.relocated("baseMgmt/prodMgmt", "/baseMgmt/prodMgmt", "?a=1"),
            Some("/operate/goods?a=1".into())
        );
        assert_eq!(
            nav.href("baseMgmt/prodMgmt", &[]),
            Some("/operate/goods".into())
        );
        assert_eq!(
            nav.resolve("/operate/goods", "", true),
            Resolution::Page {
                path: "/operate/goods".into(),
                page: "baseMgmt/prodMgmt".into(),
                alias: "商品".into(),
                tab: "baseMgmt/prodMgmt".into(),
            }
        );
        // Gone from the tree: nowhere to go; the old path is then a 404 as any other.
        assert_eq!(
            nav.relocated("operate/inquiryOrders", "/operate/inquiryOrders", ""),
            None
        );
    }

    fn user(name: &str) -> UserInfo {
        UserInfo {
            name: name.into(),
            nickname: name.into(),
            ..Default::default()
        }
    }

    fn admin() -> Navigator {
        Navigator::new(&spec_tree(), Some(&user("admin")))
    }

    fn redirect(to: &str) -> Resolution {
        Resolution::Redirect { to: to.into() }
    }

    #[test]
    fn without_a_token_every_page_but_login_goes_to_login() {
        let nav = admin();
        assert_eq!(
            nav.resolve("/system/user", "?page=2", false),
            redirect("/login?redirect=%2Fsystem%2Fuser%3Fpage%3D2")
        );
        assert_eq!(nav.resolve("/", "", false), redirect("/login"));
        assert_eq!(
            nav.resolve("/nowhere", "", false),
            redirect("/login?redirect=%2Fnowhere")
        );
        assert_eq!(
            nav.resolve("/login", "", false),
            Resolution::fixed(FixedPage::Login)
        );
        assert_eq!(
            preflight("/login/", "", true),
            Some(Resolution::fixed(FixedPage::Login))
        );
        assert_eq!(preflight("/home", "", true), None);
    }

    #[test]
    fn root_goes_to_the_first_leaf_or_home() {
        assert_eq!(admin().resolve("/", "", true), redirect("/home"));
        let mut tree = spec_tree();
        tree.remove(0);
        let nav = Navigator::new(&tree, Some(&user("admin")));
        assert_eq!(nav.resolve("/", "", true), redirect("/baseMgmt/shopMgmt"));
        let empty = Navigator::new(&[], Some(&user("admin")));
        assert_eq!(empty.resolve("/", "", true), redirect("/home"));
    }

    #[test]
    fn home_goes_to_the_first_menu_item_unless_it_is_home() {
        let nav = admin();
        assert_eq!(
            nav.resolve("/home", "", true),
            Resolution::Page {
                path: "/home".into(),
                page: "home".into(),
                alias: "首页".into(),
                tab: "home".into(),
            }
        );
        let mut tree = spec_tree();
        tree.remove(0);
        let nav = Navigator::new(&tree, Some(&user("admin")));
        assert_eq!(
            nav.resolve("/home", "", true),
            redirect("/baseMgmt/shopMgmt")
        );
        let empty = Navigator::new(&[], Some(&user("admin")));
        assert_eq!(
            empty.resolve("/home", "", true),
            Resolution::fixed(FixedPage::Home)
        );
    }

    #[test]
    fn the_spec_group_redirects() {
        let nav = admin();
        assert_eq!(
            nav.resolve("/exception", "", true),
            redirect("/exception/403")
        );
        assert_eq!(
            nav.resolve("/operate", "", true),
            redirect("/operate/advertise")
        );
        assert_eq!(
            nav.resolve("/operate/business", "", true),
            redirect("/operate/business/toExamine")
        );
        assert_eq!(
            nav.resolve("/baseMgmt", "", true),
            redirect("/baseMgmt/shopMgmt")
        );
        assert_eq!(nav.resolve("/system/", "", true), redirect("/system/user"));
        // The exception pages exist even for a tree without them.
        let empty = Navigator::new(&[], Some(&user("admin")));
        assert_eq!(
            empty.resolve("/exception", "", true),
            redirect("/exception/403")
        );
        assert_eq!(
            empty.resolve("/exception/500", "", true),
            Resolution::fixed(FixedPage::ServerError)
        );
    }

    #[test]
    fn a_page_with_only_hidden_children_is_a_page_and_hidden_routes_resolve() {
        let nav = admin();
        assert!(matches!(
            nav.resolve("/operate/advertise", "", true),
            Resolution::Page { .. }
        ));
        assert_eq!(
            nav.resolve("/baseMgmt/shopMgmt/shopDetail", "?id=3", true),
            Resolution::Page {
                path: "/baseMgmt/shopMgmt/shopDetail".into(),
                page: "baseMgmt/shopMgmt/shopDetail".into(),
                alias: "店铺详情".into(),
                // Each shop's detail is a tab of its own.
                tab: "baseMgmt/shopMgmt/shopDetail?id=3".into(),
            }
        );
    }

    #[test]
    fn a_record_opens_its_own_tab_and_a_list_keeps_one_whatever_its_filters() {
        let tab = |path: &str, search: &str| match admin().resolve(path, search, true) {
            Resolution::Page { tab, .. } => tab,
            other => panic!("{path}{search} did not resolve to a page: {other:?}"),
        };
        let list = "/baseMgmt/shopMgmt";
        assert_eq!(tab(list, ""), "baseMgmt/shopMgmt");
        assert_eq!(tab(list, "?status=pending&page=3"), "baseMgmt/shopMgmt");
        let detail = "/baseMgmt/shopMgmt/shopDetail";
        assert_eq!(
            tab(detail, "?tab=x&id=7"),
            "baseMgmt/shopMgmt/shopDetail?id=7"
        );
        assert_eq!(tab(detail, "id=7"), "baseMgmt/shopMgmt/shopDetail?id=7");
        // No id (the page says so): one tab for that.
        assert_eq!(tab(detail, "?id="), "baseMgmt/shopMgmt/shopDetail");
    }

    #[test]
    fn paths_outside_the_tree_are_404() {
        let nav = admin();
        assert_eq!(
            nav.resolve("/nowhere", "", true),
            redirect("/exception/404")
        );
        assert_eq!(
            nav.resolve("/System/User", "", true),
            redirect("/exception/404"),
            "paths are case-sensitive"
        );
        // An operator's tree has no system menus: those pages are 404 for them.
        let operator_tree: Vec<_> = spec_tree()
            .into_iter()
            .filter(|n| n.data.name != "system" && n.data.name != "baseMgmt")
            .collect();
        let nav = Navigator::new(&operator_tree, Some(&user("operator")));
        assert_eq!(
            nav.resolve("/system/user", "", true),
            redirect("/exception/404")
        );
        assert_eq!(
            nav.resolve("/baseMgmt", "", true),
            redirect("/exception/404")
        );
    }

    #[test]
    fn a_fixed_page_names_the_module_that_renders_it() {
        let json = |page| serde_json::to_value(Resolution::fixed(page)).ok();
        assert_eq!(
            json(FixedPage::NotFound),
            Some(serde_json::json!({"kind": "fixed", "page": "404", "key": "exception/404"}))
        );
        assert_eq!(
            json(FixedPage::Login),
            Some(serde_json::json!({"kind": "fixed", "page": "login", "key": "login"}))
        );
    }

    #[test]
    fn dont_have_access_meets_403_everywhere_in_the_tree() {
        let nav = Navigator::new(&spec_tree(), Some(&user("dontHaveAccess")));
        for route in &nav.table().routes {
            assert_eq!(
                nav.resolve(&route.path, "", true),
                match (
                    GROUP_REDIRECTS.iter().find(|(f, _)| *f == route.path),
                    route.path.as_str()
                ) {
                    (Some((_, to)), _) => redirect(to),
                    // The exception pages are fixed: they show whatever the tree says.
                    (None, "/exception/403") => Resolution::fixed(FixedPage::Forbidden),
                    (None, "/exception/404") => Resolution::fixed(FixedPage::NotFound),
                    (None, "/exception/500") => Resolution::fixed(FixedPage::ServerError),
                    (None, _) => Resolution::Forbidden {
                        path: route.path.clone()
                    },
                },
                "{}",
                route.path
            );
        }
        assert_eq!(nav.resolve("/", "", true), redirect("/home"));
        assert_eq!(
            nav.resolve("/home", "", true),
            Resolution::Forbidden {
                path: "/home".into()
            }
        );
        assert!(nav.menu().is_empty());
        assert_eq!(
            nav.resolve("/exception/403", "", true),
            Resolution::fixed(FixedPage::Forbidden)
        );
    }

    /// A tree where access is mixed, by flag and by depth:
    ///
    /// ```text
    /// reports   (no key)        daily (isRoot) · weekly (no key) · monthly (canSeeAdmin, hidden)
    /// vault     (canSeeAdmin)   keys (isRoot) · codes (isRoot, hidden)
    /// ops       (no key)        team (no key): x (isRoot) · y (canSeeAdmin);  z (isRoot)
    /// ```
    /// `isRoot` is not a known flag, so it always denies; a missing key always allows.
    fn mixed_tree() -> Vec<MenuNode> {
        fn keyed(mut n: MenuNode, key: Option<&str>) -> MenuNode {
            n.data.access = key.map(str::to_owned);
            n
        }
        let root = Some("isRoot");
        let admin = Some("canSeeAdmin");
        vec![
            keyed(
                node(
                    "reports",
                    "报表",
                    1,
                    vec![
                        keyed(node("daily", "日报", 1, vec![]), root),
                        keyed(node("weekly", "周报", 1, vec![]), None),
                        keyed(node("monthly", "月报", 0, vec![]), admin),
                    ],
                ),
                None,
            ),
            keyed(
                node(
                    "vault",
                    "保险库",
                    1,
                    vec![
                        keyed(node("keys", "密钥", 1, vec![]), root),
                        keyed(node("codes", "口令", 0, vec![]), root),
                    ],
                ),
                admin,
            ),
            keyed(
                node(
                    "ops",
                    "运维",
                    1,
                    vec![
                        keyed(
                            node(
                                "team",
                                "团队",
                                1,
                                vec![
                                    keyed(node("x", "X", 1, vec![]), root),
                                    keyed(node("y", "Y", 1, vec![]), admin),
                                ],
                            ),
                            None,
                        ),
                        keyed(node("z", "Z", 1, vec![]), root),
                    ],
                ),
                None,
            ),
        ]
    }

    fn forbidden(path: &str) -> Resolution {
        Resolution::Forbidden { path: path.into() }
    }

    fn page(path: &str, alias: &str) -> Resolution {
        // `get`, not `[1..]`: the path starts with `/`, and indexing links panic formatting.
        let key = path.get(1..).unwrap_or_default();
        Resolution::Page {
            path: path.into(),
            page: key.into(),
            alias: alias.into(),
            tab: key.into(),
        }
    }

    fn menu_paths(items: &[MenuItem]) -> Vec<String> {
        items
            .iter()
            .flat_map(|i| std::iter::once(i.path.clone()).chain(menu_paths(&i.children)))
            .collect()
    }

    #[test]
    fn mixed_access_for_an_admin() {
        let nav = Navigator::new(&mixed_tree(), Some(&user("admin")));
        // The tree's first leaf (daily) is closed: `/`, /home and the group skip to an open one.
        assert_eq!(nav.first_leaf_path(), "/reports/weekly");
        assert_eq!(nav.resolve("/", "", true), redirect("/reports/weekly"));
        assert_eq!(nav.resolve("/home", "", true), redirect("/reports/weekly"));
        assert_eq!(
            nav.resolve("/reports", "", true),
            redirect("/reports/weekly")
        );
        assert_eq!(
            nav.resolve("/reports/daily", "", true),
            forbidden("/reports/daily")
        );
        assert_eq!(
            nav.resolve("/reports/weekly", "", true),
            page("/reports/weekly", "周报")
        );
        // Hidden but open: routable, not in the menu.
        assert_eq!(
            nav.resolve("/reports/monthly", "", true),
            page("/reports/monthly", "月报")
        );
        // Its own key is open, but every child is closed: the group falls, children are 403.
        assert_eq!(nav.resolve("/vault", "", true), forbidden("/vault"));
        assert_eq!(
            nav.resolve("/vault/keys", "", true),
            forbidden("/vault/keys")
        );
        assert_eq!(
            nav.resolve("/vault/codes", "", true),
            forbidden("/vault/codes")
        );
        // Nested: ops → team → y, past the closed x; z is closed.
        assert_eq!(nav.resolve("/ops", "", true), redirect("/ops/team/y"));
        assert_eq!(nav.resolve("/ops/team", "", true), redirect("/ops/team/y"));
        assert_eq!(
            nav.resolve("/ops/team/x", "", true),
            forbidden("/ops/team/x")
        );
        assert_eq!(
            nav.resolve("/ops/team/y", "", true),
            page("/ops/team/y", "Y")
        );
        assert_eq!(nav.resolve("/ops/z", "", true), forbidden("/ops/z"));
        // Outside the tree stays 404, not 403.
        assert_eq!(
            nav.resolve("/vault/safe", "", true),
            redirect("/exception/404")
        );
        assert_eq!(
            menu_paths(&nav.menu()),
            [
                "/reports",
                "/reports/weekly",
                "/ops",
                "/ops/team",
                "/ops/team/y"
            ]
        );
    }

    #[test]
    fn mixed_access_without_can_see_admin() {
        let nav = Navigator::new(&mixed_tree(), Some(&user("dontHaveAccess")));
        assert_eq!(nav.resolve("/", "", true), redirect("/reports/weekly"));
        assert_eq!(
            nav.resolve("/reports", "", true),
            redirect("/reports/weekly")
        );
        assert_eq!(
            nav.resolve("/reports/monthly", "", true),
            forbidden("/reports/monthly")
        );
        // y closes too, so team (x, y) falls and with it ops (team, z), though neither has a key.
        assert_eq!(
            nav.resolve("/ops/team/y", "", true),
            forbidden("/ops/team/y")
        );
        assert_eq!(nav.resolve("/ops/team", "", true), forbidden("/ops/team"));
        assert_eq!(nav.resolve("/ops", "", true), forbidden("/ops"));
        assert_eq!(nav.resolve("/vault", "", true), forbidden("/vault"));
        assert_eq!(menu_paths(&nav.menu()), ["/reports", "/reports/weekly"]);
        assert_eq!(
            nav.breadcrumbs("/ops/team/y")
                .iter()
                .map(|c| c.alias.as_str())
                .collect::<Vec<_>>(),
            ["运维", "团队", "Y"],
            "breadcrumbs follow the tree, whatever the access"
        );
    }

    #[test]
    fn page_for_follows_redirects_to_the_module_that_renders() {
        let nav = Navigator::new(&mixed_tree(), Some(&user("admin")));
        assert_eq!(nav.page_for("/", true).as_deref(), Some("reports/weekly"));
        assert_eq!(nav.page_for("/ops", true).as_deref(), Some("ops/team/y"));
        assert_eq!(
            nav.page_for("/ops/team/y", true).as_deref(),
            Some("ops/team/y")
        );
        assert_eq!(
            nav.page_for("/reports/daily", true),
            None,
            "403 has no module"
        );
        assert_eq!(nav.page_for("/vault", true), None);
        assert_eq!(
            nav.page_for("/nowhere", true).as_deref(),
            Some("exception/404")
        );
        assert_eq!(
            nav.page_for("/exception", true).as_deref(),
            Some("exception/403")
        );
        assert_eq!(nav.page_for("/ops", false).as_deref(), Some("login"));
        let spec = admin();
        assert_eq!(
            spec.page_for("/operate/business", true).as_deref(),
            Some("operate/business/toExamine")
        );
        assert_eq!(spec.page_for("/", true).as_deref(), Some("home"));
        let empty = Navigator::new(&[], Some(&user("admin")));
        assert_eq!(empty.page_for("/", true).as_deref(), Some("home"));
    }

    #[test]
    fn root_prefers_a_leaf_the_user_may_open() {
        let mut tree = vec![node("a", "A", 1, vec![]), node("b", "B", 1, vec![])];
        tree[1].data.access = None;
        let nav = Navigator::new(&tree, Some(&user("dontHaveAccess")));
        assert_eq!(nav.resolve("/", "", true), redirect("/b"));
    }

    #[test]
    fn the_menu_shows_visible_accessible_nodes_only() {
        let menu = admin().menu();
        let top: Vec<_> = menu.iter().map(|m| m.alias.as_str()).collect();
        assert_eq!(top, ["首页", "基础信息", "运营管理", "系统管理"]);
        let base = &menu[1];
        assert_eq!(base.children.len(), 5);
        assert!(
            base.children.iter().all(|c| c.children.is_empty()),
            "detail routes are hidden"
        );
        let operate = &menu[2];
        assert_eq!(
            operate
                .children
                .iter()
                .map(|c| c.path.as_str())
                .collect::<Vec<_>>(),
            [
                "/operate/advertise",
                "/operate/thematicActivity",
                "/operate/abilityEntry",
                "/operate/homeRecommend",
                "/operate/inquiryOrders",
                "/operate/business",
            ]
        );
        assert_eq!(operate.children[5].children.len(), 3);
    }

    #[test]
    fn breadcrumbs_follow_the_parents() {
        let crumbs = admin().breadcrumbs("/operate/business/reply");
        let labels: Vec<_> = crumbs.iter().map(|c| c.alias.as_str()).collect();
        assert_eq!(labels, ["运营管理", "采购商机", "商机回复"]);
        assert!(admin().breadcrumbs("/nowhere").is_empty());
    }

    #[test]
    fn paths_are_normalised() {
        assert_eq!(normalize("system//user/"), "/system/user");
        assert_eq!(normalize(""), "/");
        // The former collect-and-join formulation.
        for path in ["", "/", "//", "a", "/a/", "a//b", "/系统/用户//", " / x "] {
            let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
            assert_eq!(
                normalize(path),
                format!("/{}", segments.join("/")),
                "{path:?}"
            );
        }
        assert!(matches!(
            admin().resolve("/system/user/", "", true),
            Resolution::Page { .. }
        ));
    }
}
