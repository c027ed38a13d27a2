//! The gateway wire protocol (architecture.md): how a call is encoded by the client and decoded by the
//! gateway, and the response envelope. Both sides use these definitions, so they cannot drift.

use serde::{Deserialize, Serialize};

use crate::constants::{DID, PROTOCOL_VERSION, SIGN, TTID};

/// Content type of a POST body.
pub const FORM_CONTENT_TYPE: &str = "application/x-www-form-urlencoded";

/// Where the gateway lives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApiBase {
    /// Production: `{host}/m`.
    Production(String),
    /// Development: the relative `/api`, proxied by Vite to the mock gateway.
    Development,
    /// A separate test host: `{host}/m`, like production.
    Test(String),
}

impl ApiBase {
    /// The base URL calls are made against.
    pub fn url(&self) -> String {
        match self {
            ApiBase::Production(host) | ApiBase::Test(host) => {
                format!("{}/m", host.trim_end_matches('/'))
            }
            ApiBase::Development => "/api".to_owned(),
        }
    }

    /// The gateway's origin for its root paths (`/__serverLoader`): the host, or empty for the
    /// app's own origin (development, and a same-origin `production:`).
    pub fn origin(&self) -> &str {
        match self {
            ApiBase::Production(host) | ApiBase::Test(host) => host.trim_end_matches('/'),
            ApiBase::Development => "",
        }
    }

    /// Reads a configuration word: `development`, `production:{host}` or `test:{host}`.
    pub fn parse(config: &str) -> Option<ApiBase> {
        ApiBase::read(config).ok()
    }

    /// [`ApiBase::parse`] with what is wrong when it cannot be read. An empty host means the app's
    /// own origin (a web server proxying `/m` to the gateway).
    pub fn read(config: &str) -> Result<ApiBase, ConfigProblem> {
        let config = config.trim();
        if config == "development" || config.is_empty() {
            return Ok(ApiBase::Development);
        }
        let Some((kind, host)) = config.split_once(':') else {
            return Err(ConfigProblem::UnknownEnvironment);
        };
        let host = host.trim();
        let base = match kind {
            "production" => ApiBase::Production(host.to_owned()),
            "test" => ApiBase::Test(host.to_owned()),
            _ => return Err(ConfigProblem::UnknownEnvironment),
        };
        let host_ok =
            host.starts_with("http://") || host.starts_with("https://") || host.is_empty();
        if !host_ok {
            return Err(ConfigProblem::HostWithoutScheme);
        }
        Ok(base)
    }
}

/// The run-time configuration file beside `index.html`: `{"apiBase": "production:https://gw"}`,
/// edited by whoever deploys the build. Absent, the build's default stands.
pub const RUNTIME_CONFIG_FILE: &str = "config.json";

/// What is wrong with the run-time configuration file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigProblem {
    /// Not JSON; carries the parser's words.
    NotJson(String),
    /// Not an object with a string `apiBase`.
    NoApiBase,
    /// `apiBase` names no environment of `development`, `test`, `production`.
    UnknownEnvironment,
    /// `production:` / `test:` with a host that does not start with `http://` or `https://`.
    HostWithoutScheme,
    /// The server answered the file with an HTTP status other than 200 or 404 (0: no answer).
    Status(u16),
}

impl ConfigProblem {
    /// The message the app's error page shows, naming the file (its URL) and the value.
    pub fn message(&self, file: &str, value: &str) -> String {
        let head = format!("配置文件 {file} 有误：");
        let detail = match self {
            ConfigProblem::NotJson(why) => format!("不是有效的 JSON（{why}）"),
            ConfigProblem::NoApiBase => {
                "缺少字段 apiBase，应为 {\"apiBase\": \"production:https://网关地址\"}".to_owned()
            }
            ConfigProblem::UnknownEnvironment => format!(
                "apiBase 的值 \"{value}\" 不是已知的环境，应为 development、test:{{网关地址}} 或 production:{{网关地址}}"
            ),
            ConfigProblem::HostWithoutScheme => {
                format!("apiBase 的值 \"{value}\" 中的网关地址须以 http:// 或 https:// 开头")
            }
            ConfigProblem::Status(0) => "读取失败，没有收到响应".to_owned(),
            ConfigProblem::Status(status) => format!("读取失败，服务器返回 HTTP {status}"),
        };
        head + &detail
    }
}

