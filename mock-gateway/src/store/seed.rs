//! The first-start seed (product.md): three roles, three accounts and the full menu tree of the
//! spec's route table (seed-spec §2) plus 产业带, 数据字典 and 操作日志; and the demo 数据字典
//! entries, seeded in a step of their own so databases seeded before the dictionary get them too.

use core_wasm::constants::ACCESS_CAN_SEE_ADMIN;
use rusqlite::{Connection, OptionalExtension, Transaction, params};

use crate::config::HashCost;
use crate::error::AppError;
use crate::password::hash_password;

/// One seeded menu node. Names are full paths.
pub struct SeedMenu {
    /// The label.
    pub alias: &'static str,
    /// The full route path without its leading slash.
    pub name: &'static str,
    /// 1 shown in the menu, 0 hidden but routable.
    pub visible: i64,
    /// An antd icon name (top-level groups only).
    pub icon: Option<&'static str>,
    /// Children, in display order.
    pub children: &'static [SeedMenu],
}

const fn leaf(alias: &'static str, name: &'static str, visible: i64) -> SeedMenu {
    SeedMenu {
        alias,
        name,
        visible,
        icon: None,
        children: &[],
    }
}

/// The seeded menu tree, in spec order.
pub const MENU_TREE: &[SeedMenu] = &[
    SeedMenu {
        alias: "首页",
        name: "home",
        visible: 1,
        icon: Some("HomeOutlined"),
        children: &[],
    },
    SeedMenu {
        alias: "基础信息",
        name: "baseMgmt",
        visible: 1,
        icon: Some("ShopOutlined"),
        children: &[
            SeedMenu {
                alias: "店铺管理",
                name: "baseMgmt/shopMgmt",
                visible: 1,
                icon: None,
                children: &[leaf("店铺详情", "baseMgmt/shopMgmt/shopDetail", 0)],
            },
            SeedMenu {
                alias: "商品管理",
                name: "baseMgmt/prodMgmt",
                visible: 1,
                icon: None,
                children: &[leaf("商品详情", "baseMgmt/prodMgmt/prodDetail", 0)],
            },
            leaf("类目管理", "baseMgmt/classifyMgmt", 1),
            SeedMenu {
                alias: "用户管理",
                name: "baseMgmt/userMgmt",
                visible: 1,
                icon: None,
                children: &[leaf("用户详情", "baseMgmt/userMgmt/userDetail", 0)],
            },
            leaf("邀请管理", "baseMgmt/invitationMgmt", 1),
        ],
    },
    SeedMenu {
        alias: "异常页",
        name: "exception",
        visible: 0,
        icon: Some("WarningOutlined"),
        children: &[
            leaf("403", "exception/403", 0),
            leaf("404", "exception/404", 0),
            leaf("500", "exception/500", 0),
        ],
    },
    SeedMenu {
        alias: "运营管理",
        name: "operate",
        visible: 1,
        icon: Some("RocketOutlined"),
        children: &[
            SeedMenu {
                alias: "广告管理",
                name: "operate/advertise",
                visible: 1,
                icon: None,
                children: &[
                    leaf("广告位管理", "operate/advertise/advertisePosition", 0),
                    leaf("广告位详情", "operate/advertise/advertisePositionDetail", 0),
                ],
            },
            leaf("专题活动", "operate/thematicActivity", 1),
            leaf("专题详情", "operate/thematicDetails", 0),
            leaf("功能入口", "operate/abilityEntry", 1),
            leaf("首页推荐商家", "operate/homeRecommend", 1),
            leaf("询价单", "operate/inquiryOrders", 1),
            SeedMenu {
                alias: "采购商机",
                name: "operate/business",
                visible: 1,
                icon: None,
                children: &[
                    leaf("商机审核", "operate/business/toExamine", 1),
                    leaf("商机查看", "operate/business/inspect", 1),
                    leaf("商机回复", "operate/business/reply", 1),
                ],
            },
            leaf("产业带", "operate/industrialBelt", 1),
        ],
    },
    SeedMenu {
        alias: "系统管理",
        name: "system",
        visible: 1,
        icon: Some("SettingOutlined"),
        children: &[
            leaf("系统用户", "system/user", 1),
            leaf("角色管理", "system/role", 1),
            leaf("权限管理", "system/permission", 1),
            leaf("菜单管理", "system/menu", 1),
            leaf("数据字典", "system/dict", 1),
            leaf("操作日志", "system/audit", 1),
        ],
    },
];

