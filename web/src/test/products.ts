/** Product rows and answers for the 商品 screens' tests. */
import type { ProductPage, ProductRow } from "@/lib/generated/ops";

export function productRow(id: number, over: Partial<ProductRow> = {}): ProductRow {
  return {
    id,
    title: `商品${id}`,
    shopId: 100 + id,
    shopName: `店铺${id}`,
    shopStatus: "active",
    categoryId: 30,
    categoryName: "连衣裙",
    coverUrl: null,
    priceMin: 1200,
    priceMax: 1850,
    unit: "件",
    moq: 10,
    stock: 500,
    status: "onSale",
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    version: 1,
    ...over,
  };
}

export function productPage(list: ProductRow[], total = list.length): ProductPage {
  return {
    list,
    total,
    page: 1,
    pageSize: 20,
    counts: { all: total, onSale: 7, offSale: 2, violation: 1, draft: total - 10 },
  };
}
