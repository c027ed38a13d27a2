/** Where the ad slots' screens live (in-app paths). */

export const AD_SLOT_LIST = "/operate/advertise/advertisePosition";

/** 广告位详情 of slot `id`. */
export function adSlotDetailPath(id: number): string {
  return `/operate/advertise/advertisePositionDetail?id=${id}`;
}
