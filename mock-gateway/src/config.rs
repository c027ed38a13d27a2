//! The gateway's settings, independent of how they were given (flags, environment, tests).

use std::path::PathBuf;
use std::sync::Arc;

/// One minute in milliseconds.
pub const MINUTE_MS: i64 = 60_000;
/// One hour in milliseconds.
pub const HOUR_MS: i64 = 60 * MINUTE_MS;

/// Where the SQLite database lives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DbLocation {
    /// A private in-memory database (`:memory:`); gone when the process ends.
    Memory,
    /// A database file; its folder is created when missing.
    File(PathBuf),
    /// A private in-memory database that starts as a copy of a database's image
    /// ([`crate::store::Store::image`]), so it opens as that database reopens: migrated, seeded.
    /// The gateway's tests start each of their ~400 gateways from one seeded image: seeding
    /// afresh was ~150 ms of each in the debug build.
    Image(DbImage),
}

/// The bytes of a whole database (SQLite's serialization: its file's pages).
#[derive(Clone, PartialEq, Eq)]
pub struct DbImage(pub Arc<[u8]>);

impl std::fmt::Debug for DbImage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DbImage({} bytes)", self.0.len())
    }
}

impl DbLocation {
    /// Reads the `--db` value: `:memory:` or a path.
    pub fn parse(value: &str) -> DbLocation {
        if value == ":memory:" {
            DbLocation::Memory
        } else {
            DbLocation::File(PathBuf::from(value))
        }
    }
}

/// Argon2id cost parameters for new password hashes (verification reads them from the hash).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HashCost {
    /// Memory in KiB.
    pub memory_kib: u32,
    /// Passes over the memory.
    pub iterations: u32,
}

impl HashCost {
    /// OWASP's minimum for argon2id: 19 MiB, two passes, one lane.
    pub const DEFAULT: HashCost = HashCost {
        memory_kib: 19_456,
        iterations: 2,
    };
    /// The cheapest parameters argon2 accepts; for tests only, where speed beats strength.
    pub const TEST: HashCost = HashCost {
        memory_kib: 64,
        iterations: 1,
    };
    /// The most memory a hash may take: each login allocates it, so more would exhaust the machine.
    pub const MAX_MEMORY_KIB: u32 = 1024 * 1024;
    /// The most passes: a login runs them all.
    pub const MAX_ITERATIONS: u32 = 64;

    /// Checks the parameters once at start, rather than failing (or exhausting memory) at the first
    /// password hashed.
    pub fn check(self) -> Result<HashCost, String> {
        if !(Self::TEST.memory_kib..=Self::MAX_MEMORY_KIB).contains(&self.memory_kib) {
            return Err(format!(
                "--argon2-memory-kib must be between {} and {}",
                Self::TEST.memory_kib,
                Self::MAX_MEMORY_KIB
            ));
        }
        if !(1..=Self::MAX_ITERATIONS).contains(&self.iterations) {
            return Err(format!(
                "--argon2-iterations must be between 1 and {}",
                Self::MAX_ITERATIONS
            ));
        }
        Ok(self)
    }
}

/// Session lifetimes, all in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionTimes {
    /// A session unused this long expires.
    pub idle_ms: i64,
    /// A session expires this long after its login, however active.
    pub absolute_ms: i64,
    /// A token older than this is replaced by a new one (`meta.mat`).
    pub rotate_after_ms: i64,
    /// A replaced token keeps working this long, so parallel requests do not fail.
    pub grace_ms: i64,
    /// `last_seen` is written to the database at most this often per session.
    pub persist_every_ms: i64,
}

impl SessionTimes {
    /// The default lifetimes with the idle and absolute limits of the command line: each at least
    /// 1, and small enough that the milliseconds fit in an `i64`.
    pub fn from_flags(idle_minutes: i64, absolute_hours: i64) -> Result<SessionTimes, String> {
        let ms = |value: i64, unit_ms: i64, flag: &str| {
            if value < 1 {
                return Err(format!("{flag} must be at least 1"));
            }
            value
                .checked_mul(unit_ms)
                .ok_or_else(|| format!("{flag} must be at most {}", i64::MAX / unit_ms))
        };
        Ok(SessionTimes {
            idle_ms: ms(idle_minutes, MINUTE_MS, "--idle-minutes")?,
            absolute_ms: ms(absolute_hours, HOUR_MS, "--absolute-hours")?,
            ..SessionTimes::default()
        })
    }
}

