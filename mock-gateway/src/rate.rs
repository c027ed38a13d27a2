//! A per-user rate: how many times one user may do something within a sliding window. Uploads use
//! it, so one account, or one stolen session, cannot fill the disk or the decoding pool alone.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

/// At most `max` times per `window_ms`, per user, counted in memory (a restart forgets them).
pub struct RateLimit {
    max: usize,
    window_ms: i64,
    recent: Mutex<HashMap<i64, VecDeque<i64>>>,
}

impl RateLimit {
    /// A limit of `max` per `window_ms`.
    pub fn new(max: usize, window_ms: i64) -> RateLimit {
        RateLimit {
            max,
            window_ms,
            recent: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one for `user` at `now` and answers true, or answers false (counting nothing) when
    /// they already reached the limit within the window.
    pub fn admit(&self, user: i64, now: i64) -> bool {
        let Ok(mut recent) = self.recent.lock() else {
            // A thread panicked holding it: count nothing rather than refuse everyone.
            return true;
        };
        // Users with nothing in the window are forgotten, so the map holds active users only.
        recent.retain(|_, times| {
            while times.front().is_some_and(|&t| t <= now - self.window_ms) {
                times.pop_front();
            }
            !times.is_empty()
        });
        let times = recent.entry(user).or_default();
        if times.len() >= self.max {
            return false;
        }
        times.push_back(now);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_user_past_the_limit_waits_for_the_window_and_others_are_not_held() {
        let limit = RateLimit::new(2, 1_000);
        assert!(limit.admit(1, 0));
        assert!(limit.admit(1, 10));
        assert!(!limit.admit(1, 20), "a third within the second");
        assert!(limit.admit(2, 20), "another user is not held");
        assert!(!limit.admit(1, 999));
        assert!(limit.admit(1, 1_000), "the first has left the window");
        assert!(!limit.admit(1, 1_005));
    }
}
