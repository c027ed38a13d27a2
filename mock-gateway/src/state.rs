//! The one shared state of the gateway: store, sessions, caches, clock and configuration. Cheap to
//! clone. The operation registry is not part of it: the router holds it (see `crate::app_with`),
//! so the state imports nothing of the dispatcher or the handlers.

use std::sync::Arc;

use crate::cache::{AuthCache, Principal};
use crate::clock::{Clock, SystemClock};
use crate::config::Config;
use crate::error::AppError;
use crate::pool::WorkPool;
use crate::rate::RateLimit;
use crate::session::{SessionManager, TokenHash};
use crate::store::Store;
use crate::store::files::Folder;

/// Everything a request can reach.
#[derive(Clone)]
pub struct AppState(Arc<Inner>);

/// The parts of [`AppState`].
pub struct Inner {
    /// Settings.
    pub config: Config,
    /// The database.
    pub store: Store,
    /// Live sessions.
    pub sessions: SessionManager,
    /// Principals, role-set views and the system menu.
    pub cache: AuthCache,
    /// The time source.
    pub clock: Arc<dyn Clock>,
    /// The private folder of stored images.
    pub files: Folder,
    /// The key that signs file URLs (kept in the database: URLs survive a restart).
    pub file_secret: Vec<u8>,
    /// The sign-ins' password-hashing pool.
    pub hashing: WorkPool,
    /// The uploads' image-decoding pool.
    pub decoding: WorkPool,
    /// Each user's uploads in the last minute.
    pub uploads: RateLimit,
    /// Sign-ins shed by a full hashing pool, not yet in 登录日志.
    pub shed_sign_ins: ShedSignIns,
}

/// Sign-ins shed by a full hashing pool, kept in memory until the next flush writes them to
/// 登录日志 in one transaction: a flood must not become a flood of writes. At most [`Self::KEPT`]
/// wait; the rest of a flood is counted in the server log instead.
#[derive(Default)]
pub struct ShedSignIns {
    waiting: std::sync::Mutex<Vec<crate::store::sessions::Attempt>>,
    dropped: std::sync::atomic::AtomicU64,
}

impl ShedSignIns {
    /// The most attempts kept between two flushes.
    pub const KEPT: usize = 1000;

    /// Keeps a shed attempt, or counts it when [`Self::KEPT`] already wait.
    pub fn push(&self, attempt: crate::store::sessions::Attempt) {
        let mut waiting = self.waiting.lock().unwrap_or_else(|p| p.into_inner());
        if waiting.len() < Self::KEPT {
            waiting.push(attempt);
        } else {
            self.dropped
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
    }

    /// Writes what waits to 登录日志.
    pub fn flush(&self, store: &crate::store::Store) -> Result<(), AppError> {
        let batch = std::mem::take(&mut *self.waiting.lock().unwrap_or_else(|p| p.into_inner()));
        let dropped = self.dropped.swap(0, std::sync::atomic::Ordering::Relaxed);
        if dropped > 0 {
            tracing::warn!(
                dropped,
                "shed sign-ins beyond what 登录日志 keeps per flush"
            );
        }
        if batch.is_empty() {
            return Ok(());
        }
        store.write(|tx| crate::store::sessions::log_attempts(tx, &batch))
    }
}

impl std::ops::Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

/// Builds an [`AppState`] with a custom clock (tests).
pub struct AppStateBuilder {
    config: Config,
    clock: Arc<dyn Clock>,
}

impl AppStateBuilder {
    /// Uses `clock` instead of the system clock.
    pub fn clock(mut self, clock: Arc<dyn Clock>) -> Self {
        self.clock = clock;
        self
    }

