//! The spec's business constants (seed-spec §9), in one place for client and gateway.

/// Protocol version sent as `v`.
pub const PROTOCOL_VERSION: &str = "1.0";
/// Device id sent as `did`.
pub const DID: &str = "0";
/// The placeholder signature sent as `sign` (the production gateway does not verify it yet).
pub const SIGN: &str = "adnur-admin-sign-placeholder";
/// The admin web client's id, sent as `ttid`.
pub const TTID: &str = "0.1.0_admin@pc";
/// The app's base path, as built and served.
pub const BASE_PATH: &str = "/adnuradmin/";
/// The other spelling of the base path found in the source material; it reaches the same app.
pub const BASE_PATH_VARIANT: &str = "/adnurAdmin/";
/// The default application name shown as the title.
pub const APP_NAME: &str = "Adnur 管理后台";
/// The header's avatar size in pixels.
pub const AVATAR_SIZE: u32 = 36;
/// The nickname shown when no user is stored.
pub const DEFAULT_NICKNAME: &str = "游客";
/// The debouncer's default delay in milliseconds.
pub const DEBOUNCE_MS: u32 = 300;
/// How long a script chunk may take to load before it counts as failed, in milliseconds.
pub const CHUNK_LOAD_TIMEOUT_MS: u32 = 120_000;
/// The toast text for a failed business call whose `msg` is empty.
pub const REQUEST_FAILED_FALLBACK: &str = "请求失败！";
/// The toast text when a request got no response at all.
pub const NO_RESPONSE_TEXT: &str = "None response! Please retry.";
/// The storage key and cookie name of the session token.
pub const MAT_KEY: &str = "mat";
/// The storage key of the signed-in user's profile.
pub const USER_INFO_KEY: &str = "userInfo";
/// The storage key's prefix of an account's device token in this browser
/// (`adnur.device.{username}`): a later sign-in sends it, so a lock a stranger caused does not
/// refuse a browser the account signed in from before.
pub const DEVICE_KEY_PREFIX: &str = "adnur.device.";
/// The login page's path inside the app.
pub const LOGIN_PATH: &str = "/login";
/// The home page's path inside the app.
pub const HOME_PATH: &str = "/home";
/// The user name that the spec denies `canSeeAdmin`.
pub const NO_ACCESS_USER: &str = "dontHaveAccess";
/// The access key carried by every seeded menu node.
pub const ACCESS_CAN_SEE_ADMIN: &str = "canSeeAdmin";
/// The plain-path call for the whole system menu tree.
pub const SYSTEM_MENU_TREE_PATH: &str = "/v1/qryMenuTree";
/// The plain-path call for per-route loader data.
pub const SERVER_LOADER_PATH: &str = "/__serverLoader";
/// How deep the category tree goes: 一级 / 二级 / 三级 类目.
pub const MAX_CATEGORY_DEPTH: usize = 3;
/// The largest image `file.upload` takes, in bytes (2 MB).
pub const MAX_IMAGE_BYTES: usize = 2 * 1024 * 1024;
/// How long a signed file URL stays valid, in seconds.
pub const SIGNED_URL_TTL_SECS: i64 = 600;
/// A review waiting longer than this (ms) is highlighted in the queues: 24 hours.
pub const REVIEW_OVERDUE_MS: i64 = 24 * 60 * 60 * 1000;

/// The menu's badges (pending reviews) are read again this often while the page is visible, ms
/// (and at once after a write that changes them).
pub const BADGE_REFRESH_MS: u32 = 60_000;

/// The workspace keeps this many tabs alive (hidden, as they were left); older ones re-render from
/// their address when opened again.
pub const KEPT_TABS: u32 = 10;

/// What is typed in a form is kept in the browser as a draft (offered back after a session expiry)
/// for this many days; older drafts are dropped.
pub const DRAFT_DAYS: u32 = 7;
