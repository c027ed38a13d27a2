//! 操作日志: who did what to which record, in words people read.
//!
//! Every write names its target's kind by its operation's domain ([`subject_of`]); the kinds, what
//! people call them, which field names a record and how each field reads ([`SUBJECTS`]) are
//! declared here once. The gateway records, per write, the target's name and its changed fields
//! before → after as these declarations read them, and the entry's label: the catalogue's, or for a
//! move of the record's lifecycle, the move's (`冻结` + `店铺` = 冻结店铺).

use serde::{Deserialize, Serialize};

use super::{Guard, NoParams, Page, find, list_params, operations};
use crate::choices::Choices;
use crate::lifecycle::{Entity, Send};
use crate::rules::Form;

/// The menu whose owners may read the log.
pub const MENU: &str = "system/audit";

operations! { "audit";
    /// A page of the log, newest first.
    List "list" = Get "mtop.admin.audit.list", Guard::Menu(MENU), AuditListParams => Page<AuditEntry>;
    /// The filters' choices: the labels the log shows, the system users, the kinds of target.
    Options "options" = Get "mtop.admin.audit.options", Guard::Menu(MENU), NoParams => AuditOptions;
}

/// One audited write.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    /// Id.
    pub id: i64,
    /// Who (null when the user was deleted since).
    pub sys_user_id: Option<i64>,
    /// Their login name at the time.
    pub username: String,
    /// Their nickname now (null when the user was deleted since).
    pub nickname: Option<String>,
    /// The operation.
    pub api: String,
    /// What people call the operation (审核店铺), or the lifecycle move it made (冻结店铺).
    pub label: String,
    /// The record written, when one.
    pub target_id: Option<i64>,
    /// Its kind ([`Subject::code`], `shop`), when known.
    pub target_type: Option<String>,
    /// What people call that kind (店铺).
    pub target_type_label: Option<String>,
    /// Its name at the time of the write (the shop's name), when it has one.
    pub target_name: Option<String>,
    /// Its fields the write changed, before → after, as people read them.
    pub changes: Vec<AuditChange>,
    /// What changed, for people.
    pub summary: String,
    /// When, epoch ms.
    pub at: i64,
    /// From which address.
    pub ip: String,
}

/// One changed field of a write's target.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AuditChange {
    /// The field's wire name (`status`).
    pub field: String,
    /// What people call it (状态).
    pub label: String,
    /// Its value before, as people read it (营业中); null when the write created the record or
    /// the value is not shown (a password).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub before: Option<String>,
    /// Its value after (已冻结).
    pub after: String,
}

/// `audit.options`: what the log's filters offer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AuditOptions {
    /// Every label an entry can carry ([`labels`]), in the catalogue's order.
    pub labels: Vec<String>,
    /// The system users, by id.
    pub operators: Vec<AuditOperator>,
    /// The kinds of target ([`SUBJECTS`]).
    pub target_types: Vec<AuditTargetType>,
}

/// A system user the log can be filtered by.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AuditOperator {
    /// Id (`operatorId`).
    pub id: i64,
    /// Login name.
    pub username: String,
    /// Nickname.
    pub nickname: String,
}

/// A kind of target the log can be filtered by.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct AuditTargetType {
    /// The code (`targetType`).
    pub value: String,
    /// What people call it.
    pub label: String,
}

list_params! {
    /// `audit.list`'s params (newest first; no other order).
    AuditListParams {
        /// Part of the operator's login name.
        text username,
        /// The operator's id.
        int operator_id,
        /// Part of the operation's name.
        text api,
        /// One of [`labels`].
        text label,
        /// A [`Subject::code`].
        text target_type,
        /// Part of the target's name.
        text target_name,
        /// From, epoch ms.
        int from,
        /// To, epoch ms.
        int to,
    }
}

