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

/// What browsers say when a dynamic import could not fetch its module (Chromium, Firefox, Safari),
/// compared case-insensitively.
const FETCH_FAILURES: [&str; 4] = [
    "failed to fetch dynamically imported module",
    "error loading dynamically imported module",
    "importing a module script failed",
    "networkerror when attempting to fetch resource",
];

/// HTTP statuses that mean the file is not on the server.
const MISSING_STATUSES: [&str; 2] = ["404", "410"];

/// Classifies a failed dynamic import from whether it timed out and the browser's message.
pub fn classify(chunk_id: &str, timed_out: bool, message: &str) -> ChunkError {
    let lower = message.to_ascii_lowercase();
    if crate::contains(&lower, "unable to preload css") || crate::contains(&lower, "css chunk") {
        return ChunkError {
            message: format!("Loading CSS chunk {chunk_id} failed"),
            code: CSS_CHUNK_LOAD_FAILED,
            cause: ChunkCause::Missing,
            chunk_id: chunk_id.to_owned(),
        };
    }
    let cause = if timed_out {
        ChunkCause::Timeout
    } else if FETCH_FAILURES
        .iter()
        .any(|needle| crate::contains(&lower, needle))
        || names_missing_status(&lower)
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

/// Whether a (lower-case) message reports a 404 or 410 *as an HTTP status*: the number stands
/// alone as a word and is introduced by `http`, `status` or `code`, or followed by its reason
/// phrase (`404 not found`, `410 gone`). A `404` inside a file hash or a longer number is not one.
fn names_missing_status(lower: &str) -> bool {
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    words.iter().enumerate().any(|(i, word)| {
        if !MISSING_STATUSES.contains(word) {
            return false;
        }
        let before = i.checked_sub(1).and_then(|j| words.get(j)).copied();
        let after = (words.get(i + 1).copied(), words.get(i + 2).copied());
        matches!(before, Some("http" | "status" | "code"))
            || matches!(after, (Some("not"), Some("found")) | (Some("gone"), _))
    })
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
    fn a_404_counts_only_as_an_http_status() {
        for missing in [
            "GET http://127.0.0.1:8787/adnuradmin/assets/home-x.js net::ERR_ABORTED 404 (Not Found)",
            "HTTP 404",
            "Response status:404",
            "status code 404",
            "Request failed with status 410",
            "410 Gone",
            "NetworkError when attempting to fetch resource.",
        ] {
            assert_eq!(
                classify("home", false, missing).cause,
                ChunkCause::Missing,
                "{missing}"
            );
        }
        for other in [
            // A content hash that happens to contain 404.
            "x is not a function at http://h/adnuradmin/assets/index-a404b.js:1:2",
            "y is not a function at http://h/adnuradmin/assets/page-404.js:1:2",
            "Cannot read properties of undefined (reading '4040')",
            "expected 404 items",
            "Failed to fetch",
            "",
        ] {
            assert_eq!(
                classify("home", false, other).cause,
                ChunkCause::Other,
                "{other}"
            );
        }
    }

    #[test]
    fn the_time_out_wins_over_the_message() {
        let e = classify(
            "home",
            true,
            "Failed to fetch dynamically imported module: /x.js",
        );
        assert_eq!(e.cause, ChunkCause::Timeout);
        assert_eq!(e.message, "Loading chunk home failed");
    }

    #[test]
    fn the_spec_time_out_is_120_seconds() {
        assert_eq!(crate::constants::CHUNK_LOAD_TIMEOUT_MS, 120_000);
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
