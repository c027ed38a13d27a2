//! Lifecycles as data: for each entity with states, its states (code, label, tone) and the
//! transitions between them (the operation that makes each, whether it needs a reason). The UI
//! offers only the transitions [`actions`] allows from a row's state; the gateway refuses any other
//! change with `state_invalid` ([`check`]) and changes nothing. States derived from time (an ad's
//! scheduled / active / expired) come from [`window`].

mod business;
mod system;

use serde::{Deserialize, Serialize};

/// The entities with a lifecycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum Entity {
    /// 系统用户.
    SysUser,
    /// 数据字典 entry.
    Dict,
    /// 店铺.
    Shop,
    /// 商品.
    Product,
    /// 用户 (platform member).
    Member,
    /// 邀请.
    Invitation,
    /// 询价单.
    Inquiry,
    /// 采购商机.
    Opportunity,
    /// 广告位.
    AdSlot,
    /// 广告 (its switch).
    Ad,
    /// 广告 / 推荐 as shown (derived).
    AdState,
    /// 专题活动.
    Activity,
}

impl Entity {
    /// Every entity with a lifecycle.
    pub const ALL: [Entity; 12] = [
        Entity::SysUser,
        Entity::Dict,
        Entity::Shop,
        Entity::Product,
        Entity::Member,
        Entity::Invitation,
        Entity::Inquiry,
        Entity::Opportunity,
        Entity::AdSlot,
        Entity::Ad,
        Entity::AdState,
        Entity::Activity,
    ];

    /// The wire name (`sysUser`), as serde spells it.
    pub const fn name(self) -> &'static str {
        match self {
            Entity::SysUser => "sysUser",
            Entity::Dict => "dict",
            Entity::Shop => "shop",
            Entity::Product => "product",
            Entity::Member => "member",
            Entity::Invitation => "invitation",
            Entity::Inquiry => "inquiry",
            Entity::Opportunity => "opportunity",
            Entity::AdSlot => "adSlot",
            Entity::Ad => "ad",
            Entity::AdState => "adState",
            Entity::Activity => "activity",
        }
    }

    /// The entity of a wire name.
    pub fn named(name: &str) -> Option<Entity> {
        Entity::ALL.into_iter().find(|e| e.name() == name)
    }

    /// Its lifecycle.
    pub fn lifecycle(self) -> &'static Lifecycle {
        match self {
            Entity::SysUser => &system::SYS_USER,
            Entity::Dict => &system::DICT,
            Entity::Shop => &business::SHOP,
            Entity::Product => &business::PRODUCT,
            Entity::Member => &business::MEMBER,
            Entity::Invitation => &business::INVITATION,
            Entity::Inquiry => &business::INQUIRY,
            Entity::Opportunity => &business::OPPORTUNITY,
            Entity::AdSlot => &business::AD_SLOT,
            Entity::Ad => &business::AD,
            Entity::AdState => &business::AD_STATE,
            Entity::Activity => &business::ACTIVITY,
        }
    }
}

/// How a state is shown: the colour family of its tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum Tone {
    /// Good and settled (营业中, 启用).
    Success,
    /// Under way (待审核, 已排期).
    Processing,
    /// Needs attention (已冻结).
    Warning,
    /// Refused or taken down (已驳回, 违规下架).
    Error,
    /// Neutral or over (停用, 已关闭, 已过期).
    Default,
}

/// One state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct State {
    /// The wire code, e.g. `enabled`.
    pub code: &'static str,
    /// What people read, e.g. `启用`.
    pub label: &'static str,
    /// The tag's tone.
    pub tone: Tone,
}

