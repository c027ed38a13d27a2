//! The typed module the React app imports. Each export delegates to a pure module.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Array, Function, Object, Promise, Reflect};
use serde::{Deserialize, Serialize};
use tsify::Tsify;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

use super::convert::{self, from_js, to_js};
use super::errors::{self, CoreError};
use super::types::{Callback, ChunkLoader, EffectHandler};
use super::{client, storage};
use crate::catalogue;
use crate::constants as c;
use crate::login::{self, LoginAnswer, LoginOutcome};
use crate::menu::MenuNode;
use crate::navigation;
use crate::ops::Operation;
use crate::ops::session::{Login, Logout};
use crate::protocol::{self, ApiBase, Method};
use crate::rules::Form;
use crate::session::{UserInfo, display_nickname as nickname_of};

use crate::{chunk, format};

/// The app passed `what` in a shape the core cannot read.
fn argument(what: &str, detail: &str) -> JsValue {
    CoreError::Argument { what, detail }.into()
}

// ---- configuration and effects -------------------------------------------------------------

/// Chooses the gateway: `development` (`/api`), `production:{host}` or `test:{host}` (`{host}/m`).
/// Also restores the `mat` cookie from the stored token (lost when the browser session ended).
#[wasm_bindgen]
pub fn configure(api_base: &str) -> Result<(), JsValue> {
    let base = ApiBase::parse(api_base).ok_or_else(|| argument("apiBase", api_base))?;
    client::configure(&base);
    storage::sync_mat_cookie();
    Ok(())
}

/// Registers the one handler through which the core asks the app to toast or navigate.
#[wasm_bindgen(js_name = setEffectHandler)]
pub fn set_effect_handler(handler: EffectHandler) {
    client::set_effect_handler(handler.unchecked_into::<Function>());
}

/// The spec's constants.
#[derive(Serialize, Deserialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct Constants {
    /// Default title.
    pub app_name: String,
    /// Header avatar size.
    pub avatar_size: u32,
    /// `/adnuradmin/`.
    pub base_path: String,
    /// Debouncer default, ms.
    pub debounce_ms: u32,
    /// Script chunk time-out, ms.
    pub chunk_load_timeout_ms: u32,
    /// A review queue's entry waiting longer than this is overdue (24 h), ms.
    pub review_overdue_ms: u32,
    /// The menu's badges are read again this often while the page is visible, ms.
    pub badge_refresh_ms: u32,
    /// How many workspace tabs are kept alive.
    pub kept_tabs: u32,
    /// Days a form's draft is kept in the browser.
    pub draft_days: u32,
    /// The lists with saved views (视图), by page key.
    pub view_lists: Vec<String>,
}

// A u32 crosses the boundary with less glue than an i64 (size budget); the limit fits one.
const _: () = assert!(c::REVIEW_OVERDUE_MS > 0 && c::REVIEW_OVERDUE_MS <= u32::MAX as i64);

/// The spec's constants.
#[wasm_bindgen(unchecked_return_type = "Constants")]
pub fn constants() -> JsValue {
    to_js(&Constants {
        app_name: c::APP_NAME.into(),
        avatar_size: c::AVATAR_SIZE,
        base_path: c::BASE_PATH.into(),
        debounce_ms: c::DEBOUNCE_MS,
        chunk_load_timeout_ms: c::CHUNK_LOAD_TIMEOUT_MS,
        review_overdue_ms: c::REVIEW_OVERDUE_MS as u32,
        badge_refresh_ms: c::BADGE_REFRESH_MS,
        kept_tabs: c::KEPT_TABS,
        draft_days: c::DRAFT_DAYS,
        view_lists: crate::views::LISTS
            .iter()
            .map(|l| (*l).to_owned())
            .collect(),
    })
}

/// The list paging rules: offered page sizes `[10, 20, 50, 100]`, default 20, gateway range 10–100.
#[wasm_bindgen(unchecked_return_type = "Paging")]
pub fn paging() -> JsValue {
    to_js(&crate::paging::paging())
}

/// A URL's `page` (`URLSearchParams.get`): a positive integer, else 1.
#[wasm_bindgen(js_name = readPage)]
pub fn read_page(raw: Option<String>) -> u32 {
    crate::paging::read_page(raw.as_deref())
}

