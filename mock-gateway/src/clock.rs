//! The time source. Sessions, lockouts and audit rows read it through [`Clock`], so tests can move
//! time forward instead of sleeping.

use std::sync::atomic::{AtomicI64, Ordering};

/// Milliseconds since the Unix epoch.
pub trait Clock: Send + Sync + 'static {
    /// Now, in epoch milliseconds.
    fn now_ms(&self) -> i64;
}

/// The system's wall clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as i64)
            .unwrap_or(0)
    }
}

/// A clock that only moves when told to (tests).
#[derive(Debug)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    /// A clock stopped at `start_ms`.
    pub fn new(start_ms: i64) -> ManualClock {
        ManualClock(AtomicI64::new(start_ms))
    }

    /// Moves the clock forward by `ms`.
    pub fn advance(&self, ms: i64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }

    /// Sets the clock.
    pub fn set(&self, ms: i64) {
        self.0.store(ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// China Standard Time's offset: "today" on the dashboard is the operators' day (UTC+8).
pub const DAY_OFFSET_MS: i64 = 8 * 3_600_000;

/// The start of the UTC+8 day containing `now_ms`.
pub fn start_of_day(now_ms: i64) -> i64 {
    let day = 86_400_000;
    (now_ms + DAY_OFFSET_MS).div_euclid(day) * day - DAY_OFFSET_MS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_day_starts_at_midnight_in_china() {
        // 2026-01-02 00:30 UTC+8 is 2026-01-01 16:30 UTC.
        let t = 1_767_285_000_000; // 2026-01-01T16:30:00Z
        let start = start_of_day(t);
        assert_eq!(start, 1_767_283_200_000); // 2026-01-01T16:00:00Z = 2026-01-02 00:00 UTC+8
        assert_eq!(start_of_day(start), start);
        assert_eq!(start_of_day(start - 1), start - 86_400_000);
    }

    #[test]
    fn the_manual_clock_moves_only_when_told() {
        let c = ManualClock::new(5);
        assert_eq!(c.now_ms(), 5);
        c.advance(10);
        assert_eq!(c.now_ms(), 15);
        c.set(1);
        assert_eq!(c.now_ms(), 1);
    }
}