impl Default for SessionTimes {
    fn default() -> Self {
        SessionTimes {
            idle_ms: 30 * MINUTE_MS,
            absolute_ms: 12 * HOUR_MS,
            rotate_after_ms: 10 * MINUTE_MS,
            grace_ms: MINUTE_MS,
            persist_every_ms: MINUTE_MS,
        }
    }
}

/// The largest `--scale`: 2,000 times the base is two million products, a few gigabytes.
pub const MAX_SCALE: u32 = 2_000;

/// Checks `--scale`: from 1 to [`MAX_SCALE`].
pub fn check_scale(scale: u32) -> Result<u32, String> {
    if (1..=MAX_SCALE).contains(&scale) {
        Ok(scale)
    } else {
        Err(format!("--scale must be between 1 and {MAX_SCALE}"))
    }
}

/// Login lockout: `threshold` failures within `window_ms` lock the account until they age out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lockout {
    /// Failures that lock the account.
    pub threshold: i64,
    /// The sliding window, in milliseconds.
    pub window_ms: i64,
}

impl Default for Lockout {
    fn default() -> Self {
        Lockout {
            threshold: 5,
            window_ms: 15 * MINUTE_MS,
        }
    }
}

/// Everything the gateway needs to start.
#[derive(Debug, Clone)]
pub struct Config {
    /// The database.
    pub db: DbLocation,
    /// The private folder of stored images (`--files`); by default beside the database file, or a
    /// temporary folder for `:memory:` (see `store::files::Folder::open`).
    pub files: Option<PathBuf>,
    /// Drop every table and reseed at start.
    pub reset: bool,
    /// A built web app to serve at `/adnuradmin/`.
    pub static_dir: Option<PathBuf>,
    /// Session lifetimes.
    pub sessions: SessionTimes,
    /// Login lockout.
    pub lockout: Lockout,
    /// Cost of new password hashes.
    pub hash_cost: HashCost,
    /// Reader connections besides the writer (file databases only; `:memory:` uses the writer).
    pub readers: usize,
    /// The demo data's size: this many times the base counts (`--scale`), written on first start.
    pub scale: u32,
    /// The origins allowed to call the API from another site, with credentials (`--cors-origin`),
    /// as [`parse_origin`] normalises them; empty: no CORS headers at all.
    pub cors_origins: Vec<String>,
    /// The sign-ins' password-hashing pool (`crate::pool`).
    pub sign_in: PoolSize,
    /// The uploads' image-decoding pool: two decodes at a time.
    pub decoding: PoolSize,
    /// How many images one user may upload per minute; past that `too_many_requests`.
    pub uploads_per_minute: usize,
    /// Proxies whose `X-Forwarded-For` is believed (`--trusted-proxy`): the client's address in
    /// the audit log is then the one they heard from (`protocol::ClientIp`).
    pub trusted_proxies: Vec<std::net::IpAddr>,
}

/// The size of a work pool (`crate::pool`): its threads, and how many more calls may wait for
/// one before the next is answered `too_many_requests`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolSize {
    /// Threads that work.
    pub threads: usize,
    /// Calls admitted to wait for a thread.
    pub queue: usize,
}

impl PoolSize {
    /// The sign-ins': half the cores (at least one), so reads keep the rest while sign-ins flood;
    /// sixteen may wait (at about 40 ms a check, well under a second).
    pub fn sign_in() -> PoolSize {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        PoolSize {
            threads: (cores / 2).max(1),
            queue: 16,
        }
    }

    /// The uploads': two decodes at a time (64 MiB of pixels each at most), eight waiting.
    pub const DECODING: PoolSize = PoolSize {
        threads: 2,
        queue: 8,
    };
}

impl Default for Config {
    fn default() -> Self {
        Config {
            db: DbLocation::Memory,
            files: None,
            reset: false,
            static_dir: None,
            sessions: SessionTimes::default(),
            lockout: Lockout::default(),
            hash_cost: HashCost::DEFAULT,
            readers: 4,
            scale: 1,
            cors_origins: Vec::new(),
            sign_in: PoolSize::sign_in(),
            decoding: PoolSize::DECODING,
            uploads_per_minute: 30,
            trusted_proxies: Vec::new(),
        }
    }
}

impl Config {
    /// An in-memory configuration with cheap password hashes, for tests: the hashing pool admits
    /// the racing sign-ins the lockout's tests send (the pool's own tests size it themselves).
    pub fn for_tests() -> Config {
        Config {
            hash_cost: HashCost::TEST,
            sign_in: PoolSize {
                queue: 256,
                ..PoolSize::sign_in()
            },
            ..Config::default()
        }
    }
}

