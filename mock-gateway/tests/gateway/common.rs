//! In-process fixtures: a gateway on an in-memory database with a manual clock, and calls encoded by
//! core's own client encoder (so the tests speak exactly what the browser sends).

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::sync::{Arc, OnceLock};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Method as HttpMethod, Request, StatusCode, header};
use core_wasm::protocol::{Call, Method, encode};
use mock_gateway::clock::ManualClock;
use mock_gateway::config::{DbImage, DbLocation};
use mock_gateway::kit::Operation;
use mock_gateway::{AppState, Config, app_with};
use serde_json::{Value, json};
use tower::ServiceExt;

/// 2026-03-02 10:00:00 UTC+8.
pub const START_MS: i64 = 1_772_416_800_000;

/// A gateway under test.
pub struct Gw {
    pub state: AppState,
    pub clock: Arc<ManualClock>,
    pub app: Router,
    /// The files folder of an in-memory gateway, removed with it.
    _files: Option<tempfile::TempDir>,
}

/// What a first gateway of the test process seeded, for the others to start from.
struct Seeded {
    /// The seed's 24 pictures (file name and bytes).
    pictures: Vec<(OsString, Vec<u8>)>,
    /// Its database, seeded at [`START_MS`] with the tests' settings.
    image: DbImage,
}

/// Seeds one gateway per test process, whose folder goes with it. Drawing the pictures was ~40%
/// of every `Gw::new()` in this debug build and seeding the database most of the rest (~150 ms
/// each, some 400 gateways): each gateway now starts from a copy of both, the pictures in a folder
/// of its own (which `files::seed` keeps) and the database as its image (`DbLocation::Image`),
/// which opens as the seeded database reopens.
fn seeded() -> &'static Seeded {
    static SEEDED: OnceLock<Seeded> = OnceLock::new();
    SEEDED.get_or_init(|| {
        let dir = tempfile::tempdir().expect("a folder for the seed pictures");
        let config = Config {
            files: Some(dir.path().to_path_buf()),
            ..Config::for_tests()
        };
        let state = AppState::builder(config)
            .clock(Arc::new(ManualClock::new(START_MS)))
            .open()
            .expect("a gateway drawing the seed pictures");
        let image = state.store.image().expect("the seeded database's image");
        drop(state);
        let pictures: Vec<(OsString, Vec<u8>)> = std::fs::read_dir(dir.path())
            .expect("the seed pictures")
            .map(|entry| {
                let path = entry.expect("a seed picture").path();
                let bytes = std::fs::read(&path).expect("read a seed picture");
                (path.file_name().expect("a file name").to_owned(), bytes)
            })
            .collect();
        assert_eq!(pictures.len(), 24, "the seed's pictures");
        Seeded { pictures, image }
    })
}

/// A files folder of its own for an in-memory gateway, holding a copy of the seed's pictures.
fn files_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a files folder");
    for (name, bytes) in &seeded().pictures {
        std::fs::write(dir.path().join(name), bytes).expect("copy a seed picture");
    }
    dir
}

/// A decoded envelope.
#[derive(Debug, Clone)]
pub struct Env {
    pub success: bool,
    pub code: String,
    pub msg: String,
    pub data: Value,
    pub mat: Option<String>,
}

