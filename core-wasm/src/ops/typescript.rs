//! The generated files: the web's operation table and wire types (`web/src/lib/generated/ops.ts`)
//! and the contract tests' facts (`tests/support/generated/core-facts.json`). Written from the
//! catalogue and the types' `Tsify` declarations; `tests/generated.rs` fails when the committed
//! files differ (`UPDATE_GENERATED=1 cargo test -p core-wasm --test generated` rewrites them).

use std::collections::BTreeMap;

use serde::Serialize;
use ts_rs::{Config, TS};

use super::{Guard, Method, OpInfo, catalogue};
use crate::codes::BizCode;
use crate::constants as c;

/// Every type the operations' params and answers name, declared for TypeScript (`i64` as
/// `number`: the gateway's ids, versions and times stay far below 2^53).
fn declarations() -> Vec<String> {
    use super::*;
    let cfg = Config::new().with_large_int("number");
    vec![
        Page::<()>::decl(&cfg),
        view::ViewListParams::decl(&cfg),
        view::ViewContent::decl(&cfg),
        view::ViewColumn::decl(&cfg),
        view::ViewSaveParams::decl(&cfg),
        view::ViewRow::decl(&cfg),
        NoParams::decl(&cfg),
        Deleted::decl(&cfg),
        DeleteParams::decl(&cfg),
        crate::validate::LoginForm::decl(&cfg),
        crate::session::UserInfo::decl(&cfg),
        crate::menu::MenuData::decl(&cfg),
        crate::menu::MenuNode::decl(&cfg),
        session::SignedIn::decl(&cfg),
        session::ChangePasswordParams::decl(&cfg),
        session::UpdateProfileParams::decl(&cfg),
        session::OnlineListParams::decl(&cfg),
        session::OnlineSession::decl(&cfg),
        login_log::LoginLogListParams::decl(&cfg),
        login_log::LoginLogEntry::decl(&cfg),
        sys_user::SysUser::decl(&cfg),
        sys_user::SysUserListParams::decl(&cfg),
        sys_user::SysUserCreateParams::decl(&cfg),
        sys_user::SysUserUpdateParams::decl(&cfg),
        role::RoleNode::decl(&cfg),
        role::SaveRoleParams::decl(&cfg),
        menu::SystemMenuData::decl(&cfg),
        menu::SystemMenuNode::decl(&cfg),
        menu::RoleMenusParams::decl(&cfg),
        menu::RoleMenus::decl(&cfg),
        menu::PageAction::decl(&cfg),
        menu::UpdateMenuRoleParams::decl(&cfg),
        menu::RoleMenusSaved::decl(&cfg),
        menu::SaveMenuParams::decl(&cfg),
        dict::DictEntry::decl(&cfg),
        dict::DictListParams::decl(&cfg),
        dict::DictSaveParams::decl(&cfg),
        audit::AuditEntry::decl(&cfg),
        audit::AuditListParams::decl(&cfg),
        audit::AuditChange::decl(&cfg),
        audit::AuditOptions::decl(&cfg),
        audit::AuditOperator::decl(&cfg),
        audit::AuditTargetType::decl(&cfg),
        dashboard::DashboardStats::decl(&cfg),
        dashboard::TodoItem::decl(&cfg),
        dashboard::MenuBadge::decl(&cfg),
        IdParams::decl(&cfg),
        StatusParams::decl(&cfg),
        BulkItem::decl(&cfg),
        BulkResults::decl(&cfg),
        shop::ShopRow::decl(&cfg),
        shop::ShopCounts::decl(&cfg),
        shop::ShopPage::decl(&cfg),
        shop::ShopListParams::decl(&cfg),
        shop::ShopStatsParams::decl(&cfg),
        shop::ShopDay::decl(&cfg),
        shop::ShopStats::decl(&cfg),
        shop::MemberBrief::decl(&cfg),
        shop::ShopDetail::decl(&cfg),
        AuditParams::decl(&cfg),
        product::ProductRow::decl(&cfg),
        product::ProductCounts::decl(&cfg),
        product::ProductPage::decl(&cfg),
        product::ProductListParams::decl(&cfg),
        product::ProductDetail::decl(&cfg),
        product::ProductStatusParams::decl(&cfg),
        category::CategoryNode::decl(&cfg),
        category::CategorySaveParams::decl(&cfg),
        category::CategorySortParams::decl(&cfg),
        member::MemberRow::decl(&cfg),
        member::MemberListParams::decl(&cfg),
        member::MemberDetail::decl(&cfg),
        member::MemberDetailParams::decl(&cfg),
        contact::RevealParams::decl(&cfg),
        contact::RevealedPhone::decl(&cfg),
        invitation::InvitationRow::decl(&cfg),
        invitation::InvitationTotals::decl(&cfg),
        invitation::InvitationPage::decl(&cfg),
        invitation::InvitationListParams::decl(&cfg),
        history::HistoryParams::decl(&cfg),
        history::HistoryEntry::decl(&cfg),
        file::UploadParams::decl(&cfg),
        file::Uploaded::decl(&cfg),
        reason::ReasonListParams::decl(&cfg),
        reason::ReasonOption::decl(&cfg),
        belt::BeltRow::decl(&cfg),
        belt::BeltListParams::decl(&cfg),
        inquiry::InquiryRow::decl(&cfg),
        inquiry::InquiryQuote::decl(&cfg),
        opportunity::OpportunityRow::decl(&cfg),
        SortParams::decl(&cfg),
        PickParams::decl(&cfg),
        PickItem::decl(&cfg),
        shop::ShopImpact::decl(&cfg),
        ad_slot::AdSlotRow::decl(&cfg),
        ad_slot::AdSlotListParams::decl(&cfg),
        ad_slot::Occupancy::decl(&cfg),
        ad_slot::AdSlotDetail::decl(&cfg),
        ad_slot::AdSlotSaveParams::decl(&cfg),
        ad::AdRow::decl(&cfg),
        shop::Region::decl(&cfg),
        ad::AdListParams::decl(&cfg),
        ad::AdSaveParams::decl(&cfg),
        ad::AdSortParams::decl(&cfg),
        activity::ActivityRow::decl(&cfg),
        activity::ActivityListParams::decl(&cfg),
        activity::ActivityItem::decl(&cfg),
        activity::ActivityDetail::decl(&cfg),
        activity::ActivitySaveParams::decl(&cfg),
        activity::ItemRef::decl(&cfg),
        activity::ActivityItemsParams::decl(&cfg),
        entry::EntryRow::decl(&cfg),
        entry::EntryListParams::decl(&cfg),
        entry::EntrySaveParams::decl(&cfg),
        recommend::RecommendRow::decl(&cfg),
        recommend::RecommendListParams::decl(&cfg),
        recommend::RecommendSaveParams::decl(&cfg),
        inquiry::InquiryListParams::decl(&cfg),
        inquiry::InquiryDetail::decl(&cfg),
        opportunity::OpportunityListParams::decl(&cfg),
        opportunity::OpportunityReply::decl(&cfg),
        opportunity::OpportunityDetail::decl(&cfg),
        opportunity::ReplyParams::decl(&cfg),
        belt::BeltDetail::decl(&cfg),
        belt::BeltSaveParams::decl(&cfg),
    ]
}

