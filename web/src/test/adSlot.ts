/** Ad slots and their ads as the gateway answers them, for the 广告位 screens' tests. */
import type { AdRow, AdSlotDetail, AdSlotRow, Occupancy } from "@/lib/generated/ops";

export const CREATED = Date.UTC(2026, 0, 5, 2, 0, 0);
const DAY = 86_400_000;
/** The start of the occupancy window in these fixtures (a day in March 2026). */
export const FROM = Date.UTC(2026, 2, 1, 16, 0, 0);

export const BANNER: AdSlotRow = {
  id: 1,
  name: "首页轮播",
  code: "home_banner",
  page: "home",
  width: 750,
  height: 320,
  maxAds: 2,
  status: "enabled",
  adCount: 3,
  activeAdCount: 1,
  createdAt: CREATED,
  version: 3,
};

export const FOOTER: AdSlotRow = {
  id: 7,
  name: "店铺页底部通栏",
  code: "shop_footer",
  page: "shop",
  width: 750,
  height: 120,
  maxAds: 1,
  status: "disabled",
  adCount: 0,
  activeAdCount: 0,
  createdAt: CREATED + DAY,
  version: 5,
};

/** An ad of `BANNER`. */
export function adRow(id: number, title: string, sort: number, extra: Partial<AdRow> = {}): AdRow {
  return {
    id,
    slotId: BANNER.id,
    slotName: BANNER.name,
    title,
    image: `ads/${id}.png`,
    imageUrl: `https://files.example/ads/${id}.png?sig=x`,
    linkType: "url",
    linkTarget: "https://act.adnur.example/2026/spring-fair",
    linkLabel: "https://act.adnur.example/2026/spring-fair",
    linkProblem: null,
    startAt: FROM,
    endAt: FROM + 14 * DAY,
    sort,
    status: "enabled",
    state: "active",
    updatedAt: CREATED,
    version: 1,
    ...extra,
  };
}

export const SPRING = adRow(11, "春季采购节", 1);
export const FACTORY = adRow(12, "源头工厂直供", 2, {
  linkType: "shop",
  linkTarget: "301",
  linkLabel: "永康五金工厂店",
  linkProblem: "店铺已冻结",
  imageUrl: null,
});
export const EXPORT = adRow(13, "外贸尾货专场", 3, {
  status: "disabled",
  state: "disabled",
  startAt: FROM + 7 * DAY,
  endAt: FROM + 21 * DAY,
});

export const OCCUPANCY: Occupancy[] = [
  { start: FROM, end: FROM + 7 * DAY, count: 1, over: false },
  { start: FROM + 7 * DAY, end: FROM + 14 * DAY, count: 3, over: true },
];

export const BANNER_DETAIL: AdSlotDetail = {
  slot: BANNER,
  ads: [SPRING, FACTORY, EXPORT],
  occupancy: OCCUPANCY,
};