impl Env {
    pub fn parse(body: &[u8]) -> Env {
        let v: Value = serde_json::from_slice(body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(body)));
        let r = &v["result"];
        Env {
            success: r["success"].as_bool().expect("result.success"),
            code: r["code"].as_str().expect("result.code").to_owned(),
            msg: r["msg"].as_str().expect("result.msg").to_owned(),
            data: r["data"].clone(),
            mat: v["meta"]["mat"].as_str().map(str::to_owned),
        }
    }

    /// Asserts success and returns the data.
    #[track_caller]
    pub fn ok(self) -> Value {
        assert!(
            self.success && self.code == "SUCCESS",
            "expected SUCCESS, got {} {}: {}",
            self.code,
            self.msg,
            self.data
        );
        self.data
    }

    /// Asserts a failure with `code`.
    #[track_caller]
    pub fn fails(self, code: &str) -> Env {
        assert!(!self.success, "expected {code}, got success: {}", self.data);
        assert_eq!(self.code, code, "msg: {}", self.msg);
        self
    }

    /// The field names of a `param_invalid` or `data_duplicate` answer.
    pub fn fields(&self) -> Vec<String> {
        self.data["fields"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|f| f["field"].as_str().unwrap_or("").to_owned())
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// A raw HTTP answer.
pub struct Raw {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl Raw {
    pub fn env(&self) -> Env {
        Env::parse(&self.body)
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn header(&self, name: &str) -> Option<String> {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    }
}

impl Gw {
    pub fn new() -> Gw {
        Gw::with(Config::for_tests(), Vec::new())
    }

    pub fn with(mut config: Config, ops: Vec<Operation>) -> Gw {
        // What a new in-memory database of these settings would be seeded with is in the image.
        let tests = Config::for_tests();
        if config.db == DbLocation::Memory
            && (config.scale, config.hash_cost) == (tests.scale, tests.hash_cost)
        {
            config.db = DbLocation::Image(seeded().image.clone());
        }
        let files = (config.files.is_none()
            && matches!(config.db, DbLocation::Memory | DbLocation::Image(_)))
        .then(|| {
            let dir = files_folder();
            config.files = Some(dir.path().to_path_buf());
            dir
        });
        let clock = Arc::new(ManualClock::new(START_MS));
        let state = AppState::builder(config)
            .clock(clock.clone())
            .open()
            .expect("open the gateway");
        Gw {
            app: app_with(state.clone(), ops),
            state,
            clock,
            _files: files,
        }
    }

    /// The gateway's clock in unix seconds (signed URLs' `exp`).
    pub fn clock_s(&self) -> i64 {
        use mock_gateway::clock::Clock;
        self.clock.now_ms().div_euclid(1000)
    }

    /// A sign-in POST carrying `body` as its form body, sent as is (the body limit's tests).
    pub async fn post_login_form(&self, body: String) -> Raw {
        self.post_form("mtop.admin.user.login", body).await
    }

    /// A POST of `api` carrying `body` as its form body, sent as is.
    pub async fn post_form(&self, api: &str, body: String) -> Raw {
        self.send(
            Request::builder()
                .method(HttpMethod::POST)
                .uri(format!("/m?api={api}"))
                .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                .header(header::CONTENT_LENGTH, body.len())
                .body(Body::from(body))
                .expect("request"),
        )
        .await
    }

    pub async fn send(&self, req: Request<Body>) -> Raw {
        let response = self.app.clone().oneshot(req).await.expect("infallible");
        let status = response.status();
        let headers = response.headers().clone();
        let body = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .expect("body");
        Raw {
            status,
            headers,
            body,
        }
    }

    /// A call through `base` (`/m` or `/api`) encoded as the client encodes it.
    pub async fn call_at(
        &self,
        base: &str,
        method: Method,
        api: &str,
        mat: &str,
        data: Value,
    ) -> Env {
        let data = data.to_string();
        let req = encode(
            base,
            &Call {
                api,
                method,
                data_json: &data,
                mat,
                ts_ms: 1,
            },
        );
        let builder = Request::builder().uri(req.url);
        let request = match method {
            Method::Get => builder.method(HttpMethod::GET).body(Body::empty()),
            Method::Post => builder
                .method(HttpMethod::POST)
                .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                .body(Body::from(req.body.unwrap_or_default())),
        }
        .expect("request");
        let raw = self.send(request).await;
        assert_eq!(raw.status, StatusCode::OK, "{}", raw.text());
        raw.env()
    }

    pub async fn get(&self, api: &str, mat: &str, data: Value) -> Env {
        self.call_at("/m", Method::Get, api, mat, data).await
    }

    pub async fn post(&self, api: &str, mat: &str, data: Value) -> Env {
        self.call_at("/m", Method::Post, api, mat, data).await
    }

    /// Signs in and returns the token.
    pub async fn login(&self, username: &str, password: &str) -> String {
        let env = self
            .post(
                "mtop.admin.user.login",
                "",
                json!({"username": username, "password": password}),
            )
            .await;
        let mat = env.mat.clone();
        env.ok();
        mat.expect("login answers meta.mat")
    }

    pub async fn admin(&self) -> String {
        self.login("admin", "Admin@123").await
    }

    pub async fn operator(&self) -> String {
        self.login("operator", "Operator@123").await
    }

    pub async fn guest(&self) -> String {
        self.login("dontHaveAccess", "NoAccess@123").await
    }

    /// A plain GET with optional cookie.
    pub async fn get_path(&self, uri: &str, cookie: Option<&str>) -> Raw {
        let mut b = Request::builder().uri(uri).method(HttpMethod::GET);
        if let Some(c) = cookie {
            b = b.header(header::COOKIE, c);
        }
        self.send(b.body(Body::empty()).expect("request")).await
    }
}

/// Finds a node by `data.name` anywhere in a menu tree.
pub fn find_node<'a>(tree: &'a Value, name: &str) -> Option<&'a Value> {
    tree.as_array()?.iter().find_map(|n| {
        if n["data"]["name"] == name {
            Some(n)
        } else {
            find_node(&n["children"], name)
        }
    })
}

/// Every `data.name` of a tree, depth first.
pub fn names(tree: &Value) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(nodes) = tree.as_array() {
        for n in nodes {
            out.push(n["data"]["name"].as_str().unwrap_or("").to_owned());
            out.extend(names(&n["children"]));
        }
    }
    out
}

/// The system menu's ids by route name (`system/user`), as the administrator's `menuTree` has them.
pub async fn menu_ids(gw: &Gw, admin: &str) -> impl Fn(&str) -> Value {
    let system = gw
        .get("mtop.admin.user.menuTree", admin, json!({}))
        .await
        .ok();
    move |name: &str| find_node(&system, name).expect(name)["data"]["id"].clone()
}