/// A URL's `pageSize`: an offered size, else (absent, malformed, out of range) the default 20.
#[wasm_bindgen(js_name = readPageSize)]
pub fn read_page_size(raw: Option<String>) -> u32 {
    crate::paging::read_page_size(raw.as_deref())
}

/// A URL's record id (`?id=`, `?open=`, `shopId`): decimal digits, else `undefined`.
#[wasm_bindgen(js_name = readId)]
pub fn read_id(raw: Option<String>) -> Option<f64> {
    crate::paging::read_id(raw.as_deref()).map(|id| id as f64)
}

/// The access flags a menu entry may carry; any other key is refused by `validateMenu`.
#[wasm_bindgen(js_name = accessFlags, unchecked_return_type = "string[]")]
pub fn access_flags() -> JsValue {
    // Built here rather than returned as `Vec<String>`: wasm-bindgen's vector glue is larger.
    to_js(&crate::access::KNOWN_FLAGS)
}

/// 按钮权限: whether the holder of `perms` (userInfo's codes) holds one of `codes` (a write's, as
/// the generated `writes.ts` lists them; none needed when empty).
#[wasm_bindgen(js_name = mayHold)]
pub fn may_hold(
    #[wasm_bindgen(unchecked_param_type = "readonly string[]")] perms: &js_sys::Array,
    #[wasm_bindgen(unchecked_param_type = "readonly string[]")] codes: &js_sys::Array,
) -> bool {
    // `perms::holds_any`, over the arrays as they are: copying them into strings cost the module
    // more than the rule itself (the login page's budget).
    codes.length() == 0 || codes.iter().any(|code| perms.includes(&code, 0))
}

// ---- requests -------------------------------------------------------------------------------

/// `RequestOptions.skipErrorHandler`: true only for an object whose `skipErrorHandler` is `true`,
/// as reading `{skipErrorHandler?: boolean}` with serde (failures read as false) gave, without a
/// serde reader in the module (size budget).
#[doc(hidden)]
pub fn skip(options: &JsValue) -> bool {
    options.is_object()
        && Reflect::get(options, &"skipErrorHandler".into())
            .ok()
            .and_then(|v| v.as_bool())
            .unwrap_or(false)
}

/// After a request that skipped the catalogue (a form's submit) was refused because the gateway no
/// longer knows the session: goes to the login page with the way back, as the catalogue does for
/// every other request (the session is already dropped). True when it did.
#[wasm_bindgen(js_name = followSignOut)]
pub fn follow_sign_out(#[wasm_bindgen(unchecked_param_type = "unknown")] error: JsValue) -> bool {
    let code = errors::string_prop(&error, "code");
    let (path, search) = client::current_location();
    match catalogue::sign_in_again(&code, &path, &search) {
        Some(effect) => client::emit(&effect),
        None => false,
    }
}

/// `RequestOptions.signal`, when it is an `AbortSignal`.
fn abort_signal(options: &JsValue) -> Option<web_sys::AbortSignal> {
    if !options.is_object() {
        return None;
    }
    Reflect::get(options, &"signal".into())
        .ok()
        .and_then(|v| v.dyn_into().ok())
}

/// A read (GET). Business failures resolve with `success: false` after the catalogue's toast;
/// transport failures reject. With `skipErrorHandler`, nothing is shown and every failure rejects.
#[wasm_bindgen(js_name = get, unchecked_return_type = "Promise<ApiResult>")]
pub fn get(
    api: String,
    #[wasm_bindgen(unchecked_param_type = "unknown")] data: JsValue,
    #[wasm_bindgen(unchecked_param_type = "RequestOptions | undefined")] options: JsValue,
) -> Promise {
    spawn(Job::Call {
        api,
        method: Method::Get,
        data,
        options,
    })
}

/// A write (POST, form-encoded), with the same outcomes as `get`.
#[wasm_bindgen(js_name = post, unchecked_return_type = "Promise<ApiResult>")]
pub fn post(
    api: String,
    #[wasm_bindgen(unchecked_param_type = "unknown")] data: JsValue,
    #[wasm_bindgen(unchecked_param_type = "RequestOptions | undefined")] options: JsValue,
) -> Promise {
    spawn(Job::Call {
        api,
        method: Method::Post,
        data,
        options,
    })
}

