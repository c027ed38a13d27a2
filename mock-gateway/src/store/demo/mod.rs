//! 基础信息's demo data: belts, the category tree, members, shops in every state with their
//! timelines, products, invitations, inquiries and purchase opportunities — deterministic (one
//! seeded ChaCha stream, times relative to the gateway clock's `now` at seed time) and realistic.
//!
//! [`load`] writes it once per database, in one transaction with prepared statements, `scale`
//! times the base counts ([`BASE`]); belts and categories stay as they are. Everything is planned
//! in memory first (rows get ids in the order of their creation time, as a live platform's would),
//! then written.

pub mod catalogue;
pub mod operate;
pub mod words;

use std::collections::HashMap;
use std::time::Instant;

use core_wasm::lifecycle::{self, Entity};
use core_wasm::ops::inquiry::InquiryQuote;
use rand::distr::Distribution;
use rand::distr::weighted::WeightedIndex;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rusqlite::{Connection, OptionalExtension, Transaction, params};

use self::catalogue::{BELTS, TREE};
use self::words::*;
use super::history::{self, SYSTEM_OPERATOR};
use super::search;
use crate::clock::start_of_day;
use crate::error::AppError;
use crate::store::files::{SEED_PRODUCT_IMAGES, SEED_SHOP_LOGOS};

/// The stream's seed: the same data on every machine.
const SEED: u64 = 0x0ad0_2026_0009;

/// The `meta` key recording that the demo data was written.
pub const SEEDED: &str = "demo_seeded_at";

const MINUTE: i64 = 60_000;
const HOUR: i64 = 60 * MINUTE;
const DAY: i64 = 24 * HOUR;

/// How many of each record scale 1 writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Base {
    /// Shops (each with its owner, a seller).
    pub shops: usize,
    /// Sellers without a shop yet.
    pub spare_sellers: usize,
    /// Buyers.
    pub buyers: usize,
    /// Products.
    pub products: usize,
    /// Inquiries.
    pub inquiries: usize,
    /// Purchase opportunities.
    pub opportunities: usize,
}

/// Scale 1: at least what issue 9 asks for (200 shops, 1,000 products, 300 members, 60
/// opportunities, 150 inquiries).
pub const BASE: Base = Base {
    shops: 200,
    spare_sellers: 20,
    buyers: 140,
    products: 1_000,
    inquiries: 150,
    opportunities: 60,
};

/// What [`load`] wrote.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// The multiplier of [`BASE`].
    pub scale: u32,
    /// Rows per table.
    pub belts: usize,
    /// Categories (all levels).
    pub categories: usize,
    /// Members.
    pub members: usize,
    /// Shops.
    pub shops: usize,
    /// Products.
    pub products: usize,
    /// Invitations.
    pub invitations: usize,
    /// Inquiries.
    pub inquiries: usize,
    /// Opportunities.
    pub opportunities: usize,
    /// Replies to opportunities.
    pub replies: usize,
    /// Timeline rows.
    pub history: usize,
    /// Time taken, ms.
    pub elapsed_ms: u128,
}

