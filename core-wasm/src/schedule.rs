//! Periods in time: how many enabled ads a slot runs at each moment (its occupancy), whether one
//! more would exceed its capacity (and when), and the derived state of a period at a moment.

use crate::lifecycle::{Window, window};
use crate::ops::ad_slot::Occupancy;

/// The occupancy of a slot over `[from, to)`: consecutive stretches with a constant count of the
/// given periods (`[start, end)`, epoch ms) running, each marked `over` when the count exceeds
/// `capacity`. Stretches with no period running are left out.
pub fn occupancy(periods: &[(i64, i64)], capacity: i64, from: i64, to: i64) -> Vec<Occupancy> {
    // Every boundary inside the window, in order: the count is constant between two of them.
    let mut cuts: Vec<i64> = periods
        .iter()
        .flat_map(|&(s, e)| [s, e])
        .chain([from, to])
        .filter(|t| (from..=to).contains(t))
        .collect();
    cuts.sort_unstable();
    cuts.dedup();
    let mut out: Vec<Occupancy> = Vec::new();
    for pair in cuts.windows(2) {
        let (start, end) = (pair[0], pair[1]);
        let count = periods
            .iter()
            .filter(|&&(s, e)| s <= start && end <= e && s < e)
            .count() as i64;
        if count == 0 {
            continue;
        }
        match out.last_mut() {
            Some(last) if last.end == start && last.count == count => last.end = end,
            _ => out.push(Occupancy {
                start,
                end,
                count,
                over: count > capacity,
            }),
        }
    }
    out
}

/// The first stretch of `new` during which `existing` plus `new` would exceed `capacity`: the
/// period an enable is refused for. `None` when it fits throughout.
pub fn overflow(existing: &[(i64, i64)], new: (i64, i64), capacity: i64) -> Option<Occupancy> {
    let mut all = existing.to_vec();
    all.push(new);
    let stretches = occupancy(&all, capacity, new.0, new.1);
    let first = stretches.iter().position(|o| o.over)?;
    // One refusal names one period: the first over-capacity stretch and those right after it.
    let mut period = stretches[first];
    for next in &stretches[first + 1..] {
        if !next.over || next.start != period.end {
            break;
        }
        period.end = next.end;
        period.count = period.count.max(next.count);
    }
    Some(period)
}

/// The state an ad (or a recommendation) shows: `disabled` when switched off, else where `now`
/// falls in its period: `scheduled`, `active` or `expired` (lifecycle `adState`).
pub fn ad_state(enabled: bool, start: i64, end: i64, now: i64) -> &'static str {
    if !enabled {
        return "disabled";
    }
    match window(start, end, now) {
        Window::Scheduled => "scheduled",
        Window::Active => "active",
        Window::Expired => "expired",
    }
}

/// Why an activity may not go online now: it has no items, or its end has passed.
pub fn online_refusal(item_count: i64, end: i64, now: i64) -> Option<&'static str> {
    if item_count < 1 {
        Some("专题至少需要一个商品或店铺才能上线")
    } else if end <= now {
        Some("专题的结束时间已过，不能上线")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const H: i64 = 3_600_000;

    #[test]
    fn occupancy_counts_overlaps_and_marks_what_exceeds_capacity() {
        // a: 0–10, b: 5–15, c: 8–9; capacity 2.
        let periods = [(0, 10 * H), (5 * H, 15 * H), (8 * H, 9 * H)];
        let occ = occupancy(&periods, 2, 0, 20 * H);
        let shape: Vec<_> = occ
            .iter()
            .map(|o| (o.start / H, o.end / H, o.count, o.over))
            .collect();
        assert_eq!(
            shape,
            [
                (0, 5, 1, false),
                (5, 8, 2, false),
                (8, 9, 3, true),
                (9, 10, 2, false),
                (10, 15, 1, false)
            ]
        );
    }

    #[test]
    fn an_enable_past_capacity_names_the_period() {
        let existing = [(0, 10 * H), (5 * H, 15 * H)];
        let refused = overflow(&existing, (8 * H, 20 * H), 2).map(|o| (o.start / H, o.end / H));
        assert_eq!(refused, Some((8, 10)));
        assert_eq!(
            overflow(&existing, (15 * H, 20 * H), 2),
            None,
            "touching is not overlapping"
        );
        assert_eq!(overflow(&existing, (0, 20 * H), 3), None);
    }

    #[test]
    fn derived_states() {
        assert_eq!(ad_state(false, 0, 10, 5), "disabled");
        assert_eq!(ad_state(true, 10, 20, 5), "scheduled");
        assert_eq!(ad_state(true, 0, 10, 5), "active");
        assert_eq!(ad_state(true, 0, 10, 10), "expired");
        assert!(online_refusal(0, 10, 5).is_some());
        assert!(online_refusal(2, 10, 10).is_some());
        assert_eq!(online_refusal(1, 10, 5), None);
    }
}
