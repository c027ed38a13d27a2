//! 用户管理: members with masked phones, their detail (inquiries, opportunities, invitations) and
//! bans.

use core_wasm::lifecycle::Entity;
use core_wasm::ops::member::{
    Detail, List, MemberDetail, MemberDetailParams, MemberListParams, MemberRow, SetStatus,
};
use core_wasm::ops::{Page, StatusParams};
use core_wasm::rules::{self, Form, PHONE_DIGITS};

use crate::error::AppError;
use crate::files::signed_url;
use crate::kit::list::{list as page, query};
use crate::kit::moves::{self, GivenReason, Target};
use crate::kit::params::Paging;
use crate::kit::{Audited, Ctx, Filter, ListSpec, Operation, Order, required};
use crate::store::related::{PageAt, page_of};
use crate::store::search::{self, Needle};
use crate::store::{Sign, inquiries, invitations, members, opportunities, rows_in_order, snapshot};
use rusqlite::Connection;

/// The member types.
pub const TYPES: [&str; 2] = ["buyer", "seller"];

/// How many of each related record a page of the detail holds unless `pageSize` says otherwise.
pub const DETAIL_PAGE_SIZE: i64 = 10;

/// `member.list`: newest first unless sorted; a part of a phone is searched among the digits its
/// mask shows ([`search::PHONE_SHOWN`]).
pub const LIST: ListSpec = ListSpec {
    table: members::TABLE,
    columns: members::COLUMNS,
    filters: &[
        Filter::Contains(NICKNAME, &["nickname"]),
        Filter::Contains(PHONE, &[search::PHONE_SHOWN]),
        Filter::Exact("type", "member_type"),
        Filter::State("status", "status", Entity::Member),
    ],
    sorts: &[
        ("id", "id"),
        ("nickname", "nickname"),
        ("lastLoginAt", "last_login_at"),
        ("createdAt", "created_at"),
    ],
    order: Order::Fixed("created_at DESC, id DESC"),
};

/// `member.list` with a whole phone number: that number exactly.
const BY_NUMBER: ListSpec = ListSpec {
    filters: &[
        Filter::Contains(NICKNAME, &["nickname"]),
        Filter::Exact(PHONE, "phone"),
        Filter::Exact("type", "member_type"),
        Filter::State("status", "status", Entity::Member),
    ],
    ..LIST
};

/// The searched params.
const NICKNAME: &str = "nickname";
const PHONE: &str = "phone";

/// This module's operations.
pub fn operations() -> Vec<Operation> {
    vec![
        Operation::typed::<List>(list),
        Operation::typed::<Detail>(detail),
        Operation::typed::<SetStatus>(set_status),
    ]
}

/// `member.list`: phones answered masked. The phone filter is checked by the core's rules
/// (`Form::MemberFilter`): a whole number matches that number, a part the digits a mask shows.
fn list(ctx: &Ctx, mut p: MemberListParams) -> Result<Page<MemberRow>, AppError> {
    let errors = rules::validate(Form::MemberFilter, &rules::values_of(&p));
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    p.phone = p.phone.as_deref().and_then(rules::phone_digits);
    let whole = p.phone.as_ref().is_some_and(|d| d.len() == PHONE_DIGITS);
    let spec = if whole { &BY_NUMBER } else { &LIST };
    if p.r#type.as_deref().is_some_and(|t| !TYPES.contains(&t)) {
        return Err(AppError::field("type", "type 须为 buyer 或 seller"));
    }
    let sign = |key: &str| signed_url(&ctx.state, key);
    // One snapshot: the total and the page agree even while writes commit.
    ctx.state.store.read(|c| {
        snapshot(c, |c| {
            let nickname = p.nickname.as_deref().map(str::trim).and_then(Needle::new);
            let phone = p.phone.as_deref().filter(|_| !whole).and_then(Needle::new);
            if nickname.is_some() || phone.is_some() {
                return searched(c, spec, &p, nickname, phone, &sign);
            }
            page(c, spec, &p, |r| members::row(r, &sign))
        })
    })
}

/// `member.list` with a part of the nickname or of the phone: the total from the search index,
/// the page walked in the list's order or read from the matches (`search::page`). With both, the
/// rarer one is looked up in its index and the other tested on its rows.
fn searched(
    c: &Connection,
    spec: &ListSpec,
    p: &MemberListParams,
    nickname: Option<Needle>,
    phone: Option<Needle>,
    sign: Sign<'_>,
) -> Result<Page<MemberRow>, AppError> {
    let q = query(c, spec, p)?;
    let mut searches = Vec::new();
    for (param, source, needle) in [
        (NICKNAME, search::MEMBER_NICKNAME, nickname),
        (PHONE, search::MEMBER_PHONE, phone),
    ] {
        if let Some(needle) = needle {
            let found = search::find(c, &source, &needle)?;
            searches.push((param, source, needle, found));
        }
    }
    searches.sort_by_key(|(_, _, _, found)| found.total());
    let Some((param, source, needle, found)) = searches.first() else {
        return page(c, spec, p, |r| members::row(r, sign));
    };
    let total = if !(q.has(NICKNAME) && q.has(PHONE)) {
        // The buckets are the status and the type: the other filters' counts are among them.
        let statuses: &[&str] = match p.status.as_deref() {
            Some(s) => &[s][..],
            None => &["normal", "banned"],
        };
        let types: &[&str] = match p.r#type.as_deref() {
            Some(t) => &[t][..],
            None => &TYPES,
        };
        let mut total = 0;
        for status in statuses {
            for t in types {
                total += found
                    .buckets
                    .get(search::member_bucket(status, t))
                    .copied()
                    .unwrap_or(0);
            }
        }
        total
    } else {
        // The other search (or a nickname the index cannot answer) stays a `LIKE` on the rows
        // the rarer one finds.
        let mut wher = q.filters_except(&[param]);
        let (clause, args) = search::membership(c, source, needle, found, i64::MAX)?;
        wher.push(clause, args);
        members::count(c, &wher)?
    };
    let sizes = search::Sizes {
        total,
        rows: members::count_estimate(c)?,
    };
    let ids = search::page(
        c,
        source,
        needle,
        found,
        &q.filters_except(&[param]),
        q.order(),
        q.paging.offset(),
        q.paging.page_size,
        sizes,
    )?;
    let list = rows_in_order(c, (members::TABLE, members::COLUMNS), &ids, |r| {
        members::row(r, sign)
    })?;
    Ok(Page {
        list,
        total,
        page: q.paging.page,
        page_size: q.paging.page_size,
    })
}

