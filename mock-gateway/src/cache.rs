//! What every authenticated call needs, kept in memory: the signed-in users ([`Principal`]), the
//! view of the menu each distinct role set has ([`RoleSetView`], with its tree pre-encoded as JSON)
//! and the system menu. Each is kept with the store's access generation it was loaded under
//! ([`Store::access_generation`]: row writes to users, roles, menus and their links, counted by
//! triggers, so no write has to remember to flush the cache): once a commit moves it, everything
//! loaded before is dropped and reloaded on demand, and a load that started before is not kept. A
//! write to any other table (a shop, a product) leaves the cache as it is.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, RwLock};

use core_wasm::access::Access;
use core_wasm::menu::{MenuData, MenuNode, RouteTable};
use core_wasm::ops::Guard;
use core_wasm::ops::menu::{PageAction, SystemMenuData, SystemMenuNode};
use core_wasm::perms::{self, Action};
use core_wasm::session::UserInfo;
use serde::Serialize;
use serde_json::value::RawValue;

use crate::error::AppError;
use crate::store::menus::MenuRow;
use crate::store::{Store, menus, roles, users};

/// A signed-in user as calls see them.
#[derive(Debug)]
pub struct Principal {
    /// User id.
    pub id: i64,
    /// Login name.
    pub username: String,
    /// Display name.
    pub nickname: String,
    /// The avatar image's key (empty for the default); answered as a signed URL (api/user.rs).
    pub avatar: String,
    /// Role ids, ascending.
    pub role_ids: Vec<i64>,
    /// Role names, in the order of `role_ids`.
    pub role_names: Vec<String>,
    /// The access flags of this user (core's `access`).
    pub access: Access,
    /// What the user's roles see.
    pub view: Arc<RoleSetView>,
}

impl Principal {
    /// The user as `login` and `current` answer it.
    pub fn user_info(&self) -> UserInfo {
        UserInfo {
            id: self.id,
            name: self.username.clone(),
            nickname: self.nickname.clone(),
            avatar: self.avatar.clone(),
            roles: self.role_names.clone(),
            perms: self.view.perms.clone(),
        }
    }

    /// Whether one of the user's roles owns the menu at `path` (e.g. `system/user`) and the user
    /// passes that menu's access flag.
    pub fn may(&self, path: &str) -> bool {
        match self.view.owned.get(path) {
            None => false,
            Some(None) => true,
            Some(Some(flag)) => self.access.flag(flag) == Some(true),
        }
    }

    /// Whether the user may make a call under `guard` (`creates`: a save without an id): one of
    /// its pages is theirs ([`Principal::may`]) and, for a write, they hold its action there.
    pub fn may_call(&self, guard: Guard, creates: bool) -> bool {
        let menus = guard.menus();
        if menus.is_empty() {
            return true;
        }
        menus.iter().any(|page| {
            self.may(page)
                && guard
                    .action(creates)
                    .is_none_or(|a| self.view.codes.contains(&(*page, a)))
        })
    }
}

