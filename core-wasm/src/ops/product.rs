//! 商品管理: products and their sale status.

use serde::{Deserialize, Serialize};

use super::lenient;
use super::{BulkResults, Guard, IdParams, list_params, operations};

/// The menu whose owners may call these operations (商品详情 is a page under it).
pub const MENU: &str = "baseMgmt/prodMgmt";

operations! { "product";
    /// A page of products with the tab counts.
    List "list" = Get "mtop.admin.product.list", Guard::Menu(MENU), ProductListParams => ProductPage;
    /// One product with its images, shop and category path.
    Detail "detail" = Get "mtop.admin.product.detail", Guard::Menu(MENU), IdParams => ProductDetail;
    /// Moves products to a state, each on its own (bulk): one result per id.
    SetStatus "setStatus" = Post "mtop.admin.product.setStatus", Guard::Act(MENU, super::Action::Status), ProductStatusParams => BulkResults, "变更商品状态", stale [List, Detail, super::history::List, super::shop::Detail, super::activity::Candidates, super::activity::Detail, super::ad::List, super::ad_slot::Detail, super::category::Tree, super::dashboard::Stats, super::inquiry::Detail, super::inquiry::List, super::member::Detail, super::shop::Impact];
}

/// A product as lists answer it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ProductRow {
    /// Id.
    pub id: i64,
    /// Title.
    pub title: String,
    /// The selling shop.
    pub shop_id: i64,
    /// Its name.
    pub shop_name: String,
    /// Its state (lifecycle `shop`): a frozen or closed shop holds the product
    /// (`Lifecycle::held_by`).
    pub shop_status: String,
    /// The (leaf) category.
    pub category_id: i64,
    /// Its name.
    pub category_name: String,
    /// The first image as a short-lived signed URL, null when none.
    pub cover_url: Option<String>,
    /// Lowest price, fen.
    pub price_min: i64,
    /// Highest price, fen.
    pub price_max: i64,
    /// Unit (件, 箱, 米 …).
    pub unit: String,
    /// Minimum order quantity.
    pub moq: i64,
    /// Stock.
    pub stock: i64,
    /// Lifecycle `product`: draft, onSale, offSale, violation.
    pub status: String,
    /// Creation, epoch ms.
    pub created_at: i64,
    /// Last change, epoch ms.
    pub updated_at: i64,
    /// Optimistic-lock version.
    pub version: i64,
}

/// The tab counts: under the list's filters except the status.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ProductCounts {
    /// 全部.
    pub all: i64,
    /// 在售.
    pub on_sale: i64,
    /// 已下架.
    pub off_sale: i64,
    /// 违规下架.
    pub violation: i64,
    /// 草稿.
    pub draft: i64,
}

/// `product.list`'s answer: a page and the tab counts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ProductPage {
    /// The rows of this page.
    pub list: Vec<ProductRow>,
    /// Rows under the filters, over all pages.
    pub total: i64,
    /// The page, from 1.
    pub page: i64,
    /// Rows per page.
    pub page_size: i64,
    /// The tabs' counts.
    pub counts: ProductCounts,
}

list_params! {
    /// `product.list`'s params; sortable: `id`, `priceMin`, `stock`, `createdAt`, `updatedAt`.
    ProductListParams {
        /// Part of the title.
        text title,
        /// The shop.
        int shop_id,
        /// A category: the product's or one of its ancestors'.
        int category_id,
        /// One state of the lifecycle `product`.
        text status,
        /// Lowest price at least, fen.
        int price_min,
        /// Lowest price at most, fen.
        int price_max,
    }
}

/// `product.detail`'s answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ProductDetail {
    /// The product.
    pub product: ProductRow,
    /// Every image as a short-lived signed URL, in order.
    pub images: Vec<String>,
    /// Free text.
    pub description: String,
    /// The category's names from the root (`纺织服装 / 女装 / 连衣裙`).
    pub category_path: Vec<String>,
}

/// `product.setStatus`'s params.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ProductStatusParams {
    /// The products, at most 100.
    #[serde(default, deserialize_with = "lenient::opt_ids")]
    #[ts(type = "number[]")]
    pub ids: Option<Vec<i64>>,
    /// The state to move to.
    #[serde(default, deserialize_with = "lenient::opt_text")]
    #[ts(type = "string")]
    pub status: Option<String>,
    /// The reason's code (数据字典 `reason_product_violation`).
    #[serde(
        default,
        deserialize_with = "lenient::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string")]
    pub reason_code: Option<String>,
    /// The reason's text (required for 其他).
    #[serde(
        default,
        deserialize_with = "lenient::opt_text",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string")]
    pub reason: Option<String>,
}
