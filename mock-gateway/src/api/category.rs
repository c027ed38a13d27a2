//! 类目管理: the category tree (three levels at most) with product counts; create, rename, move,
//! hide, reorder siblings, and delete what nothing uses.

use core_wasm::constants::MAX_CATEGORY_DEPTH;
use core_wasm::ops::category::{
    CategoryNode, CategorySaveParams, CategorySortParams, Delete, Save, Sort, Tree,
};
use core_wasm::ops::{DeleteParams, Deleted, NoParams};
use core_wasm::rules::{self, Form};
use core_wasm::tree;
use core_wasm::validate::FieldError;
use rusqlite::Connection;
use rusqlite::types::Value as Sql;

use super::parent;
use crate::error::AppError;
use crate::kit::write::{delete_versioned, insert, taken, update_versioned};
use crate::kit::{Audited, Ctx, Operation, required};
use crate::store::categories::{self, TABLE};

/// How many product titles (and child names) a refused delete names.
const NAMED: usize = 3;

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::typed::<Tree>(tree_of),
        Operation::typed::<Save>(save),
        Operation::typed::<Sort>(sort),
        Operation::typed::<Delete>(delete),
    ]
}

/// The whole tree, shaped, with product counts (from the tally: a few hundred rows).
fn whole(c: &Connection) -> Result<Vec<CategoryNode>, AppError> {
    Ok(categories::tree(
        categories::all(c)?,
        &categories::product_counts(c)?,
    ))
}

/// The node `id` of a shaped tree, with its subtree.
fn find(nodes: Vec<CategoryNode>, id: i64) -> Option<CategoryNode> {
    for node in nodes {
        if node.id == id {
            return Some(node);
        }
        if let Some(found) = find(node.children, id) {
            return Some(found);
        }
    }
    None
}

/// The children of `parent` (the top level when `None`) of a shaped tree.
fn children_of(nodes: Vec<CategoryNode>, parent: Option<i64>) -> Vec<CategoryNode> {
    match parent {
        None => nodes,
        Some(id) => find(nodes, id).map(|n| n.children).unwrap_or_default(),
    }
}

/// `category.tree`: every category with its level, its products and its descendants', and whether
/// a child fits under it.
fn tree_of(ctx: &Ctx, _: NoParams) -> Result<Vec<CategoryNode>, AppError> {
    ctx.state.store.read(whole)
}

/// `category.save`: creates without `id` (last among its siblings unless `sort` is given, shown
/// unless `visible` is 0) or updates with `id` and `version` (absent sort, icon and visible stay).
/// The parent must exist; the name is unique among the siblings; no fourth level; no move under
/// itself or a descendant.
fn save(ctx: &Ctx, p: CategorySaveParams) -> Result<CategoryNode, AppError> {
    let mut errors = rules::validate(Form::Category, &rules::values_of(&p));
    if p.id.is_some() && p.version.is_none() {
        errors.push(FieldError::new("version", "缺少参数 version"));
    }
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    let name = p.name.trim().to_owned();
    let icon = p.icon.as_deref().map(|i| i.trim().to_owned());
    let parent_id = parent(p.parent_id);
    ctx.audited(|tx| {
        let flat = categories::all(tx)?;
        let links = categories::links(&flat);
        let old = match p.id {
            Some(id) => Some(
                flat.iter()
                    .find(|n| n.id == id)
                    .cloned()
                    .ok_or(AppError::NotFound)?,
            ),
            None => None,
        };
        if let (Some(old), Some(version)) = (&old, p.version) {
            if old.version != version {
                return Err(AppError::Conflict);
            }
        }
        let parent_node = match parent_id {
            Some(pid) => Some(
                flat.iter()
                    .find(|n| n.id == pid)
                    .ok_or_else(|| AppError::field("parentId", "上级类目不存在"))?,
            ),
            None => None,
        };
        if let Some(id) = p.id {
            if !tree::may_move_under(&links, id, parent_id) {
                return Err(AppError::field("parentId", "不能移到自身或其下级类目之下"));
            }
        }
        if !tree::fits_depth(&links, p.id, parent_id, MAX_CATEGORY_DEPTH) {
            return Err(AppError::field("parentId", "类目最多三级"));
        }
        let sibling = [
            (categories::SIBLINGS, Sql::Integer(parent_id.unwrap_or(0))),
            ("name", Sql::Text(name.clone())),
        ];
        if taken(tx, TABLE, &sibling, p.id)? {
            let under = parent_node.map_or("顶级".to_owned(), |n| format!("「{}」下", n.name));
            return Err(AppError::duplicate(
                "name",
                format!("{under}已有名为「{name}」的类目"),
            ));
        }
        let last = flat
            .iter()
            .filter(|n| n.parent_id == parent_id && Some(n.id) != p.id)
            .map(|n| n.sort)
            .max()
            .unwrap_or(0);
        let sort = p.sort.or(old.as_ref().map(|o| o.sort)).unwrap_or(last + 10);
        let visible = p.visible.or(old.as_ref().map(|o| o.visible)).unwrap_or(1);
        let icon = icon
            .or(old.as_ref().map(|o| o.icon.clone()))
            .unwrap_or_default();
        let cols = [
            ("parent_id", parent_id.map_or(Sql::Null, Sql::Integer)),
            ("name", Sql::Text(name.clone())),
            ("sort", Sql::Integer(sort)),
            ("icon", Sql::Text(icon)),
            ("visible", Sql::Integer(visible)),
        ];
        let under = parent_node.map_or("顶级".to_owned(), |n| format!("「{}」", n.name));
        let (id, summary) = match (old, p.version) {
            (Some(old), Some(version)) => {
                update_versioned(tx, TABLE, old.id, version, &cols, ctx.now)?;
                let moved = if old.parent_id == parent_id {
                    String::new()
                } else {
                    format!("，移到{under}下")
                };
                let shown = if visible == 1 { "显示" } else { "隐藏" };
                (
                    old.id,
                    format!(
                        "修改类目「{}」→「{name}」（排序 {sort}，{shown}）{moved}",
                        old.name
                    ),
                )
            }
            _ => {
                let id = insert(tx, TABLE, &cols, ctx.now)?;
                (
                    id,
                    format!("新增类目「{name}」（上级：{under}，排序 {sort}）"),
                )
            }
        };
        let node = find(whole(tx)?, id).ok_or(AppError::NotFound)?;
        Ok(Audited::new(node, id, summary))
    })
}

