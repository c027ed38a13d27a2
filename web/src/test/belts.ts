/** Industrial belts as the gateway answers them, for 产业带's tests. */
import type { BeltRow } from "@/lib/generated/ops";

export function beltRow(
  id: number,
  name: string,
  province: string,
  city: string,
  shopCount: number,
  extra: Partial<BeltRow> = {},
): BeltRow {
  return {
    id,
    name,
    province,
    city,
    description: `${city}的产业集群`,
    shopCount,
    version: 1,
    ...extra,
  };
}

/** 义乌小商品 (浙江, 2 shops), 佛山家具 (广东, 60 shops), 安溪茶叶 (福建, none). */
export const BELTS: BeltRow[] = [
  beltRow(1, "义乌小商品产业带", "浙江", "义乌", 2, {
    description: "全球最大的小商品集散地",
  }),
  beltRow(2, "佛山家具产业带", "广东", "佛山", 60),
  beltRow(3, "安溪茶叶产业带", "福建", "泉州", 0),
];