/// The menu as a set of roles sees it.
#[derive(Debug)]
pub struct RoleSetView {
    /// Paths of the owned menus (without the leading slash) and their access flags.
    pub owned: HashMap<String, Option<String>>,
    /// The tree: owned nodes and their ancestors, siblings in `sort` order.
    pub tree: Vec<MenuNode>,
    /// The same tree as JSON, ready to send.
    pub tree_json: Arc<RawValue>,
    /// The routes of the tree (core's route table), for the route loader.
    pub routes: RouteTable,
    /// The actions held, as codes (`baseMgmt/shopMgmt:audit`), sorted: userInfo's `perms`.
    pub perms: Vec<String>,
    /// The same, as (page, action) for the dispatcher's check.
    pub codes: HashSet<(&'static str, Action)>,
}

/// The whole system menu.
#[derive(Debug)]
pub struct SystemMenu {
    /// Every node in sibling order.
    pub rows: Vec<MenuRow>,
    /// Each node's route path (core's route table), without the leading slash.
    pub paths: HashMap<i64, String>,
    /// The whole tree with ids, parent ids and versions, as JSON.
    pub tree_json: Arc<RawValue>,
    /// Every page's actions (按钮权限), in the rows' order.
    pub actions: Vec<PageAction>,
}

/// Builds a tree from rows in sibling order, keeping the nodes `include` accepts (a node whose
/// parent is left out is left out too).
pub fn build_tree<N>(
    rows: &[MenuRow],
    include: &dyn Fn(&MenuRow) -> bool,
    make: &dyn Fn(&MenuRow, Vec<N>) -> N,
) -> Vec<N> {
    let mut children: HashMap<Option<i64>, Vec<&MenuRow>> = HashMap::new();
    for row in rows {
        children.entry(row.parent_id).or_default().push(row);
    }
    let mut visited = HashSet::new();
    level(None, &children, include, make, &mut visited)
}

fn level<N>(
    parent: Option<i64>,
    children: &HashMap<Option<i64>, Vec<&MenuRow>>,
    include: &dyn Fn(&MenuRow) -> bool,
    make: &dyn Fn(&MenuRow, Vec<N>) -> N,
    visited: &mut HashSet<i64>,
) -> Vec<N> {
    let Some(rows) = children.get(&parent) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for row in rows {
        // `visited` guards against a cycle, which the writes never create.
        if !include(row) || !visited.insert(row.id) {
            continue;
        }
        let kids = level(Some(row.id), children, include, make, visited);
        out.push(make(row, kids));
    }
    out
}

/// A row's fields in core's shape.
pub fn menu_data(row: &MenuRow) -> MenuData {
    MenuData {
        id: Some(row.id),
        alias: row.alias.clone(),
        name: row.name.clone(),
        visible: row.visible,
        icon: row.icon.clone(),
        sort: Some(row.sort),
        access: row.access.clone(),
        page: row.page.clone(),
    }
}

fn menu_node(row: &MenuRow, children: Vec<MenuNode>) -> MenuNode {
    MenuNode {
        data: menu_data(row),
        children,
    }
}

/// A row as the system tree (and `saveMenu`) answers it: with its parent id and version.
pub fn system_node(row: &MenuRow, children: Vec<SystemMenuNode>) -> SystemMenuNode {
    SystemMenuNode {
        data: SystemMenuData {
            base: menu_data(row),
            parent_id: row.parent_id,
            version: row.version,
        },
        children,
    }
}

/// Encodes a value once, for answers that send it many times.
pub fn raw_json<T: Serialize>(value: &T) -> Result<Arc<RawValue>, AppError> {
    let text = serde_json::to_string(value).map_err(AppError::internal)?;
    let raw = RawValue::from_string(text).map_err(AppError::internal)?;
    Ok(Arc::from(raw))
}

/// Each node's page key (core's route table: its `page`, else its path without the leading slash;
/// relative names join their parent's path, a later duplicate path is dropped), from rows in
/// sibling order. Operation guards name these keys, so they follow a node that moves.
pub fn menu_paths(rows: &[MenuRow]) -> HashMap<i64, String> {
    let tree = build_tree(rows, &|_| true, &menu_node);
    RouteTable::build(&tree)
        .routes
        .into_iter()
        .filter_map(|r| Some((r.id?, r.page)))
        .collect()
}

impl SystemMenu {
    fn load(store: &Store) -> Result<SystemMenu, AppError> {
        let rows = store.read(menus::all)?;
        let paths = menu_paths(&rows);
        let admin_tree = build_tree(&rows, &|_| true, &system_node);
        let actions = rows
            .iter()
            .filter_map(|r| Some((r.id, paths.get(&r.id)?)))
            .flat_map(|(menu_id, page)| {
                perms::actions_of(page)
                    .into_iter()
                    .map(move |a| PageAction {
                        menu_id,
                        code: perms::code(page, a),
                        label: a.label().to_owned(),
                    })
            })
            .collect();
        Ok(SystemMenu {
            tree_json: raw_json(&admin_tree)?,
            actions,
            rows,
            paths,
        })
    }

    /// What the roles owning `owned` menu ids and holding `actions` (menu id, action) see.
    pub fn view(&self, owned: &[i64], actions: &[(i64, Action)]) -> Result<RoleSetView, AppError> {
        let parent_of: HashMap<i64, Option<i64>> =
            self.rows.iter().map(|r| (r.id, r.parent_id)).collect();
        let mut included: HashSet<i64> = HashSet::new();
        for &id in owned {
            let mut cursor = Some(id);
            while let Some(current) = cursor {
                if !included.insert(current) {
                    break;
                }
                cursor = parent_of.get(&current).copied().flatten();
            }
        }
        let tree = build_tree(&self.rows, &|r| included.contains(&r.id), &menu_node);
        let owned_set: HashSet<i64> = owned.iter().copied().collect();
        let owned = self
            .rows
            .iter()
            .filter(|r| owned_set.contains(&r.id))
            .filter_map(|r| {
                let path = self.paths.get(&r.id)?;
                Some((path.clone(), r.access.clone().filter(|a| !a.is_empty())))
            })
            .collect();
        let held: Vec<(&str, Action)> = actions
            .iter()
            .filter(|(menu, _)| owned_set.contains(menu))
            .filter_map(|(menu, a)| Some((self.paths.get(menu)?.as_str(), *a)))
            .collect();
        let mut perms: Vec<String> = held.iter().map(|(p, a)| perms::code(p, *a)).collect();
        perms.sort();
        perms.dedup();
        // The dispatcher compares against the catalogue's page names, which are 'static.
        let codes = core_wasm::ops::catalogue()
            .flat_map(|op| op.guard.menus().iter().copied())
            .flat_map(|page| {
                held.iter()
                    .filter(move |(p, _)| *p == page)
                    .map(move |(_, a)| (page, *a))
            })
            .collect();
        Ok(RoleSetView {
            owned,
            perms,
            codes,
            tree_json: raw_json(&tree)?,
            routes: RouteTable::build(&tree),
            tree,
        })
    }
}

#[derive(Default)]
struct Entries {
    /// The access generation everything here was loaded under (or after).
    generation: u64,
    principals: HashMap<i64, Arc<Principal>>,
    views: HashMap<Vec<i64>, Arc<RoleSetView>>,
    system: Option<Arc<SystemMenu>>,
}

impl Entries {
    /// Drops what was loaded before `generation` (the access tables changed since).
    fn advance(&mut self, generation: u64) {
        if self.generation < generation {
            self.generation = generation;
            self.principals.clear();
            self.views.clear();
            self.system = None;
        }
    }
}

/// The cache of principals, role-set views and the system menu.
#[derive(Default)]
pub struct AuthCache {
    entries: RwLock<Entries>,
}

impl AuthCache {
    /// What `get` finds among the entries of the store's current access generation (older ones
    /// are dropped first). `None` also when another call already holds a newer generation's
    /// entries: the caller then loads, as on a miss.
    fn lookup<T>(&self, store: &Store, get: impl FnOnce(&Entries) -> Option<T>) -> Option<T> {
        let now = store.access_generation();
        {
            let e = self.entries.read().unwrap_or_else(|p| p.into_inner());
            if e.generation == now {
                return get(&e);
            }
        }
        let mut e = self.entries.write().unwrap_or_else(|p| p.into_inner());
        e.advance(now);
        if e.generation == now { get(&e) } else { None }
    }