/// The super administrator's role name.
pub const ROLE_ADMIN: &str = "超级管理员";
/// The operators' role name.
pub const ROLE_OPERATOR: &str = "运营";
/// The guests' role name.
pub const ROLE_GUEST: &str = "访客";

/// A seeded account: username, password, nickname, role.
pub const ACCOUNTS: [(&str, &str, &str, &str); 3] = [
    ("admin", "Admin@123", "系统管理员", ROLE_ADMIN),
    ("operator", "Operator@123", "运营小王", ROLE_OPERATOR),
    ("dontHaveAccess", "NoAccess@123", "无权限用户", ROLE_GUEST),
];

/// Which seeded menus a role owns.
fn role_owns(role: &str, menu_name: &str) -> bool {
    match role {
        ROLE_ADMIN => true,
        ROLE_OPERATOR => {
            menu_name == "home" || menu_name == "operate" || menu_name.starts_with("operate/")
        }
        _ => menu_name == "home",
    }
}

/// Seeds an empty database once; a database that was ever seeded is left alone, even when its
/// records were later deleted.
pub fn seed_if_new(conn: &mut Connection, cost: HashCost, now: i64) -> Result<(), AppError> {
    let seeded: Option<String> = conn
        .query_row("SELECT value FROM meta WHERE key = 'seeded_at'", [], |r| {
            r.get(0)
        })
        .optional()?;
    if seeded.is_some() {
        return Ok(());
    }
    // Hash before the transaction: hashing is the slow part of the first start.
    let hashes = ACCOUNTS
        .iter()
        .map(|(_, password, _, _)| hash_password(password, cost))
        .collect::<Result<Vec<_>, _>>()?;
    let tx = conn.transaction()?;
    seed(&tx, &hashes, now)?;
    tx.commit()?;
    tracing::info!("database seeded");
    Ok(())
}

fn seed(tx: &Transaction<'_>, hashes: &[String], now: i64) -> Result<(), AppError> {
    let mut menus = Vec::new();
    insert_menus(tx, MENU_TREE, None, now, &mut menus)?;

    for role in [ROLE_ADMIN, ROLE_OPERATOR, ROLE_GUEST] {
        tx.execute(
            "INSERT INTO sys_role (parent_id, name, remark, created_at, updated_at)
             VALUES (NULL, ?1, ?2, ?3, ?3)",
            params![role, role_remark(role), now],
        )?;
        let role_id = tx.last_insert_rowid();
        for (menu_id, name) in &menus {
            if role_owns(role, name) {
                tx.execute(
                    "INSERT INTO sys_role_menu (role_id, menu_id) VALUES (?1, ?2)",
                    params![role_id, menu_id],
                )?;
            }
        }
    }

    for ((username, _, nickname, role), hash) in ACCOUNTS.iter().zip(hashes) {
        tx.execute(
            "INSERT INTO sys_user (username, nickname, password_hash, status, created_at, updated_at)
             VALUES (?1, ?2, ?3, 'enabled', ?4, ?4)",
            params![username, nickname, hash, now],
        )?;
        let user_id = tx.last_insert_rowid();
        tx.execute(
            "INSERT INTO sys_user_role (user_id, role_id)
             SELECT ?1, id FROM sys_role WHERE name = ?2 AND parent_id IS NULL",
            params![user_id, role],
        )?;
    }
    tx.execute(
        "INSERT INTO meta (key, value) VALUES ('seeded_at', ?1)",
        params![now.to_string()],
    )?;
    Ok(())
}

/// A seeded dictionary entry: type, key, label, value, remark. `sort` runs 10, 20, … per type.
pub type SeedDict = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