/// The work of every async export. They are plain functions handing a `Job` to one future type,
/// so the module holds one promise adapter and one state machine rather than one per export (each
/// `async` export was ~2 KB). The work still starts inside the future, as an `async` export's did.
enum Job {
    Call {
        api: String,
        method: Method,
        data: JsValue,
        options: JsValue,
    },
    SystemMenuTree {
        options: JsValue,
    },
    ServerLoader {
        route_id: String,
        url: String,
    },
    Config {
        url: String,
    },
    Login {
        form: JsValue,
        search: String,
    },
    Logout,
    Chunk {
        chunk_id: String,
        loader: Function,
    },
}

impl Job {
    async fn run(self) -> Result<JsValue, JsValue> {
        match self {
            Job::Call {
                api,
                method,
                data,
                options,
            } => {
                let signal = abort_signal(&options);
                client::call(&api, method, &data, skip(&options), signal).await
            }
            Job::SystemMenuTree { options } => {
                let mat = storage::mat().unwrap_or_default();
                let url =
                    protocol::plain_path_url(&client::base_url(), c::SYSTEM_MENU_TREE_PATH, &mat);
                client::plain_get(&url, skip(&options)).await
            }
            Job::ServerLoader { route_id, url } => {
                let mat = storage::mat().unwrap_or_default();
                let origin = client::base_origin();
                let url = protocol::server_loader_url(&origin, &route_id, &url, &mat);
                client::plain_get(&url, false).await
            }
            Job::Config { url } => match client::load_config(&url).await {
                Ok(()) => Ok(JsValue::UNDEFINED),
                Err(message) => Err(CoreError::Config(&message).into()),
            },
            Job::Login { form, search } => login_job(form, search).await,
            Job::Logout => {
                logout_job().await;
                Ok(JsValue::UNDEFINED)
            }
            Job::Chunk { chunk_id, loader } => {
                load_chunk_within(&chunk_id, loader, c::CHUNK_LOAD_TIMEOUT_MS).await
            }
        }
    }
}

fn spawn(job: Job) -> Promise {
    wasm_bindgen_futures::future_to_promise(job.run())
}

/// `result.data`, or a `BizError` (no new toast) when the result is a failure.
#[wasm_bindgen(js_name = expectData, unchecked_return_type = "unknown")]
pub fn expect_data(
    #[wasm_bindgen(unchecked_param_type = "ApiResult")] result: JsValue,
) -> Result<JsValue, JsValue> {
    let data = Reflect::get(&result, &"data".into()).unwrap_or(JsValue::UNDEFINED);
    let success = Reflect::get(&result, &"success".into())
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(false);
    if success {
        Ok(data)
    } else {
        Err(CoreError::Biz {
            code: &errors::string_prop(&result, "code"),
            msg: &errors::string_prop(&result, "msg"),
            data: &data,
        }
        .into())
    }
}

/// The whole system menu tree: GET `{base}/v1/qryMenuTree`.
#[wasm_bindgen(js_name = fetchSystemMenuTree, unchecked_return_type = "Promise<ApiResult>")]
pub fn fetch_system_menu_tree(
    #[wasm_bindgen(unchecked_param_type = "RequestOptions | undefined")] options: JsValue,
) -> Promise {
    spawn(Job::SystemMenuTree { options })
}

/// Reads the run-time configuration file beside `index.html` (`/adnuradmin/config.json`) and
/// configures the gateway base from it; a missing file keeps the build's default. Rejects with a
/// `ConfigError` whose message names the file and the value, for the app's error page.
#[wasm_bindgen(js_name = loadConfig, unchecked_return_type = "Promise<void>")]
pub fn load_config() -> Promise {
    let url = format!("{}{}", c::BASE_PATH, protocol::RUNTIME_CONFIG_FILE);
    spawn(Job::Config { url })
}

/// Per-route loader data: GET `{origin}/__serverLoader?route=&url=&mat=` with credentials.
#[wasm_bindgen(js_name = serverLoader, unchecked_return_type = "Promise<ApiResult>")]
pub fn server_loader(route_id: String, url: String) -> Promise {
    spawn(Job::ServerLoader { route_id, url })
}

