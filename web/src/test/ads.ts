/** Ad slots and ads as the gateway answers them, for 广告管理's tests. */
import type { AdRow, AdSlotRow, PickItem } from "@/lib/generated/ops";

export const CREATED = Date.UTC(2026, 2, 1, 2, 0, 0);
const DAY = 86_400_000;

export const BANNER_SLOT: AdSlotRow = {
  id: 3,
  name: "首页顶部通栏",
  code: "home_banner",
  page: "home",
  width: 750,
  height: 300,
  maxAds: 2,
  status: "enabled",
  adCount: 2,
  activeAdCount: 1,
  createdAt: CREATED,
  version: 1,
};

export const SIDE_SLOT: AdSlotRow = {
  id: 4,
  name: "类目页侧栏",
  code: "category_side",
  page: "category",
  width: 300,
  height: 300,
  maxAds: 1,
  status: "enabled",
  adCount: 0,
  activeAdCount: 0,
  createdAt: CREATED,
  version: 2,
};

/** Enabled and running, linking to a web address. */
export const URL_AD: AdRow = {
  id: 21,
  slotId: 3,
  slotName: "首页顶部通栏",
  title: "双11 家居节",
  image: "ads/a21.png",
  imageUrl: "/files/ads/a21.png?sig=1",
  linkType: "url",
  linkTarget: "https://example.com/home-fest",
  linkLabel: "https://example.com/home-fest",
  linkProblem: null,
  startAt: CREATED,
  endAt: CREATED + 30 * DAY,
  sort: 1,
  status: "enabled",
  state: "active",
  updatedAt: CREATED,
  version: 5,
};

/** Disabled, linking to a shop that has since been frozen. */
export const SHOP_AD: AdRow = {
  id: 22,
  slotId: 3,
  slotName: "首页顶部通栏",
  title: "五金工厂直供",
  image: "ads/a22.png",
  imageUrl: "/files/ads/a22.png?sig=2",
  linkType: "shop",
  linkTarget: "302",
  linkLabel: "永康五金工厂店",
  linkProblem: "店铺已冻结",
  startAt: CREATED + 7 * DAY,
  endAt: CREATED + 14 * DAY,
  sort: 2,
  status: "disabled",
  state: "disabled",
  updatedAt: CREATED,
  version: 2,
};

export const SHOPS: PickItem[] = [
  { kind: "shop", id: 301, name: "义乌小商品旗舰店", extra: "金华", status: "active" },
  { kind: "shop", id: 305, name: "义乌袜业工厂", extra: "金华", status: "active" },
];