/// How a field's value reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shows {
    /// As it is (long text cut short).
    Text,
    /// A state of the subject's lifecycle, by its label.
    State,
    /// 1 / 0 as these words.
    Flag(&'static str, &'static str),
    /// One of a set of labelled choices.
    Choice(Choices),
    /// Never shown: only that it changed (a password).
    Secret,
    /// A phone, masked as everywhere else.
    Phone,
    /// A picture's file key: only that it changed.
    File,
    /// Fen, as yuan.
    Fen,
    /// Epoch ms, as a date and time (UTC+8).
    Time,
    /// The id of a record of this subject, by that record's name.
    Ref(&'static str),
    /// A JSON list of ids of this subject, by their names.
    Refs(&'static str),
    /// Not a change people look for (counters kept by the system, the last sign-in).
    Hidden,
}

/// One field of a subject: its wire name (the column's name in camelCase), its label when the
/// subject's form does not give it, and how it reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    /// The wire name, e.g. `contactPhone`.
    pub name: &'static str,
    /// What people call it; `None`: the subject's form's label of the same field.
    pub label: Option<&'static str>,
    /// How its values read.
    pub shows: Shows,
}

/// A kind of record a write can target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Subject {
    /// The code (`shop`), the entity's wire name where it has a lifecycle.
    pub code: &'static str,
    /// What people call it (店铺).
    pub label: &'static str,
    /// The field that names a record (`name`, `title`; a [`Shows::Ref`] names it by the record it
    /// points at); `None`: the record is named by its id.
    pub name: Option<&'static str>,
    /// Its lifecycle, when it has one (the [`Shows::State`] field's labels, the moves' labels).
    pub entity: Option<Entity>,
    /// The form whose field labels its fields take.
    pub form: Option<Form>,
    /// Its fields (besides `id`, `version`, `createdAt` and `updatedAt`, never shown).
    pub fields: &'static [Field],
}

/// The fields every record has and no log shows.
pub const ALWAYS_HIDDEN: [&str; 4] = ["id", "version", "createdAt", "updatedAt"];

const fn f(name: &'static str, shows: Shows) -> Field {
    Field {
        name,
        label: None,
        shows,
    }
}

const fn l(name: &'static str, label: &'static str, shows: Shows) -> Field {
    Field {
        name,
        label: Some(label),
        shows,
    }
}

const SHOWN: Shows = Shows::Flag("显示", "隐藏");