/// `member.detail {id, inquiryPage?, opportunityPage?, invitationPage?, pageSize?}`: the member
/// with the asked page of their inquiries, of their opportunities and of the invitations they sent
/// (newest first, each with its total: every one is reachable, none cut off).
fn detail(ctx: &Ctx, p: MemberDetailParams) -> Result<MemberDetail, AppError> {
    let id = required(p.id, "id")?;
    let mut errors = Vec::new();
    let size = Some(p.page_size.unwrap_or(DETAIL_PAGE_SIZE));
    let mut paging = |page: Option<i64>, field: &str| {
        let mut found = Vec::new();
        let paging = Paging::read(page, size, &mut found);
        let at = PageAt {
            page: paging.page,
            page_size: paging.page_size,
        };
        // A bad page is named by its own field; a bad size once, as pageSize.
        for mut e in found {
            if e.field == "page" {
                e.field = field.to_owned();
                e.message = format!("{field} 须为从 1 开始的整数");
            }
            if !errors.contains(&e) {
                errors.push(e);
            }
        }
        at
    };
    let inquiry_paging = paging(p.inquiry_page, "inquiryPage");
    let opportunity_paging = paging(p.opportunity_page, "opportunityPage");
    let invitation_paging = paging(p.invitation_page, "invitationPage");
    if !errors.is_empty() {
        return Err(AppError::Invalid(errors));
    }
    let sign = |key: &str| signed_url(&ctx.state, key);
    ctx.state.store.read(|c| {
        let member = members::get(c, id, &sign)?.ok_or(AppError::NotFound)?;
        let inquiries = inquiries::page_of_buyer(c, id, inquiry_paging)?;
        let opportunities = page_of(
            c,
            (
                opportunities::TABLE,
                opportunities::COLUMNS,
                "buyer_member_id",
            ),
            id,
            opportunity_paging,
            opportunities::row,
        )?;
        let invitations = page_of(
            c,
            (invitations::TABLE, invitations::COLUMNS, "inviter_id"),
            id,
            invitation_paging,
            invitations::row,
        )?;
        Ok(MemberDetail {
            member,
            inquiries,
            opportunities,
            invitations,
        })
    })
}

/// `member.setStatus {id, version, status, reasonCode?, reason?}`: ban (with a reason) or unban.
fn set_status(ctx: &Ctx, p: StatusParams) -> Result<MemberRow, AppError> {
    let id = required(p.id, "id")?;
    let version = required(p.version, "version")?;
    let to = required(p.status.as_deref(), "status")?;
    let reason = GivenReason::new(p.reason_code.as_deref(), p.reason.as_deref());
    moves::check_params(Entity::Member, ctx.api, "status", to, reason)?;
    let sign = |key: &str| signed_url(&ctx.state, key);
    ctx.audited(|tx| {
        let target = Target {
            entity: Entity::Member,
            table: members::TABLE,
            column: "status",
            id,
            version: Some(version),
        };
        let mv = moves::apply(tx, ctx, target, "status", to, reason)?;
        let member = members::get(tx, id, &sign)?.ok_or(AppError::NotFound)?;
        let summary = format!("{}用户 {}", moves::describe(&mv), member.nickname);
        Ok(Audited::new(member, id, summary))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::HashCost;
    use crate::store::{demo, migrations, seed};
    use serde_json::json;

    /// A nickname or phone search answers what the list's `LIKE` answers: total and page, with
    /// the type and status filters, both searches at once, and an order.
    #[test]
    fn a_member_search_answers_as_like() -> Result<(), AppError> {
        let mut conn = Connection::open_in_memory()?;
        migrations::migrate(&mut conn)?;
        seed::load(&mut conn, HashCost::TEST, 1_772_416_800_000)?;
        demo::load(&mut conn, 1, 1_772_416_800_000)?;
        let sign = |key: &str| key.to_owned();
        for search in [
            json!({"nickname": "王"}),
            json!({"nickname": "老板", "type": "seller"}),
            json!({"phone": "138", "status": "normal"}),
            json!({"phone": "5", "sortField": "nickname", "sortOrder": "asc", "page": 2}),
            json!({"nickname": "王", "phone": "13"}),
            json!({"nickname": "无此人"}),
        ] {
            let p: MemberListParams =
                serde_json::from_value(search.clone()).map_err(AppError::internal)?;
            let nickname = p.nickname.as_deref().and_then(Needle::new);
            let phone = p.phone.as_deref().and_then(Needle::new);
            let got = searched(&conn, &LIST, &p, nickname, phone, &sign)?;
            let want = page(&conn, &LIST, &p, |r| members::row(r, &sign))?;
            assert_eq!(got, want, "{search}");
        }
        Ok(())
    }
}