/// Writes the demo data unless this database already has it (`--reset` starts over). The reason
/// codes of the timelines are the 数据字典's seeded `reason_*` entries.
pub fn load(conn: &mut Connection, scale: u32, now: i64) -> Result<Option<Summary>, AppError> {
    let seeded = conn
        .query_row("SELECT 1 FROM meta WHERE key = ?1", [SEEDED], |_| Ok(()))
        .optional()?;
    if seeded.is_some() {
        return Ok(None);
    }
    let started = Instant::now();
    let reasons = Reasons::from_fixtures()?;
    let operator: Option<(i64, String)> = conn
        .query_row(
            "SELECT id, nickname FROM sys_user WHERE username = 'operator'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let plan = Plan::new(scale.max(1) as usize, now, &reasons);
    // A big seed is written once into the file rather than through the write-ahead log and then
    // again into the file (nobody else has the database open yet; the log is back on below), and
    // touches many pages: keep them in memory while it runs.
    let journal: String = conn.query_row("PRAGMA journal_mode", [], |r| r.get(0))?;
    if journal.eq_ignore_ascii_case("wal") {
        let _: String = conn.query_row("PRAGMA journal_mode = DELETE", [], |r| r.get(0))?;
    }
    conn.pragma_update(None, "cache_size", -262_144)?;
    let written = seed_rows(conn, &plan, operator.as_ref(), now);
    conn.pragma_update(None, "cache_size", -2_000)?;
    if journal.eq_ignore_ascii_case("wal") {
        let _: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
    }
    let mut summary = written?;
    // Statistics let the planner see that a state shared by most shops filters little, and scan
    // the sort's index instead (sampled: a full ANALYZE reads every index).
    conn.execute_batch("PRAGMA analysis_limit = 1000; ANALYZE;")?;
    summary.scale = scale;
    summary.elapsed_ms = started.elapsed().as_millis();
    tracing::info!(
        scale,
        shops = summary.shops,
        products = summary.products,
        members = summary.members,
        history = summary.history,
        ms = summary.elapsed_ms as u64,
        "demo data seeded"
    );
    Ok(Some(summary))
}

/// The tables the demo data fills.
const TABLES: [&str; 10] = [
    "belt",
    "category",
    "member",
    "shop",
    "product",
    "inquiry",
    "opportunity",
    "opportunity_reply",
    "invitation",
    "state_history",
];

/// Writes the plan in one transaction. The tables' own indexes are dropped first and built again
/// at the end, in the same transaction: building an index from a million sorted rows is several
/// times faster than inserting a million rows into it one by one in random order.
fn seed_rows(
    conn: &mut Connection,
    plan: &Plan,
    operator: Option<&(i64, String)>,
    now: i64,
) -> Result<Summary, AppError> {
    let tx = conn.transaction()?;
    let marks = vec!["?"; TABLES.len()].join(", ");
    let indexes: Vec<(String, String)> = tx
        .prepare(&format!(
            "SELECT name, sql FROM sqlite_master
             WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN ({marks})"
        ))?
        .query_map(rusqlite::params_from_iter(TABLES), |r| {
            Ok((r.get(0)?, r.get(1)?))
        })?
        .collect::<Result<_, _>>()?;
    for (name, _) in &indexes {
        tx.execute_batch(&format!("DROP INDEX \"{}\"", name.replace('"', "\"\"")))?;
    }
    // The search index likewise: its triggers would cut every title into pieces row by row;
    // it is built once from the written rows instead.
    search::pause(&tx)?;
    let summary = write(&tx, plan, operator, now)?;
    for (_, sql) in &indexes {
        tx.execute_batch(sql)?;
    }
    search::resume(&tx)?;
    tx.execute(
        "INSERT INTO meta (key, value) VALUES (?1, ?2)",
        params![SEEDED, now.to_string()],
    )?;
    tx.commit()?;
    Ok(summary)
}

/// A reason code from the dictionary's fixtures.
#[derive(Debug, Clone, Copy)]
struct Code {
    key: &'static str,
    label: &'static str,
    value: &'static str,
}

/// The seeded reason codes by transition `reason_type`.
struct Reasons(HashMap<&'static str, Vec<Code>>);

impl Reasons {
    fn from_fixtures() -> Result<Reasons, AppError> {
        let mut by_type: HashMap<&'static str, Vec<Code>> = HashMap::new();
        for e in &super::seed::fixtures()?.dict {
            if let Some(t) = e.r#type.strip_prefix("reason_") {
                by_type.entry(t).or_default().push(Code {
                    key: &e.key,
                    label: &e.label,
                    value: &e.value,
                });
            }
        }
        Ok(Reasons(by_type))
    }

    /// A reason for a move of `reason_type`: a code, and its wording (own words for 其他).
    fn pick(&self, rng: &mut ChaCha8Rng, reason_type: &str) -> Option<Why> {
        let code = *self.0.get(reason_type)?.choose(rng)?;
        let text = if code.key == core_wasm::rules::OTHER_REASON {
            pick(rng, OTHER_REASONS)
        } else {
            code.value
        };
        Some(Why { code, text })
    }
}

/// A reason given for a seeded move.
#[derive(Debug, Clone, Copy)]
struct Why {
    code: Code,
    text: &'static str,
}

/// One seeded change of state.
#[derive(Debug, Clone)]
struct Move {
    from: Option<&'static str>,
    to: &'static str,
    action: &'static str,
    why: Option<Why>,
    at: i64,
}

fn pick<T: Copy>(rng: &mut ChaCha8Rng, items: &[T]) -> T {
    // Every list here is a non-empty constant.
    items[rng.random_range(0..items.len())]
}

/// A move of `entity` the lifecycle allows, with a reason when it needs one.
fn moved(
    rng: &mut ChaCha8Rng,
    reasons: &Reasons,
    entity: Entity,
    from: &'static str,
    to: &'static str,
    at: i64,
) -> Move {
    let transition = lifecycle::check(entity, from, to).ok().flatten();
    let action = transition.map_or("变更状态", |t| t.action);
    let why = transition
        .and_then(|t| t.reason_type)
        .and_then(|t| reasons.pick(rng, t));
    Move {
        from: Some(from),
        to,
        action,
        why,
        at,
    }
}

/// A time between `from` and `to` (`to` excluded when they differ).
fn between(rng: &mut ChaCha8Rng, from: i64, to: i64) -> i64 {
    if to <= from {
        from
    } else {
        rng.random_range(from..to)
    }
}

struct ShopPlan {
    created_at: i64,
    top: usize,
    mids: Vec<usize>,
    belt: Option<usize>,
    province: &'static str,
    city: &'static str,
    name: String,
    level: i64,
    status: &'static str,
    moves: Vec<Move>,
    /// When it was approved (it may hold products from then on).
    opened_at: Option<i64>,
    owner: usize,
    own_phone: bool,
    /// Which seeded logo, if any.
    logo: Option<usize>,
    product_count: i64,
    inquiry_count: i64,
}

struct MemberPlan {
    created_at: i64,
    nickname: String,
    kind: &'static str,
    shop: Option<usize>,
    inviter: Option<usize>,
    status: &'static str,
    moves: Vec<Move>,
    last_login_at: Option<i64>,
}

/// A product, compact (a million of them are planned at scale 1000): texts are built when written.
struct ProductPlan {
    created_at: i64,
    shop: u32,
    leaf: u16,
    prefix: u8,
    goods: u8,
    suffix: u8,
    status: u8,
    price_min: i64,
    price_max: i64,
    moq: i64,
    stock: i64,
    on_at: i64,
    off_at: i64,
    why: Option<Why>,
    /// How many seeded pictures (0–3), from which one on.
    images: u8,
    first_image: u8,
}

const PRODUCT_STATES: [&str; 4] = ["draft", "onSale", "offSale", "violation"];

struct InquiryPlan {
    created_at: i64,
    buyer: usize,
    shop: usize,
    product: Option<u32>,
    quantity: i64,
    expect_price: i64,
    message: &'static str,
    state: &'static str,
}

struct OpportunityPlan {
    created_at: i64,
    buyer: usize,
    leaf: usize,
    quantity: i64,
    budget: i64,
    deadline: i64,
    need: &'static str,
    state: &'static str,
    replies: Vec<(Option<usize>, &'static str, i64)>,
    /// Its review and, when closed, its closing, with their reasons.
    moves: Vec<Move>,
}

/// A leaf of the tree with its place: (top, mid, leaf).
type LeafAt = (usize, usize, usize);

fn leaves() -> Vec<LeafAt> {
    let mut out = Vec::new();
    for (t, top) in TREE.iter().enumerate() {
        for (m, mid) in top.mids.iter().enumerate() {
            for l in 0..mid.leaves.len() {
                out.push((t, m, l));
            }
        }
    }
    out
}

fn leaf_of(at: LeafAt) -> &'static catalogue::Leaf {
    &TREE[at.0].mids[at.1].leaves[at.2]
}

struct Plan {
    members: Vec<MemberPlan>,
    shops: Vec<ShopPlan>,
    products: Vec<ProductPlan>,
    inquiries: Vec<InquiryPlan>,
    opportunities: Vec<OpportunityPlan>,
    leaves: Vec<LeafAt>,
}

impl Plan {
    fn new(scale: usize, now: i64, reasons: &Reasons) -> Plan {
        let mut rng = ChaCha8Rng::seed_from_u64(SEED);
        let leaves = leaves();
        let mut shops = plan_shops(&mut rng, BASE.shops * scale, now, reasons);
        shops.sort_by_key(|s| s.created_at);
        let mut members = plan_members(&mut rng, &mut shops, scale, now, reasons);
        let products = plan_products(
            &mut rng,
            &mut shops,
            &leaves,
            BASE.products * scale,
            now,
            reasons,
        );
        let buyers: Vec<usize> = (0..members.len())
            .filter(|&i| members[i].kind == "buyer")
            .collect();
        let inquiries = plan_inquiries(
            &mut rng,
            &mut shops,
            &products,
            &members,
            &buyers,
            BASE.inquiries * scale,
            now,
        );
        let opportunities = plan_opportunities(
            &mut rng,
            &shops,
            &members,
            &buyers,
            &leaves,
            BASE.opportunities * scale,
            now,
        );
        let opportunities = review_opportunities(opportunities, reasons, now);
        plan_invitations(&mut rng, &mut members);
        let inquiries = add_regular_buyer(inquiries, &mut shops, &products, &members, &buyers, now);
        Plan {
            members,
            shops,
            products,
            inquiries,
            opportunities,
            leaves,
        }
    }
}

/// The day (0 = today, UTC+8) a shop registered in the last 30 days: more lately, fewer at
/// weekends, a bump during a recruiting campaign 10–12 days ago — so the chart has a shape.
fn recent_day_weights(now: i64) -> Vec<f64> {
    let today = start_of_day(now);
    (0..30)
        .map(|d: i64| {
            let trend = 1.0 + 0.8 * (29 - d) as f64 / 29.0;
            // 1970-01-01 (UTC+8) was a Thursday: day number + 4, mod 7, is the weekday (0 = Sunday).
            let day_number = (today - d * DAY + crate::clock::DAY_OFFSET_MS).div_euclid(DAY);
            let weekday = (day_number + 4).rem_euclid(7);
            let weekend = if weekday == 0 || weekday == 6 {
                0.55
            } else {
                1.0
            };
            let campaign = if (10..=12).contains(&d) { 1.8 } else { 1.0 };
            trend * weekend * campaign
        })
        .collect()
}

/// A time on day `d` (0 = today) during business hours, before `now`.
fn time_on_day(rng: &mut ChaCha8Rng, d: i64, now: i64) -> i64 {
    let start = start_of_day(now) - d * DAY;
    let t = start + 8 * HOUR + rng.random_range(0..14 * HOUR);
    if t < now - MINUTE {
        t
    } else {
        between(rng, start, now - MINUTE)
    }
}

fn plan_shops(rng: &mut ChaCha8Rng, n: usize, now: i64, reasons: &Reasons) -> Vec<ShopPlan> {
    let days = WeightedIndex::new(recent_day_weights(now)).ok();
    let levels = WeightedIndex::new([30, 30, 22, 12, 6]).ok();
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let created_at = if rng.random_bool(0.5) {
            let d = days.as_ref().map_or(0, |w| w.sample(rng)) as i64;
            time_on_day(rng, d, now)
        } else {
            // The platform's earlier years, thinning out into the past.
            let age = 30.0 + 690.0 * rng.random::<f64>().powf(1.5);
            now - (age * DAY as f64) as i64 - rng.random_range(0..DAY)
        };
        // The review queue: most of the last day's applications wait, some older ones too (over
        // 24 h: overdue), a few of last week's.
        let age = now - created_at;
        let waits = match age {
            a if a < DAY => 0.95,
            a if a < 3 * DAY => 0.6,
            a if a < 7 * DAY => 0.15,
            _ => 0.0,
        };
        let pending = rng.random_bool(waits);
        let belt = rng
            .random_bool(0.6)
            .then(|| rng.random_range(0..BELTS.len()));
        let (top, province, city) = match belt {
            Some(b) => (BELTS[b].top, BELTS[b].province, BELTS[b].city),
            None => {
                let (p, c) = pick(rng, REGIONS);
                (rng.random_range(0..TREE.len()), p, c)
            }
        };
        let mids_of_top = TREE[top].mids.len();
        let first = rng.random_range(0..mids_of_top);
        let mut mids = vec![first];
        if mids_of_top > 1 && rng.random_bool(0.5) {
            mids.push((first + 1 + rng.random_range(0..mids_of_top - 1)) % mids_of_top);
        }
        let trade = pick(rng, TRADE_NAMES);
        let kind = pick(rng, SHOP_KINDS);
        let industry = TREE[top].industry;
        let name = if kind.ends_with('店') || rng.random_bool(0.4) {
            format!("{trade}{industry}{kind}")
        } else {
            format!("{city}{trade}{industry}{kind}")
        };
        let mut moves = vec![Move {
            from: None,
            to: "pending",
            action: "提交入驻",
            why: None,
            at: created_at,
        }];
        let mut status = "pending";
        let mut opened_at = None;
        if !pending {
            let audit_at = created_at
                + (rng.random_range(HOUR / 3..30 * HOUR)).min((now - created_at) * 9 / 10);
            let roll: f64 = rng.random();
            if roll < 0.07 {
                moves.push(moved(
                    rng,
                    reasons,
                    Entity::Shop,
                    "pending",
                    "rejected",
                    audit_at,
                ));
                status = "rejected";
            } else {
                moves.push(moved(
                    rng,
                    reasons,
                    Entity::Shop,
                    "pending",
                    "active",
                    audit_at,
                ));
                opened_at = Some(audit_at);
                status = "active";
                let later = |rng: &mut ChaCha8Rng, after: i64| {
                    after + ((now - after) as f64 * rng.random_range(0.2..0.95)) as i64
                };
                if roll < 0.14 {
                    let at = later(rng, audit_at);
                    moves.push(moved(rng, reasons, Entity::Shop, "active", "frozen", at));
                    status = "frozen";
                } else if roll < 0.20 {
                    let mut at = later(rng, audit_at);
                    let mut from = "active";
                    if rng.random_bool(0.4) {
                        moves.push(moved(rng, reasons, Entity::Shop, "active", "frozen", at));
                        from = "frozen";
                        at = later(rng, at);
                    }
                    moves.push(moved(rng, reasons, Entity::Shop, from, "closed", at));
                    status = "closed";
                } else if roll < 0.26 {
                    let at = later(rng, audit_at);
                    moves.push(moved(rng, reasons, Entity::Shop, "active", "frozen", at));
                    let back = later(rng, at);
                    moves.push(moved(rng, reasons, Entity::Shop, "frozen", "active", back));
                }
            }
        }
        out.push(ShopPlan {
            created_at,
            top,
            mids,
            belt,
            province,
            city,
            name,
            level: levels.as_ref().map_or(0, |w| w.sample(rng)) as i64 + 1,
            status,
            moves,
            opened_at,
            owner: 0,
            own_phone: rng.random_bool(0.75),
            logo: rng
                .random_bool(0.7)
                .then(|| rng.random_range(0..SEED_SHOP_LOGOS.len())),
            product_count: 0,
            inquiry_count: 0,
        });
    }
    out
}

