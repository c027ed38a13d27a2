//! Shops and products as 运营 records point at them: an ad's link, an activity's item, a
//! recommendation. What is wrong with a target now (frozen, closed, off sale — the lists flag it),
//! and the pickers' search over the ones that may be chosen (active shops, products on sale).

use core_wasm::lifecycle::Entity;
use core_wasm::ops::PickItem;
use rusqlite::types::Value as Sql;
use rusqlite::{Connection, OptionalExtension, params_from_iter};

use super::like_contains;
use crate::error::AppError;

/// What a record may point at.
pub const KINDS: [&str; 2] = ["shop", "product"];

/// At most this many picker results.
pub const PICK_LIMIT: i64 = 20;

/// Why a shop in `status` (None: it does not exist) is a problem to point at: anything but active.
pub fn shop_problem(status: Option<&str>) -> Option<String> {
    match status {
        None => Some("店铺不存在".to_owned()),
        Some("active") => None,
        Some(s) => Some(format!("店铺{}", Entity::Shop.lifecycle().label(s))),
    }
}

/// Why a product in `status` whose shop is in `shop_status` is a problem to point at: anything but
/// on sale in an active shop.
pub fn product_problem(status: Option<&str>, shop_status: Option<&str>) -> Option<String> {
    match status {
        None => Some("商品不存在".to_owned()),
        Some("draft") => Some("商品未上架".to_owned()),
        Some("onSale") => match shop_status {
            Some("active") | None => None,
            Some(s) => Some(format!("所属店铺{}", Entity::Shop.lifecycle().label(s))),
        },
        Some(s) => Some(format!("商品{}", Entity::Product.lifecycle().label(s))),
    }
}

/// The problem of a target of `kind` with its status (and its shop's, for a product).
pub fn problem(kind: &str, status: Option<&str>, shop_status: Option<&str>) -> Option<String> {
    match kind {
        "shop" => shop_problem(status),
        "product" => product_problem(status, shop_status),
        _ => None,
    }
}

/// A shop or product as a pointer shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// Name or title.
    pub name: String,
    /// Its state.
    pub status: String,
    /// For a product, its shop's state.
    pub shop_status: Option<String>,
    /// Logo or first image, as a stored key.
    pub image: Option<String>,
    /// City (shop) or shop name (product).
    pub extra: String,
    /// A product's lowest and highest price, fen.
    pub prices: Option<(i64, i64)>,
}

impl Target {
    /// What is wrong with pointing at it now.
    pub fn problem(&self, kind: &str) -> Option<String> {
        problem(kind, Some(&self.status), self.shop_status.as_deref())
    }
}

/// The shop or product `id` of `kind`, if it exists.
pub fn get(conn: &Connection, kind: &str, id: i64) -> Result<Option<Target>, AppError> {
    let sql = match kind {
        "shop" => {
            "SELECT name, status, NULL, logo, province || ' ' || city, NULL, NULL
             FROM shop WHERE id = ?1"
        }
        "product" => {
            "SELECT p.title, p.status, s.status, json_extract(p.images, '$[0]'), s.name,
                    p.price_min, p.price_max
             FROM product p JOIN shop s ON s.id = p.shop_id WHERE p.id = ?1"
        }
        _ => return Ok(None),
    };
    Ok(conn
        .prepare_cached(sql)?
        .query_row([id], |r| {
            let lo: Option<i64> = r.get(5)?;
            let hi: Option<i64> = r.get(6)?;
            Ok(Target {
                name: r.get(0)?,
                status: r.get(1)?,
                shop_status: r.get(2)?,
                image: r.get::<_, Option<String>>(3)?.filter(|k| !k.is_empty()),
                extra: r.get(4)?,
                prices: lo.zip(hi),
            })
        })
        .optional()?)
}

/// The pickers' search: active shops by name, or products on sale in active shops by title; a
/// keyword of digits also finds the record with that id. Blank: the first ones. At most
/// [`PICK_LIMIT`], by id.
pub fn pick(
    conn: &Connection,
    kind: &str,
    keyword: Option<&str>,
) -> Result<Vec<PickItem>, AppError> {
    let keyword = keyword.map(str::trim).filter(|k| !k.is_empty());
    let (base, name) = match kind {
        "shop" => (
            "SELECT 'shop', id, name, city, status FROM shop WHERE status = 'active'",
            "name",
        ),
        "product" => (
            "SELECT 'product', p.id, p.title, s.name, p.status
             FROM product p JOIN shop s ON s.id = p.shop_id
             WHERE p.status = 'onSale' AND s.status = 'active'",
            "p.title",
        ),
        _ => return Ok(Vec::new()),
    };
    let id = if kind == "shop" { "id" } else { "p.id" };
    let mut args = Vec::new();
    let filter = match keyword {
        Some(k) => {
            args.push(Sql::Text(like_contains(k)));
            args.push(k.parse::<i64>().map_or(Sql::Null, Sql::Integer));
            format!(" AND ({name} LIKE ? ESCAPE '\\' OR {id} = ?)")
        }
        None => String::new(),
    };
    args.push(Sql::Integer(PICK_LIMIT));
    let sql = format!("{base}{filter} ORDER BY {id} LIMIT ?");
    let rows = conn
        .prepare_cached(&sql)?
        .query_map(params_from_iter(args.iter()), |r| {
            Ok(PickItem {
                kind: r.get(0)?,
                id: r.get(1)?,
                name: r.get(2)?,
                extra: r.get(3)?,
                status: r.get(4)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problems_read_as_the_lists_flag_them() {
        assert_eq!(shop_problem(Some("active")), None);
        assert_eq!(shop_problem(Some("frozen")).as_deref(), Some("店铺已冻结"));
        assert_eq!(shop_problem(Some("closed")).as_deref(), Some("店铺已关闭"));
        assert_eq!(shop_problem(None).as_deref(), Some("店铺不存在"));
        assert_eq!(product_problem(Some("onSale"), Some("active")), None);
        assert_eq!(
            product_problem(Some("offSale"), Some("active")).as_deref(),
            Some("商品已下架")
        );
        assert_eq!(
            product_problem(Some("onSale"), Some("frozen")).as_deref(),
            Some("所属店铺已冻结")
        );
        assert_eq!(
            product_problem(Some("draft"), None).as_deref(),
            Some("商品未上架")
        );
    }
}
