//! 运营管理's demo data: ad slots on the home and category pages, 40 ads over past, current and
//! future periods (enabled ones within each slot's capacity), activities in every state with their
//! items, 12 home-page entries and 10 recommended shops — deterministic (its own seeded ChaCha
//! stream over 基础信息's deterministic shops and products), times relative to the clock at seed
//! time.
//!
//! [`load`] writes it once per database, under its own `meta` key, after 基础信息's data (it
//! points at those shops and products), so a database seeded before 运营管理 existed gets it at its
//! next start. `--scale N` adds `(N - 1) × 40` expired ads (a long history for `ad.list` to page
//! through); the rest is the same at any scale.

use core_wasm::schedule::overflow;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rusqlite::{Connection, OptionalExtension, Transaction, params};

use crate::clock::start_of_day;
use crate::error::AppError;
use crate::store::files::SEED_PRODUCT_IMAGES;

/// The stream's seed.
const SEED: u64 = 0x0ad0_2026_0010;

/// The `meta` key recording that this data was written.
pub const SEEDED: &str = "operate_seeded_at";

const HOUR: i64 = 3_600_000;
const DAY: i64 = 24 * HOUR;

/// Ads scale 1 writes.
pub const BASE_ADS: usize = 40;

/// What [`load`] wrote.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Ad slots.
    pub slots: usize,
    /// Ads (of which enabled).
    pub ads: usize,
    /// Enabled ads.
    pub enabled_ads: usize,
    /// Activities.
    pub activities: usize,
    /// Their items.
    pub items: usize,
    /// Entries.
    pub entries: usize,
    /// Recommendations.
    pub recommends: usize,
}

struct Slot {
    name: &'static str,
    code: &'static str,
    page: &'static str,
    width: i64,
    height: i64,
    max_ads: i64,
    enabled: bool,
    /// How many of the 40 ads it gets.
    ads: usize,
}

const fn slot(
    name: &'static str,
    code: &'static str,
    page: &'static str,
    (width, height): (i64, i64),
    max_ads: i64,
    ads: usize,
) -> Slot {
    Slot {
        name,
        code,
        page,
        width,
        height,
        max_ads,
        enabled: true,
        ads,
    }
}

const SLOTS: [Slot; 7] = [
    slot("首页轮播", "home_banner", "home", (750, 320), 5, 12),
    slot("首页腰部通栏", "home_middle", "home", (750, 200), 2, 6),
    slot("首页开屏弹窗", "home_popup", "home", (600, 800), 1, 4),
    slot(
        "类目页顶部横幅",
        "category_banner",
        "category",
        (750, 240),
        3,
        8,
    ),
    slot(
        "类目页侧栏推荐",
        "category_side",
        "category",
        (240, 400),
        2,
        5,
    ),
    slot(
        "搜索结果页横幅",
        "search_banner",
        "search",
        (750, 160),
        1,
        3,
    ),
    Slot {
        enabled: false,
        ..slot("店铺页底部通栏", "shop_footer", "shop", (750, 120), 1, 2)
    },
];

/// Ad titles, one per ad of scale 1.
const AD_TITLES: [&str; BASE_ADS] = [
    "春季新品采购节 源头好货抢先订",
    "义乌小商品开年采购季",
    "源头工厂一件代发专区",
    "跨境爆款 工厂直供",
    "五金工具品质月 满额包邮",
    "纺织面料展销周",
    "家居百货满千减百",
    "新店入驻扶持计划",
    "产业带直播周 每晚8点开播",
    "认证工厂专区 支持验厂",
    "开学季文具采购专场",
    "夏日清凉家电节",
    "618采购节预热",
    "年货节工厂直供",
    "外贸尾单清仓",
    "包装材料一站式采购",
    "定制加工专场 小单快反",
    "安全防护用品专场",
    "母婴用品品质保障月",
    "汽配工业品采购节",
    "户外运动装备上新",
    "办公用品集采优惠",
    "厨房小家电源头直供",
    "宠物用品新锐品牌",
    "美妆个护代工专区",
    "灯具照明工厂特惠",
    "箱包皮具秋冬新款",
    "鞋服面料辅料大全",
    "电子元器件现货速发",
    "园艺工具春耕季",
    "酒店用品批发专场",
    "节日礼品定制季",
    "智能家居新品首发",
    "玩具潮品寒假备货",
    "建材卫浴品牌周",
    "双11源头工厂狂欢",
    "直播选品会 好货任你挑",
    "出口转内销精选",
    "农资农具采购季",
    "金牌供应商推荐榜",
];

