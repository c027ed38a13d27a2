/** Where 广告管理 and the records its ads point to live (in-app paths). */

export const AD_LIST = "/operate/advertise";

/** 广告位详情 of slot `id` (the slot and its ads in display order). */
export function slotDetailPath(id: number): string {
  return `${AD_LIST}/advertisePositionDetail?id=${id}`;
}
