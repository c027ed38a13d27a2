//! Search by part of a text at a million rows (issue 21, item 3): product titles, shop names,
//! member nicknames and phones. A list's `LIKE '%…%'` (ASCII letters in either case, every other
//! character as it is) is answered with the same rows and the same totals, from what migration 13
//! keeps for each searched column:
//!
//! - a trigram index (contentless FTS5) of the text with ASCII letters lowered and two [`PAD`]s
//!   after it, so every character starts a trigram; a row's index rowid is its id × 8 plus its
//!   bucket (a status, or a member's status and type);
//! - `{table}_{column}_gram`: per bucket, how many rows hold each 1-, 2- and 3-character piece
//!   ([`grams`]).
//!
//! Counts: a search of 1–3 characters reads its piece's rows of the counts (exact, whatever the
//! number of matches); a longer one reads its phrase's matches from the index — their buckets and
//! ids, never their rows (time grows with the matches: about 0.5 µs each).
//!
//! Pages, the cheapest of three ways by the matches' share of the rows (`way`): walk the list's
//! order on its index reading each row's text until the page is full — (offset + size) × rows ÷
//! matches rows on average, given up at 4× that — when matches are common; walk the order's index
//! alone testing each id against the matches' ids in memory when they are fewer; or look the
//! matches up and sort them when they are rare. A 3+ character search finds its matches in the
//! index by its phrase, a 1–2 character one by the 3-character pieces that start with it (listed
//! by the counts).

use std::collections::HashMap;
use std::time::Instant;

use rusqlite::functions::FunctionFlags;
use rusqlite::types::{Value as Sql, ValueRef};
use rusqlite::{Connection, params, params_from_iter};

use super::Where;
use crate::error::AppError;

/// Follows every indexed text twice, so its last characters start trigrams too (a 1- or
/// 2-character search finds its rows through them). A search holding it is not indexed.
pub const PAD: char = '\u{1f}';

/// The buckets a rowid's low 3 bits hold.
pub const BUCKETS: usize = 8;

/// Rows per bucket.
pub type Buckets = [i64; BUCKETS];

/// The `meta` key set while the triggers leave the index alone and a bulk rebuild is due
/// (migration 13 on a database with rows, the demo seed): see [`pause`] and [`resume`].
pub const PAUSED: &str = "search_paused";

/// The 3-character pieces of a longer search checked in the counts before its phrase is
/// looked up: one never seen answers at once (a typo, a pasted paragraph).
const CHECKED_TRIGRAMS: usize = 64;

/// The fewest rows a walk reads before it gives up for the index's matches.
const WALK_MIN: i64 = 2_000;

/// What the steps of a page cost, in tenths of a µs (measured at a million products): a row
/// walked in the order and its text read and tested;
const WALK_ROW: i64 = 10;
/// an index entry walked in the order and its id tested against the matches' in memory;
const WALK_ENTRY: i64 = 2;
/// a match's id read from the index;
const FETCH: i64 = 3;
/// a match's row looked up and sorted.
const LOOKUP: i64 = 20;

/// A searched column.
#[derive(Debug, Clone, Copy)]
pub struct Source {
    /// The table.
    pub table: &'static str,
    /// The searched column.
    pub column: &'static str,
    /// Its trigram index.
    pub fts: &'static str,
    /// Its rows per bucket holding each piece (`gram`, `bucket`, `n`).
    pub grams: &'static str,
    /// A row's bucket, as SQL over the table's columns — as the triggers compute it (migrations 13, 15).
    pub bucket: &'static str,
}

/// Product titles; buckets as [`PRODUCT_BUCKETS`].
pub const PRODUCT_TITLE: Source = Source {
    table: "product",
    column: "title",
    fts: "product_title_fts",
    grams: "product_title_gram",
    bucket: "CASE status WHEN 'draft' THEN 0 WHEN 'onSale' THEN 1 + 3 * shop_held
        WHEN 'offSale' THEN 2 WHEN 'violation' THEN 3 ELSE 7 END",
};

/// Shop names; buckets as [`SHOP_BUCKETS`].
pub const SHOP_NAME: Source = Source {
    table: "shop",
    column: "name",
    fts: "shop_name_fts",
    grams: "shop_name_gram",
    bucket: "CASE status WHEN 'pending' THEN 0 WHEN 'active' THEN 1 WHEN 'rejected' THEN 2
        WHEN 'frozen' THEN 3 WHEN 'closed' THEN 4 ELSE 7 END",
};

/// Member nicknames; buckets as [`member_bucket`].
pub const MEMBER_NICKNAME: Source = Source {
    table: "member",
    column: "nickname",
    fts: "member_nickname_fts",
    grams: "member_nickname_gram",
    bucket: "(status = 'banned') + 2 * (member_type = 'seller')",
};

/// Member phones, by the digits their mask shows (`138****0012` is searched as `138 0012`, as
/// migration 16's triggers index it); buckets as [`member_bucket`].
pub const MEMBER_PHONE: Source = Source {
    table: "member",
    column: PHONE_SHOWN,
    fts: "member_phone_fts",
    grams: "member_phone_gram",
    bucket: "(status = 'banned') + 2 * (member_type = 'seller')",
};

/// The digits a member's masked phone shows (`core_wasm::format::mask_phone`), as SQL.
pub const PHONE_SHOWN: &str = "(CASE WHEN length(phone) = 11 \
    THEN substr(phone, 1, 3) || ' ' || substr(phone, -4) ELSE substr(phone, -4) END)";

/// Every searched column.
pub const SOURCES: [Source; 4] = [PRODUCT_TITLE, SHOP_NAME, MEMBER_NICKNAME, MEMBER_PHONE];