/// Reads a `--cors-origin` value as the browser will send it in `Origin`: `http` or `https`, a
/// host and maybe a port, nothing else (a path, query, user or `*` is refused: with credentials
/// the allowed origin must be named exactly). Scheme and host are lower-cased, a trailing `/` and a
/// default port (`:80`, `:443`) dropped, so `HTTPS://Admin.example.com:443/` matches the browser's
/// `https://admin.example.com`.
pub fn parse_origin(value: &str) -> Result<String, String> {
    let bad = |why: &str| Err(format!("--cors-origin {value:?}: {why}"));
    let trimmed = value.trim();
    let Some((scheme, rest)) = trimmed.split_once("://") else {
        return bad("expected http://HOST[:PORT] or https://HOST[:PORT]");
    };
    let scheme = scheme.to_ascii_lowercase();
    let default_port = match scheme.as_str() {
        "http" => "80",
        "https" => "443",
        _ => return bad("the scheme must be http or https"),
    };
    let authority = rest.strip_suffix('/').unwrap_or(rest);
    if authority.is_empty() {
        return bad("no host");
    }
    if authority.contains(['/', '?', '#', '@', '*']) || authority.contains(char::is_whitespace) {
        return bad("an origin is a scheme, a host and a port only (no path, query, user or *)");
    }
    let (host, port) = match authority.rsplit_once(':') {
        // `[::1]` alone has colons but no port after its bracket.
        Some((host, port)) if !port.contains(']') => (host, Some(port)),
        _ => (authority, None),
    };
    if host.is_empty() {
        return bad("no host");
    }
    let port = match port {
        Some(p) if p.parse::<u16>().is_err() => {
            return bad("the port must be a number up to 65535");
        }
        Some(p) if p == default_port => None,
        p => p,
    };
    let host = host.to_ascii_lowercase();
    Ok(match port {
        Some(p) => format!("{scheme}://{host}:{p}"),
        None => format!("{scheme}://{host}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_read_as_browsers_send_them() {
        for (given, read) in [
            ("http://127.0.0.1:5173", "http://127.0.0.1:5173"),
            ("https://admin.example.com", "https://admin.example.com"),
            (
                "HTTPS://Admin.Example.com:443/",
                "https://admin.example.com",
            ),
            ("http://localhost:80", "http://localhost"),
            ("http://[::1]:8080", "http://[::1]:8080"),
            ("http://[::1]", "http://[::1]"),
            (" http://localhost:4173 ", "http://localhost:4173"),
        ] {
            assert_eq!(parse_origin(given).as_deref(), Ok(read), "{given}");
        }
        for bad in [
            "",
            "*",
            "localhost:5173",
            "ftp://example.com",
            "https://",
            "https://example.com/app",
            "https://example.com?x=1",
            "https://user@example.com",
            "https://example.com:99999",
            "https://example.com:x",
            "https://*.example.com",
            "https://:443",
        ] {
            assert!(parse_origin(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn session_flags_are_checked_instead_of_overflowing() {
        let t = SessionTimes::from_flags(30, 12);
        assert_eq!(t, Ok(SessionTimes::default()));
        assert_eq!(
            SessionTimes::from_flags(0, 12),
            Err("--idle-minutes must be at least 1".to_owned())
        );
        assert_eq!(
            SessionTimes::from_flags(1, -5),
            Err("--absolute-hours must be at least 1".to_owned())
        );
        let biggest = i64::MAX / MINUTE_MS;
        assert_eq!(
            SessionTimes::from_flags(biggest, 1).map(|t| t.idle_ms),
            Ok(biggest * MINUTE_MS)
        );
        assert_eq!(
            SessionTimes::from_flags(biggest + 1, 1),
            Err(format!("--idle-minutes must be at most {biggest}"))
        );
        assert!(SessionTimes::from_flags(1, i64::MAX).is_err());
    }

    #[test]
    fn hash_costs_are_bounded() {
        assert!(HashCost::DEFAULT.check().is_ok());
        assert!(HashCost::TEST.check().is_ok());
        for bad in [
            HashCost {
                memory_kib: 8,
                iterations: 1,
            },
            HashCost {
                memory_kib: HashCost::MAX_MEMORY_KIB + 1,
                iterations: 1,
            },
            HashCost {
                memory_kib: 64,
                iterations: 0,
            },
            HashCost {
                memory_kib: 64,
                iterations: HashCost::MAX_ITERATIONS + 1,
            },
        ] {
            assert!(bad.check().is_err(), "{bad:?}");
        }
    }
}
