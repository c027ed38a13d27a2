//! The dispatcher with arbitrary `api` and `data`, through the in-process router of a seeded
//! gateway: whatever a client sends, as nobody, a garbage token, the 运营 role or the super
//! administrator, the answer is HTTP 200 with the protocol's envelope, and never `system_error`
//! (a panic, a failed query or any other fault the gateway did not foresee).

use std::sync::{Mutex, OnceLock};

use arbitrary::{Arbitrary, Result, Unstructured};
use axum::Router;
use axum::body::Body;
use axum::http::{Method as HttpMethod, Request, StatusCode, header};
use core_wasm::ops::DOMAINS;
use core_wasm::protocol::{Call, Method, encode};
use mock_gateway::{AppState, Config, app};
use serde_json::{Map, Value, json};
use tower::ServiceExt;

struct Gateway {
    runtime: tokio::runtime::Runtime,
    app: Router,
    /// The seeded accounts' tokens, signed in again when a call logged one out.
    tokens: Mutex<[String; 2]>,
}

const ACCOUNTS: [(&str, &str); 2] = [("admin", "Admin@123"), ("operator", "Operator@123")];

fn gateway() -> &'static Gateway {
    static GATEWAY: OnceLock<Gateway> = OnceLock::new();
    GATEWAY.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        let state = AppState::open(Config::for_tests()).expect("a seeded gateway");
        let gateway = Gateway {
            runtime,
            app: app(state),
            tokens: Mutex::new([String::new(), String::new()]),
        };
        for i in 0..ACCOUNTS.len() {
            gateway.sign_in(i);
        }
        gateway
    })
}

/// An answer: its status and envelope.
struct Answer {
    status: StatusCode,
    envelope: Value,
}

impl Gateway {
    fn send(&self, base: &str, method: Method, api: &str, data: &str, mat: &str) -> Answer {
        let request = encode(
            base,
            &Call {
                api,
                method,
                data_json: data,
                mat,
                ts_ms: 1,
            },
        );
        let builder = Request::builder().uri(request.url);
        let request = match method {
            Method::Get => builder.method(HttpMethod::GET).body(Body::empty()),
            Method::Post => builder
                .method(HttpMethod::POST)
                .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                .body(Body::from(request.body.unwrap_or_default())),
        }
        .expect("a request");
        self.runtime.block_on(async {
            let response = self.app.clone().oneshot(request).await.expect("infallible");
            let status = response.status();
            let body = axum::body::to_bytes(response.into_body(), usize::MAX)
                .await
                .expect("a body");
            let envelope = serde_json::from_slice(&body)
                .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&body)));
            Answer { status, envelope }
        })
    }

    fn sign_in(&self, account: usize) {
        let (username, password) = ACCOUNTS[account];
        let data = json!({"username": username, "password": password}).to_string();
        let answer = self.send("/m", Method::Post, "mtop.admin.user.login", &data, "");
        let mat = answer.envelope["meta"]["mat"].as_str().unwrap_or_default();
        assert!(
            !mat.is_empty(),
            "{username} cannot sign in: {}",
            answer.envelope
        );
        self.tokens.lock().unwrap_or_else(|p| p.into_inner())[account] = mat.to_owned();
    }
}

/// JSON of any shape, biased toward what the operations read.
fn value(u: &mut Unstructured<'_>, depth: u8) -> Result<Value> {
    const KEYS: &[&str] = &[
        "id",
        "ids",
        "version",
        "page",
        "pageSize",
        "sortField",
        "sortOrder",
        "status",
        "state",
        "name",
        "title",
        "type",
        "keyword",
        "reason",
        "reasonCode",
        "approve",
        "parentId",
        "sort",
        "kind",
        "from",
        "to",
        "startAt",
        "endAt",
        "slotId",
        "linkType",
        "linkTarget",
        "image",
        "content",
        "days",
        "entity",
        "username",
        "password",
        "menuIds",
        "roleIds",
        "code",
    ];
    Ok(match u.int_in_range(0..=9)? {
        0 => Value::Null,
        1 => Value::Bool(bool::arbitrary(u)?),
        2 => json!(i64::arbitrary(u)?),
        3 => json!(u.int_in_range(-2..=300)?),
        4 => serde_json::Number::from_f64(f64::arbitrary(u)?).map_or(Value::Null, Value::Number),
        5 if depth < 3 => Value::Array(
            (0..u.int_in_range(0..=4)?)
                .map(|_| value(u, depth + 1))
                .collect::<Result<_>>()?,
        ),
        6..=7 if depth < 3 => {
            let mut object = Map::new();
            for _ in 0..u.int_in_range(0..=6)? {
                let key = if u.ratio(4, 5)? {
                    String::from(*u.choose(KEYS)?)
                } else {
                    String::arbitrary(u)?
                };
                object.insert(key, value(u, depth + 1)?);
            }
            Value::Object(object)
        }
        _ => Value::String(String::arbitrary(u)?),
    })
}

pub fn run(bytes: &[u8]) {
    let mut u = Unstructured::new(bytes);
    let mut run = || -> Result<()> {
        let gateway = gateway();
        let ops: Vec<_> = DOMAINS.iter().flat_map(|d| d.iter()).collect();
        let (api, method) = if u.ratio(7, 8)? {
            let op = u.choose(&ops)?;
            (op.api.to_owned(), op.method)
        } else {
            let method = if bool::arbitrary(&mut u)? {
                Method::Post
            } else {
                Method::Get
            };
            (String::arbitrary(&mut u)?, method)
        };
        let data = if u.ratio(1, 8)? {
            String::arbitrary(&mut u)?
        } else {
            value(&mut u, 0)?.to_string()
        };
        let who = u.int_in_range(0..=3)?;
        let mat = match who {
            0 => String::new(),
            1 => String::arbitrary(&mut u)?,
            n => gateway.tokens.lock().unwrap_or_else(|p| p.into_inner())[n - 2].clone(),
        };
        let base = *u.choose(&["/m", "/api"])?;

        let answer = gateway.send(base, method, &api, &data, &mat);
        assert_eq!(
            answer.status,
            StatusCode::OK,
            "{api} {data}: {}",
            answer.envelope
        );
        let result = &answer.envelope["result"];
        assert!(
            result["success"].is_boolean(),
            "{api} {data}: {}",
            answer.envelope
        );
        let code = result["code"].as_str().expect("result.code");
        assert_ne!(code, "system_error", "{api} {data}: {}", answer.envelope);
        if who >= 2 && code == "token_invalid" {
            // The call signed the account out (logout): sign in again for the next input.
            gateway.sign_in(who - 2);
        }
        Ok(())
    };
    let _ = run();
}