/// A product's status by bucket; `held`: on sale in a shop that holds it (migration 15).
pub const PRODUCT_BUCKETS: [&str; 5] = ["draft", "onSale", "offSale", "violation", HELD];

/// The tally's and the search's key of a product on sale that its shop holds from sale.
pub const HELD: &str = "held";

/// A shop's status by bucket.
pub const SHOP_BUCKETS: [&str; 5] = ["pending", "active", "rejected", "frozen", "closed"];

/// A member's bucket: 1 when banned, plus 2 when a seller.
pub fn member_bucket(status: &str, member_type: &str) -> usize {
    usize::from(status == "banned") + 2 * usize::from(member_type == "seller")
}

/// The counts of the buckets `names` names, by name (bucket `i` is `names[i]`).
pub fn named(counts: &Buckets, names: &[&str]) -> HashMap<String, i64> {
    names
        .iter()
        .zip(counts)
        .map(|(name, n)| ((*name).to_owned(), *n))
        .collect()
}

/// What a list searches for, as the index holds texts: ASCII letters lowered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Needle {
    text: String,
    chars: usize,
}

impl Needle {
    /// The search for `raw` (trimmed, as the list filters), or `None` when the index cannot answer
    /// it: empty, or holding a NUL (the tokenizer skips it) or a [`PAD`]. Those are left to the
    /// list's plain `LIKE`.
    pub fn new(raw: &str) -> Option<Needle> {
        if raw.is_empty() || raw.contains(['\0', PAD]) {
            return None;
        }
        let text = raw.to_ascii_lowercase();
        let chars = text.chars().count();
        Some(Needle { text, chars })
    }

    /// The lowered text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Its length in characters.
    pub fn chars(&self) -> usize {
        self.chars
    }
}

/// The distinct pieces of `text` the counts hold: ASCII letters lowered, NULs left out (as
/// the tokenizer reads it), each 1- and 2-character piece and each 3-character one starting in the
/// text (the last two run into the [`PAD`]s), sorted.
pub fn grams(text: &str) -> Vec<String> {
    let mut chars: Vec<char> = text
        .chars()
        .filter(|&c| c != '\0')
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let len = chars.len();
    chars.extend([PAD, PAD]);
    let mut out: Vec<String> = Vec::with_capacity(len * 3);
    for start in 0..len {
        for n in 1..=3 {
            if n < 3 && start + n > len {
                continue;
            }
            if let Some(piece) = chars.get(start..start + n) {
                out.push(piece.iter().collect());
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Registers `search_grams(text)` (a JSON array of [`grams`]) on `conn`: migration 13's triggers
/// call it, so every connection that writes the searched tables needs it.
pub fn register(conn: &Connection) -> Result<(), AppError> {
    conn.create_scalar_function(
        "search_grams",
        1,
        FunctionFlags::SQLITE_UTF8
            | FunctionFlags::SQLITE_DETERMINISTIC
            | FunctionFlags::SQLITE_INNOCUOUS,
        |ctx| {
            let text = match ctx.get_raw(0) {
                ValueRef::Null => String::new(),
                ValueRef::Integer(i) => i.to_string(),
                ValueRef::Real(f) => f.to_string(),
                ValueRef::Text(b) | ValueRef::Blob(b) => String::from_utf8_lossy(b).into_owned(),
            };
            serde_json::to_string(&grams(&text))
                .map_err(|e| rusqlite::Error::UserFunctionError(Box::new(e)))
        },
    )?;
    Ok(())
}

/// Leaves the index to a bulk rebuild ([`resume`]) until then: the triggers skip their work.
pub fn pause(conn: &Connection) -> Result<(), AppError> {
    conn.execute(
        "INSERT INTO meta (key, value) VALUES (?1, 'bulk') ON CONFLICT (key) DO NOTHING",
        [PAUSED],
    )?;
    Ok(())
}

/// When paused, rebuilds every searched column's index and counts from its table, then lets the
/// triggers keep them again. A few seconds per million rows.
pub fn resume(conn: &Connection) -> Result<(), AppError> {
    let paused: bool = conn
        .prepare_cached("SELECT EXISTS (SELECT 1 FROM meta WHERE key = ?1)")?
        .query_row([PAUSED], |r| r.get(0))?;
    if !paused {
        return Ok(());
    }
    let started = Instant::now();
    for source in &SOURCES {
        rebuild(conn, source)?;
    }
    conn.execute("DELETE FROM meta WHERE key = ?1", [PAUSED])?;
    tracing::info!(
        ms = started.elapsed().as_millis() as u64,
        "search index built"
    );
    Ok(())
}

/// Rebuilds `s`'s index and counts from its table.
fn rebuild(conn: &Connection, s: &Source) -> Result<(), AppError> {
    let (table, column, fts, bucket) = (s.table, s.column, s.fts, s.bucket);
    conn.execute(
        &format!("INSERT INTO {fts} ({fts}) VALUES ('delete-all')"),
        [],
    )?;
    conn.execute(&format!("DELETE FROM {}", s.grams), [])?;
    conn.execute(
        &format!(
            "INSERT INTO {fts} (rowid, body)
             SELECT id * 8 + {bucket}, lower({column}) || char(31, 31) FROM {table}"
        ),
        [],
    )?;
    // Rows per distinct text first: texts repeat (the seed's million titles are a few thousand),
    // and each distinct one is cut into pieces once.
    let mut texts: HashMap<String, Buckets> = HashMap::new();
    {
        let mut stmt = conn.prepare(&format!("SELECT {column}, {bucket} FROM {table}"))?;
        let mut rows = stmt.query([])?;
        while let Some(r) = rows.next()? {
            let text: String = r.get(0)?;
            texts.entry(text).or_default()[slot(r.get(1)?)] += 1;
        }
    }
    let mut tally: HashMap<String, Buckets> = HashMap::new();
    for (text, counts) in &texts {
        for gram in grams(text) {
            let entry = tally.entry(gram).or_default();
            for (sum, n) in entry.iter_mut().zip(counts) {
                *sum += n;
            }
        }
    }
    let mut insert = conn.prepare(&format!(
        "INSERT INTO {} (gram, bucket, n) VALUES (?1, ?2, ?3)",
        s.grams
    ))?;
    for (gram, counts) in &tally {
        for (b, n) in counts.iter().enumerate().filter(|(_, n)| **n > 0) {
            insert.execute(params![gram, b as i64, n])?;
        }
    }
    Ok(())
}

/// A bucket's slot (an unexpected value counts in the last, as the triggers' `ELSE 7`).
fn slot(bucket: i64) -> usize {
    usize::try_from(bucket)
        .ok()
        .filter(|b| *b < BUCKETS)
        .unwrap_or(BUCKETS - 1)
}

/// `text` as one FTS5 phrase: quoted, its quotes doubled (nothing else is special inside).
fn phrase(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}

/// What the index found for a search: its rows per bucket, and their ids when it read them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Found {
    /// Rows per bucket.
    pub buckets: Buckets,
    /// Every match's id, ascending: read along with the counts of a 4+ character search.
    ids: Option<Vec<i64>>,
}

impl Found {
    /// Every match, whatever its bucket.
    pub fn total(&self) -> i64 {
        self.buckets.iter().sum()
    }
}

/// The rows of `s` holding `needle`, per bucket, exactly: 1–3 characters from their piece's rows,
/// more from one pass over the phrase's matches in the index (their ids kept for the page).
pub fn find(c: &Connection, s: &Source, needle: &Needle) -> Result<Found, AppError> {
    let mut found = Found::default();
    if needle.chars <= 3 {
        let mut stmt = c.prepare_cached(&format!(
            "SELECT bucket, n FROM {} WHERE gram = ?1 AND n > 0",
            s.grams
        ))?;
        let rows = stmt.query_map([&needle.text], |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?))
        })?;
        for row in rows {
            let (bucket, n) = row?;
            found.buckets[slot(bucket)] += n;
        }
        return Ok(found);
    }
    let mut ids = Vec::new();
    if trigrams_seen(c, s, needle)? {
        let sql = format!("SELECT rowid FROM {fts} WHERE {fts} MATCH ?1", fts = s.fts);
        let mut stmt = c.prepare_cached(&sql)?;
        let mut rows = stmt.query([phrase(&needle.text)])?;
        while let Some(r) = rows.next()? {
            let rowid: i64 = r.get(0)?;
            found.buckets[slot(rowid & 7)] += 1;
            ids.push(rowid >> 3);
        }
    }
    found.ids = Some(ids);
    Ok(found)
}