/// Landing pages of URL ads.
const AD_URLS: [&str; 6] = [
    "https://act.adnur.example/2026/spring-fair",
    "https://act.adnur.example/live/belt-week",
    "https://act.adnur.example/newshop/support",
    "https://act.adnur.example/factory/verified",
    "https://help.adnur.example/guide/buying",
    "https://act.adnur.example/export/outlet",
];

struct ActivitySeed {
    title: &'static str,
    description: &'static str,
    /// Start, days from the start of today.
    start_day: i64,
    days: i64,
    status: &'static str,
    shops: usize,
    products: usize,
    /// Includes a frozen shop and an off-sale product (flagged on the detail page).
    flagged: bool,
}

const fn activity(
    title: &'static str,
    description: &'static str,
    (start_day, days): (i64, i64),
    status: &'static str,
    (shops, products): (usize, usize),
) -> ActivitySeed {
    ActivitySeed {
        title,
        description,
        start_day,
        days,
        status,
        shops,
        products,
        flagged: false,
    }
}

const ACTIVITIES: [ActivitySeed; 9] = [
    activity(
        "春季新品采购节",
        "精选各产业带春季新品，源头工厂直供，支持小批量试单与看样。",
        (-10, 30),
        "online",
        (0, 8),
    ),
    activity(
        "义乌好店推荐周",
        "义乌小商品产业带口碑店铺集中展示，发货快、售后有保障。",
        (-3, 14),
        "online",
        (6, 0),
    ),
    ActivitySeed {
        flagged: true,
        ..activity(
            "跨境电商爆款专区",
            "亚马逊、速卖通热销同款，工厂支持贴牌与一件代发。",
            (-20, 45),
            "online",
            (3, 6),
        )
    },
    activity(
        "五金工具品质月",
        "手动工具、电动工具、紧固件品质好货，满额包邮。",
        (-5, 30),
        "online",
        (2, 5),
    ),
    activity(
        "外贸尾单清仓",
        "出口订单余量低价清仓，数量有限，先到先得。",
        (-40, 30),
        "online",
        (0, 4),
    ),
    activity(
        "夏季清凉家电节",
        "风扇、冷风机、小型制冷家电提前备货，工厂价直供。",
        (20, 21),
        "draft",
        (0, 3),
    ),
    activity(
        "开学季文具采购专场",
        "学生文具、办公用品集中采购，支持定制校徽与logo。",
        (45, 20),
        "draft",
        (0, 0),
    ),
    activity(
        "年货节工厂直供",
        "年货礼盒、节庆装饰、食品包装一站采购。",
        (-80, 25),
        "offline",
        (2, 6),
    ),
    activity(
        "双11源头工厂狂欢",
        "源头工厂限时让利，爆款现货48小时发货。",
        (-120, 15),
        "offline",
        (4, 4),
    ),
];