/// One allowed change of state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Transition {
    /// From this state.
    pub from: &'static str,
    /// To this one.
    pub to: &'static str,
    /// The action's name on its button, e.g. `停用`.
    pub action: &'static str,
    /// The operation that performs it (`api`).
    pub op: &'static str,
    /// A reason (code from the 数据字典 `reason_<reasonType>` and text) must be given.
    pub reason: bool,
    /// The 数据字典 type suffix of the reason codes, e.g. `freeze` for `reason_freeze`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub reason_type: Option<&'static str>,
    /// The action is harmful (shown in red).
    pub danger: bool,
    /// Asked first (a confirmation naming the record), when no reason dialog asks instead.
    pub confirm: bool,
    /// What it means for the record, said where the operator confirms or gives the reason
    /// (「驳回后不可恢复」).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub consequence: Option<&'static str>,
    /// The params the operation is sent with: [`move_request`] builds them, so the UI never reads
    /// this (not serialized: the module stays smaller).
    #[serde(skip)]
    #[ts(skip)]
    #[cfg_attr(target_arch = "wasm32", tsify(skip))]
    pub send: Send,
}

/// How a transition's operation takes the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum Send {
    /// `{id, version, status: to}`.
    Status,
    /// `{id, version, approve}`: a review's verdict.
    Audit {
        /// The verdict this transition sends.
        approve: bool,
    },
    /// `{ids: [id], status: to}`: an operation that moves many records in one call.
    Ids,
    /// `{id, version, status: to}` with the record's own fields (`keep`) as they are: an edit
    /// that carries the state (the gateway's save takes the whole record).
    Record {
        /// The record's fields sent unchanged.
        keep: &'static [&'static str],
    },
}

/// A reason given for a move (codes of `reason_<reasonType>`, and words).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Reason {
    /// The reason's code.
    pub reason_code: String,
    /// Its words (required for 其他).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub reason: Option<String>,
}

/// The record a move starts from: what every move sends of it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct MoveFrom {
    /// Its id.
    pub id: i64,
    /// The version it was read at (none for records without one).
    #[serde(default)]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub version: Option<i64>,
    /// Its state.
    pub status: String,
}

/// What a move sends: the operation (`api`) and its params, field by field as the transition's
/// [`Send`] shapes them (flat, so the browser face writes them without serde's code).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MoveRequest {
    /// The operation.
    pub op: &'static str,
    /// `id` (and `version`), or `ids: [id]` when the operation moves many records ([`Send::Ids`]).
    pub id: i64,
    /// The version the record was read at (not sent with `ids`).
    pub version: Option<i64>,
    /// The record goes as `ids: [id]`.
    pub by_ids: bool,
    /// `status`: the state to move to (none for a verdict).
    pub status: Option<&'static str>,
    /// `approve`: a review's verdict.
    pub approve: Option<bool>,
    /// `reasonCode` and `reason`.
    pub reason: Option<Reason>,
    /// The record's fields to send as they are ([`Send::Record`]).
    pub keep: &'static [&'static str],
}

/// What moving `from` to `to` sends, as the transition declares it; refused like [`check`] when the
/// lifecycle has no such transition (staying put is not a move).
pub fn move_request(
    entity: Entity,
    from: &MoveFrom,
    to: &str,
    reason: Option<Reason>,
) -> Result<MoveRequest, Refusal> {
    let Some(t) = check(entity, &from.status, to)? else {
        return Err(Refusal::NotAllowed {
            from: from.status.clone(),
            to: to.to_owned(),
        });
    };
    let mut request = MoveRequest {
        op: t.op,
        id: from.id,
        version: from.version,
        by_ids: false,
        status: Some(t.to),
        approve: None,
        reason,
        keep: &[],
    };
    match t.send {
        Send::Status => {}
        Send::Record { keep } => request.keep = keep,
        Send::Audit { approve } => {
            request.status = None;
            request.approve = Some(approve);
        }
        Send::Ids => {
            request.by_ids = true;
            request.version = None;
        }
    }
    Ok(request)
}

