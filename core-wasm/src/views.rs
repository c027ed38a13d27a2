//! The rules of saved views (视图, product.md "The workspace"): which lists have them, what one may
//! hold (the gateway refuses anything else when saving), how many one user keeps per list, and how
//! a view is read against the columns and filters a list declares today — a key no longer
//! declared is dropped, and the operator is told which.

use serde::{Deserialize, Serialize};

use crate::ops::view::{Filters, ViewColumn, ViewContent};
use crate::ops::{
    activity, ad, ad_slot, audit, belt, dict, inquiry, invitation, member, opportunity, product,
    shop, sys_user,
};
use crate::paging::{DEFAULT_PAGE_SIZE, PAGE_SIZES};
use crate::validate::FieldError;

/// The lists with views, by page key (their menu path): the list screens. A view's guard is its
/// list's menu.
pub const LISTS: &[&str] = &[
    shop::MENU,
    product::MENU,
    member::MENU,
    invitation::MENU,
    ad::MENU,
    ad_slot::MENU,
    activity::MENU,
    inquiry::MENU,
    opportunity::REVIEW_MENU,
    opportunity::INSPECT_MENU,
    opportunity::REPLY_MENU,
    belt::MENU,
    crate::ops::recommend::MENU,
    sys_user::MENU,
    audit::MENU,
    dict::MENU,
];

/// The most views one user keeps on one list.
pub const MAX_VIEWS: usize = 30;
/// The most filters a view holds.
const MAX_FILTERS: usize = 40;
/// The most columns a view lays out.
const MAX_COLUMNS: usize = 60;
/// The longest key (a filter's or a column's), in characters.
const MAX_KEY: usize = 40;
/// The longest filter value, in characters.
const MAX_VALUE: usize = 200;

/// Whether `list` is a list with views.
pub fn has_views(list: &str) -> bool {
    LISTS.contains(&list)
}

/// A key as lists declare them: ASCII letters, digits and `_`, not empty.
fn is_key(key: &str) -> bool {
    !key.is_empty()
        && key.chars().count() <= MAX_KEY
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// What a view may hold; the first failure, at `content`.
pub fn check_content(content: &ViewContent) -> Result<(), FieldError> {
    let fail = |message: String| Err(FieldError::new("content", message));
    if content.filters.len() > MAX_FILTERS {
        return fail(format!("视图的筛选条件最多 {MAX_FILTERS} 项"));
    }
    for (key, value) in &content.filters {
        if !is_key(key) {
            return fail(format!(
                "视图的筛选条件名「{}」不是列表的筛选项",
                crate::validate::echoed(key)
            ));
        }
        if value.chars().count() > MAX_VALUE {
            return fail(format!("视图的筛选条件「{key}」最多 {MAX_VALUE} 个字符"));
        }
        if value.chars().any(crate::validate::hidden_control) || value.contains(['\n', '\r']) {
            return fail(format!("视图的筛选条件「{key}」含有不可见字符"));
        }
    }
    match (&content.sort_field, &content.sort_order) {
        (None, None) => {}
        (Some(field), Some(order))
            if is_key(field) && (order == "ascend" || order == "descend") => {}
        _ => return fail("视图的排序须是一列加上 ascend 或 descend".to_owned()),
    }
    if let Some(size) = content.page_size {
        if !PAGE_SIZES.iter().any(|&s| i64::from(s) == size) {
            let sizes: Vec<String> = PAGE_SIZES.iter().map(u32::to_string).collect();
            return fail(format!("视图的每页条数须是 {} 之一", sizes.join("、")));
        }
    }
    if content.columns.len() > MAX_COLUMNS {
        return fail(format!("视图的列最多 {MAX_COLUMNS} 列"));
    }
    if !content.columns.is_empty() && content.columns.iter().all(|c| c.hidden) {
        return fail("视图至少要显示一列".to_owned());
    }
    for (i, column) in content.columns.iter().enumerate() {
        if !is_key(&column.key) {
            return fail(format!(
                "视图的列名「{}」不是列表的列",
                crate::validate::echoed(&column.key)
            ));
        }
        if content.columns[..i].iter().any(|c| c.key == column.key) {
            return fail(format!("视图的列「{}」出现了两次", column.key));
        }
    }
    Ok(())
}

/// What a list declares today: its filters' URL keys, its columns' keys (in their order) and
/// which columns sort.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Declared {
    /// The filters' URL keys.
    pub filters: Vec<String>,
    /// The columns' keys, in the list's own order.
    pub columns: Vec<String>,
    /// The keys of the columns that sort.
    pub sortable: Vec<String>,
}

/// A view as a list can open it today.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reconciled {
    /// The content with every key the list no longer declares dropped, and every column it
    /// declares laid out (a column added since the view was saved is shown, at the end); its page
    /// size always given, its sort order only with a sort, its filters by key: two readings of
    /// the same state are equal.
    pub content: ViewContent,
    /// What was dropped, in words (`视图「华东」中的筛选条件 city，列 level 已不在此列表中，已略过`);
    /// none when nothing was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notice: Option<String>,
}

