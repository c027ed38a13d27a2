//! A real server over TCP: form-encoded POSTs from a tiny HTTP/1.1 client, concurrent writers, and
//! the binary restarted on the same database file.

use std::net::SocketAddr;
use std::process::Stdio;
use std::time::Duration;

use core_wasm::protocol::{Call, Method, encode};
use mock_gateway::config::DbLocation;
use mock_gateway::{AppState, Config};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

use crate::common::Env;

/// An HTTP answer.
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

/// One request on a fresh connection (`Connection: close`), read to the end.
pub async fn http(
    addr: SocketAddr,
    method: &str,
    target: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> Answer {
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    let mut req = format!("{method} {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    if method == "POST" {
        req.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    req.push_str("\r\n");
    req.push_str(body);
    stream.write_all(req.as_bytes()).await.expect("write");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.expect("read");
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("end of head");
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.split("\r\n");
    let status: u16 = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .expect("status line");
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    if headers
        .iter()
        .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"))
    {
        body = dechunk(&body);
    }
    Answer {
        status,
        headers,
        body,
    }
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(eol) = data.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size_text = String::from_utf8_lossy(&data[..eol]);
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)
            .unwrap_or(0);
        if size == 0 {
            return out;
        }
        let start = eol + 2;
        out.extend_from_slice(&data[start..start + size]);
        data = &data[start + size + 2..];
    }
}

/// A protocol call over TCP, encoded by core's client encoder.
pub async fn call(addr: SocketAddr, method: Method, api: &str, mat: &str, data: Value) -> Env {
    let data = data.to_string();
    let req = encode(
        "/m",
        &Call {
            api,
            method,
            data_json: &data,
            mat,
            ts_ms: 1,
        },
    );
    let answer = match method {
        Method::Get => http(addr, "GET", &req.url, &[], "").await,
        Method::Post => {
            http(
                addr,
                "POST",
                &req.url,
                &[("Content-Type", "application/x-www-form-urlencoded")],
                req.body.as_deref().unwrap_or(""),
            )
            .await
        }
    };
    assert_eq!(
        answer.status,
        200,
        "{}",
        String::from_utf8_lossy(&answer.body)
    );
    Env::parse(&answer.body)
}

pub async fn login(addr: SocketAddr, username: &str, password: &str) -> String {
    let env = call(
        addr,
        Method::Post,
        "mtop.admin.user.login",
        "",
        json!({"username": username, "password": password}),
    )
    .await;
    let mat = env.mat.clone().expect("mat");
    env.ok();
    mat
}

struct Running {
    addr: SocketAddr,
    stop: tokio::sync::oneshot::Sender<()>,
    done: tokio::task::JoinHandle<std::io::Result<()>>,
}

async fn start(config: Config) -> Running {
    let state = tokio::task::spawn_blocking(move || AppState::open(config))
        .await
        .expect("join")
        .expect("open");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let done = tokio::spawn(mock_gateway::serve(listener, state, async {
        let _ = stopped.await;
    }));
    Running { addr, stop, done }
}