/// An entity's states and transitions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Lifecycle {
    /// The states, in display order (the first is where a new record starts).
    pub states: &'static [State],
    /// The allowed transitions.
    pub transitions: &'static [Transition],
    /// What its records carry from their shop's state ([`Hold`]); empty for most entities.
    pub held: &'static [Hold],
    /// What a signed-in user may not do to their own record ([`Own`]); empty for most entities.
    pub own: &'static [Own],
}

/// The act [`Own::act`] names for deleting the record.
pub const DELETE: &str = "delete";

/// Something nobody may do to their own record, because it would lock them out: a system user
/// who disabled or deleted themself could not sign in to undo it. The screen does not offer it
/// on the signed-in user's row, saying why, and the gateway refuses it with the same words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Own {
    /// A state the record may not be moved to (`disabled`), or [`DELETE`].
    pub act: &'static str,
    /// What the refusal says (不能停用当前登录的用户).
    pub refusal: &'static str,
}

/// A mark a record carries from its shop's state, shown beside its own: a product of a frozen shop
/// reads 在售 · 店铺已冻结. Buyers do not see it while held, so it counts out of 在售 everywhere
/// (the tab, the home page, the shop's figures); its own state stays, so an unfrozen shop's
/// products are on sale again as they were.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Hold {
    /// The shop's state that holds its records (`frozen`).
    pub shop: &'static str,
    /// The mark (`shopFrozen`, 店铺已冻结).
    pub mark: State,
}

/// Why a change of state is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// `to` is not a state of the entity (a parameter error: name the field).
    UnknownState(String),
    /// The lifecycle has no transition `from` → `to` (`state_invalid`).
    NotAllowed {
        /// The current state.
        from: String,
        /// The asked-for state.
        to: String,
    },
}

impl Refusal {
    /// A message for people.
    pub fn message(&self, entity: Entity) -> String {
        let life = entity.lifecycle();
        match self {
            Refusal::UnknownState(to) => format!(
                "状态须为{}之一，收到：{}",
                life.states
                    .iter()
                    .map(|s| s.code)
                    .collect::<Vec<_>>()
                    .join("、"),
                crate::validate::echoed(to)
            ),
            Refusal::NotAllowed { from, to } => format!(
                "状态不允许此操作：不能从「{}」变为「{}」",
                life.label(from),
                life.label(to)
            ),
        }
    }
}

impl Lifecycle {
    /// The state of `code`.
    pub fn state(&self, code: &str) -> Option<&'static State> {
        self.states.iter().find(|s| s.code == code)
    }

    /// The label of `code` (the code itself when unknown).
    pub fn label<'a>(&self, code: &'a str) -> &'a str {
        self.state(code).map(|s| s.label).unwrap_or(code)
    }

    /// The mark a record of a shop in `shop_state` carries (None: the shop does not hold it).
    pub fn held_by(&self, shop_state: &str) -> Option<&'static State> {
        self.held
            .iter()
            .find(|h| h.shop == shop_state)
            .map(|h| &h.mark)
    }

    /// The shop states that hold this entity's records.
    pub fn holding_shop_states(&self) -> impl Iterator<Item = &'static str> {
        self.held.iter().map(|h| h.shop)
    }

    /// Why the signed-in user may not `act` (a state, or [`DELETE`]) on their own record, if not.
    pub fn own_refusal(&self, act: &str) -> Option<&'static str> {
        self.own.iter().find(|o| o.act == act).map(|o| o.refusal)
    }

    /// The transitions allowed from `from`.
    pub fn actions(&self, from: &str) -> Vec<&'static Transition> {
        self.transitions.iter().filter(|t| t.from == from).collect()
    }
}

/// The transitions allowed from `state` (none for an unknown state).
pub fn actions(entity: Entity, state: &str) -> Vec<&'static Transition> {
    entity.lifecycle().actions(state)
}

