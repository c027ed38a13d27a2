//! Recent answers to reads, kept so that the same read asked again is answered without running it.
//!
//! Why: a list call spends most of its time in SQLite (planning and stepping) and in encoding rows
//! (callgrind, issue 11); a console polls the same lists. An answer is reused only while nothing
//! could have changed it:
//! - no write has committed since it was computed: every write goes through [`Store::write`],
//!   which bumps the store's generation after its commit;
//! - the clock is still in the same second: states derived from the time (an ad 投放中 or 已过期,
//!   an overdue review) are at most a second behind;
//! - the caller is the same user: answers may depend on who asks.
//!
//! The session and permission checks still run on every call (the dispatcher consults this only
//! after them). The cache holds one epoch (generation, second) at a time and is bounded in entries
//! and bytes; past the bounds it stops keeping answers until the epoch turns.
//!
//! [`Store::write`]: crate::store::Store::write

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde_json::value::RawValue;

/// At most this many answers are kept at once.
const MAX_ENTRIES: usize = 4_096;
/// At most this many bytes of answers are kept at once.
const MAX_BYTES: usize = 32 << 20;

/// When an answer was computed: the store's write generation and the clock's second.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Epoch {
    /// [`crate::store::Store::generation`] before the read ran.
    pub generation: u64,
    /// The clock's time in whole seconds.
    pub second: i64,
}

impl Epoch {
    /// The epoch of a read starting now.
    pub fn new(generation: u64, now_ms: i64) -> Epoch {
        Epoch {
            generation,
            second: now_ms.div_euclid(1000),
        }
    }
}

/// Who asked what: the caller's user id and the operation; the `data` text is the inner key.
type Asker = (i64, &'static str);

#[derive(Default)]
struct Held {
    epoch: Option<Epoch>,
    by_asker: HashMap<Asker, HashMap<Box<str>, Arc<RawValue>>>,
    entries: usize,
    bytes: usize,
}

impl Held {
    /// Moves to `epoch` when it is newer, dropping everything older; false when `epoch` is older
    /// than what is held (a read that started before a write: neither served nor kept).
    fn at(&mut self, epoch: Epoch) -> bool {
        match self.epoch {
            Some(held) if held == epoch => true,
            Some(held) if held > epoch => false,
            _ => {
                self.epoch = Some(epoch);
                self.by_asker.clear();
                self.entries = 0;
                self.bytes = 0;
                true
            }
        }
    }
}

/// The answers of the current epoch.
#[derive(Default)]
pub struct Answers {
    held: Mutex<Held>,
}

impl Answers {
    fn held(&self) -> std::sync::MutexGuard<'_, Held> {
        // A panic while held cannot leave it inconsistent in a way that matters: at worst the
        // counters are off until the epoch turns.
        self.held.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The answer `user` got for `api` with `data` in `epoch`, if kept.
    pub fn get(
        &self,
        epoch: Epoch,
        user: i64,
        api: &'static str,
        data: &str,
    ) -> Option<Arc<RawValue>> {
        let mut held = self.held();
        if !held.at(epoch) {
            return None;
        }
        held.by_asker.get(&(user, api))?.get(data).cloned()
    }

    /// Keeps an answer computed in `epoch`, unless the epoch has passed or the bounds are reached.
    pub fn put(
        &self,
        epoch: Epoch,
        user: i64,
        api: &'static str,
        data: &str,
        answer: Arc<RawValue>,
    ) {
        let size = answer.get().len() + data.len();
        let mut held = self.held();
        if !held.at(epoch) || held.entries >= MAX_ENTRIES || held.bytes + size > MAX_BYTES {
            return;
        }
        let kept = held.by_asker.entry((user, api)).or_default();
        if kept.insert(data.into(), answer).is_none() {
            held.entries += 1;
            held.bytes += size;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(text: &str) -> Arc<RawValue> {
        Arc::from(RawValue::from_string(text.to_owned()).unwrap())
    }

    const API: &str = "mtop.admin.dict.list";

    #[test]
    fn an_answer_is_served_to_the_same_user_in_the_same_epoch_only() {
        let answers = Answers::default();
        let epoch = Epoch::new(7, 1_000_500);
        answers.put(epoch, 1, API, "{}", raw("[1]"));
        assert_eq!(answers.get(epoch, 1, API, "{}").unwrap().get(), "[1]");
        assert!(answers.get(epoch, 2, API, "{}").is_none(), "another user");
        assert!(
            answers.get(epoch, 1, API, "{\"a\":1}").is_none(),
            "other data"
        );
        assert!(
            answers
                .get(epoch, 1, "mtop.admin.shop.list", "{}")
                .is_none(),
            "another operation"
        );
        let same_second = Epoch::new(7, 1_000_999);
        assert!(answers.get(same_second, 1, API, "{}").is_some());
    }

    #[test]
    fn a_write_or_the_next_second_drops_every_answer() {
        let answers = Answers::default();
        let epoch = Epoch::new(7, 1_000_500);
        answers.put(epoch, 1, API, "{}", raw("[1]"));
        assert!(
            answers
                .get(Epoch::new(8, 1_000_500), 1, API, "{}")
                .is_none()
        );
        // Once the epoch has moved on, the old one is neither served nor kept.
        assert!(answers.get(epoch, 1, API, "{}").is_none());
        answers.put(epoch, 1, API, "{}", raw("[1]"));
        assert!(answers.get(epoch, 1, API, "{}").is_none());

        answers.put(Epoch::new(8, 1_000_500), 1, API, "{}", raw("[2]"));
        assert!(
            answers
                .get(Epoch::new(8, 1_001_000), 1, API, "{}")
                .is_none()
        );
    }

    #[test]
    fn the_bounds_stop_keeping_until_the_epoch_turns() {
        let answers = Answers::default();
        let epoch = Epoch::new(1, 0);
        for i in 0..MAX_ENTRIES + 10 {
            answers.put(epoch, 1, API, &i.to_string(), raw("0"));
        }
        assert!(answers.get(epoch, 1, API, "0").is_some());
        let last = (MAX_ENTRIES + 5).to_string();
        assert!(answers.get(epoch, 1, API, &last).is_none());
        let big = raw(&format!("\"{}\"", "x".repeat(MAX_BYTES)));
        let next = Epoch::new(2, 0);
        answers.put(next, 1, API, "{}", big);
        assert!(
            answers.get(next, 1, API, "{}").is_none(),
            "over the byte bound"
        );
    }
}
