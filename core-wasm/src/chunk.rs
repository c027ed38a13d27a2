//! The chunk-load errors of the catalogue (seed-spec §8): scripts and stylesheets that fail to load.

use serde::{Deserialize, Serialize};

/// The code of a failed stylesheet chunk.
pub const CSS_CHUNK_LOAD_FAILED: &str = "CSS_CHUNK_LOAD_FAILED";
/// The code of a failed script chunk.
pub const CHUNK_LOAD_FAILED: &str = "CHUNK_LOAD_FAILED";
/// The error name of both.
pub const CHUNK_ERROR_NAME: &str = "ChunkLoadError";

/// Why a script chunk failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChunkCause {
    /// It took longer than the 120 s time-out.
    Timeout,
    /// The server did not have it (a deploy replaced it, or the network dropped it).
    Missing,
    /// Anything else (it loaded but threw, say).
    Other,
}

impl ChunkCause {
    /// The wire spelling.
    pub const fn as_str(self) -> &'static str {
        match self {
            ChunkCause::Timeout => "timeout",
            ChunkCause::Missing => "missing",
            ChunkCause::Other => "other",
        }
    }
}

/// A chunk failure, ready to become a JS `Error`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChunkError {
    /// `Loading chunk {id} failed` or `Loading CSS chunk {id} failed`.
    pub message: String,
    /// [`CHUNK_LOAD_FAILED`] or [`CSS_CHUNK_LOAD_FAILED`].
    pub code: &'static str,
    /// Why (script chunks; a stylesheet's cause is always `other` or `missing`).
    pub cause: ChunkCause,
    /// The chunk's id.
    pub chunk_id: String,
}

/// Classifies a failed dynamic import from whether it timed out and the browser's message.
pub fn classify(chunk_id: &str, timed_out: bool, message: &str) -> ChunkError {
    let lower = message.to_ascii_lowercase();
    if lower.contains("unable to preload css") || lower.contains("css chunk") {
        return ChunkError {
            message: format!("Loading CSS chunk {chunk_id} failed"),
            code: CSS_CHUNK_LOAD_FAILED,
            cause: ChunkCause::Missing,
            chunk_id: chunk_id.to_owned(),
        };
    }
    let cause = if timed_out {
        ChunkCause::Timeout
    } else if [
        "failed to fetch dynamically imported module",
        "error loading dynamically imported module",
        "importing a module script failed",
        "404",
        "networkerror",
    ]
    .iter()
    .any(|needle| lower.contains(needle))
    {
        ChunkCause::Missing
    } else {
        ChunkCause::Other
    };
    ChunkError {
        message: format!("Loading chunk {chunk_id} failed"),
        code: CHUNK_LOAD_FAILED,
        cause,
        chunk_id: chunk_id.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_failures_carry_their_cause() {
        let e = classify("system/user", true, "");
        assert_eq!(
            (e.message.as_str(), e.code, e.cause),
            (
                "Loading chunk system/user failed",
                CHUNK_LOAD_FAILED,
                ChunkCause::Timeout
            )
        );
        let chromium = "Failed to fetch dynamically imported module: http://127.0.0.1:8787/adnuradmin/assets/index-x.js";
        assert_eq!(classify("home", false, chromium).cause, ChunkCause::Missing);
        assert_eq!(
            classify("home", false, "error loading dynamically imported module").cause,
            ChunkCause::Missing
        );
        assert_eq!(
            classify("home", false, "Importing a module script failed.").cause,
            ChunkCause::Missing
        );
        assert_eq!(
            classify("home", false, "x is not a function").cause,
            ChunkCause::Other
        );
    }

    #[test]
    fn stylesheet_failures_have_their_own_code() {
        let e = classify(
            "home",
            false,
            "Unable to preload CSS for /adnuradmin/assets/home.css",
        );
        assert_eq!(e.message, "Loading CSS chunk home failed");
        assert_eq!(e.code, CSS_CHUNK_LOAD_FAILED);
    }
}