/// A Rust type as `stringify!` wrote it (`Vec < MenuNode >`), in TypeScript (`MenuNode[]`).
pub fn ts_type(rust: &str) -> String {
    let compact: String = rust.chars().filter(|ch| !ch.is_whitespace()).collect();
    if compact == "()" {
        return "null".to_owned();
    }
    match compact
        .strip_prefix("Vec<")
        .and_then(|rest| rest.strip_suffix('>'))
    {
        Some(inner) => format!("{}[]", ts_type(inner)),
        None => compact,
    }
}

fn method(m: Method) -> &'static str {
    match m {
        Method::Get => "GET",
        Method::Post => "POST",
    }
}

fn quote(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_default()
}

/// `web/src/lib/generated/ops.ts`.
pub fn ops_ts() -> String {
    let mut out = String::from(
        "// Generated from core-wasm's operation catalogue (core-wasm/src/ops) by\n\
         // `UPDATE_GENERATED=1 cargo test -p core-wasm --test generated`. Do not edit: `make test`\n\
         // fails when this file differs from what the catalogue generates.\n\
         /* eslint-disable */\n\n",
    );
    for decl in declarations() {
        out.push_str("export ");
        out.push_str(decl.trim());
        out.push_str("\n\n");
    }
    out.push_str("/** Every operation: its params and its answer (`result.data`). */\nexport interface Operations {\n");
    for op in catalogue() {
        out.push_str(&format!(
            "  {}: {{ params: {}; answer: {} }};\n",
            quote(op.api),
            ts_type(op.params),
            ts_type(op.answer)
        ));
    }
    out.push_str("}\n\n");
    out.push_str(
        "/** One operation of the catalogue: what `call` needs to send it. */\n\
         export interface Op<A extends keyof Operations = keyof Operations> {\n  \
         readonly api: A;\n  readonly method: \"GET\" | \"POST\";\n}\n\n",
    );
    let mut domains: BTreeMap<&str, Vec<&OpInfo>> = BTreeMap::new();
    let mut order = Vec::new();
    for op in catalogue() {
        let (domain, _) = op.key.split_once('.').unwrap_or((op.key, ""));
        if !domains.contains_key(domain) {
            order.push(domain);
        }
        domains.entry(domain).or_default().push(op);
    }
    out.push_str(
        "/** The catalogue, by domain: `call(ops.dict.list, params)`. */\nexport const ops = {\n",
    );
    for domain in order {
        out.push_str(&format!("  {domain}: {{\n"));
        for op in &domains[domain] {
            let (_, verb) = op.key.split_once('.').unwrap_or(("", op.key));
            out.push_str(&format!(
                "    {verb}: {{ api: {}, method: \"{}\" }},\n",
                quote(op.api),
                method(op.method)
            ));
        }
        out.push_str("  },\n");
    }
    out.push_str("} as const;\n");
    out
}