fn person(rng: &mut ChaCha8Rng) -> (&'static str, &'static str) {
    // The most common surnames are the most likely.
    let s = SURNAMES.len();
    let i = ((rng.random::<f64>().powf(1.6)) * s as f64) as usize;
    (SURNAMES[i.min(s - 1)], pick(rng, GIVEN))
}

fn seller_nickname(rng: &mut ChaCha8Rng, city: &str) -> String {
    let (surname, given) = person(rng);
    match rng.random_range(0..10) {
        0..=4 => format!("{surname}{given}"),
        5 | 6 => format!("{surname}总"),
        7 | 8 => format!("{city}{surname}老板"),
        _ => format!("{}{surname}经理", pick(rng, TRADE_NAMES)),
    }
}

fn buyer_nickname(rng: &mut ChaCha8Rng) -> String {
    let (surname, given) = person(rng);
    match rng.random_range(0..10) {
        0..=3 => format!("{surname}{given}"),
        4..=6 => format!("采购-{surname}{}", pick(rng, &["女士", "先生"])),
        7 | 8 => format!("{}{surname}", pick(rng, &["外贸", "跨境", "商超", "门店"])),
        _ => format!("{}采购部", pick(rng, TRADE_NAMES)),
    }
}

/// Members registered from the platform's start until now, more lately.
fn member_age(rng: &mut ChaCha8Rng, now: i64) -> i64 {
    let age = 720.0 * rng.random::<f64>().powf(1.7);
    now - (age * DAY as f64) as i64 - rng.random_range(0..DAY / 2)
}

