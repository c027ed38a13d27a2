//! 类目管理: category.tree (levels, product counts, the depth rule), save (create, rename, move,
//! three levels, unique sibling names, versions), sort (exactly the siblings), delete (refused
//! while used, naming what uses it), and what parallel callers get.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::common::*;

const TREE: &str = "mtop.admin.category.tree";
const SAVE: &str = "mtop.admin.category.save";
const SORT: &str = "mtop.admin.category.sort";
const DELETE: &str = "mtop.admin.category.delete";

fn sql<T>(gw: &Gw, f: impl FnOnce(&rusqlite::Connection) -> rusqlite::Result<T>) -> T {
    gw.state.store.read(|c| Ok(f(c)?)).expect("a test query")
}

/// Every node of a tree, depth first.
fn flatten(nodes: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    for n in nodes.as_array().expect("nodes") {
        out.push(n.clone());
        out.extend(flatten(&n["children"]));
    }
    out
}

fn node(tree: &Value, id: i64) -> Value {
    flatten(tree)
        .into_iter()
        .find(|n| n["id"] == id)
        .unwrap_or_else(|| panic!("no category {id}"))
}

fn names(nodes: &Value) -> Vec<String> {
    nodes
        .as_array()
        .expect("nodes")
        .iter()
        .map(|n| n["name"].as_str().unwrap_or("").to_owned())
        .collect()
}

/// A top category, a middle one under it and a leaf under that, by the leaf with most products.
fn busy_path(gw: &Gw) -> (i64, i64, i64) {
    sql(gw, |c| {
        c.query_row(
            "SELECT t.id, m.id, l.id FROM product p JOIN category l ON l.id = p.category_id
             JOIN category m ON m.id = l.parent_id JOIN category t ON t.id = m.parent_id
             GROUP BY l.id ORDER BY count(*) DESC LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
    })
}

async fn tree(gw: &Gw, mat: &str) -> Value {
    gw.get(TREE, mat, json!({})).await.ok()
}

#[tokio::test]
async fn the_tree_has_three_levels_with_product_counts_of_each_subtree() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let t = tree(&gw, &admin).await;
    let roots = t.as_array().expect("roots");
    assert!(roots.len() >= 5, "a real catalogue: {}", roots.len());
    let all = flatten(&t);
    let stored: i64 = sql(&gw, |c| {
        c.query_row("SELECT count(*) FROM category", [], |r| r.get(0))
    });
    assert_eq!(all.len() as i64, stored);
    for n in &all {
        let level = n["level"].as_i64().expect("level");
        assert!((1..=3).contains(&level), "{n}");
        assert_eq!(n["mayAddChild"], level < 3, "{n}");
        for child in n["children"].as_array().expect("children") {
            assert_eq!(child["level"], level + 1);
            assert_eq!(child["parentId"], n["id"]);
        }
        // Products of the node and of everything below it, counted independently.
        let id = n["id"].as_i64().expect("id");
        let real: i64 = sql(&gw, |c| {
            c.query_row(
                "SELECT count(*) FROM product WHERE category_id IN (
                    SELECT id FROM category WHERE id = ?1 OR parent_id = ?1
                    OR parent_id IN (SELECT id FROM category WHERE parent_id = ?1))",
                [id],
                |r| r.get(0),
            )
        });
        assert_eq!(n["productCount"], real, "{}", n["name"]);
    }
    let products: i64 = sql(&gw, |c| {
        c.query_row("SELECT count(*) FROM product", [], |r| r.get(0))
    });
    let top_sum: i64 = roots
        .iter()
        .map(|r| r["productCount"].as_i64().unwrap_or(0))
        .sum();
    assert_eq!(top_sum, products);
    // Siblings in sort order.
    for n in &all {
        let sorts: Vec<i64> = n["children"]
            .as_array()
            .expect("children")
            .iter()
            .map(|c| c["sort"].as_i64().expect("sort"))
            .collect();
        assert!(sorts.windows(2).all(|w| w[0] <= w[1]), "{sorts:?}");
    }
    // Any signed-in user may read it (pickers on other screens): the operator too.
    let op = gw.operator().await;
    assert_eq!(tree(&gw, &op).await, t);
}

