//! 采购商机: buyers' purchase opportunities — reviewed (商机审核), browsed (商机查看) and answered
//! (商机回复).

use serde::{Deserialize, Serialize};

use super::lenient;
use super::shop::MemberBrief;
use super::{AuditParams, Guard, IdParams, Page, StatusParams, list_params, operations};

/// 商机审核.
pub const REVIEW_MENU: &str = "operate/business/toExamine";
/// 商机查看.
pub const INSPECT_MENU: &str = "operate/business/inspect";
/// 商机回复.
pub const REPLY_MENU: &str = "operate/business/reply";
const ANY: &[&str] = &[REVIEW_MENU, INSPECT_MENU, REPLY_MENU];

operations! { "opportunity";
    /// A page of opportunities; the review queue asks for `pending`, oldest first.
    List "list" = Get "mtop.admin.opportunity.list", Guard::AnyMenu(ANY), OpportunityListParams => Page<OpportunityRow>;
    /// One opportunity with its description and reply thread.
    Detail "detail" = Get "mtop.admin.opportunity.detail", Guard::AnyMenu(ANY), IdParams => OpportunityDetail;
    /// Approves or rejects (with a reason) a pending opportunity.
    Audit "audit" = Post "mtop.admin.opportunity.audit", Guard::Act(REVIEW_MENU, super::Action::Audit), AuditParams => OpportunityRow, "审核商机", stale [List, Detail, super::history::List, super::dashboard::Stats, super::dashboard::Badges, super::member::Detail];
    /// Adds an operator's reply to an approved opportunity.
    Reply "reply" = Post "mtop.admin.opportunity.reply", Guard::Act(REPLY_MENU, super::Action::Reply), ReplyParams => OpportunityDetail, "回复商机", stale [List, Detail, super::member::Detail];
    /// Closes an approved opportunity, with a reason (`status` is `closed`).
    Close "close" = Post "mtop.admin.opportunity.close", Guard::Act(REPLY_MENU, super::Action::Status), StatusParams => OpportunityRow, "关闭商机", stale [List, Detail, super::history::List, super::dashboard::Stats, super::dashboard::Badges, super::member::Detail];
}

list_params! {
    /// `opportunity.list`'s params; sortable: `id`, `budget`, `deadline`, `createdAt`.
    OpportunityListParams {
        /// Part of the title.
        text title,
        /// pending, approved, rejected or closed.
        text state,
        /// A category: the opportunity's or one of its ancestors'.
        int category_id,
        /// Submitted from, epoch ms.
        int from,
        /// Submitted before, epoch ms.
        int to,
    }
}

/// One reply in an opportunity's thread.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct OpportunityReply {
    /// Id.
    pub id: i64,
    /// `shop` or `operator`.
    pub author_kind: String,
    /// The shop's name or the operator's nickname.
    pub author: String,
    /// The shop, for a shop's reply.
    pub shop_id: Option<i64>,
    /// What was said.
    pub content: String,
    /// When, epoch ms.
    pub at: i64,
}

/// `opportunity.detail`'s answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct OpportunityDetail {
    /// The opportunity.
    pub opportunity: OpportunityRow,
    /// Its description.
    pub description: String,
    /// The buyer.
    pub buyer: MemberBrief,
    /// The thread, oldest first.
    pub replies: Vec<OpportunityReply>,
}

/// `opportunity.reply`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ReplyParams {
    /// The opportunity.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub id: Option<i64>,
    /// What to say.
    #[serde(default)]
    pub content: String,
}

/// One purchase opportunity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct OpportunityRow {
    /// Id.
    pub id: i64,
    /// The buying member.
    pub buyer_member_id: i64,
    /// Their nickname.
    pub buyer_nickname: String,
    /// Title.
    pub title: String,
    /// The category sought.
    pub category_id: i64,
    /// Its name.
    pub category_name: String,
    /// Quantity.
    pub quantity: i64,
    /// Unit.
    pub unit: String,
    /// Budget, fen.
    pub budget: i64,
    /// Deadline, epoch ms.
    pub deadline: i64,
    /// Lifecycle `opportunity`: pending, approved, rejected, closed.
    pub state: String,
    /// Replies so far.
    pub reply_count: i64,
    /// Submitted (the review queue waits from here), epoch ms.
    pub created_at: i64,
    /// Optimistic-lock version.
    pub version: i64,
}