/// The id of a role by name, from the role tree.
pub async fn role_id(gw: &Gw, admin: &str, name: &str) -> i64 {
    let tree = gw
        .get("mtop.admin.user.roleTree", admin, json!({}))
        .await
        .ok();
    fn find(nodes: &Value, name: &str) -> Option<i64> {
        nodes.as_array()?.iter().find_map(|n| {
            if n["name"] == name {
                n["id"].as_i64()
            } else {
                find(&n["children"], name)
            }
        })
    }
    find(&tree, name).unwrap_or_else(|| panic!("no role {name}"))
}

/// What a database holds, table by table: its row count and a SHA-256 over every row (each value
/// with its type, rows ordered by every column), plus the files in the image folder. Two equal snapshots
/// mean nothing was inserted, updated or deleted anywhere.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DbSnapshot {
    pub tables: std::collections::BTreeMap<String, (i64, [u8; 32])>,
    pub files: Vec<String>,
}

impl DbSnapshot {
    /// The tables (and files) that differ from `other`.
    pub fn diff(&self, other: &DbSnapshot) -> Vec<String> {
        let mut out: Vec<String> = self
            .tables
            .iter()
            .filter(|(t, v)| other.tables.get(*t) != Some(*v))
            .map(|(t, (n, _))| {
                let after = other.tables.get(t).map(|(m, _)| *m);
                format!("{t} ({n} rows before, {after:?} after)")
            })
            .collect();
        out.extend(
            other
                .tables
                .keys()
                .filter(|t| !self.tables.contains_key(*t))
                .map(|t| format!("{t} (new)")),
        );
        if self.files != other.files {
            out.push(format!(
                "image folder ({} files before, {} after)",
                self.files.len(),
                other.files.len()
            ));
        }
        out
    }
}

/// Snapshots `gw`'s database and image folder.
pub fn db_snapshot(gw: &Gw) -> DbSnapshot {
    use rusqlite::types::ValueRef;
    use sha2::{Digest, Sha256};
    let tables = gw
        .state
        .store
        .read(|c| {
            let names: Vec<String> = c
                .prepare(
                    "SELECT name FROM sqlite_master WHERE type = 'table' \
                     AND name NOT LIKE 'sqlite_stat%' ORDER BY name",
                )?
                .query_map([], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            let mut out = std::collections::BTreeMap::new();
            for name in names {
                // Every column in the order: tables without a rowid too, in one order always.
                let columns = c
                    .prepare(&format!("SELECT * FROM \"{name}\""))?
                    .column_count();
                let order: Vec<String> = (1..=columns).map(|i| i.to_string()).collect();
                let mut stmt = c.prepare(&format!(
                    "SELECT * FROM \"{name}\" ORDER BY {}",
                    order.join(", ")
                ))?;
                let mut rows = stmt.query([])?;
                let mut hash = Sha256::new();
                let mut count = 0i64;
                while let Some(row) = rows.next()? {
                    count += 1;
                    for i in 0..columns {
                        match row.get_ref(i)? {
                            ValueRef::Null => hash.update(b"N"),
                            ValueRef::Integer(n) => {
                                hash.update(b"I");
                                hash.update(n.to_le_bytes());
                            }
                            ValueRef::Real(f) => {
                                hash.update(b"R");
                                hash.update(f.to_le_bytes());
                            }
                            ValueRef::Text(t) | ValueRef::Blob(t) => {
                                hash.update(b"T");
                                hash.update((t.len() as u64).to_le_bytes());
                                hash.update(t);
                            }
                        }
                    }
                }
                out.insert(name, (count, hash.finalize().into()));
            }
            Ok(out)
        })
        .expect("snapshot the database");
    let mut files: Vec<String> = std::fs::read_dir(gw.state.files.path())
        .map(|dir| {
            dir.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    DbSnapshot { tables, files }
}

/// How many rows the writer connection has inserted, updated or deleted since it opened (SQLite's
/// `total_changes()`, triggers' included): unchanged means nothing was written, cheaply. A write
/// rolled back still counts, so a change calls for a [`db_snapshot`] to tell.
pub fn write_count(gw: &Gw) -> i64 {
    gw.state
        .store
        .write(|tx| Ok(tx.query_row("SELECT total_changes()", [], |r| r.get(0))?))
        .expect("total_changes")
}

/// How many times the answers of bulk `setStatus` calls moved and skipped each product: every
/// result must be ok.
pub fn bulk_tally(answers: &[Value]) -> (BTreeMap<i64, usize>, BTreeMap<i64, usize>) {
    let (mut moved, mut skipped) = (BTreeMap::new(), BTreeMap::new());
    for answer in answers {
        for r in answer["results"].as_array().expect("results") {
            assert_eq!(r["ok"], true, "{r}");
            let id = r["id"].as_i64().expect("id");
            let tally = if r["skipped"] == true {
                &mut skipped
            } else {
                &mut moved
            };
            *tally.entry(id).or_default() += 1;
        }
    }
    (moved, skipped)
}