fn plan_members(
    rng: &mut ChaCha8Rng,
    shops: &mut [ShopPlan],
    scale: usize,
    now: i64,
    reasons: &Reasons,
) -> Vec<MemberPlan> {
    let mut members = Vec::with_capacity(shops.len() + (BASE.spare_sellers + BASE.buyers) * scale);
    for (i, shop) in shops.iter().enumerate() {
        // The owner registered before opening the shop: minutes to months before.
        let before = rng.random_range(10 * MINUTE..60 * DAY);
        members.push(MemberPlan {
            created_at: shop.created_at - before,
            nickname: seller_nickname(rng, shop.city),
            kind: "seller",
            shop: Some(i),
            inviter: None,
            status: "normal",
            moves: Vec::new(),
            last_login_at: None,
        });
    }
    for _ in 0..BASE.spare_sellers * scale {
        let city = pick(rng, REGIONS).1;
        members.push(MemberPlan {
            created_at: member_age(rng, now),
            nickname: seller_nickname(rng, city),
            kind: "seller",
            shop: None,
            inviter: None,
            status: "normal",
            moves: Vec::new(),
            last_login_at: None,
        });
    }
    for _ in 0..BASE.buyers * scale {
        members.push(MemberPlan {
            created_at: member_age(rng, now),
            nickname: buyer_nickname(rng),
            kind: "buyer",
            shop: None,
            inviter: None,
            status: "normal",
            moves: Vec::new(),
            last_login_at: None,
        });
    }
    members.sort_by_key(|m| m.created_at);
    for (i, m) in members.iter_mut().enumerate() {
        if let Some(s) = m.shop {
            shops[s].owner = i;
        }
        m.last_login_at = (!rng.random_bool(0.08)).then(|| {
            let since = (now - m.created_at) as f64;
            now - (since * rng.random::<f64>().powf(3.0)) as i64
        });
        let roll: f64 = rng.random();
        if roll < 0.05 {
            let at = between(rng, m.created_at + HOUR, now - MINUTE);
            m.moves
                .push(moved(rng, reasons, Entity::Member, "normal", "banned", at));
            m.status = "banned";
            if roll < 0.015 {
                let back = between(rng, at + HOUR, now - MINUTE);
                m.moves.push(moved(
                    rng,
                    reasons,
                    Entity::Member,
                    "banned",
                    "normal",
                    back,
                ));
                m.status = "normal";
            }
        }
    }
    members
}

fn plan_products(
    rng: &mut ChaCha8Rng,
    shops: &mut [ShopPlan],
    leaves: &[LeafAt],
    n: usize,
    now: i64,
    reasons: &Reasons,
) -> Vec<ProductPlan> {
    // Shops that were ever open sell; better shops sell more.
    let open: Vec<usize> = (0..shops.len())
        .filter(|&i| shops[i].opened_at.is_some())
        .collect();
    let Ok(weights) = WeightedIndex::new(open.iter().map(|&i| (shops[i].level as f64).powf(1.3)))
    else {
        return Vec::new();
    };
    // The leaves under each top and mid category.
    let mut by_mid: HashMap<(usize, usize), Vec<usize>> = HashMap::new();
    for (i, &(t, m, _)) in leaves.iter().enumerate() {
        by_mid.entry((t, m)).or_default().push(i);
    }
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let s = open[weights.sample(rng)];
        let shop = &shops[s];
        let mid = pick(rng, &shop.mids);
        let leaf_index = by_mid.get(&(shop.top, mid)).map_or(0, |ls| pick(rng, ls));
        let leaf = leaf_of(leaves[leaf_index]);
        let opened = shop.opened_at.unwrap_or(shop.created_at);
        let created_at = between(rng, opened + HOUR, now - MINUTE);
        let price_min = rng.random_range(leaf.price.0..=leaf.price.1) / 10 * 10;
        let price_max = price_min + price_min * rng.random_range(0..60) / 100 / 10 * 10;
        let moq = match leaf.unit {
            "米" => rng.random_range(5..=100) * 10,
            "千克" => rng.random_range(1..=50) * 10,
            "千只" | "箱" => rng.random_range(1..=20),
            "套" | "张" | "个" if leaf.price.0 >= 30_000 => rng.random_range(1..=5),
            _ => rng.random_range(1..=50) * 2,
        };
        let roll: f64 = rng.random();
        let status: u8 = if shop.status == "closed" {
            2
        } else if roll < 0.05 {
            0
        } else if roll < 0.81 {
            1
        } else if roll < 0.93 {
            2
        } else {
            3
        };
        let on_at = created_at + rng.random_range(5 * MINUTE..2 * HOUR).min(now - created_at);
        let off_at = between(rng, on_at, now);
        let why = (status == 3)
            .then(|| reasons.pick(rng, "product_violation"))
            .flatten();
        out.push(ProductPlan {
            created_at,
            shop: s as u32,
            leaf: leaf_index as u16,
            prefix: rng.random_range(0..TITLE_PREFIXES.len()) as u8,
            goods: rng.random_range(0..leaf.goods.len()) as u8,
            suffix: rng.random_range(0..TITLE_SUFFIXES.len()) as u8,
            status,
            price_min,
            price_max,
            moq,
            stock: moq * rng.random_range(10..2_000),
            on_at,
            off_at,
            why,
            images: rng.random_range(0..=3).max(u8::from(rng.random_bool(0.9))),
            first_image: rng.random_range(0..SEED_PRODUCT_IMAGES.len()) as u8,
        });
    }
    out.sort_by_key(|p| p.created_at);
    for p in &out {
        shops[p.shop as usize].product_count += 1;
    }
    out
}

/// A member of `pool` (indexes into `members`, in order of registration) registered before `at`.
fn registered_before(
    rng: &mut ChaCha8Rng,
    members: &[MemberPlan],
    pool: &[usize],
    at: i64,
) -> Option<usize> {
    let n = pool.partition_point(|&i| members[i].created_at < at);
    (n > 0).then(|| pool[rng.random_range(0..n)])
}

fn plan_inquiries(
    rng: &mut ChaCha8Rng,
    shops: &mut [ShopPlan],
    products: &[ProductPlan],
    members: &[MemberPlan],
    buyers: &[usize],
    n: usize,
    now: i64,
) -> Vec<InquiryPlan> {
    let mut out = Vec::with_capacity(n);
    if products.is_empty() {
        return out;
    }
    let mut tries = 0;
    while out.len() < n && tries < n * 10 {
        tries += 1;
        let p = rng.random_range(0..products.len());
        let product = &products[p];
        // Inquiries of the last two months, a few more lately.
        let span = (now - product.created_at).clamp(MINUTE, 60 * DAY) as f64;
        let created_at = now - (span * rng.random::<f64>().powf(1.5)) as i64 - 1;
        let Some(buyer) = registered_before(rng, members, buyers, created_at) else {
            continue;
        };
        let state = match rng.random_range(0..20) {
            0..=6 => "pending",
            7..=15 => "quoted",
            _ => "closed",
        };
        out.push(InquiryPlan {
            created_at,
            buyer,
            shop: product.shop as usize,
            product: rng.random_bool(0.85).then_some(p as u32),
            quantity: product.moq * rng.random_range(1..=20),
            expect_price: product.price_min * rng.random_range(82..=98) / 100,
            message: pick(rng, INQUIRY_MESSAGES),
            state,
        });
        shops[product.shop as usize].inquiry_count += 1;
    }
    out.sort_by_key(|q| q.created_at);
    out
}

/// How many inquiries the regular buyer sent: more than 用户详情 shows on a page, and more than
/// the 50 it once cut them off at without a word (it pages through them now).
pub const REGULAR_INQUIRIES: usize = 64;