    /// Keeps a value loaded under `generation` unless the access tables changed since.
    fn keep(&self, generation: u64, put: impl FnOnce(&mut Entries)) {
        let mut e = self.entries.write().unwrap_or_else(|p| p.into_inner());
        e.advance(generation);
        if e.generation == generation {
            put(&mut e);
        }
    }

    /// The signed-in user `id` when already loaded (no database access).
    pub fn cached_principal(&self, store: &Store, id: i64) -> Option<Arc<Principal>> {
        self.lookup(store, |e| e.principals.get(&id).cloned())
    }

    /// The system menu when already loaded (no database access).
    pub fn cached_system(&self, store: &Store) -> Option<Arc<SystemMenu>> {
        self.lookup(store, |e| e.system.clone())
    }

    /// The system menu.
    pub fn system(&self, store: &Store) -> Result<Arc<SystemMenu>, AppError> {
        // Read before the database: a commit after this makes what is loaded stale, not kept.
        let generation = store.access_generation();
        if let Some(s) = self.lookup(store, |e| e.system.clone()) {
            return Ok(s);
        }
        let loaded = Arc::new(SystemMenu::load(store)?);
        self.keep(generation, |e| e.system = Some(Arc::clone(&loaded)));
        Ok(loaded)
    }

    /// What a set of roles sees.
    pub fn view(&self, store: &Store, role_ids: &[i64]) -> Result<Arc<RoleSetView>, AppError> {
        let generation = store.access_generation();
        if let Some(v) = self.lookup(store, |e| e.views.get(role_ids).cloned()) {
            return Ok(v);
        }
        let system = self.system(store)?;
        let (owned, actions) = store.read(|c| {
            Ok((
                roles::menu_ids_of_roles(c, role_ids)?,
                roles::actions_of_roles(c, role_ids)?,
            ))
        })?;
        let view = Arc::new(system.view(&owned, &actions)?);
        self.keep(generation, |e| {
            e.views.insert(role_ids.to_vec(), Arc::clone(&view));
        });
        Ok(view)
    }

    /// The signed-in user `id`, or `None` when the account is gone or disabled.
    pub fn principal(&self, store: &Store, id: i64) -> Result<Option<Arc<Principal>>, AppError> {
        let generation = store.access_generation();
        if let Some(p) = self.cached_principal(store, id) {
            return Ok(Some(p));
        }
        let Some((row, roles)) = store.read(|c| {
            let Some(row) = users::get(c, id)? else {
                return Ok(None);
            };
            let roles = users::roles_of(c, id)?;
            Ok(Some((row, roles)))
        })?
        else {
            return Ok(None);
        };
        if !row.enabled() {
            return Ok(None);
        }
        let role_ids: Vec<i64> = roles.iter().map(|(id, _)| *id).collect();
        let view = self.view(store, &role_ids)?;
        let info = UserInfo {
            name: row.username.clone(),
            ..UserInfo::default()
        };
        let principal = Arc::new(Principal {
            id: row.id,
            access: Access::of(Some(&info)),
            username: row.username,
            nickname: row.nickname,
            avatar: row.avatar,
            role_ids,
            role_names: roles.into_iter().map(|(_, name)| name).collect(),
            view,
        });
        self.keep(generation, |e| {
            e.principals.insert(id, Arc::clone(&principal));
        });
        Ok(Some(principal))
    }
}