/// Describes any caught error for rendering: name, code, message, whether it is a `data_conflict`
/// (stale version), HTTP status, field errors.
#[wasm_bindgen(js_name = errorInfo, unchecked_return_type = "CoreErrorInfo")]
pub fn error_info(#[wasm_bindgen(unchecked_param_type = "unknown")] error: JsValue) -> JsValue {
    let d = catalogue::describe_error(
        errors::string_prop(&error, "name"),
        errors::string_prop(&error, "code"),
        errors::string_prop(&error, "message"),
        error.as_string(),
    );
    let fields = Reflect::get(&error, &"data".into())
        .ok()
        .and_then(|d| Reflect::get(&d, &"fields".into()).ok())
        // The gateway's `data.fields` ({field, message}[]) passed on as it came.
        .filter(Array::is_array)
        .unwrap_or_else(|| Array::new().into());
    let info = Object::new();
    convert::set(&info, "name", &d.name.into());
    convert::set(&info, "code", &d.code.into());
    convert::set(&info, "message", &d.message.into());
    convert::set(&info, "conflict", &d.conflict.into());
    if let Some(status) = Reflect::get(&error, &"status".into())
        .ok()
        .and_then(|s| s.as_f64())
    {
        convert::set(&info, "status", &status.into());
    }
    convert::set(&info, "fields", &fields);
    info.into()
}

// ---- session --------------------------------------------------------------------------------

/// The stored user.
#[wasm_bindgen(js_name = getUserInfo, unchecked_return_type = "UserInfo | undefined")]
pub fn get_user_info() -> JsValue {
    storage::user_info()
        .map(|u| to_js(&u))
        .unwrap_or(JsValue::UNDEFINED)
}

/// Stores the signed-in user (`userInfo`), e.g. after the profile changed; throws an
/// `ArgumentError` when `info` is not a user.
#[wasm_bindgen(js_name = setUserInfo)]
pub fn set_user_info(
    #[wasm_bindgen(unchecked_param_type = "UserInfo")] info: JsValue,
) -> Result<(), JsValue> {
    storage::set_user_info(&from_js::<UserInfo>(info, "userInfo")?);
    Ok(())
}

/// Ends the session locally: removes `mat` (storage and cookie) and `userInfo`. No server call and
/// no navigation (that is `logout`).
#[wasm_bindgen(js_name = clearSession)]
pub fn clear_session() {
    storage::clear();
}

/// The header's nickname: the stored user's, or `游客`.
#[wasm_bindgen(js_name = displayNickname)]
pub fn display_nickname() -> String {
    nickname_of(storage::user_info().as_ref())
}

/// Signs in: validates the form, calls `mtop.admin.user.login`, stores `mat` and `userInfo`, and
/// says where to go (the safe `redirect` of `search`, else `/`).
#[wasm_bindgen(unchecked_return_type = "Promise<LoginOutcome>")]
pub fn login(
    #[wasm_bindgen(unchecked_param_type = "LoginForm")] form: JsValue,
    search: String,
) -> Promise {
    spawn(Job::Login { form, search })
}

async fn login_job(form: JsValue, search: String) -> Result<JsValue, JsValue> {
    if let Some(invalid) = login::check_form(crate::rules::validate(
        Form::Login,
        &from_js(form.clone(), "form")?,
    )) {
        return Ok(outcome_js(&invalid));
    }
    // The form is sent as the app gave it (`{username, password}`, typed by the d.ts), with this
    // browser's device token for the account when it has one.
    let username = errors::string_prop(&form, "username");
    if let Some(device) = storage::device(&username) {
        let _ = Reflect::set(&form, &"device".into(), &device.into());
    }
    let mut device = None;
    let (answer, error) = match client::call(Login::API, Login::METHOD, &form, true, None).await {
        Ok(result) => {
            let data = Reflect::get(&result, &"data".into()).unwrap_or(JsValue::UNDEFINED);
            device = Reflect::get(&data, &"device".into())
                .ok()
                .and_then(|d| d.as_string());
            (
                LoginAnswer::Accepted(serde_wasm_bindgen::from_value(data).unwrap_or_default()),
                JsValue::UNDEFINED,
            )
        }
        Err(e) => (login_answer(&e), e),
    };
    match login::after_login(answer, &search) {
        Ok(outcome) => {
            if let LoginOutcome::Ok { user, .. } = &outcome {
                if let Some(device) = &device {
                    storage::set_device(&username, device);
                }
                storage::set_user_info(user);
            }
            Ok(outcome_js(&outcome))
        }
        Err(effect) => {
            if let Some(effect) = effect {
                client::emit(&effect);
            }
            Err(error)
        }
    }
}