#[tokio::test]
async fn a_child_goes_last_a_fourth_level_is_refused_and_names_are_unique_among_siblings() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let (top, mid, leaf) = busy_path(&gw);
    let before = tree(&gw, &admin).await;
    let last = node(&before, mid)["children"]
        .as_array()
        .expect("children")
        .iter()
        .map(|c| c["sort"].as_i64().unwrap_or(0))
        .max()
        .unwrap_or(0);
    let made = gw
        .post(SAVE, &admin, json!({"parentId": mid, "name": " 新款童装 "}))
        .await
        .ok();
    assert_eq!(made["name"], "新款童装", "trimmed");
    assert_eq!(made["level"], 3);
    assert_eq!(made["sort"], last + 10, "last among its siblings");
    assert_eq!(made["visible"], 1);
    assert_eq!(made["productCount"], 0);
    assert_eq!(made["mayAddChild"], false);
    assert_eq!(made["version"], 1);
    let after = tree(&gw, &admin).await;
    assert_eq!(
        names(&node(&after, mid)["children"])
            .last()
            .map(String::as_str),
        Some("新款童装")
    );
    // A fourth level.
    let env = gw
        .post(SAVE, &admin, json!({"parentId": leaf, "name": "第四级"}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["parentId"]);
    assert_eq!(env.msg, "类目最多三级");
    // The same name beside it, and at another place.
    let leaf_name = node(&after, leaf)["name"]
        .as_str()
        .expect("name")
        .to_owned();
    let env = gw
        .post(SAVE, &admin, json!({"parentId": mid, "name": leaf_name}))
        .await
        .fails("data_duplicate");
    assert_eq!(env.fields(), ["name"]);
    assert!(
        env.msg.ends_with(&format!("已有名为「{leaf_name}」的类目")),
        "{}",
        env.msg
    );
    let top_level = gw
        .post(
            SAVE,
            &admin,
            json!({"name": leaf_name, "visible": 0, "sort": 5}),
        )
        .await
        .ok();
    assert_eq!(top_level["parentId"], Value::Null);
    assert_eq!(top_level["level"], 1);
    assert_eq!(top_level["visible"], 0);
    assert_eq!(top_level["sort"], 5);
    // Bad input, named.
    for (data, field) in [
        (json!({"parentId": 999_999, "name": "孤儿"}), "parentId"),
        (json!({"parentId": top, "name": "  "}), "name"),
        (
            json!({"parentId": top, "name": "这个类目的名字实在是太长了超过了二十个字的上限"}),
            "name",
        ),
        (
            json!({"parentId": top, "name": "x", "visible": 2}),
            "visible",
        ),
        (json!({"parentId": top, "name": "x", "sort": -1}), "sort"),
        (json!({"id": leaf, "name": "x"}), "version"),
    ] {
        let env = gw
            .post(SAVE, &admin, data.clone())
            .await
            .fails("param_invalid");
        assert_eq!(env.fields(), [field], "{data}");
    }
    let audit = gw
        .get("mtop.admin.audit.list", &admin, json!({"api": SAVE}))
        .await
        .ok();
    assert_eq!(audit["total"], 2);
    assert_eq!(audit["list"][1]["targetId"], made["id"]);
    let summary = audit["list"][1]["summary"].as_str().unwrap_or_default();
    assert!(summary.starts_with("新增类目「新款童装」"), "{summary}");
}