/// The stream the regular buyer's inquiries draw from (`SEED ^` it).
const REGULAR_STREAM: u64 = 0x2e6_0000;

/// One regular buyer — the first buyer in good standing — who asks shops all the time:
/// [`REGULAR_INQUIRIES`] more inquiries over the last two months, drawn from a stream of their own
/// so the rest of the data stays as it was. The inquiries are sorted again (ids follow time).
fn add_regular_buyer(
    mut inquiries: Vec<InquiryPlan>,
    shops: &mut [ShopPlan],
    products: &[ProductPlan],
    members: &[MemberPlan],
    buyers: &[usize],
    now: i64,
) -> Vec<InquiryPlan> {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED ^ REGULAR_STREAM);
    let Some(&buyer) = buyers.iter().find(|&&i| members[i].status == "normal") else {
        return inquiries;
    };
    let since = members[buyer].created_at.max(now - 60 * DAY);
    let mut added = 0;
    let mut tries = 0;
    while added < REGULAR_INQUIRIES && !products.is_empty() && tries < REGULAR_INQUIRIES * 20 {
        tries += 1;
        let p = rng.random_range(0..products.len());
        let product = &products[p];
        let from = since.max(product.created_at) + MINUTE;
        if from >= now - MINUTE {
            continue;
        }
        let state = match rng.random_range(0..20) {
            0..=6 => "pending",
            7..=15 => "quoted",
            _ => "closed",
        };
        inquiries.push(InquiryPlan {
            created_at: between(&mut rng, from, now - MINUTE),
            buyer,
            shop: product.shop as usize,
            product: rng.random_bool(0.85).then_some(p as u32),
            quantity: product.moq * rng.random_range(1..=20),
            expect_price: product.price_min * rng.random_range(82..=98) / 100,
            message: pick(&mut rng, INQUIRY_MESSAGES),
            state,
        });
        shops[product.shop as usize].inquiry_count += 1;
        added += 1;
    }
    inquiries.sort_by_key(|q| q.created_at);
    inquiries
}

/// The stream the seeded quotes draw from (`SEED ^` it).
const QUOTE_STREAM: u64 = 0x9007_e000;

/// The lead times shops quote, days (a week or two most often).
const LEAD_DAYS: [i64; 10] = [3, 5, 7, 7, 10, 15, 15, 20, 30, 45];

/// The shop's quote of a seeded inquiry: every quoted one has one, and a closed one had one when
/// the buyer let it go after the quote (about four in ten). The unit price is near the product's
/// lowest price (a little under to a little over it; the buyer asked below it), in whole yuan from
/// ¥100 on and whole jiao below; the quantity is the one asked, or a round lot above it; the quote
/// came 20 minutes to 3 days after the asking, before now.
fn quote_of(
    rng: &mut ChaCha8Rng,
    q: &InquiryPlan,
    products: &[ProductPlan],
    now: i64,
) -> Option<InquiryQuote> {
    let quoted = match q.state {
        "quoted" => true,
        "closed" => rng.random_bool(0.4),
        _ => false,
    };
    if !quoted {
        return None;
    }
    let base = q
        .product
        .and_then(|p| products.get(p as usize))
        .map_or(q.expect_price * 110 / 100, |p| p.price_min);
    let price = base * rng.random_range(94..=112) / 100;
    let unit_price = if price >= 10_000 {
        price / 100 * 100
    } else {
        price / 10 * 10
    }
    .max(10);
    let quantity = if rng.random_bool(0.25) {
        (q.quantity * 12 / 10 + 99) / 100 * 100
    } else {
        q.quantity
    };
    let lead_days = pick(rng, &LEAD_DAYS);
    let latest = (now - MINUTE).max(q.created_at + 1);
    let quoted_at = between(rng, q.created_at + 20 * MINUTE, q.created_at + 72 * HOUR).min(latest);
    Some(InquiryQuote {
        unit_price,
        quantity,
        lead_days,
        quoted_at,
    })
}

fn plan_opportunities(
    rng: &mut ChaCha8Rng,
    shops: &[ShopPlan],
    members: &[MemberPlan],
    buyers: &[usize],
    leaves: &[LeafAt],
    n: usize,
    now: i64,
) -> Vec<OpportunityPlan> {
    let active: Vec<usize> = (0..shops.len())
        .filter(|&i| shops[i].status == "active")
        .collect();
    let mut out = Vec::with_capacity(n);
    let mut tries = 0;
    while out.len() < n && tries < n * 10 {
        tries += 1;
        let state = match rng.random_range(0..20) {
            0..=4 => "pending",
            5..=13 => "approved",
            14..=15 => "rejected",
            _ => "closed",
        };
        let created_at = if state == "pending" {
            now - rng.random_range(HOUR / 2..72 * HOUR)
        } else {
            now - rng.random_range(DAY..60 * DAY)
        };
        let Some(buyer) = registered_before(rng, members, buyers, created_at) else {
            continue;
        };
        let leaf_index = rng.random_range(0..leaves.len());
        let leaf = leaf_of(leaves[leaf_index]);
        let quantity = rng.random_range(5..=200) * 50;
        let unit_price = rng.random_range(leaf.price.0..=leaf.price.1);
        let deadline = created_at + rng.random_range(7..=45) * DAY;
        let mut replies = Vec::new();
        if matches!(state, "approved" | "closed") && !active.is_empty() {
            let mut at = created_at + HOUR;
            for _ in 0..rng.random_range(0..=4) {
                at = between(rng, at, now.min(deadline).max(at + 1));
                let from_shop = rng.random_bool(0.75).then(|| pick(rng, &active));
                replies.push((from_shop, pick(rng, REPLIES), at));
            }
        }
        out.push(OpportunityPlan {
            created_at,
            buyer,
            leaf: leaf_index,
            quantity,
            budget: quantity * unit_price / 100 * 100,
            deadline,
            need: pick(rng, OPPORTUNITY_NEEDS),
            state,
            replies,
            moves: Vec::new(),
        });
    }
    out.sort_by_key(|o| o.created_at);
    out
}

/// Each reviewed opportunity's review (within the hour it was posted, before the first reply; a
/// rejection within the working day) and, when closed, its closing after the last reply. They
/// draw from their own stream, so adding them left every other seeded row as it was.
fn review_opportunities(
    mut plans: Vec<OpportunityPlan>,
    reasons: &Reasons,
    now: i64,
) -> Vec<OpportunityPlan> {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED ^ 0x0a0d);
    let entity = Entity::Opportunity;
    for o in &mut plans {
        if o.state == "pending" {
            continue;
        }
        let rejected = o.state == "rejected";
        let within = if rejected { 8 * HOUR } else { HOUR };
        let reviewed = between(&mut rng, o.created_at + 10 * MINUTE, o.created_at + within);
        let to = if rejected { "rejected" } else { "approved" };
        o.moves
            .push(moved(&mut rng, reasons, entity, "pending", to, reviewed));
        if o.state == "closed" {
            let last = o.replies.last().map_or(reviewed, |r| r.2).max(reviewed);
            let at = between(&mut rng, last + 1, now);
            o.moves
                .push(moved(&mut rng, reasons, entity, "approved", "closed", at));
        }
    }
    plans
}

