//! 邀请管理: who invited whom, and the rewards.

use serde::{Deserialize, Serialize};

use super::{Guard, PickItem, PickParams, list_params, operations};

/// The menu whose owners may read the invitations.
pub const MENU: &str = "baseMgmt/invitationMgmt";

operations! { "invitation";
    /// A page of invitations with the totals under the same filters.
    List "list" = Get "mtop.admin.invitation.list", Guard::Menu(MENU), InvitationListParams => InvitationPage;
    /// The list's inviter filter: members who invited someone, by part of the nickname or phone
    /// (`kind`: `member`, or absent); at most 20.
    Inviters "inviters" = Get "mtop.admin.invitation.inviters", Guard::Menu(MENU), PickParams => Vec<PickItem>;
}

/// One invitation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct InvitationRow {
    /// Id.
    pub id: i64,
    /// The inviting member.
    pub inviter_id: i64,
    /// Their nickname.
    pub inviter_nickname: String,
    /// The invited member.
    pub invitee_id: i64,
    /// Their nickname.
    pub invitee_nickname: String,
    /// The invitation code used.
    pub code: String,
    /// Lifecycle `invitation`: registered or shopOpened.
    pub state: String,
    /// The inviter's reward, fen.
    pub reward_fen: i64,
    /// When the invitee registered, epoch ms.
    pub created_at: i64,
}

/// The totals under the list's filters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct InvitationTotals {
    /// Invitations.
    pub count: i64,
    /// Of which the invitee opened a shop.
    pub shop_opened: i64,
    /// Rewards, fen.
    pub reward_fen: i64,
}

/// `invitation.list`'s answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct InvitationPage {
    /// The rows of this page.
    pub list: Vec<InvitationRow>,
    /// Rows under the filters, over all pages.
    pub total: i64,
    /// The page, from 1.
    pub page: i64,
    /// Rows per page.
    pub page_size: i64,
    /// Totals under the filters.
    pub totals: InvitationTotals,
}

list_params! {
    /// `invitation.list`'s params; sortable: `id`, `rewardFen`, `createdAt`.
    InvitationListParams {
        /// The inviting member.
        int inviter_id,
        /// Part of the inviter's or invitee's nickname.
        text keyword,
        /// Part of the code.
        text code,
        /// `registered` or `shopOpened`.
        text state,
        /// Registered from, epoch ms.
        int from,
        /// Registered before, epoch ms.
        int to,
    }
}
