/** Where 产业带 and the records it points to live (in-app paths). */

/** 产业带's own screen: its menu decides who may read a belt's shops and edit belts. */
export const BELT_SCREEN = "/operate/industrialBelt";

/** 店铺详情 of shop `id`. */
export function shopDetailPath(id: number): string {
  return `/baseMgmt/shopMgmt/shopDetail?id=${id}`;
}