/// A login outcome as the object the d.ts declares (`LoginOutcome`, from the Rust enum; its serde
/// shape is tested natively and this object against it in the browser tests). Built here rather
/// than by serde: the tagged enum's serializer measured 0.1 KB gzipped more, and the module sits
/// at its 75 KB budget.
fn outcome_js(outcome: &LoginOutcome) -> JsValue {
    let o = Object::new();
    let set = |k: &str, v: JsValue| convert::set(&o, k, &v);
    match outcome {
        LoginOutcome::Ok { user, redirect } => {
            set("kind", "ok".into());
            set("user", to_js(user));
            set("redirect", redirect.into());
        }
        LoginOutcome::Invalid { fields } => {
            set("kind", "invalid".into());
            set("fields", to_js(fields));
        }
        LoginOutcome::Failed { code, msg } => {
            set("kind", "failed".into());
            set("code", code.into());
            set("msg", msg.into());
        }
    }
    o.into()
}

/// The sign-in call's rejection read back: a `BizError`'s code and message, an `HttpError`'s status,
/// else no response.
fn login_answer(error: &JsValue) -> LoginAnswer {
    if errors::string_prop(error, "name") == "BizError" {
        return LoginAnswer::Refused {
            code: errors::string_prop(error, "code"),
            msg: errors::string_prop(error, "msg"),
        };
    }
    match Reflect::get(error, &"status".into())
        .ok()
        .and_then(|s| s.as_f64())
    {
        Some(status) => LoginAnswer::Http(status as u16),
        None => LoginAnswer::NoResponse,
    }
}

/// Logs out: best-effort server logout, removes `mat` (storage and cookie) and `userInfo`, then
/// hands the app `{kind: "reload", href: "/adnuradmin/login"}` (go to the login page as a fresh
/// document). Without a registered effect handler the core assigns the location itself.
#[wasm_bindgen(unchecked_return_type = "Promise<void>")]
pub fn logout() -> Promise {
    spawn(Job::Logout)
}

async fn logout_job() {
    if storage::mat().is_some() {
        let _ = client::call(Logout::API, Logout::METHOD, &JsValue::UNDEFINED, true, None).await;
    }
    storage::clear();
    let effect = catalogue::after_logout();
    if !client::emit(&effect) {
        if let (Some(window), catalogue::Effect::Reload { href }) = (web_sys::window(), &effect) {
            let _ = window.location().assign(href);
        }
    }
}

// ---- menus, routes, access ------------------------------------------------------------------

/// Decides what needs no menu tree: the login page, and visitors without a session.
#[wasm_bindgen(unchecked_return_type = "Resolution | undefined")]
pub fn preflight(pathname: &str, search: &str) -> JsValue {
    navigation::preflight(pathname, search, storage::mat().is_some())
        .map(|r| to_js(&r))
        .unwrap_or(JsValue::UNDEFINED)
}

/// One user's routes, menu and access, built from their menu tree.
#[wasm_bindgen]
pub struct Navigator {
    inner: navigation::Navigator,
}