#[tokio::test]
async fn renames_and_moves_keep_the_tree_a_tree() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let (top, mid, leaf) = busy_path(&gw);
    let t = tree(&gw, &admin).await;
    let leaf_node = node(&t, leaf);
    let count = leaf_node["productCount"].as_i64().expect("count");
    // Rename and hide, keeping the sort.
    let renamed = gw
        .post(
            SAVE,
            &admin,
            json!({"id": leaf, "version": leaf_node["version"], "parentId": mid,
                   "name": "改名后的类目", "visible": 0}),
        )
        .await
        .ok();
    assert_eq!(renamed["name"], "改名后的类目");
    assert_eq!(renamed["visible"], 0);
    assert_eq!(renamed["sort"], leaf_node["sort"]);
    assert_eq!(
        renamed["version"],
        leaf_node["version"].as_i64().unwrap_or(0) + 1
    );
    assert_eq!(renamed["productCount"], count, "its products stay");
    // The old version now conflicts and changes nothing.
    let env = gw
        .post(
            SAVE,
            &admin,
            json!({"id": leaf, "version": leaf_node["version"], "parentId": mid, "name": "别的名字"}),
        )
        .await
        .fails("data_conflict");
    assert_eq!(env.msg, "数据已被他人修改，请刷新后重试");
    assert_eq!(node(&tree(&gw, &admin).await, leaf)["name"], "改名后的类目");
    // Under itself or its own descendant.
    let mid_node = node(&t, mid);
    for under in [mid, leaf] {
        let env = gw
            .post(
                SAVE,
                &admin,
                json!({"id": mid, "version": mid_node["version"], "parentId": under,
                       "name": mid_node["name"]}),
            )
            .await
            .fails("param_invalid");
        assert_eq!(env.fields(), ["parentId"]);
        assert_eq!(env.msg, "不能移到自身或其下级类目之下");
    }
    // A middle category with children under another middle one would make a fourth level.
    let other_mid = t
        .as_array()
        .expect("roots")
        .iter()
        .find(|r| r["id"] != top)
        .and_then(|r| r["children"].as_array().and_then(|c| c.first()).cloned())
        .expect("another middle category");
    let env = gw
        .post(
            SAVE,
            &admin,
            json!({"id": mid, "version": mid_node["version"], "parentId": other_mid["id"],
                   "name": mid_node["name"]}),
        )
        .await
        .fails("param_invalid");
    assert_eq!(env.msg, "类目最多三级");
    // A leaf moves to another middle category, with its products.
    let renamed_version = renamed["version"].clone();
    let moved = gw
        .post(
            SAVE,
            &admin,
            json!({"id": leaf, "version": renamed_version, "parentId": other_mid["id"],
                   "name": "改名后的类目"}),
        )
        .await
        .ok();
    assert_eq!(moved["parentId"], other_mid["id"]);
    let after = tree(&gw, &admin).await;
    assert_eq!(
        node(&after, other_mid["id"].as_i64().expect("id"))["productCount"],
        other_mid["productCount"].as_i64().unwrap_or(0) + count
    );
    assert_eq!(
        node(&after, mid)["productCount"],
        mid_node["productCount"].as_i64().unwrap_or(0) - count
    );
    gw.post(
        SAVE,
        &admin,
        json!({"id": 999_999, "version": 1, "name": "没有"}),
    )
    .await
    .fails("data_not_found");
}

#[tokio::test]
async fn sorting_takes_exactly_the_siblings_and_numbers_them_by_tens() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let (_, mid, _) = busy_path(&gw);
    let t = tree(&gw, &admin).await;
    let children: Vec<i64> = node(&t, mid)["children"]
        .as_array()
        .expect("children")
        .iter()
        .map(|c| c["id"].as_i64().expect("id"))
        .collect();
    assert!(children.len() >= 2);
    let reversed: Vec<i64> = children.iter().rev().copied().collect();
    let answer = gw
        .post(SORT, &admin, json!({"parentId": mid, "ids": reversed}))
        .await
        .ok();
    let got: Vec<i64> = answer
        .as_array()
        .expect("siblings")
        .iter()
        .map(|c| c["id"].as_i64().expect("id"))
        .collect();
    assert_eq!(got, reversed);
    let sorts: Vec<i64> = answer
        .as_array()
        .expect("siblings")
        .iter()
        .map(|c| c["sort"].as_i64().expect("sort"))
        .collect();
    assert_eq!(
        sorts,
        (1..=children.len() as i64)
            .map(|i| i * 10)
            .collect::<Vec<_>>()
    );
    // The order survives a reload.
    let reloaded: Vec<i64> = node(&tree(&gw, &admin).await, mid)["children"]
        .as_array()
        .expect("children")
        .iter()
        .map(|c| c["id"].as_i64().expect("id"))
        .collect();
    assert_eq!(reloaded, reversed);
    // Not exactly the siblings: missing one, one twice, a stranger, or another parent's.
    let mut missing = reversed.clone();
    missing.pop();
    let mut twice = reversed.clone();
    twice.push(reversed[0]);
    let mut stranger = reversed.clone();
    stranger.push(999_999);
    for ids in [missing, twice, stranger, vec![]] {
        let env = gw
            .post(SORT, &admin, json!({"parentId": mid, "ids": ids}))
            .await
            .fails("param_invalid");
        assert_eq!(env.fields(), ["ids"], "{ids:?}");
        assert!(
            env.msg
                .contains(&format!("全部 {} 个子类目", children.len())),
            "{}",
            env.msg
        );
    }
    let env = gw
        .post(SORT, &admin, json!({"parentId": 999_999, "ids": []}))
        .await
        .fails("param_invalid");
    assert_eq!(env.fields(), ["parentId"]);
    // The top level: without parentId.
    let roots: Vec<i64> = t
        .as_array()
        .expect("roots")
        .iter()
        .map(|r| r["id"].as_i64().expect("id"))
        .rev()
        .collect();
    let answer = gw.post(SORT, &admin, json!({"ids": roots})).await.ok();
    assert_eq!(answer[0]["id"], roots[0]);
    assert_eq!(tree(&gw, &admin).await[0]["id"], roots[0]);
}