/// About a third of the members came through an invitation, mostly from a few keen inviters.
fn plan_invitations(rng: &mut ChaCha8Rng, members: &mut [MemberPlan]) {
    // Keen inviters, in order of registration.
    let mut keen: Vec<usize> = Vec::new();
    for (i, member) in members.iter_mut().enumerate().skip(1) {
        let earlier = keen.len();
        if rng.random_bool(0.04) {
            keen.push(i);
        }
        if !rng.random_bool(0.35) {
            continue;
        }
        let inviter = if earlier > 0 && rng.random_bool(0.7) {
            keen[rng.random_range(0..earlier)]
        } else {
            rng.random_range(0..i)
        };
        member.inviter = Some(inviter);
    }
}

/// A product's pictures: a JSON array of seeded keys.
fn images(p: &ProductPlan) -> Result<String, AppError> {
    let n = SEED_PRODUCT_IMAGES.len();
    let keys: Vec<&str> = (0..p.images as usize)
        .map(|k| SEED_PRODUCT_IMAGES[(p.first_image as usize + k) % n])
        .collect();
    serde_json::to_string(&keys).map_err(AppError::internal)
}

/// A member's 11-digit phone: a carrier prefix and eight digits that differ for every id.
pub fn phone(id: i64, prefix: usize) -> String {
    let digits = (id * 7_919 + 13_572_468).rem_euclid(100_000_000);
    format!(
        "{}{digits:08}",
        PHONE_PREFIXES[prefix % PHONE_PREFIXES.len()]
    )
}