/// [`find`]'s rows per bucket.
pub fn by_bucket(c: &Connection, s: &Source, needle: &Needle) -> Result<Buckets, AppError> {
    Ok(find(c, s, needle)?.buckets)
}

/// Whether each of the first [`CHECKED_TRIGRAMS`] 3-character pieces of `needle` is in some row.
fn trigrams_seen(c: &Connection, s: &Source, needle: &Needle) -> Result<bool, AppError> {
    let chars: Vec<char> = needle.text.chars().collect();
    let mut stmt = c.prepare_cached(&format!(
        "SELECT EXISTS (SELECT 1 FROM {} WHERE gram = ?1 AND n > 0)",
        s.grams
    ))?;
    for piece in chars.windows(3).take(CHECKED_TRIGRAMS) {
        let gram: String = piece.iter().collect();
        if !stmt.query_row([gram], |r| r.get::<_, bool>(0))? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The index query finding `needle`'s rows: its phrase (3+ characters), or any of the
/// 3-character pieces starting with it (1–2 characters; `None` when there is none).
fn match_query(c: &Connection, s: &Source, needle: &Needle) -> Result<Option<String>, AppError> {
    if needle.chars >= 3 {
        return Ok(Some(phrase(&needle.text)));
    }
    // Every 3-character text starting with the needle sorts between it and the needle followed
    // by the highest characters (UTF-8 keeps code point order); none else does.
    let highest: String = std::iter::repeat_n(char::MAX, 3 - needle.chars).collect();
    let mut stmt = c.prepare_cached(&format!(
        "SELECT DISTINCT gram FROM {}
         WHERE gram >= ?1 AND gram <= ?1 || ?2 AND length(gram) = 3 AND n > 0",
        s.grams
    ))?;
    let terms = stmt
        .query_map(params![needle.text, highest], |r| r.get::<_, String>(0))?
        .map(|t| t.map(|t| phrase(&t)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((!terms.is_empty()).then(|| terms.join(" OR ")))
}

/// `id IN (`the rows of `needle`, from the index`)`: its cost grows with the matches.
pub fn postings(
    c: &Connection,
    s: &Source,
    needle: &Needle,
) -> Result<(String, Vec<Sql>), AppError> {
    Ok(match match_query(c, s, needle)? {
        Some(query) => (
            format!(
                "id IN (SELECT rowid >> 3 FROM {fts} WHERE {fts} MATCH ?)",
                fts = s.fts
            ),
            vec![Sql::Text(query)],
        ),
        None => ("0".to_owned(), Vec::new()),
    })
}

/// The ids of `needle`'s rows, ascending: those [`find`] read, else read from the index.
fn ids_of(
    c: &Connection,
    s: &Source,
    needle: &Needle,
    found: &Found,
) -> Result<Vec<i64>, AppError> {
    if let Some(ids) = &found.ids {
        return Ok(ids.clone());
    }
    let Some(query) = match_query(c, s, needle)? else {
        return Ok(Vec::new());
    };
    let sql = format!(
        "SELECT rowid >> 3 FROM {fts} WHERE {fts} MATCH ?1",
        fts = s.fts
    );
    Ok(c.prepare_cached(&sql)?
        .query_map([query], |r| r.get::<_, i64>(0))?
        .collect::<Result<Vec<_>, _>>()?)
}

/// [`postings`], or `id IN` the ids [`find`] read (the index is not asked again).
fn matches(
    c: &Connection,
    s: &Source,
    needle: &Needle,
    found: &Found,
) -> Result<(String, Vec<Sql>), AppError> {
    match &found.ids {
        Some(ids) => ids_clause(ids),
        None => postings(c, s, needle),
    }
}

/// `id IN` `ids`, bound as one JSON array.
fn ids_clause(ids: &[i64]) -> Result<(String, Vec<Sql>), AppError> {
    let json = serde_json::to_string(ids).map_err(AppError::internal)?;
    Ok((
        "id IN (SELECT value FROM json_each(?))".to_owned(),
        vec![Sql::Text(json)],
    ))
}

/// The test of one row's text for `needle` (what the index answers, read from the row). Without
/// an ASCII letter in the needle the text need not be lowered first: lowering changes ASCII
/// letters only, and none of them can match a character of such a needle, lowered or not (a
/// quarter of a walk's time at a million products).
pub fn scan(s: &Source, needle: &Needle) -> (String, Vec<Sql>) {
    let text = if needle.text.bytes().any(|b| b.is_ascii_alphabetic()) {
        format!("lower({})", s.column)
    } else {
        s.column.to_owned()
    };
    (
        format!("instr({text}, ?) > 0"),
        vec![Sql::Text(needle.text.clone())],
    )
}

/// The cheaper test of membership for a count under other filters: each of the index's matches
/// looked up, or each of the `rows` those filters leave tested (either is exact).
pub fn membership(
    c: &Connection,
    s: &Source,
    needle: &Needle,
    found: &Found,
    rows: i64,
) -> Result<(String, Vec<Sql>), AppError> {
    if found.total().saturating_mul(LOOKUP) <= rows.saturating_mul(WALK_ROW) {
        matches(c, s, needle, found)
    } else {
        Ok(scan(s, needle))
    }
}

/// What a search's page is chosen from.
#[derive(Debug, Clone, Copy)]
pub struct Sizes {
    /// The matches under the list's filters (the page's total), exactly.
    pub total: i64,
    /// The rows the other filters leave (an estimate is enough: it only chooses the way).
    pub rows: i64,
}

/// How a page is found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Way {
    /// Walk the order, reading each row's text.
    ReadWalk,
    /// Walk the order on an index alone, testing each id against the matches' ids.
    IdWalk,
    /// Look the matches up and sort them.
    Lookup,
}

/// The cheapest way to a page, from the costs of the steps (in tenths of µs at a million rows).
fn way(found: &Found, sizes: Sizes, want: i64) -> Way {
    let matches = found.total();
    // Rows walked on average before `want` matches: the matches spread over the order.
    let walked = want.saturating_mul(sizes.rows.max(sizes.total)) / sizes.total.max(1);
    let fetch = if found.ids.is_some() {
        0
    } else {
        matches.saturating_mul(FETCH)
    };
    let read_walk = if found.ids.is_some() {
        i64::MAX
    } else {
        walked.saturating_mul(WALK_ROW)
    };
    let id_walk = fetch.saturating_add(walked.saturating_mul(WALK_ENTRY));
    let lookup = matches.saturating_mul(LOOKUP);
    if read_walk <= id_walk && read_walk <= lookup {
        Way::ReadWalk
    } else if id_walk <= lookup {
        Way::IdWalk
    } else {
        Way::Lookup
    }
}

/// The ids of one page of the rows of `s` holding `needle` under `wher` (the list's other
/// filters) in `order`, the cheapest way: a walk of the order (given up after 4× the rows it
/// should take, for the lookup), or the matches looked up.
#[allow(clippy::too_many_arguments)]
pub fn page(
    c: &Connection,
    s: &Source,
    needle: &Needle,
    found: &Found,
    wher: &Where,
    order: &str,
    offset: i64,
    size: i64,
    sizes: Sizes,
) -> Result<Vec<i64>, AppError> {
    let want = offset.saturating_add(size).min(sizes.total);
    let chosen = way(found, sizes, want);
    page_by(
        c,
        s,
        needle,
        found,
        (wher, order),
        offset,
        size,
        sizes,
        chosen,
    )
}

/// [`page`] the way given.
#[allow(clippy::too_many_arguments)]
fn page_by(
    c: &Connection,
    s: &Source,
    needle: &Needle,
    found: &Found,
    (wher, order): (&Where, &str),
    offset: i64,
    size: i64,
    sizes: Sizes,
    chosen: Way,
) -> Result<Vec<i64>, AppError> {
    if sizes.total <= 0 || offset >= sizes.total {
        return Ok(Vec::new());
    }
    let want = offset.saturating_add(size).min(sizes.total);
    let walked = want.saturating_mul(sizes.rows.max(sizes.total)) / sizes.total;
    let cap = walked.saturating_mul(4).max(WALK_MIN);
    let mut read = None;
    match chosen {
        Way::ReadWalk => {
            let test = scan(s, needle);
            let expect = want - offset;
            let at = (offset, size, expect);
            if let Some(page) = walk(c, s.table, (wher, order), &test, at, cap)? {
                return Ok(page);
            }
        }
        Way::IdWalk => {
            let ids = ids_of(c, s, needle, found)?;
            if let Some(page) = walk_ids(c, s.table, wher, &ids, order, offset, size, cap)? {
                return Ok(page);
            }
            read = Some(ids);
        }
        Way::Lookup => {}
    }
    let (clause, args) = match read {
        Some(ids) => ids_clause(&ids)?,
        None => matches(c, s, needle, found)?,
    };
    let mut look = wher.clone();
    look.push(clause, args);
    page_ids(c, s.table, &look, order, size, offset)
}

/// The ids of one page of `table` under `wher` in `order`.
pub fn page_ids(
    c: &Connection,
    table: &str,
    wher: &Where,
    order: &str,
    limit: i64,
    offset: i64,
) -> Result<Vec<i64>, AppError> {
    let sql = format!(
        "SELECT id FROM {table} {} ORDER BY {order} LIMIT ? OFFSET ?",
        wher.sql()
    );
    let mut args = wher.args.clone();
    args.push(Sql::Integer(limit));
    args.push(Sql::Integer(offset));
    Ok(c.prepare_cached(&sql)?
        .query_map(params_from_iter(args), |r| r.get::<_, i64>(0))?
        .collect::<Result<Vec<_>, _>>()?)
}

/// Walks `table` under `wher` in `order` on an index (none serving the order: `None`), reading at
/// most `cap` rows, and keeps the ids of those `test` (SQL with its values) holds for: past the
/// first `skip` of them, the next `take`. SQLite reads and tests the rows itself and stops at the
/// page's last. `None` unless the page has the `expect` ids the list's total says it has: the
/// bound stopped the walk first, and the caller finds its rows another way. A filter no index
/// order serves costs the rows read, not the table.
fn walk(
    c: &Connection,
    table: &str,
    (wher, order): (&Where, &str),
    test: &(String, Vec<Sql>),
    (skip, take, expect): (i64, i64, i64),
    cap: i64,
) -> Result<Option<Vec<i64>>, AppError> {
    // The bounded walk is a subquery SQLite runs as a co-routine, in its order, row by row as
    // the outer query asks: it stops reading with the page.
    let sql = format!(
        "SELECT id FROM (SELECT id, {} AS hit FROM {table} {} ORDER BY {order} LIMIT ?)
         WHERE hit LIMIT ? OFFSET ?",
        test.0,
        wher.sql()
    );
    let mut args = test.1.clone();
    args.extend(wher.args.iter().cloned());
    args.extend([Sql::Integer(cap), Sql::Integer(take), Sql::Integer(skip)]);
    if !in_index_order(c, &sql, &args)? {
        return Ok(None);
    }
    let page = c
        .prepare_cached(&sql)?
        .query_map(params_from_iter(args.iter()), |r| r.get::<_, i64>(0))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok((page.len() as i64 == expect).then_some(page))
}

/// [`walk`] testing each id against `ids` (ascending) in memory: the walk reads the order's index
/// alone, not the rows.
#[allow(clippy::too_many_arguments)]
fn walk_ids(
    c: &Connection,
    table: &str,
    wher: &Where,
    ids: &[i64],
    order: &str,
    skip: i64,
    take: i64,
    cap: i64,
) -> Result<Option<Vec<i64>>, AppError> {
    let sql = format!(
        "SELECT id FROM {table} {} ORDER BY {order} LIMIT ?",
        wher.sql()
    );
    let mut args = wher.args.clone();
    args.push(Sql::Integer(cap));
    if !in_index_order(c, &sql, &args)? {
        return Ok(None);
    }
    let mut stmt = c.prepare_cached(&sql)?;
    let mut rows = stmt.query(params_from_iter(args.iter()))?;
    let (mut read, mut skipped) = (0, 0);
    let mut out = Vec::new();
    while let Some(r) = rows.next()? {
        read += 1;
        let id: i64 = r.get(0)?;
        if ids.binary_search(&id).is_err() {
            continue;
        }
        if skipped < skip {
            skipped += 1;
            continue;
        }
        out.push(id);
        if out.len() as i64 >= take {
            return Ok(Some(out));
        }
    }
    Ok((read < cap).then_some(out))
}

/// Whether SQLite reads `sql`'s rows in its `ORDER BY` from an index (no sort of them all first).
fn in_index_order(c: &Connection, sql: &str, args: &[Sql]) -> Result<bool, AppError> {
    let mut stmt = c.prepare_cached(&format!("EXPLAIN QUERY PLAN {sql}"))?;
    let steps = stmt
        .query_map(params_from_iter(args.iter()), |r| r.get::<_, String>(3))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(!steps.iter().any(|s| s.contains("TEMP B-TREE")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Config, DbLocation, HashCost};
    use crate::store::{Store, demo, files, like_contains, migrations, seed, snapshot};

    const NOW: i64 = 1_772_416_800_000;

    fn seeded() -> Result<Connection, AppError> {
        let mut conn = Connection::open_in_memory()?;
        migrations::migrate(&mut conn)?;
        seed::load(&mut conn, HashCost::TEST, NOW)?;
        demo::load(&mut conn, 1, NOW)?;
        Ok(conn)
    }

    fn needle(raw: &str) -> Needle {
        Needle::new(raw).unwrap_or_else(|| panic!("{raw:?} is searched through the index"))
    }

    /// Ids of `s`'s rows under `sql` (a condition on the table), ascending.
    fn ids_where(
        c: &Connection,
        s: &Source,
        sql: &str,
        args: &[Sql],
    ) -> Result<Vec<i64>, AppError> {
        let q = format!("SELECT id FROM {} WHERE {sql} ORDER BY id", s.table);
        Ok(c.prepare(&q)?
            .query_map(params_from_iter(args.iter()), |r| r.get(0))?
            .collect::<Result<_, _>>()?)
    }

    /// What the list's filter answered before the index, and answers still without it: `LIKE`
    /// with `%`, `_` and `\` escaped — as (id, bucket), by id.
    fn plain(c: &Connection, s: &Source, raw: &str) -> Result<Vec<(i64, i64)>, AppError> {
        let sql = format!(
            "SELECT id, {} FROM {} WHERE {} LIKE ?1 ESCAPE '\\' ORDER BY id",
            s.bucket, s.table, s.column
        );
        Ok(c.prepare(&sql)?
            .query_map([like_contains(raw)], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?)
    }

    /// The index answers `raw` on `s` as `LIKE` does: the counts per bucket, the rows, and every
    /// page both ways (walked, and read from the index's matches).
    fn answers_as_like(c: &Connection, s: &Source, raw: &str) -> Result<usize, AppError> {
        let n = needle(raw);
        let want = plain(c, s, raw)?;
        // `LIKE` is a substring test with ASCII letters in either case.
        let texts: Vec<(i64, String)> = c
            .prepare(&format!(
                "SELECT id, {} FROM {} ORDER BY id",
                s.column, s.table
            ))?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?;
        let by_rust: Vec<i64> = texts
            .iter()
            .filter(|(_, t)| t.to_ascii_lowercase().contains(n.text()))
            .map(|(id, _)| *id)
            .collect();
        let want_ids: Vec<i64> = want.iter().map(|(id, _)| *id).collect();
        assert_eq!(
            by_rust, want_ids,
            "{} {raw:?}: LIKE is not the substring",
            s.column
        );

        let mut counts = [0; BUCKETS];
        for (_, b) in &want {
            counts[slot(*b)] += 1;
        }
        assert_eq!(by_bucket(c, s, &n)?, counts, "{} {raw:?}: counts", s.column);
        let (clause, args) = postings(c, s, &n)?;
        assert_eq!(
            ids_where(c, s, &clause, &args)?,
            want_ids,
            "{} {raw:?}",
            s.column
        );
        let (clause, args) = scan(s, &n);
        assert_eq!(
            ids_where(c, s, &clause, &args)?,
            want_ids,
            "{} {raw:?}",
            s.column
        );

        let total = want_ids.len() as i64;
        let newest_first: Vec<i64> = want_ids.iter().rev().copied().collect();
        let found = find(c, s, &n)?;
        // Without the ids a 1–3 character search's counts leave: each way reads them itself.
        let counted = Found {
            ids: None,
            ..found.clone()
        };
        let sizes = Sizes { total, rows: total };
        for (offset, size) in [(0, 7), (7, 7), (0, 1_000), (total, 7)] {
            let expected: Vec<i64> = newest_first
                .iter()
                .skip(offset as usize)
                .take(size as usize)
                .copied()
                .collect();
            let everything = Where::default();
            for f in [&found, &counted] {
                for chosen in [Way::ReadWalk, Way::IdWalk, Way::Lookup] {
                    let order = (&everything, "id DESC");
                    let got = page_by(c, s, &n, f, order, offset, size, sizes, chosen)?;
                    assert_eq!(
                        got, expected,
                        "{} {raw:?} {offset}+{size} {chosen:?}",
                        s.column
                    );
                }
            }
        }
        Ok(want_ids.len())
    }

    #[test]
    fn the_bundled_sqlite_has_fts5_and_its_trigram_tokenizer() -> Result<(), AppError> {
        let conn = Connection::open_in_memory()?;
        conn.execute_batch(
            "CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'trigram');
             INSERT INTO t (x) VALUES ('精密螺丝刀套装'), ('连衣裙');",
        )?;
        let n: i64 = conn.query_row(
            "SELECT count(*) FROM t WHERE t MATCH '\"丝刀套\"'",
            [],
            |r| r.get(0),
        )?;
        assert_eq!(n, 1);
        Ok(())
    }

    #[test]
    fn grams_are_the_distinct_pieces_up_to_three_with_the_padding_after() {
        assert_eq!(
            grams("AbA"),
            ["a", "a\u{1f}\u{1f}", "ab", "aba", "b", "ba", "ba\u{1f}"]
        );
        assert_eq!(
            grams("螺\0丝"),
            ["丝", "丝\u{1f}\u{1f}", "螺", "螺丝", "螺丝\u{1f}"]
        );
        assert!(grams("").is_empty());
    }

    #[test]
    fn the_index_answers_every_search_as_like_does() -> Result<(), AppError> {
        let conn = seeded()?;
        // Titles with Latin letters in both cases, LIKE's wildcards, FTS5's syntax and quotes,
        // a letter outside ASCII in both cases (LIKE tells them apart), very short titles.
        conn.execute_batch(
            "INSERT INTO product (shop_id, title, category_id, price_min, price_max, unit,
                 status, created_at, updated_at)
             SELECT 1, t.value, (SELECT max(id) FROM category), 100, 200, '件', 'onSale', 1, 1
             FROM json_each('[\"ABC Widget 50% off_now\", \"abc\", \"Äpfel äpfel\",
                 \"quote\\\" and ''single''\", \"NEAR(x) AND y* OR -z ^a:b {c}\", \"x\", \"ab\",
                 \"MFi 数据线 USB-C\", \"back\\\\slash\"]') t;",
        )?;
        let products = [
            "连衣裙",
            "螺丝",
            "钢",
            "不粘炒锅",
            "厂家直销",
            "2025新款",
            "T",
            "t",
            "logo",
            "LOGO",
            "abc",
            "ABC",
            "Ä",
            "ä",
            "äpfel",
            "50%",
            "%",
            "_",
            "off_",
            "\"",
            "'",
            "quote\" and",
            "NEAR(",
            "NEAR(x)",
            "*",
            "y*",
            "-z",
            "^a:b",
            "{c}",
            "x",
            "ab",
            "b",
            "usb-c",
            " ",
            "\\",
            "k\\s",
            "\\slash",
            "不存在的商品",
            "裙连衣裙",
            "连衣裙连衣裙",
        ];
        let mut found = 0;
        for raw in products {
            found += answers_as_like(&conn, &PRODUCT_TITLE, raw)?;
        }
        assert!(found > 1_000, "the searches find rows: {found}");
        for raw in ["五金", "有限公司", "旗舰店", "鑫", "厂", "不存在的店"] {
            answers_as_like(&conn, &SHOP_NAME, raw)?;
        }
        for raw in ["王", "老板", "王伟", "采购-", "不存在"] {
            answers_as_like(&conn, &MEMBER_NICKNAME, raw)?;
        }
        for raw in ["1", "38", "138", "5678", "13800000000", "99999999999"] {
            answers_as_like(&conn, &MEMBER_PHONE, raw)?;
        }
        Ok(())
    }

    #[test]
    fn hostile_searches_answer_without_an_error() -> Result<(), AppError> {
        let conn = seeded()?;
        let long_common = "连衣裙".repeat(3_334);
        let long_rare = "螺".repeat(10_000);
        let pasted: String = ('一'..='龥').take(10_000).collect();
        for raw in [
            long_common.as_str(),
            long_rare.as_str(),
            pasted.as_str(),
            "\u{1}\u{2}\u{7f}",
            "\"",
            "\"\"",
            "\"*\"",
            "NEAR(a b, 1)",
            "a OR b",
            "a AND NOT b",
            ")(",
            "\u{10ffff}",
            "\u{10ffff}\u{10ffff}",
        ] {
            for s in &SOURCES {
                answers_as_like(&conn, s, raw)?;
            }
        }
        // The index cannot answer a NUL (its tokenizer skips it) or its padding: the list's LIKE
        // does.
        assert_eq!(Needle::new("a\0b"), None);
        assert_eq!(Needle::new("a\u{1f}"), None);
        assert_eq!(Needle::new(""), None);
        Ok(())
    }

    /// (bucket, count) of every piece counted for `s`, and every bucket's matches of `probes`.
    type Snapshot = (Vec<(String, i64, i64)>, Vec<Buckets>);

    fn snapshot_of(c: &Connection, s: &Source, probes: &[&str]) -> Result<Snapshot, AppError> {
        let grams = c
            .prepare(&format!(
                "SELECT gram, bucket, n FROM {} WHERE n > 0 ORDER BY gram, bucket",
                s.grams
            ))?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<_, _>>()?;
        let mut matches = Vec::new();
        for raw in probes {
            let n = needle(raw);
            // From the index itself, not from the pieces: a 4-character phrase.
            let mut found = [0; BUCKETS];
            let sql = format!(
                "SELECT rowid & 7, count(*) FROM {fts} WHERE {fts} MATCH ?1 GROUP BY 1",
                fts = s.fts
            );
            let rows: Vec<(i64, i64)> = c
                .prepare(&sql)?
                .query_map([phrase(n.text())], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<Result<_, _>>()?;
            for (b, k) in rows {
                found[slot(b)] += k;
            }
            matches.push(found);
        }
        Ok((grams, matches))
    }

    #[test]
    fn a_write_is_searchable_at_once_and_the_triggers_keep_what_a_rebuild_makes()
    -> Result<(), AppError> {
        let conn = seeded()?;
        let count = |s: &Source, raw: &str| -> Result<i64, AppError> {
            Ok(by_bucket(&conn, s, &needle(raw))?.iter().sum())
        };
        let category: i64 = conn.query_row("SELECT max(id) FROM category", [], |r| r.get(0))?;
        conn.execute(
            "INSERT INTO product (id, shop_id, title, category_id, price_min, price_max, unit,
                 created_at, updated_at)
             VALUES (90001, 1, '独一无二的测试品', ?1, 100, 200, '件', 1, 1)",
            [category],
        )?;
        assert_eq!(count(&PRODUCT_TITLE, "一无二的")?, 1);
        assert_eq!(
            by_bucket(&conn, &PRODUCT_TITLE, &needle("独一"))?[0],
            1,
            "a draft"
        );
        answers_as_like(&conn, &PRODUCT_TITLE, "独一无二")?;

        conn.execute(
            "UPDATE product SET title = '改名后的测试品', status = 'onSale' WHERE id = 90001",
            [],
        )?;
        assert_eq!(count(&PRODUCT_TITLE, "独一无二")?, 0);
        assert_eq!(count(&PRODUCT_TITLE, "独一")?, 0);
        assert_eq!(
            by_bucket(&conn, &PRODUCT_TITLE, &needle("改名后"))?[1],
            1,
            "on sale"
        );
        answers_as_like(&conn, &PRODUCT_TITLE, "改名后的测试")?;

        conn.execute(
            "UPDATE shop SET name = '新名字五金城', status = 'frozen' WHERE id = 2",
            [],
        )?;
        assert_eq!(
            by_bucket(&conn, &SHOP_NAME, &needle("新名字"))?[3],
            1,
            "frozen"
        );
        answers_as_like(&conn, &SHOP_NAME, "五金城")?;
        conn.execute(
            "UPDATE member SET nickname = '改名的老板', phone = '19912345678', status = 'banned'
             WHERE id = 3",
            [],
        )?;
        answers_as_like(&conn, &MEMBER_NICKNAME, "改名的")?;
        answers_as_like(&conn, &MEMBER_PHONE, "1991234")?;

        // What the triggers kept is what a rebuild from the tables makes.
        let probes: [(&Source, &[&str]); 4] = [
            (&PRODUCT_TITLE, &["改名后的", "不粘炒锅", "厂家直销"]),
            (&SHOP_NAME, &["新名字五", "有限公司"]),
            (&MEMBER_NICKNAME, &["改名的老", "采购-王"]),
            (&MEMBER_PHONE, &["1991234", "1380"]),
        ];
        let kept = probes
            .iter()
            .map(|(s, p)| snapshot_of(&conn, s, p))
            .collect::<Result<Vec<_>, _>>()?;
        pause(&conn)?;
        resume(&conn)?;
        let rebuilt = probes
            .iter()
            .map(|(s, p)| snapshot_of(&conn, s, p))
            .collect::<Result<Vec<_>, _>>()?;
        assert!(kept == rebuilt, "the triggers and the rebuild disagree");

        conn.execute("DELETE FROM product WHERE id = 90001", [])?;
        assert_eq!(count(&PRODUCT_TITLE, "改名后的")?, 0);
        answers_as_like(&conn, &PRODUCT_TITLE, "改名后")?;
        Ok(())
    }

    #[test]
    fn a_database_from_before_the_index_gets_it_when_migrated() -> Result<(), AppError> {
        let mut conn = Connection::open_in_memory()?;
        // Schema version 12, as the gateway before the index left it, with rows.
        for (i, sql) in migrations::MIGRATIONS.iter().enumerate().take(12) {
            conn.execute_batch(sql)?;
            conn.pragma_update(None, "user_version", i as i64 + 1)?;
        }
        conn.execute_batch(
            "INSERT INTO member (id, nickname, phone, member_type, invite_code, created_at,
                 updated_at) VALUES (1, '王老板', '13800001234', 'seller', 'AAAAAA', 1, 1);
             INSERT INTO shop (id, name, owner_member_id, contact_name, contact_phone, province,
                 city, status, created_at, updated_at)
                 VALUES (1, '宏发五金商行', 1, '王', '13800001234', '浙江', '金华', 'active', 1, 1);
             INSERT INTO category (id, name, created_at, updated_at) VALUES (1, '五金', 1, 1);
             INSERT INTO product (id, shop_id, title, category_id, price_min, price_max, unit,
                 status, created_at, updated_at)
                 VALUES (1, 1, '304不锈钢螺丝', 1, 100, 200, '个', 'onSale', 1, 1);",
        )?;
        migrations::migrate(&mut conn)?;
        assert_eq!(
            by_bucket(&conn, &PRODUCT_TITLE, &needle("不锈钢螺丝"))?[1],
            1
        );
        assert_eq!(by_bucket(&conn, &PRODUCT_TITLE, &needle("螺丝"))?[1], 1);
        assert_eq!(by_bucket(&conn, &SHOP_NAME, &needle("五金"))?[1], 1);
        assert_eq!(by_bucket(&conn, &MEMBER_NICKNAME, &needle("老板"))?[2], 1);
        // A phone by the digits its mask shows (138****1234), never by its hidden middle.
        assert_eq!(by_bucket(&conn, &MEMBER_PHONE, &needle("1234"))?[2], 1);
        assert_eq!(by_bucket(&conn, &MEMBER_PHONE, &needle("138"))?[2], 1);
        assert_eq!(by_bucket(&conn, &MEMBER_PHONE, &needle("0001"))?[2], 0);
        let paused: bool = conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM meta WHERE key = ?1)",
            [PAUSED],
            |r| r.get(0),
        )?;
        assert!(!paused, "the triggers keep it from now on");
        // …and they do.
        conn.execute("UPDATE product SET title = '自攻螺丝' WHERE id = 1", [])?;
        assert_eq!(by_bucket(&conn, &PRODUCT_TITLE, &needle("自攻"))?[1], 1);
        assert_eq!(by_bucket(&conn, &PRODUCT_TITLE, &needle("不锈钢"))?[1], 0);
        Ok(())
    }

    #[test]
    fn searches_in_parallel_with_writes_agree_with_like_in_their_snapshot() -> Result<(), AppError>
    {
        let dir = tempfile::tempdir().map_err(AppError::internal)?;
        let config = Config {
            files: Some(dir.path().join("files")),
            ..Config::default()
        };
        let folder = files::Folder::open(&config)?;
        let location = DbLocation::File(dir.path().join("search.sqlite3"));
        let store = Store::open(&location, false, 2, HashCost::TEST, 1, NOW, &folder)?;
        const WORD: &str = "并发测试";
        let statuses = PRODUCT_BUCKETS;
        std::thread::scope(|scope| -> Result<(), AppError> {
            let writer = scope.spawn(|| -> Result<(), AppError> {
                for i in 0..120_i64 {
                    let id = 1 + i % 40;
                    let title = if i % 3 == 0 {
                        format!("{WORD} 第{i}号")
                    } else {
                        format!("普通商品 {i}")
                    };
                    let status = statuses[(i % 4) as usize];
                    store.write(|tx| {
                        tx.execute(
                            "UPDATE product SET title = ?1, status = ?2 WHERE id = ?3",
                            params![title, status, id],
                        )?;
                        Ok(())
                    })?;
                }
                Ok(())
            });
            let readers: Vec<_> = (0..2)
                .map(|_| {
                    scope.spawn(|| -> Result<(), AppError> {
                        for _ in 0..60 {
                            store.read(|c| {
                                snapshot(c, |c| {
                                    for raw in [WORD, "并发", "测试", "普通商品"] {
                                        answers_as_like(c, &PRODUCT_TITLE, raw)?;
                                    }
                                    Ok(())
                                })
                            })?;
                        }
                        Ok(())
                    })
                })
                .collect();
            writer
                .join()
                .map_err(|_| AppError::internal("the writer panicked"))??;
            for r in readers {
                r.join()
                    .map_err(|_| AppError::internal("a reader panicked"))??;
            }
            Ok(())
        })?;
        store.read(|c| {
            assert_eq!(answers_as_like(c, &PRODUCT_TITLE, WORD)?, 13);
            Ok(())
        })
    }
}
