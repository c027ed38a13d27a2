/** 专题活动 / 专题详情 fixtures: a draft without items, an online one, an offline one, their items. */
import type { ActivityDetail, ActivityItem, ActivityRow, PickItem } from "@/lib/generated/ops";

const DAY = 24 * 60 * 60 * 1000;
/** 2025-03-01 00:00 in China. */
const START = Date.UTC(2025, 1, 28, 16, 0);

export const DRAFT: ActivityRow = {
  id: 31,
  title: "春季新品专题",
  banner: "",
  bannerUrl: null,
  description: "",
  startAt: START,
  endAt: START + 30 * DAY,
  status: "draft",
  itemCount: 0,
  updatedAt: START - DAY,
  version: 1,
};

export const ONLINE: ActivityRow = {
  id: 32,
  title: "跨境电商爆款专区",
  banner: "uploads/banner-32.png",
  bannerUrl: "/files/uploads/banner-32.png?sig=abc",
  description: "精选出口热销商品，限时上架",
  startAt: START - 10 * DAY,
  endAt: START + 60 * DAY,
  status: "online",
  itemCount: 3,
  updatedAt: START - 2 * DAY,
  version: 6,
};

export const OFFLINE: ActivityRow = {
  ...DRAFT,
  id: 33,
  title: "年货节",
  status: "offline",
  itemCount: 2,
  version: 4,
};

export const SHOP_ITEM: ActivityItem = {
  kind: "shop",
  targetId: 7,
  name: "义乌小商品旗舰店",
  imageUrl: null,
  status: "active",
  problem: null,
  extra: "浙江 义乌",
};

export const PRODUCT_ITEM: ActivityItem = {
  kind: "product",
  targetId: 7,
  name: "纯棉连衣裙",
  imageUrl: "/files/uploads/p7.png?sig=x",
  status: "onSale",
  problem: null,
  extra: "¥12.00 – ¥18.50 · 杭州女装店",
};

export const FROZEN_SHOP_ITEM: ActivityItem = {
  kind: "shop",
  targetId: 9,
  name: "温州鞋业工厂店",
  imageUrl: null,
  status: "frozen",
  problem: "店铺已冻结",
  extra: "浙江 温州",
};

export const ONLINE_DETAIL: ActivityDetail = {
  activity: ONLINE,
  items: [SHOP_ITEM, PRODUCT_ITEM, FROZEN_SHOP_ITEM],
};

export const DRAFT_DETAIL: ActivityDetail = { activity: DRAFT, items: [] };

export const CANDIDATE_PRODUCTS: PickItem[] = [
  { kind: "product", id: 41, name: "不锈钢保温杯", extra: "永康五金店", status: "onSale" },
  { kind: "product", id: 42, name: "蓝牙耳机", extra: "深圳数码店", status: "onSale" },
];

export const CANDIDATE_SHOPS: PickItem[] = [
  { kind: "shop", id: 51, name: "临沂板材厂", extra: "临沂", status: "active" },
];