impl Running {
    async fn stop(self) {
        let _ = self.stop.send(());
        self.done.await.expect("join").expect("served");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_real_server_speaks_form_encoded_posts_and_records_the_address() {
    let server = start(Config::for_tests()).await;
    let addr = server.addr;
    let mat = login(addr, "admin", "Admin@123").await;
    let page = call(addr, Method::Get, "mtop.admin.user.list", &mat, json!({}))
        .await
        .ok();
    assert_eq!(page["total"], 4);
    // A hand-written form body, as a browser form would post it.
    let answer = http(
        addr,
        "POST",
        "/api?api=mtop.admin.user.saveRole&ts=1",
        &[("Content-Type", "application/x-www-form-urlencoded")],
        &format!(
            "v=1.0&did=0&sign=x&ttid=0.1.0_admin%40pc&mat={mat}&data=%7B%22name%22%3A%22%E5%AE%A2%E6%9C%8D2%22%7D"
        ),
    )
    .await;
    let role = Env::parse(&answer.body).ok();
    assert_eq!(role["name"], "客服2");
    let audit = call(addr, Method::Get, "mtop.admin.audit.list", &mat, json!({}))
        .await
        .ok();
    assert_eq!(audit["list"][0]["ip"], "127.0.0.1");
    let answer = http(addr, "PUT", "/m", &[], "").await;
    assert_eq!(answer.status, 405);
    let answer = http(addr, "GET", "/", &[], "").await;
    assert!((300..400).contains(&answer.status));
    assert!(
        answer
            .headers
            .iter()
            .any(|(k, v)| k == "location" && v == "/adnuradmin/")
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_updates_with_one_version_give_exactly_one_success() {
    let server = start(Config::for_tests()).await;
    let addr = server.addr;
    let mat = login(addr, "admin", "Admin@123").await;
    let created = call(
        addr,
        Method::Post,
        "mtop.admin.user.create",
        &mat,
        json!({"username": "racer", "nickname": "赛跑", "password": "Secret#2026", "roleIds": [3]}),
    )
    .await
    .ok();
    let id = created["id"].clone();
    let mut tasks = Vec::new();
    for i in 0..12 {
        let mat = mat.clone();
        let id = id.clone();
        tasks.push(tokio::spawn(async move {
            call(
                addr,
                Method::Post,
                "mtop.admin.user.update",
                &mat,
                json!({"id": id, "version": 1, "nickname": format!("选手{i}")}),
            )
            .await
        }));
    }
    let mut wins = 0;
    let mut conflicts = 0;
    for t in tasks {
        let env = t.await.expect("join");
        match env.code.as_str() {
            "SUCCESS" => wins += 1,
            "data_conflict" => conflicts += 1,
            other => panic!("unexpected {other}: {}", env.msg),
        }
    }
    assert_eq!((wins, conflicts), (1, 11));
    let page = call(
        addr,
        Method::Get,
        "mtop.admin.user.list",
        &mat,
        json!({"username": "racer"}),
    )
    .await
    .ok();
    assert_eq!(page["list"][0]["version"], 2);
    server.stop().await;
}

/// Sign-ins racing over TCP with a hash slow enough that they overlap: every right password of
/// one account signs in, while wrong passwords racing on another account lock it after five.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn racing_sign_ins_over_tcp_lock_only_the_account_with_wrong_passwords() {
    let server = start(Config {
        hash_cost: mock_gateway::config::HashCost {
            memory_kib: 4096,
            iterations: 2,
        },
        ..Config::for_tests()
    })
    .await;
    let addr = server.addr;
    let attempt = |username: &'static str, password: &'static str| {
        tokio::spawn(async move {
            let env = call(
                addr,
                Method::Post,
                "mtop.admin.user.login",
                "",
                json!({"username": username, "password": password}),
            )
            .await;
            (username, env)
        })
    };
    let mut tasks = Vec::new();
    for _ in 0..16 {
        tasks.push(attempt("operator", "Operator@123"));
        tasks.push(attempt("admin", "wrong"));
    }
    let mut codes = std::collections::BTreeMap::<(&str, String), usize>::new();
    let mut tokens = std::collections::BTreeSet::new();
    for t in tasks {
        let (username, env) = t.await.expect("join");
        if let Some(mat) = env.mat.clone() {
            tokens.insert(mat);
        }
        *codes.entry((username, env.code)).or_default() += 1;
    }
    assert_eq!(
        codes,
        std::collections::BTreeMap::from([
            (("admin", "user_login_failed".to_owned()), 4),
            (("admin", "user_login_locked".to_owned()), 12),
            (("operator", "SUCCESS".to_owned()), 16),
        ])
    );
    assert_eq!(tokens.len(), 16, "each sign-in has its own token");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_graceful_stop_and_restart_keeps_every_write_and_the_sessions() {
    let dir = tempfile::tempdir().expect("tempdir");
    let config = Config {
        db: DbLocation::File(dir.path().join("nested/gw.sqlite3")),
        ..Config::for_tests()
    };
    let server = start(config.clone()).await;
    let addr = server.addr;
    let mat = login(addr, "admin", "Admin@123").await;
    call(
        addr,
        Method::Post,
        "mtop.admin.user.create",
        &mat,
        json!({"username": "keeper", "nickname": "保留", "password": "Secret#2026", "roleIds": [2]}),
    )
    .await
    .ok();
    server.stop().await;

    let server = start(config.clone()).await;
    let addr = server.addr;
    let page = call(
        addr,
        Method::Get,
        "mtop.admin.user.list",
        &mat,
        json!({"username": "keeper"}),
    )
    .await
    .ok();
    assert_eq!(page["total"], 1, "the write and the session both survived");
    login(addr, "keeper", "Secret#2026").await;
    server.stop().await;

    // --reset starts over from the seed.
    let server = start(Config {
        reset: true,
        ..config
    })
    .await;
    let addr = server.addr;
    call(
        addr,
        Method::Get,
        "mtop.admin.user.current",
        &mat,
        json!({}),
    )
    .await
    .fails("user_need_login_token_invalid");
    let mat = login(addr, "admin", "Admin@123").await;
    let page = call(addr, Method::Get, "mtop.admin.user.list", &mat, json!({}))
        .await
        .ok();
    assert_eq!(page["total"], 4);
    server.stop().await;
}

/// The binary itself: flags, the `listening on` line, SIGTERM, and a restart on the same file.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_restarts_on_the_same_database_and_finds_every_write() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("data/gateway.sqlite3");
    let db = db.to_str().expect("utf-8 path").to_owned();

    let (child, addr) = spawn_binary(&db, &[]).await;
    let mat = login(addr, "admin", "Admin@123").await;
    let user = call(
        addr,
        Method::Post,
        "mtop.admin.user.create",
        &mat,
        json!({"username": "persist", "nickname": "持久", "password": "Secret#2026", "roleIds": [2]}),
    )
    .await
    .ok();
    let role = call(
        addr,
        Method::Post,
        "mtop.admin.user.saveRole",
        &mat,
        json!({"name": "持久角色"}),
    )
    .await
    .ok();
    let menu = call(
        addr,
        Method::Post,
        "mtop.admin.user.saveMenu",
        &mat,
        json!({"parentId": 0, "alias": "持久菜单", "name": "persisted", "visible": 1, "sort": 99}),
    )
    .await
    .ok();
    call(
        addr,
        Method::Post,
        "mtop.admin.user.updateMenuRole",
        &mat,
        json!({"roleId": role["id"], "menuIds": [menu["data"]["id"]]}),
    )
    .await
    .ok();
    call(
        addr,
        Method::Post,
        "mtop.admin.user.update",
        &mat,
        json!({"id": user["id"], "version": 1, "nickname": "持久化", "roleIds": [role["id"]]}),
    )
    .await
    .ok();
    terminate(child).await;

    let (child, addr) = spawn_binary(&db, &[]).await;
    // The session survived too.
    let page = call(
        addr,
        Method::Get,
        "mtop.admin.user.list",
        &mat,
        json!({"username": "persist"}),
    )
    .await
    .ok();
    assert_eq!(page["list"][0]["nickname"], "持久化");
    assert_eq!(page["list"][0]["version"], 2);
    assert_eq!(page["list"][0]["roleNames"], json!(["持久角色"]));
    let theirs = login(addr, "persist", "Secret#2026").await;
    let tree = call(
        addr,
        Method::Get,
        "mtop.admin.user.menuTree",
        &theirs,
        json!({}),
    )
    .await
    .ok();
    assert_eq!(tree[0]["data"]["name"], "persisted");
    let audit = call(addr, Method::Get, "mtop.admin.audit.list", &mat, json!({}))
        .await
        .ok();
    let apis: Vec<&str> = audit["list"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|r| r["api"].as_str())
        .collect();
    for api in [
        "mtop.admin.user.create",
        "mtop.admin.user.saveRole",
        "mtop.admin.user.saveMenu",
        "mtop.admin.user.updateMenuRole",
        "mtop.admin.user.update",
    ] {
        assert!(apis.contains(&api), "{api} audited: {apis:?}");
    }
    terminate(child).await;
}

pub async fn spawn_binary(db: &str, extra: &[&str]) -> (tokio::process::Child, SocketAddr) {
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_mock-gateway"))
        .args([
            "--port",
            "0",
            "--db",
            db,
            "--argon2-memory-kib",
            "64",
            "--argon2-iterations",
            "1",
        ])
        .args(extra)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("spawn the binary");
    let stdout = child.stdout.take().expect("stdout");
    let mut lines = BufReader::new(stdout).lines();
    let line = tokio::time::timeout(Duration::from_secs(60), lines.next_line())
        .await
        .expect("the binary starts within a minute")
        .expect("read")
        .expect("a line");
    let url = line
        .strip_prefix("listening on http://")
        .unwrap_or_else(|| panic!("unexpected first line: {line}"));
    (child, url.parse().expect("host:port"))
}

pub async fn terminate(mut child: tokio::process::Child) {
    let pid = child.id().expect("running");
    let status = std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .expect("kill");
    assert!(status.success());
    let exit = tokio::time::timeout(Duration::from_secs(30), child.wait())
        .await
        .expect("stops within 30 s")
        .expect("wait");
    assert!(exit.success(), "graceful exit: {exit:?}");
}

/// Flags that would overflow or exhaust the machine are refused before anything starts, and the
/// default database is the crate's data folder whatever the working directory.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_checks_its_flags_and_defaults_to_the_crate_data_folder() {
    let run = |args: &[&str]| {
        let mut cmd = tokio::process::Command::new(env!("CARGO_BIN_EXE_mock-gateway"));
        cmd.args(["--port", "0", "--db", ":memory:"])
            .args(args)
            .current_dir(std::env::temp_dir())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        async move {
            tokio::time::timeout(Duration::from_secs(30), cmd.output())
                .await
                .expect("the binary exits at once")
                .expect("run the binary")
        }
    };
    for (flag, value, message) in [
        (
            "--idle-minutes",
            "999999999999999",
            "--idle-minutes must be at most 153722867280912",
        ),
        (
            "--absolute-hours",
            "9223372036854775807",
            "--absolute-hours must be at most",
        ),
        ("--idle-minutes", "0", "--idle-minutes must be at least 1"),
        (
            "--argon2-memory-kib",
            "4000000000",
            "--argon2-memory-kib must be between",
        ),
        (
            "--argon2-iterations",
            "0",
            "--argon2-iterations must be between",
        ),
    ] {
        let out = run(&[flag, value]).await;
        assert_eq!(out.status.code(), Some(2), "{flag} {value}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(message), "{flag} {value}: {stderr}");
        assert!(out.stdout.is_empty(), "it never listened");
    }
    let help = run(&["--help"]).await;
    assert!(help.status.success());
    let text = String::from_utf8_lossy(&help.stdout);
    let default = concat!(env!("CARGO_MANIFEST_DIR"), "/data/gateway.sqlite3");
    assert!(text.contains(&format!("[default: {default}]")), "{text}");
}

/// Signs in as admin with `forwarded` as the request's `X-Forwarded-For`; the token.
async fn login_forwarded(addr: SocketAddr, forwarded: &str) -> String {
    let answer = http(
        addr,
        "POST",
        "/m?api=mtop.admin.user.login&ts=1",
        &[
            ("Content-Type", "application/x-www-form-urlencoded"),
            ("X-Forwarded-For", forwarded),
        ],
        "v=1.0&did=0&sign=x&ttid=0.1.0_admin%40pc&mat=&data=%7B%22username%22%3A%22admin%22%2C%22password%22%3A%22Admin%40123%22%7D",
    )
    .await;
    let env = Env::parse(&answer.body);
    env.mat.clone().expect("a token")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_client_address_is_believed_from_a_trusted_proxy_only() {
    // Without a trusted proxy the header is anyone's to write: the socket's peer is recorded.
    let server = start(Config::for_tests()).await;
    let mat = login_forwarded(server.addr, "203.0.113.7").await;
    let audit = call(
        server.addr,
        Method::Get,
        "mtop.admin.audit.list",
        &mat,
        json!({}),
    )
    .await
    .ok();
    assert_eq!(audit["list"][0]["ip"], "127.0.0.1");
    server.stop().await;

    // Behind a trusted proxy (nginx on this host): the address it heard from, not what the
    // client wrote before it.
    let server = start(Config {
        trusted_proxies: vec!["127.0.0.1".parse().expect("ip")],
        ..Config::for_tests()
    })
    .await;
    let mat = login_forwarded(server.addr, "1.2.3.4, 203.0.113.7").await;
    let audit = call(
        server.addr,
        Method::Get,
        "mtop.admin.audit.list",
        &mat,
        json!({}),
    )
    .await
    .ok();
    assert_eq!(audit["list"][0]["ip"], "203.0.113.7");
    server.stop().await;
}