    /// Opens the database (migrating and seeding it) and loads the live sessions.
    pub fn open(self) -> Result<AppState, AppError> {
        let now = self.clock.now_ms();
        let config = self.config;
        let files = Folder::open(&config)?;
        let store = Store::open(
            &config.db,
            config.reset,
            config.readers,
            config.hash_cost,
            config.scale,
            now,
            &files,
        )?;
        let file_secret = store.write(|tx| crate::store::files::secret(tx))?;
        let sessions = SessionManager::load(&store, config.sessions, now)?;
        let hashing = WorkPool::start("hashing", config.sign_in)?;
        let decoding = WorkPool::start("decoding", config.decoding)?;
        let uploads = RateLimit::new(config.uploads_per_minute, 60_000);
        Ok(AppState(Arc::new(Inner {
            config,
            store,
            sessions,
            cache: AuthCache::default(),
            clock: self.clock,
            files,
            file_secret,
            hashing,
            decoding,
            uploads,
            shed_sign_ins: ShedSignIns::default(),
        })))
    }
}

/// A caller whose token passed.
#[derive(Debug, Clone)]
pub struct Caller {
    /// Who.
    pub principal: Arc<Principal>,
    /// The hash of the token presented.
    pub token_hash: TokenHash,
    /// The sign-in (chain of rotated tokens) of the token.
    pub family: String,
    /// The successor token when this call rotated it.
    pub new_token: Option<String>,
}

impl AppState {
    /// A builder over `config` with the system clock.
    pub fn builder(config: Config) -> AppStateBuilder {
        AppStateBuilder {
            config,
            clock: Arc::new(SystemClock),
        }
    }

    /// Opens the state with the system clock.
    pub fn open(config: Config) -> Result<AppState, AppError> {
        AppState::builder(config).open()
    }

    /// Now, in epoch milliseconds.
    pub fn now(&self) -> i64 {
        self.clock.now_ms()
    }

    /// [`Self::authenticate`] for the async workers: answered from memory when the session and its
    /// user are loaded and nothing is due; otherwise (a cache miss, an expiry to delete, a rotation
    /// to write) on the blocking pool, so a busy writer or a slow read never stalls a worker.
    pub async fn authenticate_async(&self, token: &str) -> Result<Caller, AppError> {
        match self.sessions.authenticate_in_memory(token, self.now()) {
            Some(Err(e)) => return Err(e),
            Some(Ok(auth)) => {
                if let Some(principal) = self.cache.cached_principal(&self.store, auth.user_id) {
                    return Ok(Caller {
                        principal,
                        token_hash: auth.token_hash,
                        family: auth.family,
                        new_token: None,
                    });
                }
            }
            None => {}
        }
        let state = self.clone();
        let token = token.to_owned();
        tokio::task::spawn_blocking(move || state.authenticate(&token))
            .await
            .map_err(|e| AppError::internal(format!("authentication did not finish: {e}")))?
    }

    /// The system menu tree, loaded on the blocking pool when it is not cached.
    pub async fn system_menu(&self) -> Result<Arc<crate::cache::SystemMenu>, AppError> {
        if let Some(system) = self.cache.cached_system(&self.store) {
            return Ok(system);
        }
        let state = self.clone();
        tokio::task::spawn_blocking(move || state.cache.system(&state.store))
            .await
            .map_err(|e| AppError::internal(format!("loading the menu did not finish: {e}")))?
    }

    /// Checks a token and loads its user; a disabled or deleted user's token is invalid. May read
    /// and write the database: on the async workers use [`Self::authenticate_async`].
    pub fn authenticate(&self, token: &str) -> Result<Caller, AppError> {
        let now = self.now();
        let auth = self.sessions.authenticate(&self.store, token, now)?;
        match self.cache.principal(&self.store, auth.user_id)? {
            Some(principal) => Ok(Caller {
                principal,
                token_hash: auth.token_hash,
                family: auth.family,
                new_token: auth.new_token,
            }),
            None => {
                // The account is gone or disabled: none of its sessions may live on.
                self.store
                    .write(|tx| crate::store::sessions::delete_for_user(tx, auth.user_id, None))?;
                self.sessions.forget_user(auth.user_id, None);
                Err(AppError::TokenInvalid)
            }
        }
    }

    /// Persists session activity, drops expired sessions and writes shed sign-ins to 登录日志
    /// (every minute and at shutdown).
    pub fn flush(&self) -> Result<(), AppError> {
        self.shed_sign_ins.flush(&self.store)?;
        self.sessions.flush(&self.store, self.now())
    }

    /// Flushes sessions and checkpoints the write-ahead log, so the database file is complete.
    pub fn shutdown(&self) -> Result<(), AppError> {
        self.flush()?;
        self.store.checkpoint()
    }
}
