//! In-process fixtures: a gateway on an in-memory database with a manual clock, and calls encoded by
//! core's own client encoder (so the tests speak exactly what the browser sends).

use std::sync::Arc;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Method as HttpMethod, Request, StatusCode, header};
use core_wasm::protocol::{Call, Method, encode};
use mock_gateway::clock::ManualClock;
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

    pub fn with(config: Config, ops: Vec<Operation>) -> Gw {
        let clock = Arc::new(ManualClock::new(START_MS));
        let state = AppState::builder(config)
            .clock(clock.clone())
            .open()
            .expect("open the gateway");
        Gw {
            app: app_with(state.clone(), ops),
            state,
            clock,
        }
    }

    /// The gateway's clock in unix seconds (signed URLs' `exp`).
    pub fn clock_s(&self) -> i64 {
        use mock_gateway::clock::Clock;
        self.clock.now_ms().div_euclid(1000)
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
