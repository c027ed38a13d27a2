/** The app paths this feature links to. */

/** 商品详情 of product `id`. */
export const productDetailPath = (id: number) => `/baseMgmt/prodMgmt/prodDetail?id=${id}`;
/** 店铺详情 of shop `id`. */
export const shopDetailPath = (id: number) => `/baseMgmt/shopMgmt/shopDetail?id=${id}`;
/** 商品管理. */
export const PRODUCT_LIST_PATH = "/baseMgmt/prodMgmt";