/// The demo dictionary: what the back office's forms pick from.
pub const DICT_ENTRIES: &[SeedDict] = &[
    (
        "shop_level",
        "level_1",
        "一星店铺",
        "1",
        "新入驻店铺的默认等级",
    ),
    ("shop_level", "level_2", "二星店铺", "2", ""),
    ("shop_level", "level_3", "三星店铺", "3", ""),
    ("shop_level", "level_4", "四星店铺", "4", ""),
    (
        "shop_level",
        "level_5",
        "五星店铺",
        "5",
        "需年交易额达标且无违规记录",
    ),
    ("product_unit", "piece", "件", "件", ""),
    ("product_unit", "box", "箱", "箱", ""),
    ("product_unit", "ton", "吨", "吨", "大宗原材料常用"),
    ("product_unit", "meter", "米", "米", "布料、线缆按长度计"),
    ("product_unit", "set", "套", "套", ""),
    ("product_unit", "kg", "千克", "千克", ""),
    (
        "member_type",
        "buyer",
        "采购商",
        "buyer",
        "发布商机、发起询价",
    ),
    (
        "member_type",
        "seller",
        "供应商",
        "seller",
        "开店、报价、回复商机",
    ),
    ("ad_link_type", "url", "外部链接", "url", "须为 https 地址"),
    ("ad_link_type", "shop", "店铺", "shop", "跳转到店铺首页"),
    (
        "ad_link_type",
        "product",
        "商品",
        "product",
        "跳转到商品详情",
    ),
    (
        "opportunity_reject_reason",
        "incomplete",
        "信息不完整",
        "请补充采购数量、规格与交货期",
        "",
    ),
    (
        "opportunity_reject_reason",
        "contact_info",
        "含联系方式",
        "商机内容不得包含电话、微信等站外联系方式",
        "",
    ),
    (
        "opportunity_reject_reason",
        "prohibited",
        "违禁品类",
        "所需商品属于平台禁售品类",
        "",
    ),
    (
        "opportunity_reject_reason",
        "duplicate",
        "重复发布",
        "与已发布的商机内容重复",
        "",
    ),
    (
        "opportunity_reject_reason",
        "other",
        "其他",
        "商机不符合平台发布规范",
        "驳回时须另填具体原因",
    ),
    (
        "shop_freeze_reason",
        "counterfeit",
        "售假",
        "店铺存在销售假冒商品行为",
        "",
    ),
    (
        "shop_freeze_reason",
        "complaints",
        "投诉较多",
        "近30天有效投诉超过平台限额",
        "",
    ),
    (
        "shop_freeze_reason",
        "license_expired",
        "资质过期",
        "营业执照或行业资质已过期",
        "资质更新后可申请解冻",
    ),
];

/// The `meta` key recording that the dictionary was seeded.
const DICT_SEEDED: &str = "dict_seeded_at";

/// Seeds the demo dictionary once per database, whenever it was first seeded: entries deleted later
/// stay deleted. An entry whose (type, key) already exists is left as it is.
pub fn seed_dict_if_new(conn: &mut Connection, now: i64) -> Result<(), AppError> {
    let tx = conn.transaction()?;
    let seeded = tx
        .query_row("SELECT 1 FROM meta WHERE key = ?1", [DICT_SEEDED], |_| {
            Ok(())
        })
        .optional()?;
    if seeded.is_some() {
        return Ok(());
    }
    {
        let mut insert = tx.prepare(
            "INSERT OR IGNORE INTO sys_dict (dict_type, dict_key, label, value, sort, remark,
                status, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'enabled', ?7, ?7)",
        )?;
        let mut previous = "";
        let mut sort = 0;
        for &(r#type, key, label, value, remark) in DICT_ENTRIES {
            sort = if r#type == previous { sort + 10 } else { 10 };
            previous = r#type;
            insert.execute(params![r#type, key, label, value, sort, remark, now])?;
        }
    }
    tx.execute(
        "INSERT INTO meta (key, value) VALUES (?1, ?2)",
        params![DICT_SEEDED, now.to_string()],
    )?;
    tx.commit()?;
    tracing::info!(entries = DICT_ENTRIES.len(), "dictionary seeded");
    Ok(())
}

fn role_remark(role: &str) -> &'static str {
    match role {
        ROLE_ADMIN => "拥有全部菜单与操作权限",
        ROLE_OPERATOR => "负责首页与运营管理",
        _ => "仅可查看首页",
    }
}