#[wasm_bindgen]
impl Navigator {
    /// Builds the navigator; throws when `tree` is not a menu tree.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "MenuNode[]")] tree: JsValue,
        #[wasm_bindgen(unchecked_param_type = "UserInfo | undefined")] user: JsValue,
    ) -> Result<Navigator, JsValue> {
        let user: Option<UserInfo> = if user.is_undefined() || user.is_null() {
            None
        } else {
            Some(from_js::<UserInfo>(user, "user")?)
        };
        let tree: Vec<MenuNode> = if tree.is_null() || tree.is_undefined() {
            Vec::new()
        } else {
            from_js(tree, "tree")?
        };
        Ok(Navigator {
            inner: navigation::Navigator::new(&tree, user.as_ref()),
        })
    }

    /// What to show for an in-app pathname.
    #[wasm_bindgen(unchecked_return_type = "Resolution")]
    pub fn resolve(&self, pathname: &str, search: &str) -> JsValue {
        to_js(
            &self
                .inner
                .resolve(pathname, search, storage::mat().is_some()),
        )
    }

    /// The visible, accessible menu.
    #[wasm_bindgen(unchecked_return_type = "MenuItem[]")]
    pub fn menu(&self) -> JsValue {
        to_js(&self.inner.menu())
    }

    /// The label trail to a pathname.
    #[wasm_bindgen(unchecked_return_type = "Crumb[]")]
    pub fn breadcrumbs(&self, pathname: &str) -> JsValue {
        to_js(&self.inner.breadcrumbs(pathname))
    }

    /// Where page `page` (its key) is today, with `query`'s entries (empty ones left out) as its
    /// query string; undefined when the user cannot open it (no link then).
    pub fn href(
        &self,
        page: &str,
        #[wasm_bindgen(unchecked_param_type = "Record<string, string | number | undefined>")]
        query: JsValue,
    ) -> Option<String> {
        let mut pairs: Vec<(String, String)> = Vec::new();
        if query.is_object() {
            for entry in js_sys::Object::entries(query.unchecked_ref()).iter() {
                let entry: Array = entry.unchecked_into();
                let value = entry.get(1);
                // A number as JS writes it: Rust's float formatting would cost the module kilobytes.
                let text = match value.as_f64() {
                    Some(n) => js_sys::Number::from(n)
                        .to_string_with_radix(10)
                        .map(String::from),
                    None => Ok(value.as_string().unwrap_or_default()),
                }
                .unwrap_or_default();
                pairs.push((entry.get(0).as_string().unwrap_or_default(), text));
            }
        }
        let borrowed: Vec<(&str, &str)> = pairs
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        self.inner.href(page, &borrowed)
    }

    /// Where the page the previous tree rendered at `pathname` (key `page`) is now, when this tree
    /// renders it elsewhere (its entry was moved or renamed); undefined otherwise.
    pub fn relocated(&self, page: &str, pathname: &str, search: &str) -> Option<String> {
        self.inner.relocated(page, pathname, search)
    }

    /// Menu nodes that were not routed, and why.
    #[wasm_bindgen(unchecked_return_type = "RejectedMenu[]")]
    pub fn rejected(&self) -> JsValue {
        to_js(&self.inner.rejected())
    }

    /// The path `/` leads to.
    #[wasm_bindgen(js_name = firstLeafPath)]
    pub fn first_leaf_path(&self) -> String {
        self.inner.first_leaf_path()
    }

    /// The page key an in-app path finally renders, following redirects (what a hovered link
    /// should prefetch); undefined when it ends at a 403 or nowhere.
    #[wasm_bindgen(js_name = pageFor)]
    pub fn page_for(&self, path: &str) -> Option<String> {
        self.inner.page_for(path, storage::mat().is_some())
    }
}

/// The ids that cannot become node `id`'s parent in a system menu tree or a role tree: `id` itself
/// and every node below it (the parent pickers disable them).
#[wasm_bindgen(js_name = blockedParents, unchecked_return_type = "number[]")]
pub fn blocked_parents(
    #[wasm_bindgen(unchecked_param_type = "readonly IdTree[]")] tree: JsValue,
    id: f64,
) -> Result<JsValue, JsValue> {
    if id.fract() != 0.0 || !(-9.0e15..=9.0e15).contains(&id) {
        return Err(argument("id", "不是整数"));
    }
    let trees: Vec<crate::tree::IdTree> = if tree.is_null() || tree.is_undefined() {
        Vec::new()
    } else {
        from_js(tree, "tree")?
    };
    let links = crate::tree::links(&trees);
    Ok(to_js(&crate::tree::blocked_parents(&links, id as i64)))
}

/// Whether a system menu tree holds `pathname` (the 404 page says "not in your menu" then).
#[wasm_bindgen(js_name = treeHasPath)]
pub fn tree_has_path(
    #[wasm_bindgen(unchecked_param_type = "MenuNode[]")] tree: JsValue,
    pathname: &str,
) -> bool {
    let tree: Vec<MenuNode> = serde_wasm_bindgen::from_value(tree).unwrap_or_default();
    crate::menu::RouteTable::build(&tree)
        .find(&navigation::normalize(pathname))
        .is_some()
}

// ---- chunks ---------------------------------------------------------------------------------

/// Loads a page chunk, failing with `ChunkLoadError` after 120 s or when the import fails.
#[wasm_bindgen(js_name = loadChunk, unchecked_return_type = "Promise<unknown>")]
pub fn load_chunk(chunk_id: String, loader: ChunkLoader) -> Promise {
    spawn(Job::Chunk {
        chunk_id,
        loader: loader.unchecked_into(),
    })
}

