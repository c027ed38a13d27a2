//! Readers of a list call's shared parameters: an `enabled`/`disabled` status, `sortField` and
//! `sortOrder`. Each adds a field error naming what it accepts.

use core_wasm::validate::FieldError;

use crate::store::users;

/// Reads an `enabled`/`disabled` status filter or field.
pub fn check_status(status: Option<&str>, errors: &mut Vec<FieldError>) {
    if let Some(s) = status {
        if s != users::STATUS_ENABLED && s != users::STATUS_DISABLED {
            errors.push(FieldError::new("status", "status 须为 enabled 或 disabled"));
        }
    }
}

/// Reads `sortOrder`: `asc`/`ascend` or `desc`/`descend` (antd's spelling); true when descending.
pub fn descending(order: Option<&str>, errors: &mut Vec<FieldError>) -> bool {
    match order {
        None | Some("asc") | Some("ascend") => false,
        Some("desc") | Some("descend") => true,
        Some(_) => {
            errors.push(FieldError::new(
                "sortOrder",
                "sortOrder 须为 asc、desc、ascend 或 descend",
            ));
            false
        }
    }
}

/// A list's `sortField`: the column of one of `fields` (wire name, column); absent is `None`; any
/// other value adds a field error naming the allowed ones.
pub fn sort_column(
    field: Option<&str>,
    fields: &[(&str, &'static str)],
    errors: &mut Vec<FieldError>,
) -> Option<&'static str> {
    let field = field?;
    let found = fields
        .iter()
        .find(|(wire, _)| *wire == field)
        .map(|(_, c)| *c);
    if found.is_none() {
        let names: Vec<&str> = fields.iter().map(|(wire, _)| *wire).collect();
        errors.push(FieldError::new(
            "sortField",
            format!("sortField 须为 {}", names.join("、")),
        ));
    }
    found
}