/// Every kind of target.
pub const SUBJECTS: &[Subject] = &[
    Subject {
        code: "sysUser",
        label: "系统用户",
        name: Some("username"),
        entity: Some(Entity::SysUser),
        form: Some(Form::SysUserCreate),
        fields: &[
            f("username", Shows::Text),
            f("nickname", Shows::Text),
            l("avatar", "头像", Shows::File),
            l("passwordHash", "密码", Shows::Secret),
            f("status", Shows::State),
        ],
    },
    Subject {
        code: "role",
        label: "角色",
        name: Some("name"),
        entity: None,
        form: Some(Form::Role),
        fields: &[
            l("parentId", "上级角色", Shows::Ref("role")),
            f("name", Shows::Text),
            f("remark", Shows::Text),
        ],
    },
    Subject {
        code: "menu",
        label: "菜单",
        name: Some("alias"),
        entity: None,
        form: Some(Form::Menu),
        fields: &[
            l("parentId", "上级菜单", Shows::Ref("menu")),
            f("alias", Shows::Text),
            f("name", Shows::Text),
            f("icon", Shows::Text),
            f("visible", SHOWN),
            f("sort", Shows::Text),
            f("access", Shows::Text),
            // The page key follows the name and the parent, which the log already shows.
            l("page", "页面", Shows::Hidden),
        ],
    },
    Subject {
        code: "dict",
        label: "字典项",
        name: Some("label"),
        entity: Some(Entity::Dict),
        form: Some(Form::Dict),
        fields: &[
            l("dictType", "字典类型", Shows::Text),
            l("dictKey", "键", Shows::Text),
            f("label", Shows::Text),
            f("value", Shows::Text),
            f("sort", Shows::Text),
            l("remark", "备注", Shows::Text),
            l("status", "状态", Shows::State),
        ],
    },
    Subject {
        code: "shop",
        label: "店铺",
        name: Some("name"),
        entity: Some(Entity::Shop),
        form: None,
        fields: &[
            l("name", "店铺名称", Shows::Text),
            l("logo", "店铺Logo", Shows::File),
            l("ownerMemberId", "店主", Shows::Ref("member")),
            l("contactName", "联系人", Shows::Text),
            l("contactPhone", "联系电话", Shows::Phone),
            l("province", "省份", Shows::Text),
            l("city", "城市", Shows::Text),
            l("beltId", "产业带", Shows::Ref("belt")),
            l("mainCategoryIds", "主营类目", Shows::Refs("category")),
            l("level", "等级", Shows::Text),
            l("status", "状态", Shows::State),
            l("productCount", "商品数", Shows::Hidden),
            l("inquiryCount", "询价数", Shows::Hidden),
        ],
    },
    Subject {
        code: "product",
        label: "商品",
        name: Some("title"),
        entity: Some(Entity::Product),
        form: None,
        fields: &[
            l("shopId", "所属店铺", Shows::Ref("shop")),
            l("title", "商品标题", Shows::Text),
            l("categoryId", "类目", Shows::Ref("category")),
            l("images", "商品图片", Shows::File),
            l("priceMin", "最低价", Shows::Fen),
            l("priceMax", "最高价", Shows::Fen),
            l("unit", "单位", Shows::Text),
            l("moq", "起订量", Shows::Text),
            l("stock", "库存", Shows::Text),
            l("description", "商品描述", Shows::Text),
            l("status", "状态", Shows::State),
            // Follows the shop's state; the shop's own entry says what changed.
            l("shopHeld", "店铺暂停销售", Shows::Hidden),
        ],
    },
    Subject {
        code: "member",
        label: "用户",
        name: Some("nickname"),
        entity: Some(Entity::Member),
        form: None,
        fields: &[
            l("nickname", "昵称", Shows::Text),
            l("phone", "手机号", Shows::Phone),
            l("avatar", "头像", Shows::File),
            l("memberType", "用户类型", Shows::Choice(Choices::MemberType)),
            l("shopId", "店铺", Shows::Ref("shop")),
            l("inviterId", "邀请人", Shows::Ref("member")),
            l("inviteCode", "邀请码", Shows::Text),
            l("status", "状态", Shows::State),
            l("lastLoginAt", "最近登录", Shows::Hidden),
        ],
    },
    Subject {
        code: "category",
        label: "类目",
        name: Some("name"),
        entity: None,
        form: Some(Form::Category),
        fields: &[
            l("parentId", "上级类目", Shows::Ref("category")),
            f("name", Shows::Text),
            f("sort", Shows::Text),
            f("icon", Shows::Text),
            f("visible", SHOWN),
        ],
    },
    Subject {
        code: "belt",
        label: "产业带",
        name: Some("name"),
        entity: None,
        form: Some(Form::Belt),
        fields: &[
            f("name", Shows::Text),
            f("province", Shows::Text),
            f("city", Shows::Text),
            f("description", Shows::Text),
        ],
    },
    Subject {
        code: "view",
        label: "视图",
        name: Some("name"),
        entity: None,
        form: Some(Form::View),
        fields: &[
            l("list", "列表", Shows::Text),
            f("name", Shows::Text),
            // What a view holds is the list's state, not a change people look for in the log.
            l("content", "内容", Shows::Hidden),
            l("ownerId", "所有者", Shows::Hidden),
            l("shared", "共享", Shows::Flag("共享", "仅自己")),
            l("isDefault", "默认", Shows::Flag("默认", "非默认")),
        ],
    },
    Subject {
        code: "adSlot",
        label: "广告位",
        name: Some("name"),
        entity: Some(Entity::AdSlot),
        form: Some(Form::AdSlot),
        fields: &[
            f("name", Shows::Text),
            f("code", Shows::Text),
            f("page", Shows::Choice(Choices::SlotPage)),
            f("width", Shows::Text),
            f("height", Shows::Text),
            f("maxAds", Shows::Text),
            l("status", "状态", Shows::State),
        ],
    },
    Subject {
        code: "ad",
        label: "广告",
        name: Some("title"),
        entity: Some(Entity::Ad),
        form: Some(Form::Ad),
        fields: &[
            f("slotId", Shows::Ref("adSlot")),
            f("title", Shows::Text),
            f("image", Shows::File),
            f("linkType", Shows::Choice(Choices::LinkType)),
            f("linkTarget", Shows::Text),
            f("startAt", Shows::Time),
            f("endAt", Shows::Time),
            l("sort", "排序", Shows::Text),
            l("status", "状态", Shows::State),
        ],
    },
    Subject {
        code: "activity",
        label: "专题活动",
        name: Some("title"),
        entity: Some(Entity::Activity),
        form: Some(Form::Activity),
        fields: &[
            f("title", Shows::Text),
            f("banner", Shows::File),
            f("description", Shows::Text),
            f("startAt", Shows::Time),
            f("endAt", Shows::Time),
            l("status", "状态", Shows::State),
        ],
    },
    Subject {
        code: "entry",
        label: "功能入口",
        name: Some("name"),
        entity: None,
        form: Some(Form::Entry),
        fields: &[
            f("name", Shows::Text),
            f("icon", Shows::Text),
            f("link", Shows::Text),
            l("sort", "排序", Shows::Text),
            f("visible", SHOWN),
        ],
    },
    Subject {
        code: "recommend",
        label: "首页推荐",
        name: Some("shopId"),
        entity: None,
        form: Some(Form::Recommend),
        fields: &[
            f("shopId", Shows::Ref("shop")),
            f("reason", Shows::Text),
            l("sort", "排序", Shows::Text),
            f("startAt", Shows::Time),
            f("endAt", Shows::Time),
        ],
    },
    Subject {
        code: "inquiry",
        label: "询价单",
        name: None,
        entity: Some(Entity::Inquiry),
        form: None,
        fields: &[
            l("buyerMemberId", "采购商", Shows::Ref("member")),
            l("shopId", "店铺", Shows::Ref("shop")),
            l("productId", "商品", Shows::Ref("product")),
            l("quantity", "数量", Shows::Text),
            l("expectPrice", "期望单价", Shows::Fen),
            l("message", "留言", Shows::Text),
            l("state", "状态", Shows::State),
            l("quoteUnitPrice", "报价单价", Shows::Fen),
            l("quoteQuantity", "报价数量", Shows::Text),
            l("quoteLeadDays", "交期（天）", Shows::Text),
            l("quotedAt", "报价时间", Shows::Time),
        ],
    },
    Subject {
        code: "opportunity",
        label: "采购商机",
        name: Some("title"),
        entity: Some(Entity::Opportunity),
        form: None,
        fields: &[
            l("buyerMemberId", "采购商", Shows::Ref("member")),
            l("title", "商机标题", Shows::Text),
            l("description", "需求描述", Shows::Text),
            l("categoryId", "类目", Shows::Ref("category")),
            l("quantity", "数量", Shows::Text),
            l("unit", "单位", Shows::Text),
            l("budget", "预算", Shows::Fen),
            l("deadline", "截止时间", Shows::Time),
            l("state", "状态", Shows::State),
        ],
    },
];

