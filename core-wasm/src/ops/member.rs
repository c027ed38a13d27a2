//! 用户管理: the platform's members (buyers and sellers) and their bans.

use serde::{Deserialize, Serialize};

use super::inquiry::InquiryRow;
use super::invitation::InvitationRow;
use super::opportunity::OpportunityRow;
use super::{Guard, Page, StatusParams, lenient, list_params, operations};

/// The menu whose owners may call these operations (用户详情 is a page under it).
pub const MENU: &str = "baseMgmt/userMgmt";

operations! { "member";
    /// A page of members.
    List "list" = Get "mtop.admin.member.list", Guard::Menu(MENU), MemberListParams => Page<MemberRow>;
    /// One member with a page of each of their inquiries, opportunities and invitations.
    Detail "detail" = Get "mtop.admin.member.detail", Guard::Menu(MENU), MemberDetailParams => MemberDetail;
    /// Bans (with a reason) or unbans a member.
    SetStatus "setStatus" = Post "mtop.admin.member.setStatus", Guard::Act(MENU, super::Action::Status), StatusParams => MemberRow, "变更用户状态", stale [List, Detail, super::history::List, super::belt::Detail, super::inquiry::Detail, super::inquiry::List, super::invitation::Inviters, super::invitation::List, super::opportunity::Detail, super::opportunity::List, super::shop::Detail, super::shop::List];
}

/// A member as the list and the writes answer it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct MemberRow {
    /// Id.
    pub id: i64,
    /// Nickname.
    pub nickname: String,
    /// Phone, masked (`138****0000`).
    pub phone: String,
    /// Avatar as a signed URL, null for the default.
    pub avatar_url: Option<String>,
    /// `buyer` or `seller`.
    pub r#type: String,
    /// Their shop (sellers), if any.
    pub shop_id: Option<i64>,
    /// Its name, empty when none.
    pub shop_name: String,
    /// Who invited them, if anyone.
    pub inviter_id: Option<i64>,
    /// Their nickname, empty when none.
    pub inviter_nickname: String,
    /// Lifecycle `member`: normal or banned.
    pub status: String,
    /// Last sign-in, epoch ms, null when never.
    pub last_login_at: Option<i64>,
    /// Registration, epoch ms.
    pub created_at: i64,
    /// Optimistic-lock version.
    pub version: i64,
}

list_params! {
    /// `member.list`'s params; sortable: `id`, `nickname`, `lastLoginAt`, `createdAt`.
    MemberListParams {
        /// Part of the nickname.
        text nickname,
        /// Part of the phone number (digits).
        text phone,
        /// `buyer` or `seller`.
        text r#type,
        /// `normal` or `banned`.
        text status,
    }
}

/// `member.detail`'s params: the member, and which page of each of their records (each from 1,
/// default 1; `pageSize` 10–100, default 10, for all three).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct MemberDetailParams {
    /// The member.
    #[serde(default, deserialize_with = "lenient::opt_i64")]
    #[ts(type = "number")]
    pub id: Option<i64>,
    /// The page of their inquiries.
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub inquiry_page: Option<i64>,
    /// The page of their purchase opportunities.
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub opportunity_page: Option<i64>,
    /// The page of the invitations they sent.
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub invitation_page: Option<i64>,
    /// Rows per page of each.
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub page_size: Option<i64>,
}

/// `member.detail`'s answer: every record of theirs is reachable, a page at a time (no silent cap).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct MemberDetail {
    /// The member.
    pub member: MemberRow,
    /// A page of their inquiries, newest first.
    pub inquiries: Page<InquiryRow>,
    /// A page of their purchase opportunities, newest first.
    pub opportunities: Page<OpportunityRow>,
    /// A page of the invitations they sent, newest first.
    pub invitations: Page<InvitationRow>,
}