/// [`load_chunk`] with the time-out in milliseconds (tests use a short one). The timer is cleared
/// as soon as the loader settles, so a load or a hover prefetch leaves nothing pending.
#[doc(hidden)]
pub async fn load_chunk_within(
    chunk_id: &str,
    loader: Function,
    timeout_ms: u32,
) -> Result<JsValue, JsValue> {
    let import = loader
        .call0(&JsValue::NULL)
        .map_err(|e| chunk_failure(chunk_id, false, &e))?;
    let import: Promise = import
        .dyn_into()
        .map_err(|e| chunk_failure(chunk_id, false, &e))?;
    // A fresh object: only the timer rejects with it, so the rejection says which side won.
    let timed_out: JsValue = Object::new().into();
    let mut reject_slot: Option<Function> = None;
    let timer = Promise::new(&mut |_resolve, reject| reject_slot = Some(reject));
    let marker = timed_out.clone();
    let fire = Closure::once(move || {
        if let Some(reject) = reject_slot {
            let _ = reject.call1(&JsValue::NULL, &marker);
        }
    });
    let window = web_sys::window();
    let handle = window.as_ref().and_then(|w| {
        w.set_timeout_with_callback_and_timeout_and_arguments_0(
            fire.as_ref().unchecked_ref(),
            i32::try_from(timeout_ms).unwrap_or(i32::MAX),
        )
        .ok()
    });
    let settled = JsFuture::from(Promise::race(&Array::of2(&import, &timer))).await;
    if let (Some(w), Some(h)) = (window.as_ref(), handle) {
        w.clear_timeout_with_handle(h);
    }
    // The timer can no longer call it.
    drop(fire);
    settled.map_err(|e| chunk_failure(chunk_id, e == timed_out, &e))
}

/// Turns a stylesheet preload failure (Vite's `vite:preloadError`) or any chunk failure into the
/// catalogue's `ChunkLoadError`.
#[wasm_bindgen(js_name = chunkLoadError, unchecked_return_type = "ChunkLoadError")]
pub fn chunk_load_error(
    chunk_id: &str,
    #[wasm_bindgen(unchecked_param_type = "unknown")] cause: JsValue,
) -> JsValue {
    chunk_failure(chunk_id, false, &cause)
}

fn chunk_failure(chunk_id: &str, timed_out: bool, cause: &JsValue) -> JsValue {
    let message = cause
        .as_string()
        .unwrap_or_else(|| errors::string_prop(cause, "message"));
    CoreError::Chunk(&chunk::classify(chunk_id, timed_out, &message)).into()
}

// ---- helpers --------------------------------------------------------------------------------

/// Epoch milliseconds as `YYYY-MM-DD HH:mm:ss` in the browser's local time.
#[wasm_bindgen(js_name = formatTimestamp)]
pub fn format_timestamp(ms: f64) -> String {
    let offset = if ms.is_finite() {
        -js_sys::Date::new(&JsValue::from_f64(ms)).get_timezone_offset()
    } else {
        0.0
    };
    format::format_timestamp(ms, offset as i32)
}

/// True for null, undefined, `""`, `[]` and `{}`.
#[wasm_bindgen(js_name = isNullOrEmpty)]
pub fn is_null_or_empty(#[wasm_bindgen(unchecked_param_type = "unknown")] value: JsValue) -> bool {
    let shape = if value.is_null() || value.is_undefined() {
        format::Shape::Null
    } else if let Some(s) = value.dyn_ref::<js_sys::JsString>() {
        format::Shape::Text(s.length() as usize)
    } else if Array::is_array(&value) {
        format::Shape::List(Array::from(&value).length() as usize)
    } else if value.is_object() && !value.is_function() && is_plain_object(&value) {
        format::Shape::Object(Object::keys(value.unchecked_ref::<Object>()).length() as usize)
    } else {
        format::Shape::Other
    };
    format::is_null_or_empty(shape)
}

fn is_plain_object(value: &JsValue) -> bool {
    let proto = Object::get_prototype_of(value);
    proto.is_null() || proto == Object::get_prototype_of(&Object::new())
}

/// The file name of a path or URL, without query string or hash.
#[wasm_bindgen(js_name = fileName)]
pub fn file_name(path_or_url: &str) -> String {
    format::file_name(path_or_url)
}

/// Fen as `¥1,234.50`.
#[wasm_bindgen(js_name = formatFen)]
pub fn format_fen(fen: f64) -> String {
    format::format_fen(fen as i64)
}

/// A wait as people say it: `25分钟`, `3小时5分钟`, `2天4小时`.
#[wasm_bindgen(js_name = waitingText)]
pub fn waiting_text(ms: f64) -> String {
    format::waiting_text(ms as i64)
}