#[tokio::test]
async fn a_category_in_use_is_not_deleted_and_the_refusal_names_what_uses_it() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let (_, mid, leaf) = busy_path(&gw);
    let t = tree(&gw, &admin).await;
    let leaf_node = node(&t, leaf);
    let (count, first_titles): (i64, Vec<String>) = sql(&gw, |c| {
        let n = c.query_row(
            "SELECT count(*) FROM product WHERE category_id = ?1",
            [leaf],
            |r| r.get(0),
        )?;
        let titles = c
            .prepare("SELECT title FROM product WHERE category_id = ?1 ORDER BY id LIMIT 3")?
            .query_map([leaf], |r| r.get(0))?
            .collect::<Result<Vec<String>, _>>()?;
        Ok((n, titles))
    });
    let env = gw
        .post(
            DELETE,
            &admin,
            json!({"id": leaf, "version": leaf_node["version"]}),
        )
        .await
        .fails("data_in_use");
    let want = format!(
        "类目「{}」下还有{count} 件商品（{} 等）",
        leaf_node["name"].as_str().unwrap_or(""),
        first_titles.join("、")
    );
    assert!(
        env.msg.starts_with(&want),
        "{} should start with {want}",
        env.msg
    );
    assert!(env.msg.ends_with("，不能删除"), "{}", env.msg);
    // A middle category: its children are named.
    let mid_node = node(&t, mid);
    let env = gw
        .post(DELETE, &admin, json!({"id": mid}))
        .await
        .fails("data_in_use");
    let kids = names(&mid_node["children"]);
    let want = format!(
        "类目「{}」下还有{} 个子类目（{}",
        mid_node["name"].as_str().unwrap_or(""),
        kids.len(),
        kids.iter().take(3).cloned().collect::<Vec<_>>().join("、")
    );
    assert!(
        env.msg.starts_with(&want),
        "{} should start with {want}",
        env.msg
    );
    assert_eq!(tree(&gw, &admin).await, t, "nothing was deleted");
    // An unused category goes; a stale version conflicts; a gone one is not found.
    let made = gw
        .post(SAVE, &admin, json!({"parentId": mid, "name": "临时类目"}))
        .await
        .ok();
    gw.post(DELETE, &admin, json!({"id": made["id"], "version": 7}))
        .await
        .fails("data_conflict");
    let gone = gw
        .post(
            DELETE,
            &admin,
            json!({"id": made["id"], "version": made["version"]}),
        )
        .await
        .ok();
    assert_eq!(gone, json!({"id": made["id"]}));
    gw.post(DELETE, &admin, json!({"id": made["id"]}))
        .await
        .fails("data_not_found");
    assert_eq!(tree(&gw, &admin).await, t);
    let audit = gw
        .get("mtop.admin.audit.list", &admin, json!({"api": DELETE}))
        .await
        .ok();
    assert_eq!(audit["total"], 1);
    assert_eq!(audit["list"][0]["summary"], "删除类目「临时类目」");
}

#[tokio::test]
async fn a_category_an_opportunity_or_a_shop_names_is_in_use_too() {
    let gw = Gw::new();
    let admin = gw.admin().await;
    let (_, mid, _) = busy_path(&gw);
    let made = gw
        .post(SAVE, &admin, json!({"parentId": mid, "name": "求购专区"}))
        .await
        .ok();
    let id = made["id"].as_i64().expect("id");
    let shop: String = gw
        .state
        .store
        .write(|tx| {
            tx.execute(
                "UPDATE opportunity SET category_id = ?1 WHERE id = (SELECT min(id) FROM opportunity)",
                [id],
            )?;
            tx.execute(
                "UPDATE shop SET main_category_ids = json_array(?1) WHERE id = (SELECT min(id) FROM shop)",
                [id],
            )?;
            Ok(tx.query_row("SELECT name FROM shop WHERE id = (SELECT min(id) FROM shop)", [], |r| r.get(0))?)
        })
        .expect("use the category");
    let env = gw
        .post(DELETE, &admin, json!({"id": id}))
        .await
        .fails("data_in_use");
    assert!(env.msg.contains("1 条采购商机（"), "{}", env.msg);
    assert!(
        env.msg
            .contains(&format!("1 家店铺以它为主营类目（{shop}）")),
        "{}",
        env.msg
    );
}