/// The operations whose target is not of their domain's kind.
const TARGET_OF: &[(&str, &str)] = &[
    // A role's permissions: the role.
    ("mtop.admin.user.updateMenuRole", "role"),
    // A slot's ads put in order: the slot.
    ("mtop.admin.ad.sort", "adSlot"),
];

/// The kind of each domain's targets (a domain not listed has none of its own: `file`, `contact`).
const DOMAIN_SUBJECT: &[(&str, &str)] = &[
    ("session", "sysUser"),
    ("sysUser", "sysUser"),
    ("role", "role"),
    ("menu", "menu"),
    ("dict", "dict"),
    ("shop", "shop"),
    ("product", "product"),
    ("member", "member"),
    ("category", "category"),
    ("belt", "belt"),
    ("adSlot", "adSlot"),
    ("ad", "ad"),
    ("activity", "activity"),
    ("entry", "entry"),
    ("recommend", "recommend"),
    ("inquiry", "inquiry"),
    ("opportunity", "opportunity"),
    ("view", "view"),
];

/// The subject of a code.
pub fn subject(code: &str) -> Option<&'static Subject> {
    SUBJECTS.iter().find(|s| s.code == code)
}

/// The kind of record an operation's target is: its own entry, else its domain's. None for an
/// operation without a kind of its own (an upload; a phone revealed, whose handler names it).
pub fn subject_of(api: &str) -> Option<&'static Subject> {
    if let Some((_, code)) = TARGET_OF.iter().find(|(a, _)| *a == api) {
        return subject(code);
    }
    let domain = find(api)?.key.split('.').next()?;
    let (_, code) = DOMAIN_SUBJECT.iter().find(|(d, _)| *d == domain)?;
    subject(code)
}

