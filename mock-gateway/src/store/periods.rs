//! A period's bounds as list filters, for the tables with `start_at` and `end_at` (ads, activities,
//! recommendations): each clause binds one time (ms), which a handler derives from a state or a
//! period asked for.

/// Starts after the time.
pub const STARTS_AFTER: &str = "start_at > ?";
/// Starts before the time.
pub const STARTS_BEFORE: &str = "start_at < ?";
/// Starts at or before the time.
pub const STARTS_BY: &str = "start_at <= ?";
/// Ends after the time.
pub const ENDS_AFTER: &str = "end_at > ?";
/// Ends at or before the time.
pub const ENDS_BY: &str = "end_at <= ?";
/// Runs at the time (the end is exclusive).
pub const RUNNING_AT: &str = "? BETWEEN start_at AND end_at - 1";