#[tokio::test]
async fn two_saves_at_one_version_one_wins_and_the_other_conflicts() {
    let gw = Arc::new(Gw::new());
    let admin = gw.admin().await;
    let (_, mid, leaf) = busy_path(&gw);
    let version = node(&tree(&gw, &admin).await, leaf)["version"].clone();
    let tasks: Vec<_> = ["甲方案", "乙方案"]
        .into_iter()
        .map(|name| {
            let gw = Arc::clone(&gw);
            let admin = admin.clone();
            let version = version.clone();
            tokio::spawn(async move {
                (
                    name,
                    gw.post(
                        SAVE,
                        &admin,
                        json!({"id": leaf, "version": version, "parentId": mid, "name": name}),
                    )
                    .await,
                )
            })
        })
        .collect();
    let mut winners = Vec::new();
    for t in tasks {
        let (name, env) = t.await.expect("task");
        if env.success {
            winners.push(name);
        } else {
            assert_eq!(env.code, "data_conflict");
        }
    }
    assert_eq!(winners.len(), 1, "exactly one wins");
    assert_eq!(node(&tree(&gw, &admin).await, leaf)["name"], winners[0]);
}

#[tokio::test]
async fn two_deletes_of_one_category_delete_it_once() {
    let gw = Arc::new(Gw::new());
    let admin = gw.admin().await;
    let made = gw
        .post(SAVE, &admin, json!({"name": "一次性类目"}))
        .await
        .ok();
    let tasks: Vec<_> = (0..2)
        .map(|_| {
            let gw = Arc::clone(&gw);
            let admin = admin.clone();
            let data = json!({"id": made["id"], "version": made["version"]});
            tokio::spawn(async move { gw.post(DELETE, &admin, data).await })
        })
        .collect();
    let mut codes = Vec::new();
    for t in tasks {
        codes.push(t.await.expect("task").code);
    }
    codes.sort();
    assert_eq!(codes, ["SUCCESS", "data_not_found"]);
    let audit = gw
        .get("mtop.admin.audit.list", &admin, json!({"api": DELETE}))
        .await
        .ok();
    assert_eq!(audit["total"], 1, "one delete recorded");
}

#[tokio::test]
async fn a_sort_racing_a_new_sibling_never_loses_or_duplicates_a_child() {
    for round in 0..4 {
        let gw = Arc::new(Gw::new());
        let admin = gw.admin().await;
        let (_, mid, _) = busy_path(&gw);
        let children: Vec<i64> = node(&tree(&gw, &admin).await, mid)["children"]
            .as_array()
            .expect("children")
            .iter()
            .map(|c| c["id"].as_i64().expect("id"))
            .rev()
            .collect();
        let sorter = {
            let gw = Arc::clone(&gw);
            let admin = admin.clone();
            tokio::spawn(async move {
                gw.post(SORT, &admin, json!({"parentId": mid, "ids": children}))
                    .await
            })
        };
        let saver = {
            let gw = Arc::clone(&gw);
            let admin = admin.clone();
            tokio::spawn(async move {
                gw.post(
                    SAVE,
                    &admin,
                    json!({"parentId": mid, "name": format!("新类目{round}")}),
                )
                .await
            })
        };
        let sorted = sorter.await.expect("sort");
        let saved = saver.await.expect("save").ok();
        if !sorted.success {
            // The save came first: the sort's list was stale and nothing was reordered.
            assert_eq!(sorted.code, "param_invalid");
            assert_eq!(sorted.fields(), ["ids"]);
        }
        let after = node(&tree(&gw, &admin).await, mid);
        let kids = after["children"].as_array().expect("children");
        assert!(
            kids.iter().any(|k| k["id"] == saved["id"]),
            "the new child is there"
        );
        let mut sorts: Vec<i64> = kids
            .iter()
            .map(|k| k["sort"].as_i64().unwrap_or(0))
            .collect();
        let n = sorts.len();
        sorts.sort();
        sorts.dedup();
        assert_eq!(sorts.len(), n, "no two siblings share a sort number");
        assert_eq!(
            kids.last().map(|k| k["id"].clone()),
            Some(saved["id"].clone()),
            "the new child is last"
        );
    }
}