impl Subject {
    /// Its field of a wire name (None for the always hidden ones and unknown names).
    pub fn field(&self, name: &str) -> Option<&'static Field> {
        self.fields.iter().find(|f| f.name == name)
    }

    /// What people call a field: its own label, else its form's.
    pub fn label_of(&self, field: &Field) -> Option<&'static str> {
        field.label.or_else(|| {
            self.form?
                .table()
                .fields
                .iter()
                .find(|f| f.name == field.name)
                .map(|f| f.label)
        })
    }

    /// The field holding its lifecycle's state (`status`, `state`).
    pub fn state_field(&self) -> Option<&'static Field> {
        self.entity?;
        self.fields.iter().find(|f| f.shows == Shows::State)
    }
}

/// A stored value, as SQLite hands it over.
#[derive(Debug, Clone, PartialEq)]
pub enum Raw {
    /// NULL.
    Null,
    /// An integer.
    Int(i64),
    /// A real.
    Real(f64),
    /// Text (a blob reads as its length).
    Text(String),
}

impl Raw {
    /// The value as plain text (`""` for null).
    pub fn text(&self) -> String {
        match self {
            Raw::Null => String::new(),
            Raw::Int(n) => n.to_string(),
            Raw::Real(x) => x.to_string(),
            Raw::Text(s) => s.clone(),
        }
    }

    /// Whether it is null or blank text.
    pub fn is_empty(&self) -> bool {
        match self {
            Raw::Null => true,
            Raw::Text(s) => s.trim().is_empty(),
            _ => false,
        }
    }
}

/// What an empty value reads as.
pub const EMPTY: &str = "（空）";
/// What a changed value that is never shown reads as.
pub const CHANGED: &str = "已修改";
/// The longest text shown, in characters (longer ones end in `…`).
pub const MAX_TEXT: usize = 40;

/// How `value` of `field` of `subject` reads; a [`Shows::Ref`] or [`Shows::Refs`] value is the
/// caller's (it needs the store), given here already named. None for a field never shown.
pub fn readable(subject: &Subject, field: &Field, value: &Raw) -> Option<String> {
    if value.is_empty() && !matches!(field.shows, Shows::Hidden | Shows::Secret) {
        return Some(EMPTY.to_owned());
    }
    let text = value.text();
    Some(match field.shows {
        Shows::Hidden => return None,
        Shows::Secret | Shows::File => CHANGED.to_owned(),
        Shows::Text | Shows::Ref(_) | Shows::Refs(_) => cut(&text),
        Shows::State => match subject.entity {
            Some(e) => e.lifecycle().label(&text).to_owned(),
            None => text,
        },
        Shows::Flag(on, off) => match value {
            Raw::Int(0) => off.to_owned(),
            Raw::Int(_) => on.to_owned(),
            _ => text,
        },
        Shows::Choice(set) => set.label(&text).to_owned(),
        Shows::Phone => crate::format::mask_phone(&text),
        Shows::Fen => match value {
            Raw::Int(fen) => crate::format::format_fen(*fen),
            _ => text,
        },
        Shows::Time => match value {
            Raw::Int(ms) => crate::format::format_timestamp(*ms as f64, 8 * 60)
                .get(..16)
                .map(str::to_owned)
                .unwrap_or_default(),
            _ => text,
        },
    })
}

fn cut(text: &str) -> String {
    if text.chars().count() <= MAX_TEXT {
        return text.to_owned();
    }
    let mut out: String = text.chars().take(MAX_TEXT).collect();
    out.push('…');
    out
}