fn insert_menus(
    tx: &Transaction<'_>,
    nodes: &[SeedMenu],
    parent: Option<i64>,
    now: i64,
    out: &mut Vec<(i64, &'static str)>,
) -> Result<(), AppError> {
    for (index, node) in nodes.iter().enumerate() {
        let sort = (index as i64 + 1) * 10;
        tx.execute(
            "INSERT INTO sys_menu (parent_id, alias, name, icon, visible, sort, access, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)",
            params![
                parent,
                node.alias,
                node.name,
                node.icon,
                node.visible,
                sort,
                ACCESS_CAN_SEE_ADMIN,
                now
            ],
        )?;
        let id = tx.last_insert_rowid();
        out.push((id, node.name));
        insert_menus(tx, node.children, Some(id), now, out)?;
    }
    Ok(())
}

/// How many menu nodes the seed writes.
pub fn menu_count() -> usize {
    fn count(nodes: &[SeedMenu]) -> usize {
        nodes.iter().map(|n| 1 + count(n.children)).sum()
    }
    count(MENU_TREE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_tree_has_every_spec_route_with_valid_full_path_names() {
        // 32 routes of the spec's table plus 产业带, 数据字典 and 操作日志.
        assert_eq!(menu_count(), 35);
        fn walk(nodes: &[SeedMenu], parent: &str) {
            for n in nodes {
                assert_eq!(core_wasm::menu::check_name(n.name), Ok(()), "{}", n.name);
                if !parent.is_empty() {
                    assert!(n.name.starts_with(&format!("{parent}/")), "{}", n.name);
                }
                walk(n.children, n.name);
            }
        }
        walk(MENU_TREE, "");
    }

    #[test]
    fn the_seed_dictionary_passes_core_rules_and_has_unique_keys() {
        let mut seen = std::collections::HashSet::new();
        for &(r#type, key, label, value, remark) in DICT_ENTRIES {
            let form = core_wasm::validate::DictForm {
                r#type: r#type.into(),
                key: key.into(),
                label: label.into(),
                value: value.into(),
                sort: Some(10),
                remark: Some(remark.into()),
            };
            assert!(
                core_wasm::validate::dict_form(&form).is_empty(),
                "{type}/{key}"
            );
            assert!(
                seen.insert((r#type.to_lowercase(), key.to_lowercase())),
                "{type}/{key} twice"
            );
        }
        assert!((20..=30).contains(&DICT_ENTRIES.len()));
    }

    #[test]
    fn the_dictionary_reaches_a_database_seeded_before_it_once() -> Result<(), AppError> {
        let mut conn = Connection::open_in_memory()?;
        // A database as the first release left it: schema 1, seeded, no dictionary.
        conn.execute_batch(crate::store::migrations::MIGRATIONS[0])?;
        conn.pragma_update(None, "user_version", 1)?;
        seed_if_new(&mut conn, HashCost::TEST, 1)?;
        crate::store::migrations::migrate(&mut conn)?;
        seed_if_new(&mut conn, HashCost::TEST, 2)?;
        seed_dict_if_new(&mut conn, 2)?;
        let n: i64 = conn.query_row("SELECT count(*) FROM sys_dict", [], |r| r.get(0))?;
        assert_eq!(n, DICT_ENTRIES.len() as i64);
        // Deleted entries are not brought back by a later start.
        conn.execute("DELETE FROM sys_dict WHERE dict_type = 'member_type'", [])?;
        seed_dict_if_new(&mut conn, 3)?;
        let n: i64 = conn.query_row("SELECT count(*) FROM sys_dict", [], |r| r.get(0))?;
        assert_eq!(n, DICT_ENTRIES.len() as i64 - 2);
        let sorts: Vec<i64> = conn
            .prepare("SELECT sort FROM sys_dict WHERE dict_type = 'shop_level' ORDER BY id")?
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        assert_eq!(sorts, [10, 20, 30, 40, 50]);
        Ok(())
    }

    #[test]
    fn roles_own_what_product_md_says() {
        assert!(role_owns(ROLE_ADMIN, "system/menu"));
        assert!(role_owns(ROLE_OPERATOR, "operate/business/reply"));
        assert!(role_owns(ROLE_OPERATOR, "home"));
        assert!(!role_owns(ROLE_OPERATOR, "system/user"));
        assert!(!role_owns(ROLE_OPERATOR, "operateX"));
        assert!(role_owns(ROLE_GUEST, "home"));
        assert!(!role_owns(ROLE_GUEST, "operate"));
    }
}