/// Whether `from` → `to` is allowed; staying in the same state is not a transition and passes.
pub fn check(entity: Entity, from: &str, to: &str) -> Result<Option<&'static Transition>, Refusal> {
    let life = entity.lifecycle();
    if life.state(to).is_none() {
        return Err(Refusal::UnknownState(to.to_owned()));
    }
    if from == to {
        return Ok(None);
    }
    life.transitions
        .iter()
        .find(|t| t.from == from && t.to == to)
        .map(Some)
        .ok_or_else(|| Refusal::NotAllowed {
            from: from.to_owned(),
            to: to.to_owned(),
        })
}

/// Where `now` falls in a period `[start, end)` (epoch ms): the derived state of a scheduled
/// record that is switched on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum Window {
    /// Before `start`: 已排期.
    Scheduled,
    /// Within the period: 投放中.
    Active,
    /// At or after `end`: 已过期.
    Expired,
}

/// The derived state of a period at `now`.
pub fn window(start: i64, end: i64, now: i64) -> Window {
    if now < start {
        Window::Scheduled
    } else if now < end {
        Window::Active
    } else {
        Window::Expired
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops;

    #[test]
    fn each_transition_sends_what_its_operation_takes() {
        for entity in Entity::ALL {
            for t in entity.lifecycle().transitions {
                let params = ops::find(t.op).map(|o| o.params).unwrap_or_default();
                let expected = match t.send {
                    Send::Status => &["StatusParams", "SysUserUpdateParams"][..],
                    Send::Audit { .. } => &["AuditParams"][..],
                    Send::Ids => &["ProductStatusParams"][..],
                    Send::Record { .. } => &["DictSaveParams"][..],
                };
                assert!(
                    expected.contains(&params),
                    "{entity:?} {t:?} sends {params}"
                );
                // What asks first: a reason dialog, or a confirmation; never both.
                assert!(!(t.confirm && t.reason), "{t:?}");
                assert!(!t.confirm || t.danger, "{t:?}");
            }
        }
    }

    #[test]
    fn a_move_sends_the_params_its_transition_declares() {
        let shop = MoveFrom {
            id: 7,
            version: Some(3),
            status: "pending".into(),
        };
        let reason = Reason {
            reason_code: "fake".into(),
            reason: Some("证照不符".into()),
        };
        let approve = move_request(Entity::Shop, &shop, "active", None).expect("allowed");
        assert_eq!(approve.op, "mtop.admin.shop.audit");
        assert_eq!(
            (approve.id, approve.version, approve.status, approve.approve),
            (7, Some(3), None, Some(true))
        );
        assert_eq!(approve.reason, None);
        let reject =
            move_request(Entity::Shop, &shop, "rejected", Some(reason.clone())).expect("allowed");
        assert_eq!((reject.approve, reject.reason), (Some(false), Some(reason)));
        let product = MoveFrom {
            id: 9,
            version: None,
            status: "onSale".into(),
        };
        let off = move_request(Entity::Product, &product, "offSale", None).expect("allowed");
        assert_eq!(
            (off.op, off.by_ids, off.version, off.status),
            ("mtop.admin.product.setStatus", true, None, Some("offSale"))
        );
        let entry = MoveFrom {
            id: 1,
            version: Some(1),
            status: "enabled".into(),
        };
        let dict = move_request(Entity::Dict, &entry, "disabled", None).expect("allowed");
        assert_eq!(
            dict.keep,
            ["type", "key", "label", "value", "sort", "remark"]
        );
        // Not a transition: refused as the gateway refuses it.
        assert!(matches!(
            move_request(Entity::Shop, &shop, "frozen", None),
            Err(Refusal::NotAllowed { .. })
        ));
        assert!(matches!(
            move_request(Entity::Shop, &shop, "pending", None),
            Err(Refusal::NotAllowed { .. })
        ));
        assert!(matches!(
            move_request(Entity::Shop, &shop, "gone", None),
            Err(Refusal::UnknownState(_))
        ));
    }

    #[test]
    fn every_transition_joins_two_states_of_its_lifecycle_through_a_catalogued_write() {
        for entity in Entity::ALL {
            let life = entity.lifecycle();
            assert!(!life.states.is_empty());
            for t in life.transitions {
                assert!(life.state(t.from).is_some(), "{entity:?} {t:?}");
                assert!(life.state(t.to).is_some(), "{entity:?} {t:?}");
                let op = ops::find(t.op);
                assert_eq!(op.map(|o| o.method), Some(ops::Method::Post), "{}", t.op);
                assert_eq!(t.reason, t.reason_type.is_some(), "{t:?}");
            }
        }
    }

    #[test]
    fn a_user_or_entry_toggles_between_enabled_and_disabled() {
        for entity in [Entity::SysUser, Entity::Dict] {
            let from_enabled: Vec<_> = actions(entity, "enabled").iter().map(|t| t.to).collect();
            assert_eq!(from_enabled, ["disabled"]);
            let from_disabled: Vec<_> = actions(entity, "disabled")
                .iter()
                .map(|t| t.action)
                .collect();
            assert_eq!(from_disabled, ["启用"]);
            assert!(actions(entity, "gone").is_empty());
            assert_eq!(check(entity, "enabled", "enabled"), Ok(None));
            assert!(
                matches!(check(entity, "enabled", "disabled"), Ok(Some(t)) if t.action == "停用")
            );
            assert!(matches!(
                check(entity, "enabled", "archived"),
                Err(Refusal::UnknownState(_))
            ));
            assert!(
                matches!(
                    check(entity, "archived", "enabled"),
                    Err(Refusal::NotAllowed { .. })
                ),
                "a record in an unknown state has no way out"
            );
        }
    }

    #[test]
    fn every_negative_move_of_a_business_record_asks_why() {
        for entity in [
            Entity::Shop,
            Entity::Product,
            Entity::Member,
            Entity::Inquiry,
            Entity::Opportunity,
        ] {
            for t in entity.lifecycle().transitions {
                let negative = matches!(
                    t.to,
                    "rejected" | "frozen" | "closed" | "violation" | "banned"
                );
                assert_eq!(t.reason, negative, "{entity:?} {t:?}");
            }
        }
        assert!(
            matches!(check(Entity::Shop, "pending", "active"), Ok(Some(t)) if t.action == "通过")
        );
        assert!(matches!(
            check(Entity::Shop, "closed", "active"),
            Err(Refusal::NotAllowed { .. })
        ));
        assert!(matches!(
            check(Entity::Shop, "pending", "frozen"),
            Err(Refusal::NotAllowed { .. })
        ));
        let from_sale: Vec<_> = actions(Entity::Product, "onSale")
            .iter()
            .map(|t| t.to)
            .collect();
        assert_eq!(from_sale, ["offSale", "violation"]);
    }

    #[test]
    fn refusals_read_in_chinese_with_labels() {
        let e = Refusal::NotAllowed {
            from: "disabled".into(),
            to: "enabled".into(),
        };
        assert_eq!(
            e.message(Entity::SysUser),
            "状态不允许此操作：不能从「停用」变为「启用」"
        );
        assert!(
            Refusal::UnknownState("x".into())
                .message(Entity::Dict)
                .contains("enabled、disabled")
        );
    }

    #[test]
    fn wire_names_are_serdes() {
        for entity in Entity::ALL {
            let json = serde_json::to_value(entity).ok();
            assert_eq!(json, Some(serde_json::json!(entity.name())));
            assert_eq!(Entity::named(entity.name()), Some(entity));
        }
    }

    #[test]
    fn a_period_is_scheduled_then_active_then_expired() {
        assert_eq!(window(100, 200, 99), Window::Scheduled);
        assert_eq!(window(100, 200, 100), Window::Active);
        assert_eq!(window(100, 200, 199), Window::Active);
        assert_eq!(window(100, 200, 200), Window::Expired);
    }
}