/// The change of one field, as people read it: `before` None when the write created the record.
/// None when the field is not shown or reads the same before and after.
pub fn change(
    subject: &Subject,
    field: &Field,
    before: Option<&Raw>,
    after: &Raw,
) -> Option<AuditChange> {
    let label = subject.label_of(field)?;
    let after_text = readable(subject, field, after)?;
    let before_text = match before {
        // A secret or a picture says only that it changed.
        Some(_) if matches!(field.shows, Shows::Secret | Shows::File) => None,
        Some(b) => Some(readable(subject, field, b)?),
        // A new record's empty fields say nothing.
        None if after.is_empty() => return None,
        None => None,
    };
    if before_text.as_deref() == Some(after_text.as_str()) {
        return None;
    }
    Some(AuditChange {
        field: field.name.to_owned(),
        label: label.to_owned(),
        before: before_text,
        after: after_text,
    })
}

/// The label of a write of `api` whose target of `subject` moved `from` → `to` in its lifecycle
/// (None when it did not move): the move's action and the subject (冻结店铺) for a move made by a
/// status change, else the catalogue's label (a review keeps 审核店铺: its verdict is the change).
pub fn label_of(api: &str, subject: Option<&Subject>, moved: Option<(&str, &str)>) -> String {
    let catalogued = find(api).map_or(api, |op| op.label);
    let (Some(subject), Some((from, to))) = (subject, moved) else {
        return catalogued.to_owned();
    };
    let Some(entity) = subject.entity else {
        return catalogued.to_owned();
    };
    entity
        .lifecycle()
        .transitions
        .iter()
        .find(|t| t.op == api && t.from == from && t.to == to && !is_verdict(t.send))
        .map_or_else(
            || catalogued.to_owned(),
            |t| format!("{}{}", t.action, subject.label),
        )
}

fn is_verdict(send: Send) -> bool {
    matches!(send, Send::Audit { .. })
}

/// Every label an entry can carry, in the catalogue's order: each write's, followed by the moves
/// it makes (变更店铺状态, 冻结店铺, 解冻店铺, 关闭店铺, …), each once.
pub fn labels() -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut push = |label: String| {
        if !out.contains(&label) {
            out.push(label);
        }
    };
    for op in super::catalogue().filter(|op| op.is_write()) {
        push(op.label.to_owned());
        let Some(subject) = subject_of(op.api) else {
            continue;
        };
        let Some(entity) = subject.entity else {
            continue;
        };
        for t in entity.lifecycle().transitions {
            if t.op == op.api && !is_verdict(t.send) {
                push(format!("{}{}", t.action, subject.label));
            }
        }
    }
    out
}

/// The kinds of target, as the filter offers them.
pub fn target_types() -> Vec<AuditTargetType> {
    SUBJECTS
        .iter()
        .map(|s| AuditTargetType {
            value: s.code.to_owned(),
            label: s.label.to_owned(),
        })
        .collect()
}