/// The 12 home-page entries: name, icon, link, shown.
const ENTRIES: [(&str, &str, &str, bool); 12] = [
    ("找工厂", "ShopOutlined", "/pages/factory", true),
    ("产业带", "AppstoreOutlined", "/pages/belt", true),
    (
        "发布求购",
        "NotificationOutlined",
        "/pages/opportunity/publish",
        true,
    ),
    ("我的询价", "FileSearchOutlined", "/pages/inquiry", true),
    ("新品首发", "RocketOutlined", "/pages/new", true),
    ("品质好货", "SafetyOutlined", "/pages/quality", true),
    ("源头工厂", "ToolOutlined", "/pages/factory/source", true),
    ("一件代发", "ShoppingOutlined", "/pages/dropship", true),
    ("行业榜单", "BarChartOutlined", "/pages/rank", true),
    (
        "采购指南",
        "BookOutlined",
        "https://help.adnur.example/guide/buying",
        true,
    ),
    ("领券中心", "GiftOutlined", "/pages/coupon", false),
    ("平台客服", "UserOutlined", "/pages/service", false),
];

/// Why a shop is recommended.
const RECOMMEND_REASONS: [&str; 10] = [
    "源头工厂，近30天询价回复率98%",
    "产业带优质商家，支持验厂看样",
    "金牌供应商，五年平台老店",
    "新店扶持，主营品类热销",
    "品类齐全，支持小批量定制",
    "发货快，48小时发货率99%",
    "外贸出口经验丰富，支持贴牌",
    "买家好评率高，售后有保障",
    "自有工厂，价格有竞争力",
    "本月成交额同类目前十",
];

/// Writes the data unless this database already has it.
pub fn load(conn: &mut Connection, scale: u32, now: i64) -> Result<Option<Summary>, AppError> {
    let seeded = conn
        .query_row("SELECT 1 FROM meta WHERE key = ?1", [SEEDED], |_| Ok(()))
        .optional()?;
    if seeded.is_some() {
        return Ok(None);
    }
    let tx = conn.transaction()?;
    let summary = write(&tx, scale.max(1) as usize, now)?;
    tx.execute(
        "INSERT INTO meta (key, value) VALUES (?1, ?2)",
        params![SEEDED, now.to_string()],
    )?;
    tx.commit()?;
    tracing::info!(
        slots = summary.slots,
        ads = summary.ads,
        activities = summary.activities,
        "运营 demo data seeded"
    );
    Ok(Some(summary))
}

fn ids(conn: &Connection, sql: &str) -> Result<Vec<i64>, AppError> {
    let rows = conn
        .prepare(sql)?
        .query_map([], |r| r.get(0))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// The pictures, by index (every list here is non-empty).
fn image(i: usize) -> &'static str {
    SEED_PRODUCT_IMAGES[i % SEED_PRODUCT_IMAGES.len()]
}