/// Whether a review waiting since `since` (epoch ms) is overdue at `now`: past a day.
#[wasm_bindgen(js_name = isReviewOverdue)]
pub fn is_review_overdue(since: f64, now: f64) -> bool {
    format::review_overdue(since as i64, now as i64)
}

/// Money typed in yuan (`12.5`, `¥1,234.50`) as fen; undefined when it is not an amount.
#[wasm_bindgen(js_name = yuanToFen)]
pub fn yuan_to_fen(text: &str) -> Option<f64> {
    format::yuan_to_fen(text).map(|fen| fen as f64)
}

/// Calls `fn` once, `waitMs` (default 300) after the last `trigger`.
#[wasm_bindgen]
pub struct Debouncer {
    state: Rc<RefCell<DebounceState>>,
}

struct DebounceState {
    func: Function,
    wait_ms: u32,
    handle: Option<i32>,
    tick: Option<Closure<dyn FnMut()>>,
}

#[wasm_bindgen]
impl Debouncer {
    /// A debouncer of `fn` with `waitMs` (default 300 ms).
    #[wasm_bindgen(constructor)]
    pub fn new(func: Callback, wait_ms: Option<u32>) -> Debouncer {
        let state = Rc::new(RefCell::new(DebounceState {
            func: func.unchecked_into(),
            wait_ms: wait_ms.unwrap_or(c::DEBOUNCE_MS),
            handle: None,
            tick: None,
        }));
        let weak = Rc::downgrade(&state);
        let tick = Closure::<dyn FnMut()>::new(move || {
            if let Some(state) = weak.upgrade() {
                let func = {
                    let mut s = state.borrow_mut();
                    s.handle = None;
                    s.func.clone()
                };
                let _ = func.call0(&JsValue::NULL);
            }
        });
        state.borrow_mut().tick = Some(tick);
        Debouncer { state }
    }

    /// The delay in use.
    #[wasm_bindgen(getter, js_name = waitMs)]
    pub fn wait_ms(&self) -> u32 {
        self.state.borrow().wait_ms
    }

    /// (Re)starts the delay.
    pub fn trigger(&self) {
        self.cancel();
        let mut s = self.state.borrow_mut();
        let (Some(window), Some(tick)) = (web_sys::window(), s.tick.as_ref()) else {
            return;
        };
        s.handle = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(
                tick.as_ref().unchecked_ref(),
                s.wait_ms as i32,
            )
            .ok();
    }

    /// Drops a pending call.
    pub fn cancel(&self) {
        if let (Some(handle), Some(window)) =
            (self.state.borrow_mut().handle.take(), web_sys::window())
        {
            window.clear_timeout_with_handle(handle);
        }
    }

    /// Runs a pending call now.
    pub fn flush(&self) {
        let pending = self.state.borrow().handle.is_some();
        if pending {
            self.cancel();
            let func = self.state.borrow().func.clone();
            let _ = func.call0(&JsValue::NULL);
        }
    }

    /// Whether a call is pending.
    #[wasm_bindgen(getter)]
    pub fn pending(&self) -> bool {
        self.state.borrow().handle.is_some()
    }
}

impl Drop for Debouncer {
    /// `free()` (or the finalizer) with a call pending: the timer must not fire into the closure
    /// that is dropped with the state.
    fn drop(&mut self) {
        self.cancel();
    }
}

// ---- export ---------------------------------------------------------------------------------

/// Table rows as CSV (BOM, CRLF, RFC 4180 quoting, formula guard) for the 导出 buttons.
#[wasm_bindgen(js_name = toCsv)]
pub fn to_csv(
    #[wasm_bindgen(unchecked_param_type = "string[]")] headers: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string[][]")] rows: JsValue,
) -> Result<String, JsValue> {
    let headers: Vec<String> = from_js(headers, "headers")?;
    let rows: Vec<Vec<String>> = from_js(rows, "rows")?;
    Ok(crate::csv::to_csv(&headers, &rows))
}

/// The export's file name, `{base}-YYYYMMDD-HHmmss.csv` in local time.
#[wasm_bindgen(js_name = exportFileName)]
pub fn export_file_name(base: &str) -> String {
    let now = js_sys::Date::now();
    let offset = -js_sys::Date::new(&JsValue::from_f64(now)).get_timezone_offset();
    crate::csv::export_file_name(base, now, offset as i32)
}
