//! 视图: a list's saved views (filters, sort, page size and column layout under a name), per user,
//! optionally shared with everyone who may open the list. The rules a view obeys — which lists
//! have views, what a view may hold, how one is read against today's columns — are in
//! [`crate::views`], shared by the gateway (saving) and the web (opening).

use std::fmt;

use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::lenient;
use super::{DeleteParams, Deleted, Guard, operations};

operations! { "view";
    /// The views offered on a list: the caller's own, then those others shared. Any signed-in
    /// user may ask, for a list whose menu they own (the handler checks `list`'s menu: a view is
    /// guarded by its list, so a shared view is never offered to whoever may not open the list).
    List "list" = Get "mtop.admin.view.list", Guard::Session, ViewListParams => Vec<ViewRow>;
    /// Creates (without `id`) or updates (with `id` and `version`) one of the caller's views. A
    /// view set as default unsets the caller's other default on that list.
    Save "save" = Post "mtop.admin.view.save", Guard::Session, ViewSaveParams => ViewRow, "保存视图", stale [List];
    /// Deletes one of the caller's views.
    Delete "delete" = Post "mtop.admin.view.delete", Guard::Session, DeleteParams => Deleted, "删除视图", stale [List];
}

/// `view.list`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct ViewListParams {
    /// The list's page key (its menu path, `baseMgmt/shopMgmt`): one of [`crate::views::LISTS`].
    #[serde(default)]
    pub list: String,
}

/// What a view holds: the list's state as its URL keeps it, by the keys the list declares.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ViewContent {
    /// Filter values by their URL key (`status`, `name`, `province`).
    #[serde(default)]
    #[ts(type = "{ [key in string]: string }")]
    pub filters: Filters,
    /// The sorted column's key, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sort_field: Option<String>,
    /// `ascend` or `descend`, with `sortField`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sort_order: Option<String>,
    /// Rows per page: one of the offered sizes.
    // The gateway reads what clients send leniently (a numeric string too); the browser reads
    // only contents the gateway stored or the web built, where it is a number, so its module does
    // without the lenient reader (~1.5 KB).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(
        not(target_arch = "wasm32"),
        serde(deserialize_with = "lenient::opt_i64")
    )]
    #[ts(optional, type = "number")]
    pub page_size: Option<i64>,
    /// The columns in their order, each shown or hidden; empty: the list's own layout.
    #[serde(default)]
    pub columns: Vec<ViewColumn>,
}

/// A view's filter values by key, kept in key order with each key once, so two readings of the
/// same filters are equal. A sorted `Vec` rather than a `BTreeMap`: a view holds at most a few
/// dozen filters, and the map's code cost the browser's module ~11 KB (size report).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filters(Vec<(String, String)>);

impl Filters {
    /// How many filters.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The filters in key order.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &String)> {
        self.0.iter().map(|(k, v)| (k, v))
    }

    /// `key`'s value, if the view filters by it.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.find(key).ok().map(|i| self.0[i].1.as_str())
    }

    /// Sets `key` to `value` (the last value set for a key is the one kept).
    pub fn insert(&mut self, key: String, value: String) {
        match self.find(&key) {
            Ok(i) => self.0[i].1 = value,
            Err(i) => self.0.insert(i, (key, value)),
        }
    }

    fn find(&self, key: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(k, _)| k.as_str().cmp(key))
    }
}

impl<'a> IntoIterator for &'a Filters {
    type Item = (&'a String, &'a String);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'a, (String, String)>,
        fn(&'a (String, String)) -> (&'a String, &'a String),
    >;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

impl FromIterator<(String, String)> for Filters {
    fn from_iter<I: IntoIterator<Item = (String, String)>>(pairs: I) -> Self {
        let mut filters = Filters::default();
        for (key, value) in pairs {
            filters.insert(key, value);
        }
        filters
    }
}

impl Serialize for Filters {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter())
    }
}

impl<'de> Deserialize<'de> for Filters {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Pairs;
        impl<'de> Visitor<'de> for Pairs {
            type Value = Filters;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("筛选条件名到文本值的对象")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Filters, A::Error> {
                let mut filters = Filters::default();
                while let Some((key, value)) = map.next_entry::<String, String>()? {
                    filters.insert(key, value);
                }
                Ok(filters)
            }
        }
        d.deserialize_map(Pairs)
    }
}

/// One column of a view's layout.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct ViewColumn {
    /// The column's key.
    pub key: String,
    /// Left out of the table.
    #[serde(default)]
    pub hidden: bool,
}

/// `view.save`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ViewSaveParams {
    /// The view to update; absent to create.
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub id: Option<i64>,
    /// The version it was read at (updates).
    #[serde(
        default,
        deserialize_with = "lenient::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "number")]
    pub version: Option<i64>,
    /// The list's page key.
    #[serde(default)]
    pub list: String,
    /// Its name, unique among the caller's views of the list.
    #[serde(default)]
    pub name: String,
    /// Offered to everyone who may open the list.
    #[serde(default)]
    pub shared: bool,
    /// Opened when the caller opens the list without a view of their own in its address.
    #[serde(default)]
    pub is_default: bool,
    /// What it holds.
    #[serde(default)]
    pub content: ViewContent,
}

/// A view as offered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ViewRow {
    /// Id.
    pub id: i64,
    /// The list's page key.
    pub list: String,
    /// Its name.
    pub name: String,
    /// Whose it is: their nickname.
    pub owner: String,
    /// The caller's own (they may change and delete it).
    pub mine: bool,
    /// Shared with everyone who may open the list.
    pub shared: bool,
    /// The caller's default on this list (never set on another's view).
    pub is_default: bool,
    /// What it holds.
    pub content: ViewContent,
    /// Optimistic-lock version.
    pub version: i64,
    /// Last saved, epoch ms.
    pub updated_at: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters_read_in_any_order_are_equal_and_written_in_key_order() {
        let read = |text: &str| -> Filters {
            serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"))
        };
        let a = read(r#"{"status": "pending", "city": "杭州市", "name": "五金"}"#);
        let b = read(r#"{"name": "五金", "city": "杭州市", "status": "pending"}"#);
        assert_eq!(a, b);
        assert_eq!(a.len(), 3);
        assert_eq!(a.get("city"), Some("杭州市"));
        assert_eq!(a.get("province"), None);
        assert_eq!(
            serde_json::to_string(&a).ok().as_deref(),
            Some(r#"{"city":"杭州市","name":"五金","status":"pending"}"#)
        );
    }

    #[test]
    fn a_key_set_twice_keeps_the_last_value() {
        let mut f: Filters = [("status", "a"), ("status", "b")]
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect();
        assert_eq!((f.len(), f.get("status")), (1, Some("b")));
        f.insert("city".to_owned(), "x".to_owned());
        let keys: Vec<&String> = f.iter().map(|(k, _)| k).collect();
        assert_eq!(keys, ["city", "status"]);
    }

    #[test]
    fn filters_that_are_not_an_object_of_texts_are_refused() {
        for bad in [r#"["status"]"#, r#"{"status": 1}"#, r#""status""#] {
            assert!(serde_json::from_str::<Filters>(bad).is_err(), "{bad}");
        }
    }
}