/// `category.sort {parentId?, ids}`: `ids` must be exactly the parent's children, each once; their
/// sort becomes 10, 20, 30 … in that order (a child whose number changes gets a new version).
fn sort(ctx: &Ctx, p: CategorySortParams) -> Result<Vec<CategoryNode>, AppError> {
    let ids = required(p.ids.clone(), "ids")?;
    let parent_id = parent(p.parent_id);
    ctx.audited(|tx| {
        let flat = categories::all(tx)?;
        let under = match parent_id {
            Some(pid) => {
                let node = flat
                    .iter()
                    .find(|n| n.id == pid)
                    .ok_or_else(|| AppError::field("parentId", "上级类目不存在"))?;
                format!("「{}」", node.name)
            }
            None => "顶级".to_owned(),
        };
        let children: Vec<&CategoryNode> =
            flat.iter().filter(|n| n.parent_id == parent_id).collect();
        let mut given = ids.clone();
        given.sort_unstable();
        given.dedup();
        let mut expected: Vec<i64> = children.iter().map(|n| n.id).collect();
        expected.sort_unstable();
        if given.len() != ids.len() || given != expected {
            return Err(AppError::field(
                "ids",
                format!(
                    "须按新顺序列出{under}下的全部 {} 个子类目，各一次（类目已变化时请刷新）",
                    children.len()
                ),
            ));
        }
        for (i, &id) in ids.iter().enumerate() {
            categories::set_sort(tx, id, (i as i64 + 1) * 10, ctx.now)?;
        }
        let names: Vec<&str> = ids
            .iter()
            .filter_map(|id| flat.iter().find(|n| n.id == *id).map(|n| n.name.as_str()))
            .collect();
        let summary = format!("调整{under}下的类目顺序：{}", names.join("、"));
        Ok(Audited::new(
            children_of(whole(tx)?, parent_id),
            parent_id,
            summary,
        ))
    })
}

/// `category.delete {id, version?}`: refused with `data_in_use` while children, products, purchase
/// opportunities or shops' main categories use it, naming them; a stale version is
/// `data_conflict`.
fn delete(ctx: &Ctx, p: DeleteParams) -> Result<Deleted, AppError> {
    let id = required(p.id, "id")?;
    ctx.audited(|tx| {
        let node = categories::get(tx, id)?.ok_or(AppError::NotFound)?;
        if p.version.is_some_and(|v| v != node.version) {
            return Err(AppError::Conflict);
        }
        if let Some(uses) = in_use(tx, id)? {
            return Err(AppError::InUse(format!(
                "类目「{}」下还有{uses}，不能删除",
                node.name
            )));
        }
        delete_versioned(tx, TABLE, id, p.version)?;
        Ok(Audited::new(
            Deleted { id },
            id,
            format!("删除类目「{}」", node.name),
        ))
    })
}

/// What still uses category `id`, for people (`3 个子类目（A、B、C）、12 件商品（…等）`).
fn in_use(c: &Connection, id: i64) -> Result<Option<String>, AppError> {
    let uses = categories::uses(c, id, NAMED)?;
    let list = |(n, names): (i64, Vec<String>)| {
        let more = if n > names.len() as i64 { " 等" } else { "" };
        format!("（{}{more}）", names.join("、"))
    };
    let mut parts = Vec::new();
    let children = uses.children;
    if children.0 > 0 {
        parts.push(format!("{} 个子类目{}", children.0, list(children.clone())));
    }
    let products = uses.products;
    if products.0 > 0 {
        parts.push(format!("{} 件商品{}", products.0, list(products.clone())));
    }
    let opportunities = uses.opportunities;
    if opportunities.0 > 0 {
        parts.push(format!(
            "{} 条采购商机{}",
            opportunities.0,
            list(opportunities.clone())
        ));
    }
    let shops = uses.shops;
    if shops.0 > 0 {
        parts.push(format!(
            "{} 家店铺以它为主营类目{}",
            shops.0,
            list(shops.clone())
        ));
    }
    Ok((!parts.is_empty()).then(|| parts.join("、")))
}