fn write(tx: &Transaction<'_>, scale: usize, now: i64) -> Result<Summary, AppError> {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut summary = Summary::default();
    let today = start_of_day(now);
    // The best active shops and products on sale in active shops: what the pickers would offer.
    let shops = ids(
        tx,
        "SELECT id FROM shop WHERE status = 'active'
         ORDER BY level DESC, product_count DESC, id LIMIT 60",
    )?;
    let products = ids(
        tx,
        "SELECT p.id FROM product p JOIN shop s ON s.id = p.shop_id
         WHERE p.status = 'onSale' AND s.status = 'active' ORDER BY p.id LIMIT 300",
    )?;
    // Records that went wrong after they were chosen: the lists flag what points at them.
    let frozen_shop = ids(
        tx,
        "SELECT id FROM shop WHERE status = 'frozen' ORDER BY id LIMIT 1",
    )?;
    let off_product = ids(
        tx,
        "SELECT id FROM product WHERE status = 'offSale' ORDER BY id LIMIT 1",
    )?;
    let pick = |rng: &mut ChaCha8Rng, from: &[i64]| -> Option<i64> {
        (!from.is_empty()).then(|| from[rng.random_range(0..from.len())])
    };

    // Slots, created long ago.
    let mut insert_slot = tx.prepare(
        "INSERT INTO ad_slot (id, name, code, page, width, height, max_ads, status, created_at,
            updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9)",
    )?;
    for (i, s) in SLOTS.iter().enumerate() {
        insert_slot.execute(params![
            i as i64 + 1,
            s.name,
            s.code,
            s.page,
            s.width,
            s.height,
            s.max_ads,
            if s.enabled { "enabled" } else { "disabled" },
            today - 400 * DAY
        ])?;
    }
    summary.slots = SLOTS.len();

    // Ads: slot by slot, each a past, current or future period; enabled unless switched off or
    // the slot is already full then.
    let mut insert_ad = tx.prepare(
        "INSERT INTO ad (slot_id, title, image, link_type, link_target, start_at, end_at, sort,
            status, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10)",
    )?;
    let mut title = 0;
    for (s, slot) in SLOTS.iter().enumerate() {
        let mut enabled: Vec<(i64, i64)> = Vec::new();
        for n in 0..slot.ads {
            let days = [7, 14, 14, 21, 30][rng.random_range(0..5)];
            let start = match rng.random_range(0..20) {
                // Past: ended days to weeks ago.
                0..=6 => today - rng.random_range(3..60) * DAY - days * DAY,
                // Current: started within its period.
                7..=13 => today - rng.random_range(0..days - 1) * DAY,
                // Future: starts within the next weeks.
                _ => today + rng.random_range(1..40) * DAY,
            };
            let end = start + days * DAY;
            let (link_type, link_target) = match rng.random_range(0..20) {
                0..=7 => pick(&mut rng, &shops).map_or(("url", AD_URLS[0].to_owned()), |id| {
                    ("shop", id.to_string())
                }),
                8..=14 => pick(&mut rng, &products).map_or(("url", AD_URLS[1].to_owned()), |id| {
                    ("product", id.to_string())
                }),
                _ => (
                    "url",
                    AD_URLS[rng.random_range(0..AD_URLS.len())].to_owned(),
                ),
            };
            // One running ad of the category banner links to a shop frozen since, one of the home
            // banner to a product taken off sale since.
            let (link_type, link_target) = match (slot.code, n) {
                ("category_banner", 0) if !frozen_shop.is_empty() => {
                    ("shop", frozen_shop[0].to_string())
                }
                ("home_banner", 1) if !off_product.is_empty() => {
                    ("product", off_product[0].to_string())
                }
                _ => (link_type, link_target),
            };
            let (start, end) = match (slot.code, n) {
                ("category_banner", 0) | ("home_banner", 1) => (today - 5 * DAY, today + 16 * DAY),
                _ => (start, end),
            };
            let wants_on = slot.enabled && rng.random_range(0..10) < 8;
            let on = wants_on && overflow(&enabled, (start, end), slot.max_ads).is_none();
            if on {
                enabled.push((start, end));
                summary.enabled_ads += 1;
            }
            let created = start.min(now) - rng.random_range(1..8) * DAY - rng.random_range(0..DAY);
            insert_ad.execute(params![
                s as i64 + 1,
                AD_TITLES[title % AD_TITLES.len()],
                image(title),
                link_type,
                link_target,
                start,
                end,
                (n as i64 + 1) * 10,
                if on { "enabled" } else { "disabled" },
                created
            ])?;
            title += 1;
            summary.ads += 1;
        }
    }
    // A longer history at larger scales: weekly ads back in time, in as many lanes as each slot
    // holds, so they never exceed its capacity.
    let history = (scale - 1) * BASE_ADS;
    for k in 0..history {
        let s = k % SLOTS.len();
        let slot = &SLOTS[s];
        let round = k / SLOTS.len();
        let lanes = slot.max_ads as usize;
        let week = (round / lanes) as i64;
        let end = today - 130 * DAY - week * 7 * DAY;
        let start = end - 7 * DAY;
        let link = pick(&mut rng, &products).map_or(("url", AD_URLS[2].to_owned()), |id| {
            ("product", id.to_string())
        });
        insert_ad.execute(params![
            s as i64 + 1,
            AD_TITLES[k % AD_TITLES.len()],
            image(k),
            link.0,
            link.1,
            start,
            end,
            1_000 + round as i64 * 10,
            "enabled",
            start - DAY
        ])?;
        summary.ads += 1;
        summary.enabled_ads += 1;
    }

    // Activities with their items.
    let mut insert_activity = tx.prepare(
        "INSERT INTO activity (id, title, banner, description, start_at, end_at, status,
            created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?;
    let mut insert_item = tx.prepare(
        "INSERT OR IGNORE INTO activity_item (activity_id, kind, target_id, sort)
         VALUES (?1, ?2, ?3, ?4)",
    )?;
    for (i, a) in ACTIVITIES.iter().enumerate() {
        let id = i as i64 + 1;
        let start = today + a.start_day * DAY;
        let end = start + a.days * DAY;
        let created = start.min(now) - 7 * DAY;
        let updated = match a.status {
            "online" => start.min(now),
            "offline" => end.min(now),
            _ => created,
        };
        insert_activity.execute(params![
            id,
            a.title,
            image(i + 3),
            a.description,
            start,
            end,
            a.status,
            created,
            updated
        ])?;
        let mut items: Vec<(&str, i64)> = Vec::new();
        for _ in 0..a.shops {
            if let Some(shop) = pick(&mut rng, &shops) {
                items.push(("shop", shop));
            }
        }
        for _ in 0..a.products {
            if let Some(product) = pick(&mut rng, &products) {
                items.push(("product", product));
            }
        }
        if a.flagged {
            items.extend(frozen_shop.iter().map(|&s| ("shop", s)));
            items.extend(off_product.iter().map(|&p| ("product", p)));
        }
        for (n, (kind, target)) in items.iter().enumerate() {
            summary.items += insert_item.execute(params![id, kind, target, (n as i64 + 1) * 10])?;
        }
    }
    summary.activities = ACTIVITIES.len();

    let mut insert_entry = tx.prepare(
        "INSERT INTO entry (name, icon, link, sort, visible, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
    )?;
    for (i, (name, icon, link, shown)) in ENTRIES.iter().enumerate() {
        insert_entry.execute(params![
            name,
            icon,
            link,
            (i as i64 + 1) * 10,
            i64::from(*shown),
            today - 300 * DAY
        ])?;
    }
    summary.entries = ENTRIES.len();

    // Ten of the best active shops: six running now, two starting soon, two ended lately.
    let mut insert_recommend = tx.prepare(
        "INSERT INTO recommend (shop_id, reason, sort, start_at, end_at, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
    )?;
    for (i, shop) in shops.iter().take(RECOMMEND_REASONS.len()).enumerate() {
        let (start, end) = match i {
            0..=5 => (
                today - rng.random_range(1..15) * DAY,
                today + rng.random_range(7..45) * DAY,
            ),
            6 | 7 => {
                let s = today + rng.random_range(2..10) * DAY;
                (s, s + 30 * DAY)
            }
            _ => {
                let e = today - rng.random_range(1..15) * DAY;
                (e - 30 * DAY, e)
            }
        };
        insert_recommend.execute(params![
            shop,
            RECOMMEND_REASONS[i],
            (i as i64 + 1) * 10,
            start,
            end,
            start.min(now) - 3 * DAY
        ])?;
        summary.recommends += 1;
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::HashCost;
    use core_wasm::schedule::occupancy;

    /// 2026-03-02 10:00:00 UTC+8.
    const NOW: i64 = 1_772_416_800_000;

    fn seeded(scale: u32) -> Result<(Connection, Summary), AppError> {
        let mut conn = Connection::open_in_memory()?;
        crate::store::migrations::migrate(&mut conn)?;
        crate::store::seed::load(&mut conn, HashCost::TEST, NOW)?;
        super::super::load(&mut conn, scale, NOW)?;
        let summary =
            load(&mut conn, scale, NOW)?.ok_or_else(|| AppError::internal("not seeded"))?;
        Ok((conn, summary))
    }

    fn count(conn: &Connection, sql: &str) -> Result<i64, AppError> {
        Ok(conn.query_row(sql, [], |r| r.get(0))?)
    }

    #[test]
    fn what_the_issue_asks_for_once() -> Result<(), AppError> {
        let (mut conn, s) = seeded(1)?;
        assert_eq!(s.ads, 40);
        assert_eq!(s.entries, 12);
        assert_eq!(s.recommends, 10);
        assert!(load(&mut conn, 1, NOW + DAY)?.is_none());
        let pages = count(
            &conn,
            "SELECT count(DISTINCT page) FROM ad_slot WHERE page IN ('home', 'category')",
        )?;
        assert_eq!(pages, 2);
        // Past, current and future ads.
        for (what, sql) in [
            (
                "past",
                format!("SELECT count(*) FROM ad WHERE end_at <= {NOW}"),
            ),
            (
                "current",
                format!("SELECT count(*) FROM ad WHERE start_at <= {NOW} AND end_at > {NOW}"),
            ),
            (
                "future",
                format!("SELECT count(*) FROM ad WHERE start_at > {NOW}"),
            ),
        ] {
            assert!(count(&conn, &sql)? >= 5, "{what}");
        }
        // Links of every kind, to records that exist.
        let kinds = count(&conn, "SELECT count(DISTINCT link_type) FROM ad")?;
        assert_eq!(kinds, 3);
        let dangling = count(
            &conn,
            "SELECT count(*) FROM ad WHERE (link_type = 'shop' AND CAST(link_target AS INTEGER)
                NOT IN (SELECT id FROM shop)) OR (link_type = 'product' AND
                CAST(link_target AS INTEGER) NOT IN (SELECT id FROM product))",
        )?;
        assert_eq!(dangling, 0);
        // Activities in every state; the online ones have items.
        let states = count(&conn, "SELECT count(DISTINCT status) FROM activity")?;
        assert_eq!(states, 3);
        let empty_online = count(
            &conn,
            "SELECT count(*) FROM activity a WHERE status = 'online'
             AND NOT EXISTS (SELECT 1 FROM activity_item i WHERE i.activity_id = a.id)",
        )?;
        assert_eq!(empty_online, 0);
        // Recommendations of active shops only, around now.
        let inactive = count(
            &conn,
            "SELECT count(*) FROM recommend r JOIN shop s ON s.id = r.shop_id
             WHERE s.status != 'active'",
        )?;
        assert_eq!(inactive, 0);
        Ok(())
    }

    #[test]
    fn enabled_ads_never_exceed_a_slots_capacity() -> Result<(), AppError> {
        let (conn, s) = seeded(3)?;
        assert_eq!(s.ads, 120);
        let mut stmt = conn.prepare("SELECT id, max_ads FROM ad_slot")?;
        let slots: Vec<(i64, i64)> = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?;
        for (slot, max) in slots {
            let periods: Vec<(i64, i64)> = conn
                .prepare(
                    "SELECT start_at, end_at FROM ad WHERE slot_id = ?1 AND status = 'enabled'",
                )?
                .query_map([slot], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<Result<_, _>>()?;
            let over = occupancy(&periods, max, 0, NOW + 400 * DAY)
                .iter()
                .any(|o| o.over);
            assert!(!over, "slot {slot}");
        }
        Ok(())
    }

    #[test]
    fn the_same_clock_gives_the_same_data() -> Result<(), AppError> {
        let dump = |conn: &Connection| -> Result<String, AppError> {
            Ok(conn.query_row(
                "SELECT group_concat(title || link_target || start_at || status, ',')
                 FROM (SELECT * FROM ad ORDER BY id)",
                [],
                |r| r.get(0),
            )?)
        };
        let (a, _) = seeded(1)?;
        let (b, _) = seeded(1)?;
        assert_eq!(dump(&a)?, dump(&b)?);
        Ok(())
    }
}