/// The HTTP method of an operation: reads are GET, writes are POST.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Method {
    /// Parameters travel in the query string.
    Get,
    /// Parameters travel in a form-encoded body.
    Post,
}

/// One call to encode.
#[derive(Debug, Clone)]
pub struct Call<'a> {
    /// The operation name, e.g. `mtop.admin.user.list`.
    pub api: &'a str,
    /// GET or POST.
    pub method: Method,
    /// The parameters as a compact JSON object string (`{}` when none).
    pub data_json: &'a str,
    /// The stored token, empty when there is none.
    pub mat: &'a str,
    /// The client's clock in milliseconds since the epoch.
    pub ts_ms: u64,
}

/// An encoded HTTP request, ready for `fetch`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpRequest {
    /// GET or POST.
    pub method: Method,
    /// The full URL with its query string.
    pub url: String,
    /// The form body of a POST.
    pub body: Option<String>,
}

/// Encodes a call exactly as the production gateway expects it.
pub fn encode(base_url: &str, call: &Call<'_>) -> HttpRequest {
    let data = if call.data_json.trim().is_empty() {
        "{}"
    } else {
        call.data_json
    };
    let ts = call.ts_ms.to_string();
    let mut query = form_urlencoded::Serializer::new(String::new());
    query.append_pair("api", call.api);
    match call.method {
        Method::Get => {
            query
                .append_pair("v", PROTOCOL_VERSION)
                .append_pair("ttid", TTID)
                .append_pair("did", DID)
                .append_pair("sign", SIGN)
                .append_pair("ts", &ts)
                .append_pair("mat", call.mat)
                .append_pair("data", data);
            HttpRequest {
                method: Method::Get,
                url: join_query(base_url, &query.finish()),
                body: None,
            }
        }
        Method::Post => {
            query.append_pair("ts", &ts);
            let body = form_urlencoded::Serializer::new(String::new())
                .append_pair("v", PROTOCOL_VERSION)
                .append_pair("did", DID)
                .append_pair("sign", SIGN)
                .append_pair("ttid", TTID)
                .append_pair("mat", call.mat)
                .append_pair("data", data)
                .finish();
            HttpRequest {
                method: Method::Post,
                url: join_query(base_url, &query.finish()),
                body: Some(body),
            }
        }
    }
}

/// The URL of a plain-path call such as `/v1/qryMenuTree` under a base, with the token as the
/// `mat` query parameter like every GET call's (a gateway on another host never gets the cookie).
pub fn plain_path_url(base_url: &str, path: &str, mat: &str) -> String {
    let url = format!(
        "{}/{}",
        base_url.trim_end_matches('/'),
        path.trim_start_matches('/')
    );
    with_mat(url, mat)
}

/// The URL of the per-route loader at the gateway's origin (empty: the app's own):
/// `{origin}/__serverLoader?route=ROUTE_ID&url=CURRENT_URL&mat=TOKEN`.
pub fn server_loader_url(origin: &str, route_id: &str, current_url: &str, mat: &str) -> String {
    let query = form_urlencoded::Serializer::new(String::new())
        .append_pair("route", route_id)
        .append_pair("url", current_url)
        .finish();
    let url = format!(
        "{}{}?{query}",
        origin.trim_end_matches('/'),
        crate::constants::SERVER_LOADER_PATH
    );
    with_mat(url, mat)
}

fn with_mat(url: String, mat: &str) -> String {
    if mat.is_empty() {
        return url;
    }
    let query = form_urlencoded::Serializer::new(String::new())
        .append_pair("mat", mat)
        .finish();
    join_query(&url, &query)
}

fn join_query(base_url: &str, query: &str) -> String {
    let sep = if base_url.contains('?') { '&' } else { '?' };
    format!("{base_url}{sep}{query}")
}

