//! Reason codes: the 数据字典's `reason_<type>` entries, readable by anyone who may act.

use serde::{Deserialize, Serialize};

use super::lenient;
use super::{Guard, operations};

operations! { "reason";
    /// The enabled reason codes of a type, in order (the 运营 role cannot open 数据字典).
    List "list" = Get "mtop.admin.reason.list", Guard::Session, ReasonListParams => Vec<ReasonOption>;
}

/// `reason.list`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ReasonListParams {
    /// A transition's `reasonType`, e.g. `shop_freeze` (the dictionary type `reason_shop_freeze`).
    #[serde(default, deserialize_with = "lenient::opt_text")]
    #[ts(type = "string")]
    pub r#type: Option<String>,
}

/// One reason code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct ReasonOption {
    /// The code (`counterfeit`; `other` needs a text).
    pub key: String,
    /// What people read (`售假`).
    pub label: String,
    /// A suggested wording.
    pub value: String,
}