/// Reads view `name`'s `content` against what the list declares today.
pub fn reconcile(name: &str, content: &ViewContent, declared: &Declared) -> Reconciled {
    // What was dropped, in words: `筛选条件 city、district，列 level`.
    let mut dropped = String::new();
    let mut say = |what: &str, keys: &[&str]| {
        if keys.is_empty() {
            return;
        }
        if !dropped.is_empty() {
            dropped.push('，');
        }
        dropped.push_str(what);
        dropped.push(' ');
        dropped.push_str(&keys.join("、"));
    };
    let mut filters = Filters::default();
    let mut gone_filters: Vec<&str> = Vec::new();
    for (key, value) in &content.filters {
        if declared.filters.contains(key) {
            filters.insert(key.clone(), value.clone());
        } else {
            gone_filters.push(key);
        }
    }
    say("筛选条件", &gone_filters);
    let sorted = content
        .sort_field
        .as_ref()
        .filter(|f| declared.sortable.contains(f));
    if let (Some(field), None) = (&content.sort_field, sorted) {
        say("排序列", &[field]);
    }
    let mut columns: Vec<ViewColumn> = Vec::new();
    let mut gone_columns: Vec<&str> = Vec::new();
    for column in &content.columns {
        if declared.columns.contains(&column.key) {
            columns.push(column.clone());
        } else {
            gone_columns.push(&column.key);
        }
    }
    say("列", &gone_columns);
    if !content.columns.is_empty() {
        for key in &declared.columns {
            if !columns.iter().any(|c| &c.key == key) {
                columns.push(ViewColumn {
                    key: key.clone(),
                    hidden: false,
                });
            }
        }
    }
    // Always a size, the default when the view names none (or one no longer offered): two
    // contents that show the same rows read the same.
    let page_size = content
        .page_size
        .filter(|size| PAGE_SIZES.iter().any(|&s| i64::from(s) == *size))
        .or(Some(i64::from(DEFAULT_PAGE_SIZE)));
    Reconciled {
        content: ViewContent {
            filters,
            sort_field: sorted.cloned(),
            sort_order: sorted.and(content.sort_order.clone()),
            page_size,
            columns,
        },
        notice: (!dropped.is_empty())
            .then(|| format!("视图「{name}」中的{dropped} 已不在此列表中，已略过")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn content() -> ViewContent {
        ViewContent {
            filters: [("status", "pending"), ("city", "杭州市")]
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect(),
            sort_field: Some("createdAt".to_owned()),
            sort_order: Some("ascend".to_owned()),
            page_size: Some(50),
            columns: vec![
                ViewColumn {
                    key: "name".to_owned(),
                    hidden: false,
                },
                ViewColumn {
                    key: "level".to_owned(),
                    hidden: true,
                },
            ],
        }
    }

    fn declared(filters: &[&str], columns: &[&str], sortable: &[&str]) -> Declared {
        let own = |keys: &[&str]| keys.iter().map(|k| (*k).to_owned()).collect();
        Declared {
            filters: own(filters),
            columns: own(columns),
            sortable: own(sortable),
        }
    }

    #[test]
    fn a_view_of_declared_keys_opens_whole_and_new_columns_come_last_shown() {
        let today = declared(
            &["status", "city"],
            &["name", "level", "belt"],
            &["createdAt"],
        );
        let r = reconcile("华东", &content(), &today);
        assert_eq!(r.notice, None);
        let mut expected = content();
        expected.columns.push(ViewColumn {
            key: "belt".to_owned(),
            hidden: false,
        });
        assert_eq!(r.content, expected);
    }

    #[test]
    fn keys_no_longer_declared_are_dropped_and_named() {
        let today = declared(&["status"], &["name"], &["id"]);
        let r = reconcile("华东", &content(), &today);
        assert_eq!(
            r.notice.as_deref(),
            Some(
                "视图「华东」中的筛选条件 city，排序列 createdAt，列 level 已不在此列表中，已略过"
            )
        );
        assert_eq!(r.content.filters.len(), 1);
        assert_eq!(r.content.sort_field, None);
        assert_eq!(r.content.sort_order, None);
        assert_eq!(r.content.columns.len(), 1);
        assert_eq!(r.content.page_size, Some(50));
    }

    #[test]
    fn a_view_without_a_layout_keeps_the_lists_own() {
        let mut c = content();
        c.columns.clear();
        let r = reconcile(
            "x",
            &c,
            &declared(&["status", "city"], &["name"], &["createdAt"]),
        );
        assert!(r.content.columns.is_empty());
    }

    #[test]
    fn content_is_checked_field_by_field() {
        assert_eq!(check_content(&content()), Ok(()));
        let mut c = content();
        c.page_size = Some(33);
        assert!(check_content(&c).is_err());
        let mut c = content();
        c.sort_order = Some("sideways".to_owned());
        assert!(check_content(&c).is_err());
        let mut c = content();
        c.filters.insert("a b".to_owned(), "x".to_owned());
        let refused = check_content(&c).err();
        assert_eq!(refused.as_ref().map(|e| e.field.as_str()), Some("content"));
        assert!(
            refused.is_some_and(|e| e.message.contains("不是列表的筛选项")),
            "a key with a space is refused"
        );
        let mut c = content();
        c.filters
            .insert("name".to_owned(), "x".repeat(MAX_VALUE + 1));
        assert!(check_content(&c).is_err());
        let mut c = content();
        for column in &mut c.columns {
            column.hidden = true;
        }
        assert!(check_content(&c).is_err_and(|e| e.message.contains("至少要显示一列")));
        let mut c = content();
        c.columns.push(c.columns[0].clone());
        assert!(check_content(&c).is_err_and(|e| e.message.contains("两次")));
    }

    #[test]
    fn every_list_with_views_is_a_menu_the_catalogue_guards() {
        for list in LISTS {
            assert!(
                crate::ops::catalogue().any(|op| op.guard.menus().contains(list)),
                "{list}"
            );
        }
    }
}