/// `snake_case` → `camelCase`: a column's wire name.
pub fn camel(column: &str) -> String {
    let mut out = String::with_capacity(column.len());
    let mut upper = false;
    for c in column.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::catalogue;

    #[test]
    fn every_shown_field_has_a_label_and_refs_name_a_subject() {
        for s in SUBJECTS {
            assert_eq!(subject(s.code), Some(s), "{} twice", s.code);
            if let Some(name) = s.name {
                assert!(s.field(name).is_some(), "{}: no name field {name}", s.code);
            }
            if s.entity.is_some() {
                assert!(s.state_field().is_some(), "{}: no state field", s.code);
            }
            for field in s.fields {
                assert!(
                    !ALWAYS_HIDDEN.contains(&field.name),
                    "{}.{}: always hidden",
                    s.code,
                    field.name
                );
                assert!(
                    s.label_of(field).is_some(),
                    "{}.{}: no label of its own nor in the form",
                    s.code,
                    field.name
                );
                if let Shows::Ref(code) | Shows::Refs(code) = field.shows {
                    assert!(subject(code).is_some(), "{}.{}", s.code, field.name);
                }
            }
        }
    }

    #[test]
    fn every_write_of_a_domain_with_records_has_a_subject() {
        for op in catalogue().filter(|op| op.is_write()) {
            let domain = op.key.split('.').next().unwrap_or_default();
            let expected = !matches!(domain, "file" | "contact");
            assert_eq!(subject_of(op.api).is_some(), expected, "{}", op.api);
        }
        assert_eq!(
            subject_of("mtop.admin.shop.setStatus").map(|s| s.label),
            Some("店铺")
        );
        assert_eq!(
            subject_of("mtop.admin.user.login").map(|s| s.code),
            Some("sysUser")
        );
        assert_eq!(
            subject_of("mtop.admin.user.updateMenuRole").map(|s| s.code),
            Some("role")
        );
    }

    #[test]
    fn a_status_move_is_labelled_by_its_action_a_verdict_by_the_catalogue() {
        let shop = subject("shop");
        let set = "mtop.admin.shop.setStatus";
        assert_eq!(label_of(set, shop, Some(("active", "frozen"))), "冻结店铺");
        assert_eq!(label_of(set, shop, Some(("frozen", "active"))), "解冻店铺");
        assert_eq!(label_of(set, shop, None), "变更店铺状态");
        let audit = "mtop.admin.shop.audit";
        assert_eq!(
            label_of(audit, shop, Some(("pending", "active"))),
            "审核店铺"
        );
        assert_eq!(label_of("mtop.admin.user.login", None, None), "登录");
        let all = labels();
        for label in ["冻结店铺", "解冻店铺", "审核店铺", "登录", "停用系统用户"]
        {
            assert!(all.iter().any(|l| l == label), "{label}: {all:?}");
        }
        let mut unique = all.clone();
        unique.dedup();
        assert_eq!(unique.len(), all.len());
    }

    #[test]
    fn values_read_as_people_read_them() {
        let shop = subject("shop").expect("shop");
        let status = shop.field("status").expect("status");
        let c = change(
            shop,
            status,
            Some(&Raw::Text("active".into())),
            &Raw::Text("frozen".into()),
        );
        assert_eq!(
            c,
            Some(AuditChange {
                field: "status".into(),
                label: "状态".into(),
                before: Some("营业中".into()),
                after: "已冻结".into(),
            })
        );
        let phone = shop.field("contactPhone").expect("phone");
        let masked = readable(shop, phone, &Raw::Text("13812345678".into()));
        assert_eq!(masked.as_deref(), Some("138****5678"));
        let menu = subject("menu").expect("menu");
        let visible = menu.field("visible").expect("visible");
        assert_eq!(
            change(menu, visible, Some(&Raw::Int(1)), &Raw::Int(0)).map(|c| (c.label, c.after)),
            Some(("是否显示".into(), "隐藏".into()))
        );
        let user = subject("sysUser").expect("sysUser");
        let password = user.field("passwordHash").expect("password");
        let secret = change(
            user,
            password,
            Some(&Raw::Text("a".into())),
            &Raw::Text("b".into()),
        );
        assert_eq!(
            secret.map(|c| (c.before, c.after)),
            Some((None, "已修改".into()))
        );
        let nickname = user.field("nickname").expect("nickname");
        assert_eq!(
            change(
                user,
                nickname,
                Some(&Raw::Text("a".into())),
                &Raw::Text("a".into())
            ),
            None
        );
        // A new record's empty field says nothing; a cleared one says （空）.
        assert_eq!(change(user, nickname, None, &Raw::Null), None);
        assert_eq!(
            change(user, nickname, Some(&Raw::Text("a".into())), &Raw::Null).map(|c| c.after),
            Some(EMPTY.into())
        );
        let ad = subject("ad").expect("ad");
        let start = ad.field("startAt").expect("startAt");
        assert_eq!(
            readable(ad, start, &Raw::Int(1_772_416_800_000)).as_deref(),
            Some("2026-03-02 10:00")
        );
        let product = subject("product").expect("product");
        let price = product.field("priceMin").expect("price");
        assert_eq!(
            readable(product, price, &Raw::Int(1250)).as_deref(),
            Some("¥12.50")
        );
        assert_eq!(camel("owner_member_id"), "ownerMemberId");
    }
}