/// A member's invitation code: six characters that differ for every id (no 0/O, 1/I/L).
pub fn invite_code(id: i64) -> String {
    const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
    let base = ALPHABET.len() as i64;
    let space = base.pow(6);
    let mut n = (id * 104_729 + 5_000_011).rem_euclid(space);
    let mut out = [b'2'; 6];
    for c in out.iter_mut().rev() {
        *c = ALPHABET[(n % base) as usize];
        n /= base;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The reward for an invitation, fen: ¥10 for a registration, ¥50 more once a shop opens.
pub const REWARD_REGISTERED: i64 = 1_000;
/// The reward for an invitation whose invitee opened a shop, fen.
pub const REWARD_SHOP_OPENED: i64 = 6_000;

fn write(
    tx: &Transaction<'_>,
    plan: &Plan,
    operator: Option<&(i64, String)>,
    now: i64,
) -> Result<Summary, AppError> {
    let mut summary = Summary::default();
    let mut rng = ChaCha8Rng::seed_from_u64(SEED ^ 0xff);
    let mut hist = tx.prepare(history::INSERT)?;
    // A move by `by` (a user's id and nickname), or by the system.
    let mut record =
        |entity: &str, id: i64, m: &Move, by: Option<&(i64, String)>| -> Result<(), AppError> {
            hist.execute(params![
                entity,
                id,
                m.from,
                m.to,
                m.action,
                m.why.map_or("", |w| w.code.key),
                m.why.map_or("", |w| w.code.label),
                m.why.map_or("", |w| w.text),
                by.map(|b| b.0),
                by.map_or(SYSTEM_OPERATOR, |b| b.1.as_str()),
                m.at
            ])?;
            Ok(())
        };
    let mut history_rows = 0;

    {
        let mut insert = tx.prepare(
            "INSERT INTO belt (id, name, province, city, description, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
        )?;
        let start = now - 800 * DAY;
        for (i, b) in BELTS.iter().enumerate() {
            insert.execute(params![
                i as i64 + 1,
                b.name,
                b.province,
                b.city,
                b.description,
                start
            ])?;
        }
        summary.belts = BELTS.len();
    }

    // Categories: ids in tree order; the mid and leaf ids are remembered for the rows below.
    let mut mid_ids: HashMap<(usize, usize), i64> = HashMap::new();
    let mut leaf_ids: HashMap<LeafAt, i64> = HashMap::new();
    {
        let mut insert = tx.prepare(
            "INSERT INTO category (id, parent_id, name, sort, icon, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
        )?;
        let at = now - 800 * DAY;
        let mut id = 0;
        for (t, top) in TREE.iter().enumerate() {
            id += 1;
            let top_id = id;
            insert.execute(params![
                top_id,
                None::<i64>,
                top.name,
                (t as i64 + 1) * 10,
                top.icon,
                at
            ])?;
            for (m, mid) in top.mids.iter().enumerate() {
                id += 1;
                let mid_id = id;
                mid_ids.insert((t, m), mid_id);
                insert.execute(params![
                    mid_id,
                    top_id,
                    mid.name,
                    (m as i64 + 1) * 10,
                    "",
                    at
                ])?;
                for (l, leaf) in mid.leaves.iter().enumerate() {
                    id += 1;
                    leaf_ids.insert((t, m, l), id);
                    insert.execute(params![id, mid_id, leaf.name, (l as i64 + 1) * 10, "", at])?;
                }
            }
        }
        summary.categories = id as usize;
    }

    let member_id = |i: usize| i as i64 + 1;
    let shop_id = |i: usize| i as i64 + 1;
    let product_id = |i: u32| i as i64 + 1;
    let phone_prefix: Vec<usize> = (0..plan.members.len())
        .map(|_| rng.random_range(0..PHONE_PREFIXES.len()))
        .collect();

    {
        let mut insert = tx.prepare(
            "INSERT INTO member (id, nickname, phone, member_type, shop_id, inviter_id, invite_code,
                status, last_login_at, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        )?;
        for (i, m) in plan.members.iter().enumerate() {
            let id = member_id(i);
            let updated = m.moves.last().map_or(m.created_at, |mv| mv.at);
            // The shop is linked once it exists (members and shops point at each other; every
            // reference is checked as it is written, by primary key).
            insert.execute(params![
                id,
                m.nickname,
                phone(id, phone_prefix[i]),
                m.kind,
                None::<i64>,
                m.inviter.map(member_id),
                invite_code(id),
                m.status,
                m.last_login_at,
                m.created_at,
                updated
            ])?;
            for mv in &m.moves {
                record("member", id, mv, None)?;
                history_rows += 1;
            }
        }
        summary.members = plan.members.len();
    }

    {
        let mut insert = tx.prepare(
            "INSERT INTO shop (id, name, owner_member_id, contact_name, contact_phone, province,
                city, belt_id, main_category_ids, level, status, product_count, inquiry_count,
                created_at, updated_at, logo)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
        )?;
        for (i, s) in plan.shops.iter().enumerate() {
            let id = shop_id(i);
            let owner = &plan.members[s.owner];
            let (surname, given) = person(&mut rng);
            let contact_name =
                if owner.nickname.chars().count() <= 3 && !owner.nickname.ends_with('总') {
                    owner.nickname.clone()
                } else {
                    format!("{surname}{given}")
                };
            let contact_phone = if s.own_phone {
                phone(member_id(s.owner), phone_prefix[s.owner])
            } else {
                phone(10_000_000 + id, rng.random_range(0..PHONE_PREFIXES.len()))
            };
            let mains: Vec<i64> = s
                .mids
                .iter()
                .filter_map(|&m| mid_ids.get(&(s.top, m)).copied())
                .collect();
            let updated = s.moves.last().map_or(s.created_at, |mv| mv.at);
            insert.execute(params![
                id,
                s.name,
                member_id(s.owner),
                contact_name,
                contact_phone,
                s.province,
                s.city,
                s.belt.map(|b| b as i64 + 1),
                serde_json::to_string(&mains).map_err(AppError::internal)?,
                s.level,
                s.status,
                s.product_count,
                s.inquiry_count,
                s.created_at,
                updated,
                s.logo.map(|l| SEED_SHOP_LOGOS[l])
            ])?;
            for mv in &s.moves {
                record("shop", id, mv, None)?;
                history_rows += 1;
            }
        }
        summary.shops = plan.shops.len();
        let mut link = tx.prepare("UPDATE member SET shop_id = ?1 WHERE id = ?2")?;
        for (i, s) in plan.shops.iter().enumerate() {
            link.execute(params![shop_id(i), member_id(s.owner)])?;
        }
    }

    {
        // Held from sale when its shop holds it (frozen, closed): the shops are written first.
        let mut insert = tx.prepare(&format!(
            "INSERT INTO product (id, shop_id, title, category_id, price_min, price_max, unit, moq,
                stock, description, status, created_at, updated_at, images, shop_held)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14,
                coalesce((SELECT status IN {} FROM shop WHERE id = ?2), 0))",
            super::products::HELD_BY.sql()
        ))?;
        for (i, p) in plan.products.iter().enumerate() {
            let id = product_id(i as u32);
            let at = plan.leaves[p.leaf as usize];
            let leaf = leaf_of(at);
            let goods = leaf.goods[p.goods as usize % leaf.goods.len()];
            let prefix = TITLE_PREFIXES[p.prefix as usize];
            let suffix = TITLE_SUFFIXES[p.suffix as usize];
            let title = [prefix, goods, suffix]
                .iter()
                .filter(|w| !w.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join(" ");
            let description = format!(
                "{goods}，{}起订，{}。支持看样、验厂，大货交期 7–15 天。",
                format_args!("{}{}", p.moq, leaf.unit),
                if suffix.is_empty() {
                    "量大从优"
                } else {
                    suffix
                }
            );
            let status = PRODUCT_STATES[p.status as usize];
            let mut moves = Vec::new();
            if p.status != 0 {
                moves.push(Move {
                    from: Some("draft"),
                    to: "onSale",
                    action: "上架",
                    why: None,
                    at: p.on_at,
                });
            }
            match p.status {
                2 => moves.push(Move {
                    from: Some("onSale"),
                    to: "offSale",
                    action: "下架",
                    why: None,
                    at: p.off_at,
                }),
                3 => moves.push(Move {
                    from: Some("onSale"),
                    to: "violation",
                    action: "违规下架",
                    why: p.why,
                    at: p.off_at,
                }),
                _ => {}
            }
            let updated = moves.last().map_or(p.created_at, |m| m.at);
            insert.execute(params![
                id,
                shop_id(p.shop as usize),
                title,
                leaf_ids.get(&at).copied().unwrap_or(1),
                p.price_min,
                p.price_max,
                leaf.unit,
                p.moq,
                p.stock,
                description,
                status,
                p.created_at,
                updated,
                images(p)?
            ])?;
            for m in &moves {
                record("product", id, m, None)?;
                history_rows += 1;
            }
        }
        summary.products = plan.products.len();
    }

    {
        let mut insert = tx.prepare(
            "INSERT INTO inquiry (id, buyer_member_id, shop_id, product_id, quantity, expect_price,
                message, state, created_at, updated_at, quote_unit_price, quote_quantity,
                quote_lead_days, quoted_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
        )?;
        // Quotes draw from a stream of their own, so the rest of the data stays as it was.
        let mut quotes = ChaCha8Rng::seed_from_u64(SEED ^ QUOTE_STREAM);
        for (i, q) in plan.inquiries.iter().enumerate() {
            let quote = quote_of(&mut quotes, q, &plan.products, now);
            insert.execute(params![
                i as i64 + 1,
                member_id(q.buyer),
                shop_id(q.shop),
                q.product.map(product_id),
                q.quantity,
                q.expect_price,
                q.message,
                q.state,
                q.created_at,
                quote.map_or(q.created_at, |o| o.quoted_at),
                quote.map(|o| o.unit_price),
                quote.map(|o| o.quantity),
                quote.map(|o| o.lead_days),
                quote.map(|o| o.quoted_at)
            ])?;
        }
        summary.inquiries = plan.inquiries.len();
    }

    {
        let mut insert = tx.prepare(
            "INSERT INTO opportunity (id, buyer_member_id, title, description, category_id,
                quantity, unit, budget, deadline, state, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        )?;
        let mut reply = tx.prepare(
            "INSERT INTO opportunity_reply (opportunity_id, shop_id, sys_user_id, operator_name,
                content, at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?;
        for (i, o) in plan.opportunities.iter().enumerate() {
            let id = i as i64 + 1;
            let at = plan.leaves[o.leaf];
            let leaf = leaf_of(at);
            let goods = leaf.goods[i % leaf.goods.len()];
            insert.execute(params![
                id,
                member_id(o.buyer),
                format!("求购{goods}{}{}", o.quantity, leaf.unit),
                format!("求购{goods}，数量{}{}，{}。", o.quantity, leaf.unit, o.need),
                leaf_ids.get(&at).copied().unwrap_or(1),
                o.quantity,
                leaf.unit,
                o.budget,
                o.deadline,
                o.state,
                o.created_at,
                o.moves.last().map_or(o.created_at, |m| m.at)
            ])?;
            // The operator reviews the buyers' opportunities.
            for m in &o.moves {
                record("opportunity", id, m, operator)?;
                history_rows += 1;
            }
            for (shop, content, at) in &o.replies {
                let (user, name) = match (shop, operator) {
                    (None, Some((uid, nick))) => (Some(*uid), nick.as_str()),
                    _ => (None, ""),
                };
                reply.execute(params![id, shop.map(shop_id), user, name, content, at])?;
                summary.replies += 1;
            }
        }
        summary.opportunities = plan.opportunities.len();
    }

    {
        let mut insert = tx.prepare(
            "INSERT INTO invitation (inviter_id, invitee_id, code, state, reward_fen, created_at,
                updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?;
        for (i, m) in plan.members.iter().enumerate() {
            let Some(inviter) = m.inviter else { continue };
            let opened = m.shop.and_then(|s| plan.shops[s].opened_at);
            let (state, reward) = match opened {
                Some(_) => ("shopOpened", REWARD_SHOP_OPENED),
                None => ("registered", REWARD_REGISTERED),
            };
            insert.execute(params![
                member_id(inviter),
                member_id(i),
                invite_code(member_id(inviter)),
                state,
                reward,
                m.created_at,
                opened.unwrap_or(m.created_at)
            ])?;
            summary.invitations += 1;
        }
    }
    summary.history = history_rows;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::HashCost;

    /// 2026-03-02 10:00:00 UTC+8.
    const NOW: i64 = 1_772_416_800_000;

    fn seeded(scale: u32) -> Result<(Connection, Summary), AppError> {
        let mut conn = Connection::open_in_memory()?;
        crate::store::migrations::migrate(&mut conn)?;
        crate::store::seed::load(&mut conn, HashCost::TEST, NOW)?;
        let summary =
            load(&mut conn, scale, NOW)?.ok_or_else(|| AppError::internal("not seeded"))?;
        Ok((conn, summary))
    }

    fn rows(conn: &Connection, sql: &str) -> Result<Vec<String>, AppError> {
        let mut stmt = conn.prepare(sql)?;
        let out = stmt
            .query_map([], |r| r.get::<_, String>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(out)
    }

    fn count(conn: &Connection, sql: &str) -> Result<i64, AppError> {
        Ok(conn.query_row(sql, [], |r| r.get(0))?)
    }

    #[test]
    fn scale_one_has_what_the_issue_asks_for_once() -> Result<(), AppError> {
        let (mut conn, s) = seeded(1)?;
        assert!(
            s.shops >= 200 && s.products >= 1_000 && s.members >= 300,
            "{s:?}"
        );
        assert!(s.opportunities >= 60 && s.inquiries >= 150, "{s:?}");
        assert_eq!(s.belts, 12);
        assert!(s.categories > 8 * 3, "{s:?}");
        assert!(s.invitations > 50, "{s:?}");
        // The indexes dropped for the bulk insert are all back.
        let mut fresh = Connection::open_in_memory()?;
        crate::store::migrations::migrate(&mut fresh)?;
        let indexes = "SELECT group_concat(name, ',') FROM
            (SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY name)";
        assert_eq!(rows(&conn, indexes)?, rows(&fresh, indexes)?);
        // A second start writes nothing more.
        assert!(load(&mut conn, 1, NOW + DAY)?.is_none());
        assert_eq!(count(&conn, "SELECT count(*) FROM shop")?, s.shops as i64);
        Ok(())
    }

    #[test]
    fn the_same_clock_gives_the_same_data() -> Result<(), AppError> {
        let (a, _) = seeded(1)?;
        let (b, _) = seeded(1)?;
        let dump = "SELECT group_concat(name || status || created_at || product_count, ',')
                    FROM (SELECT * FROM shop ORDER BY id)";
        assert_eq!(rows(&a, dump)?, rows(&b, dump)?);
        let dump = "SELECT group_concat(title || price_min || status, ',')
                    FROM (SELECT * FROM product ORDER BY id)";
        assert_eq!(rows(&a, dump)?, rows(&b, dump)?);
        Ok(())
    }

    #[test]
    fn shops_are_in_every_state_with_timelines_that_end_there() -> Result<(), AppError> {
        let (conn, _) = seeded(1)?;
        let states = rows(&conn, "SELECT DISTINCT status FROM shop ORDER BY status")?;
        assert_eq!(
            states,
            ["active", "closed", "frozen", "pending", "rejected"]
        );
        // Pending shops wait from minutes to days; some are overdue.
        let overdue = count(
            &conn,
            &format!(
                "SELECT count(*) FROM shop WHERE status = 'pending' AND created_at < {}",
                NOW - DAY
            ),
        )?;
        let fresh = count(
            &conn,
            &format!(
                "SELECT count(*) FROM shop WHERE status = 'pending' AND created_at >= {}",
                NOW - DAY
            ),
        )?;
        assert!(overdue > 0 && fresh > 0, "{overdue} {fresh}");
        // Each shop's latest move ends in its state; negative moves carry a reason.
        let wrong = count(
            &conn,
            "SELECT count(*) FROM shop WHERE status != (SELECT to_state FROM state_history h
                WHERE h.entity = 'shop' AND h.record_id = shop.id ORDER BY at DESC, id DESC LIMIT 1)",
        )?;
        assert_eq!(wrong, 0);
        // Every reviewed opportunity has its review on its timeline, ending in its state.
        let unreviewed = count(
            &conn,
            "SELECT count(*) FROM opportunity o WHERE state != 'pending' AND state != (SELECT
                to_state FROM state_history h WHERE h.entity = 'opportunity' AND
                h.record_id = o.id ORDER BY at DESC, id DESC LIMIT 1)",
        )?;
        assert_eq!(unreviewed, 0);
        let unexplained = count(
            &conn,
            "SELECT count(*) FROM state_history WHERE to_state IN
                ('rejected', 'frozen', 'closed', 'violation', 'banned') AND
                (reason_code = '' OR reason_label = '' OR reason = '')",
        )?;
        assert_eq!(unexplained, 0);
        let future = count(
            &conn,
            &format!("SELECT count(*) FROM state_history WHERE at > {NOW}"),
        )?;
        assert_eq!(future, 0);
        // The last 30 days have registrations on most days.
        let days = count(
            &conn,
            &format!(
                "SELECT count(DISTINCT (created_at + 28800000) / 86400000) FROM shop
                 WHERE created_at >= {}",
                NOW - 30 * DAY
            ),
        )?;
        assert!(days >= 25, "{days}");
        Ok(())
    }

    #[test]
    fn members_have_unique_phones_and_codes_and_counters_add_up() -> Result<(), AppError> {
        let (conn, _) = seeded(1)?;
        let bad = count(
            &conn,
            "SELECT count(*) FROM member WHERE length(phone) != 11 OR phone GLOB '*[^0-9]*'",
        )?;
        assert_eq!(bad, 0);
        let types = rows(&conn, "SELECT DISTINCT member_type FROM member ORDER BY 1")?;
        assert_eq!(types, ["buyer", "seller"]);
        let off = count(
            &conn,
            "SELECT count(*) FROM shop WHERE product_count !=
                (SELECT count(*) FROM product WHERE product.shop_id = shop.id)
             OR inquiry_count != (SELECT count(*) FROM inquiry WHERE inquiry.shop_id = shop.id)",
        )?;
        assert_eq!(off, 0);
        let owners = count(
            &conn,
            "SELECT count(*) FROM shop JOIN member m ON m.id = shop.owner_member_id
             WHERE m.shop_id = shop.id AND m.member_type = 'seller' AND m.created_at < shop.created_at",
        )?;
        assert_eq!(owners, count(&conn, "SELECT count(*) FROM shop")?);
        let codes = count(
            &conn,
            "SELECT count(*) FROM invitation i JOIN member m ON m.id = i.inviter_id
             WHERE i.code != m.invite_code",
        )?;
        assert_eq!(codes, 0);
        let unopened = count(
            &conn,
            "SELECT count(*) FROM product p JOIN shop s ON s.id = p.shop_id
             WHERE s.status IN ('pending', 'rejected')",
        )?;
        assert_eq!(unopened, 0, "only shops that were approved sell");
        Ok(())
    }

    #[test]
    fn codes_and_phones_differ_for_every_id() {
        let mut seen = std::collections::HashSet::new();
        for id in 1..50_000 {
            assert!(seen.insert(invite_code(id)), "{id}");
        }
        assert_eq!(phone(1, 0).len(), 11);
        assert_ne!(phone(1, 0)[3..], phone(2, 0)[3..]);
    }
}