/// A call as the gateway receives it, decoded from the query string and (for POST) the form body.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IncomingCall {
    /// The operation name; empty when absent.
    pub api: String,
    /// Protocol version; `1.0` when absent.
    pub v: String,
    /// Client id.
    pub ttid: String,
    /// Device id.
    pub did: String,
    /// Signature placeholder.
    pub sign: String,
    /// Client timestamp as sent (not trusted).
    pub ts: String,
    /// The token, empty when none.
    pub mat: String,
    /// The raw JSON parameters, `{}` when absent or empty.
    pub data: String,
}

impl IncomingCall {
    /// Decodes a GET: everything is in the query string.
    pub fn from_get(query: &str) -> IncomingCall {
        let mut call = IncomingCall::default();
        call.absorb(query);
        call.finish()
    }

    /// Decodes a POST: `api` and `ts` in the query, the rest in the form body. Body fields win.
    pub fn from_post(query: &str, body: &str) -> IncomingCall {
        let mut call = IncomingCall::default();
        call.absorb(query);
        call.absorb(body);
        call.finish()
    }

    fn absorb(&mut self, encoded: &str) {
        for (key, value) in form_urlencoded::parse(encoded.as_bytes()) {
            let slot = match key.as_ref() {
                "api" => &mut self.api,
                "v" => &mut self.v,
                "ttid" => &mut self.ttid,
                "did" => &mut self.did,
                "sign" => &mut self.sign,
                "ts" => &mut self.ts,
                "mat" => &mut self.mat,
                "data" => &mut self.data,
                _ => continue,
            };
            *slot = value.into_owned();
        }
    }

    fn finish(mut self) -> IncomingCall {
        if self.v.is_empty() {
            self.v = PROTOCOL_VERSION.to_owned();
        }
        if self.data.trim().is_empty() {
            self.data = "{}".to_owned();
        }
        self
    }
}

/// `result` of the response envelope; the client hands it to callers as the payload.
///
/// Reading is lenient where gateways are known to be terse: a failure may leave out `data` (read
/// as `D::default()`, null for JSON values) and send `code` or `msg` as null (read as `""`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ApiResult<D> {
    /// Whether the business call succeeded.
    pub success: bool,
    /// `SUCCESS` or a business code.
    #[serde(default, deserialize_with = "null_as_empty")]
    pub code: String,
    /// A message for people; may be empty.
    #[serde(default, deserialize_with = "null_as_empty")]
    pub msg: String,
    /// The answer's data.
    #[serde(default)]
    pub data: D,
}

/// A string that may arrive as null.
fn null_as_empty<'de, De: serde::Deserializer<'de>>(deserializer: De) -> Result<String, De::Error> {
    Ok(Option::<String>::deserialize(deserializer)?.unwrap_or_default())
}

/// `meta` of the response envelope.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Meta {
    /// A new token for the client to store, or null.
    #[serde(default)]
    pub mat: Option<String>,
}

/// The whole response body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(bound(deserialize = "D: Deserialize<'de> + Default"))]
pub struct ResponseEnvelope<D> {
    /// The business result.
    pub result: ApiResult<D>,
    /// Session metadata.
    #[serde(default)]
    pub meta: Meta,
}

impl<D> ApiResult<D> {
    /// A successful result.
    pub fn ok(data: D) -> ApiResult<D> {
        ApiResult {
            success: true,
            code: crate::codes::BizCode::Success.as_str().to_owned(),
            msg: String::new(),
            data,
        }
    }