/// `web/src/lib/generated/writes.ts`: what each write changes — its label and the reads it makes
/// stale. A module of its own, beside `ops.ts`: only the write path imports it, so the first
/// screen (which needs `ops` for its session calls) does not carry every write's declaration.
pub fn writes_ts() -> String {
    let mut out = String::from(
        "// Generated from core-wasm's operation catalogue (core-wasm/src/ops) by\n\
         // `UPDATE_GENERATED=1 cargo test -p core-wasm --test generated`. Do not edit: `make test`\n\
         // fails when this file differs from what the catalogue generates.\n\
         /* eslint-disable */\n\n\
         import type { Operations } from \"./ops\";\n\n\
         /** What a write changes: its label (toasts, the audit log) and the reads it makes stale. */\n\
         export interface WriteDeclaration {\n  \
         readonly label: string;\n  \
         readonly stale: readonly (keyof Operations)[];\n  \
         /**\n   \
         * It changes the signed-in user's own menus (the shell fetches their tree again): `always`,\n   \
         * or `self` when its `id` is theirs.\n   \
         */\n  \
         readonly menus?: \"always\" | \"self\";\n  \
         /**\n   \
         * 按钮权限: the codes any one of which lets the caller in (`create`: without an `id`, a save's\n   \
         * 新增; `other`: every other call). Absent: a session call, open to every signed-in user.\n   \
         */\n  \
         readonly may?: { readonly create: readonly string[]; readonly other: readonly string[] };\n}\n\n\
         /** Every write's declaration, by its `api`. */\n\
         export const writes: Partial<Record<keyof Operations, WriteDeclaration>> = {\n",
    );
    for op in catalogue().filter(|op| op.is_write()) {
        let stale: Vec<String> = op.stale.iter().map(|api| quote(api)).collect();
        let menus = match super::session::OWN_MENUS
            .iter()
            .find(|(api, _)| *api == op.api)
        {
            Some((_, super::session::OwnMenus::Always)) => ", menus: \"always\"",
            Some((_, super::session::OwnMenus::WhenSelf)) => ", menus: \"self\"",
            None => "",
        };
        let codes = |creates| {
            crate::perms::permitting(op.guard, creates)
                .iter()
                .map(|c| quote(c))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let may = if op.guard.menus().is_empty() {
            String::new()
        } else {
            format!(
                ", may: {{ create: [{}], other: [{}] }}",
                codes(true),
                codes(false)
            )
        };
        out.push_str(&format!(
            "  {}: {{ label: {}, stale: [{}]{menus}{may} }},\n",
            quote(op.api),
            quote(op.label),
            stale.join(", ")
        ));
    }
    out.push_str("};\n");
    out
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Code {
    wire: &'static str,
    default_msg: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct OpFact {
    key: &'static str,
    api: &'static str,
    method: &'static str,
    /// `public`, `session` or the menu path.
    guard: String,
    /// The actions a call needs on that page (a save's: `create` and `edit`); empty for a read.
    actions: Vec<&'static str>,
}

/// `tests/support/generated/core-facts.json`: codes, constants and operations for the contract
/// and end-to-end tests.
pub fn facts_json() -> String {
    let codes: Vec<Code> = BizCode::ALL
        .iter()
        .map(|code| Code {
            wire: code.as_str(),
            default_msg: code.default_msg(),
        })
        .collect();
    let constants: BTreeMap<&str, serde_json::Value> = [
        ("PROTOCOL_VERSION", c::PROTOCOL_VERSION.into()),
        ("DID", c::DID.into()),
        ("SIGN", c::SIGN.into()),
        ("TTID", c::TTID.into()),
        ("BASE_PATH", c::BASE_PATH.into()),
        ("BASE_PATH_VARIANT", c::BASE_PATH_VARIANT.into()),
        ("APP_NAME", c::APP_NAME.into()),
        ("AVATAR_SIZE", c::AVATAR_SIZE.into()),
        ("DEFAULT_NICKNAME", c::DEFAULT_NICKNAME.into()),
        ("DEBOUNCE_MS", c::DEBOUNCE_MS.into()),
        ("CHUNK_LOAD_TIMEOUT_MS", c::CHUNK_LOAD_TIMEOUT_MS.into()),
        ("BADGE_REFRESH_MS", c::BADGE_REFRESH_MS.into()),
        ("KEPT_TABS", c::KEPT_TABS.into()),
        ("DRAFT_DAYS", c::DRAFT_DAYS.into()),
        ("REQUEST_FAILED_FALLBACK", c::REQUEST_FAILED_FALLBACK.into()),
        ("NO_RESPONSE_TEXT", c::NO_RESPONSE_TEXT.into()),
        ("MAT_KEY", c::MAT_KEY.into()),
        ("USER_INFO_KEY", c::USER_INFO_KEY.into()),
        ("LOGIN_PATH", c::LOGIN_PATH.into()),
        ("HOME_PATH", c::HOME_PATH.into()),
        ("NO_ACCESS_USER", c::NO_ACCESS_USER.into()),
        ("ACCESS_CAN_SEE_ADMIN", c::ACCESS_CAN_SEE_ADMIN.into()),
        ("SYSTEM_MENU_TREE_PATH", c::SYSTEM_MENU_TREE_PATH.into()),
        ("SERVER_LOADER_PATH", c::SERVER_LOADER_PATH.into()),
    ]
    .into_iter()
    .collect();
    let operations: Vec<OpFact> = catalogue()
        .map(|op| OpFact {
            key: op.key,
            api: op.api,
            method: method(op.method),
            guard: match op.guard {
                Guard::Public => "public".to_owned(),
                Guard::Session => "session".to_owned(),
                _ => op.guard.menus().join(" | "),
            },
            actions: [true, false]
                .into_iter()
                .filter_map(|creates| op.guard.action(creates))
                .map(|a| a.as_str())
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect(),
        })
        .collect();
    let facts = serde_json::json!({
        "generatedBy": "core-wasm/src/ops/typescript.rs (UPDATE_GENERATED=1 cargo test -p core-wasm --test generated)",
        "codes": codes,
        "constants": constants,
        "operations": operations,
    });
    let mut text = serde_json::to_string_pretty(&facts).unwrap_or_default();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_types_read_as_typescript() {
        assert_eq!(ts_type("Vec < MenuNode >"), "MenuNode[]");
        assert_eq!(ts_type("Page < DictEntry >"), "Page<DictEntry>");
        assert_eq!(ts_type("()"), "null");
        assert_eq!(ts_type("Vec<Vec<i64>>"), "i64[][]");
    }

    #[test]
    fn every_named_type_is_declared() {
        let ts = ops_ts();
        for op in catalogue() {
            for rust in [op.params, op.answer] {
                let t = ts_type(rust);
                let name = t
                    .trim_end_matches("[]")
                    .split('<')
                    .next()
                    .unwrap_or_default();
                let inner = t.split('<').nth(1).map(|s| s.trim_end_matches('>'));
                for n in [Some(name), inner].into_iter().flatten() {
                    if n == "null" {
                        continue;
                    }
                    assert!(
                        ts.contains(&format!("export type {n} "))
                            || ts.contains(&format!("export type {n}<")),
                        "{} names {n}, which is not declared",
                        op.api
                    );
                }
            }
        }
    }
}
