//! `mock-gateway`: flags and environment → [`Config`], then serve until Ctrl-C or SIGTERM.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use std::sync::Arc;

use clap::Parser;
use mock_gateway::clock::{Clock, ManualClock, SystemClock};
use mock_gateway::config::{DbLocation, HashCost, SessionTimes};
use mock_gateway::{AppState, Config};

/// Adnur Admin's mock gateway: the gateway protocol over SQLite, and the built web app.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Args {
    /// Port to listen on (0 picks a free one; the chosen port is printed).
    #[arg(long, env = "GATEWAY_PORT", default_value_t = 8787)]
    port: u16,
    /// Address to listen on.
    #[arg(long, env = "GATEWAY_HOST", default_value = "127.0.0.1")]
    host: String,
    /// SQLite database file (its folder is created), or `:memory:`. The default is the crate's
    /// git-ignored data folder, whatever the working directory.
    #[arg(
        long,
        env = "GATEWAY_DB",
        default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/data/gateway.sqlite3")
    )]
    db: String,
    /// The private folder of uploaded images. Default: `<db stem>-files` beside the database file,
    /// or, with `--db :memory:`, a temporary folder removed at exit.
    #[arg(long, env = "GATEWAY_FILES", value_name = "DIR")]
    files: Option<PathBuf>,
    /// A built web app (web/dist) to serve at /adnuradmin/.
    #[arg(long = "static", env = "GATEWAY_STATIC", value_name = "DIR")]
    static_dir: Option<PathBuf>,
    /// Drop every table and reseed the database at start.
    #[arg(long, env = "GATEWAY_RESET")]
    reset: bool,
    /// Minutes of inactivity after which a session expires.
    #[arg(long, env = "GATEWAY_IDLE_MINUTES", default_value_t = 30)]
    idle_minutes: i64,
    /// Hours after login after which a session expires, however active.
    #[arg(long, env = "GATEWAY_ABSOLUTE_HOURS", default_value_t = 12)]
    absolute_hours: i64,
    /// Argon2id memory for new password hashes, in KiB (lower only for tests).
    #[arg(long, env = "GATEWAY_ARGON2_MEMORY_KIB", default_value_t = HashCost::DEFAULT.memory_kib)]
    argon2_memory_kib: u32,
    /// Demo data size: this many times the base (200 shops, 1,000 products …), written on first
    /// start (or with --reset).
    #[arg(long, env = "GATEWAY_SCALE", default_value_t = 1)]
    scale: u32,
    /// Argon2id passes for new password hashes (lower only for tests).
    #[arg(long, env = "GATEWAY_ARGON2_ITERATIONS", default_value_t = HashCost::DEFAULT.iterations)]
    argon2_iterations: u32,
    /// An origin (`https://admin.example.com`) whose pages may call the API with credentials
    /// (CORS); repeat for several. The environment takes a comma-separated list.
    #[arg(
        long = "cors-origin",
        env = "ADNUR_CORS_ORIGINS",
        value_name = "ORIGIN",
        value_delimiter = ','
    )]
    cors_origins: Vec<String>,
    /// A proxy (its address) whose `X-Forwarded-For` is believed: the client's address is then
    /// the right-most one it did not add itself. Repeat for several; the environment takes a
    /// comma-separated list. Without one the header is ignored (anyone could write it).
    #[arg(
        long = "trusted-proxy",
        env = "GATEWAY_TRUSTED_PROXIES",
        value_name = "IP",
        value_delimiter = ','
    )]
    trusted_proxies: Vec<std::net::IpAddr>,
    /// Stops the clock at this instant (epoch milliseconds): the seed, every stored time and
    /// every time answered are then the same on each start, as screenshot baselines need. Not for
    /// a gateway people use: sessions never idle out and nothing ages.
    #[arg(long, env = "GATEWAY_CLOCK_AT", value_name = "EPOCH_MS")]
    clock_at: Option<i64>,
}

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .init();
    let args = Args::parse();
    let checked = SessionTimes::from_flags(args.idle_minutes, args.absolute_hours).and_then(|s| {
        let cost = HashCost {
            memory_kib: args.argon2_memory_kib,
            iterations: args.argon2_iterations,
        }
        .check()?;
        let scale = mock_gateway::config::check_scale(args.scale)?;
        let origins = args
            .cors_origins
            .iter()
            // `ADNUR_CORS_ORIGINS=""` or a trailing comma names no origin.
            .filter(|o| !o.trim().is_empty())
            .map(|o| mock_gateway::config::parse_origin(o))
            .collect::<Result<Vec<_>, _>>()?;
        Ok((s, cost, scale, origins))
    });
    let (sessions, hash_cost, scale, cors_origins) = match checked {
        Ok(c) => c,
        Err(e) => {
            eprintln!("mock-gateway: {e}");
            // The exit code of a usage error, like clap's own.
            return ExitCode::from(2);
        }
    };
    let config = Config {
        db: DbLocation::parse(&args.db),
        files: args.files.clone(),
        reset: args.reset,
        static_dir: args.static_dir.clone(),
        sessions,
        hash_cost,
        scale,
        cors_origins,
        trusted_proxies: args.trusted_proxies.clone(),
        ..Config::default()
    };
    // Blocking threads beyond the reader connections only wait for one of them (64 connections
    // kept about 100 threads switching on a few locks: a fifth of the CPU went to the scheduler,
    // `bench/peer.sh` under perf). The readers, the writer, and one for session and file work.
    let blocking = config.readers + 2;
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .max_blocking_threads(blocking)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(args, config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mock-gateway: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn run(args: Args, config: Config) -> Result<(), String> {
    if let Some(dir) = &config.static_dir {
        if !dir.join("index.html").is_file() {
            tracing::warn!(dir = %dir.display(), "no index.html in the static folder");
        }
    }
    if !config.cors_origins.is_empty() {
        tracing::info!(origins = ?config.cors_origins, "CORS with credentials for these origins");
    }
    let clock: Arc<dyn Clock> = match args.clock_at {
        Some(at) => {
            tracing::warn!(at, "the clock is stopped (--clock-at)");
            Arc::new(ManualClock::new(at))
        }
        None => Arc::new(SystemClock),
    };
    let state = tokio::task::spawn_blocking(move || AppState::builder(config).clock(clock).open())
        .await
        .map_err(|e| e.to_string())?
        .map_err(|e| format!("cannot open the database: {e}"))?;
    let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port))
        .await
        .map_err(|e| format!("cannot listen on {}:{}: {e}", args.host, args.port))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let host = if addr.is_ipv6() {
        format!("[{}]", addr.ip())
    } else {
        addr.ip().to_string()
    };
    // Scripts and tests wait for exactly this line.
    println!("listening on http://{host}:{}", addr.port());
    let _ = std::io::stdout().flush();
    mock_gateway::serve(listener, state, shutdown_signal())
        .await
        .map_err(|e| e.to_string())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
    tracing::info!("shutting down");
}