    /// A failed result with a code, a message and data.
    pub fn fail(code: crate::codes::BizCode, msg: impl Into<String>, data: D) -> ApiResult<D> {
        ApiResult {
            success: false,
            code: code.as_str().to_owned(),
            msg: msg.into(),
            data,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(encoded: &str) -> Vec<(String, String)> {
        form_urlencoded::parse(encoded.as_bytes())
            .into_owned()
            .collect()
    }

    #[test]
    fn get_carries_every_field_in_the_query_in_spec_order() {
        let req = encode(
            "/api",
            &Call {
                api: "mtop.admin.user.list",
                method: Method::Get,
                data_json: r#"{"page":1}"#,
                mat: "tok",
                ts_ms: 1_700_000_000_123,
            },
        );
        assert_eq!(req.method, Method::Get);
        assert!(req.body.is_none());
        let (path, query) = req.url.split_once('?').expect("query");
        assert_eq!(path, "/api");
        let keys: Vec<_> = pairs(query).into_iter().map(|(k, _)| k).collect();
        assert_eq!(
            keys,
            ["api", "v", "ttid", "did", "sign", "ts", "mat", "data"]
        );
        let map: std::collections::HashMap<_, _> = pairs(query).into_iter().collect();
        assert_eq!(map["v"], "1.0");
        assert_eq!(map["ttid"], "0.1.0_admin@pc");
        assert_eq!(map["did"], "0");
        assert_eq!(map["sign"], SIGN);
        assert_eq!(map["ts"], "1700000000123");
        assert_eq!(map["mat"], "tok");
        assert_eq!(map["data"], r#"{"page":1}"#);
    }

    #[test]
    fn post_puts_api_and_ts_in_the_query_and_the_rest_in_a_form_body() {
        let req = encode(
            "https://gw.example.com/m",
            &Call {
                api: "mtop.admin.user.create",
                method: Method::Post,
                data_json: r#"{"nickname":"小 王&"}"#,
                mat: "",
                ts_ms: 5,
            },
        );
        assert_eq!(
            req.url,
            "https://gw.example.com/m?api=mtop.admin.user.create&ts=5"
        );
        let body = req.body.expect("body");
        let keys: Vec<_> = pairs(&body).into_iter().map(|(k, _)| k).collect();
        assert_eq!(keys, ["v", "did", "sign", "ttid", "mat", "data"]);
        let map: std::collections::HashMap<_, _> = pairs(&body).into_iter().collect();
        assert_eq!(map["data"], r#"{"nickname":"小 王&"}"#);
        assert_eq!(map["mat"], "");
    }

    #[test]
    fn empty_data_is_sent_as_an_empty_object() {
        let req = encode(
            "/api",
            &Call {
                api: "a",
                method: Method::Get,
                data_json: "",
                mat: "",
                ts_ms: 0,
            },
        );
        assert!(req.url.ends_with("data=%7B%7D"));
    }

    #[test]
    fn the_gateway_decodes_what_the_client_encodes() {
        for method in [Method::Get, Method::Post] {
            let call = Call {
                api: "mtop.admin.user.update",
                method,
                data_json: r#"{"id":7,"nickname":"王 五+"}"#,
                mat: "m=t",
                ts_ms: 42,
            };
            let req = encode("/m", &call);
            let query = req.url.split_once('?').map(|(_, q)| q).unwrap_or("");
            let got = match method {
                Method::Get => IncomingCall::from_get(query),
                Method::Post => IncomingCall::from_post(query, req.body.as_deref().unwrap_or("")),
            };
            assert_eq!(got.api, call.api);
            assert_eq!(got.mat, "m=t");
            assert_eq!(got.data, call.data_json);
            assert_eq!(got.ts, "42");
            assert_eq!(got.ttid, TTID);
            assert_eq!(got.v, "1.0");
        }
    }

    #[test]
    fn a_bare_call_gets_defaults() {
        let got = IncomingCall::from_get("api=x");
        assert_eq!(got.v, "1.0");
        assert_eq!(got.data, "{}");
        assert_eq!(got.mat, "");
    }

    #[test]
    fn base_urls_follow_the_environment() {
        assert_eq!(
            ApiBase::Production("https://gw.adnur.com/".into()).url(),
            "https://gw.adnur.com/m"
        );
        assert_eq!(ApiBase::Development.url(), "/api");
        assert_eq!(
            ApiBase::parse("test:http://10.0.0.1:8080").map(|b| b.url()),
            Some("http://10.0.0.1:8080/m".into())
        );
        assert_eq!(ApiBase::parse("development"), Some(ApiBase::Development));
        assert_eq!(ApiBase::parse("production:javascript:alert(1)"), None);
        assert_eq!(ApiBase::parse("staging:http://x"), None);
    }

    #[test]
    fn plain_paths_and_the_server_loader() {
        assert_eq!(
            plain_path_url("/api", "/v1/qryMenuTree", ""),
            "/api/v1/qryMenuTree"
        );
        assert_eq!(
            plain_path_url("https://h/m/", "v1/qryMenuTree", "a+b/="),
            "https://h/m/v1/qryMenuTree?mat=a%2Bb%2F%3D"
        );
        assert_eq!(
            server_loader_url("", "home", "/adnuradmin/home?a=1", ""),
            "/__serverLoader?route=home&url=%2Fadnuradmin%2Fhome%3Fa%3D1"
        );
        assert_eq!(
            server_loader_url("http://gw:9/", "home", "/x", "t"),
            "http://gw:9/__serverLoader?route=home&url=%2Fx&mat=t"
        );
    }

    #[test]
    fn a_bad_config_says_which_file_and_value() {
        assert_eq!(
            ApiBase::read("staging:http://x"),
            Err(ConfigProblem::UnknownEnvironment)
        );
        assert_eq!(
            ApiBase::read("prod"),
            Err(ConfigProblem::UnknownEnvironment)
        );
        assert_eq!(
            ApiBase::read("production:gw.example.com"),
            Err(ConfigProblem::HostWithoutScheme)
        );
        assert_eq!(
            ApiBase::read("production:"),
            Ok(ApiBase::Production(String::new()))
        );
        assert_eq!(ApiBase::Production(String::new()).url(), "/m");
        assert_eq!(ApiBase::Production(String::new()).origin(), "");
        assert_eq!(ApiBase::Test("http://h:1/".into()).origin(), "http://h:1");
        let text = ConfigProblem::HostWithoutScheme
            .message("/adnuradmin/config.json", "production:gw.example.com");
        assert!(text.contains("/adnuradmin/config.json"), "{text}");
        assert!(text.contains("\"production:gw.example.com\""), "{text}");
        assert!(text.contains("http://"), "{text}");
        let text = ConfigProblem::UnknownEnvironment.message("f.json", "staging:http://x");
        assert!(
            text.contains("staging:http://x") && text.contains("development"),
            "{text}"
        );
        let text = ConfigProblem::NotJson("Unexpected token".into()).message("f.json", "");
        assert!(
            text.contains("f.json") && text.contains("JSON") && text.contains("Unexpected token")
        );
        assert!(
            ConfigProblem::Status(500)
                .message("f.json", "")
                .contains("500")
        );
    }

    #[test]
    fn the_envelope_reads_missing_meta_and_msg() {
        let env: ResponseEnvelope<serde_json::Value> =
            serde_json::from_str(r#"{"result":{"success":false,"code":"x","data":null}}"#)
                .expect("parse");
        assert_eq!(env.meta.mat, None);
        assert_eq!(env.result.msg, "");
    }

    #[test]
    fn a_failure_may_leave_out_data_and_send_a_null_msg() {
        let env: ResponseEnvelope<serde_json::Value> = serde_json::from_str(
            r#"{"result":{"success":false,"code":"system_error","msg":null},"meta":{"mat":null}}"#,
        )
        .expect("parse");
        assert!(!env.result.success);
        assert_eq!(env.result.code, "system_error");
        assert_eq!(env.result.msg, "");
        assert_eq!(env.result.data, serde_json::Value::Null);
        let bare: ApiResult<serde_json::Value> =
            serde_json::from_str(r#"{"success":false,"code":null}"#).expect("parse");
        assert_eq!((bare.code.as_str(), bare.msg.as_str()), ("", ""));
        assert_eq!(bare.data, serde_json::Value::Null);
        // A present msg and data are still read as sent.
        let full: ApiResult<serde_json::Value> =
            serde_json::from_str(r#"{"success":false,"code":"x","msg":"坏了","data":{"id":7}}"#)
                .expect("parse");
        assert_eq!(full.msg, "坏了");
        assert_eq!(full.data["id"], 7);
        // success itself is not optional: without it the body is not an envelope.
        assert!(serde_json::from_str::<ApiResult<serde_json::Value>>(r#"{"code":"x"}"#).is_err());
    }
}
