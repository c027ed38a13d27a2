/** Where the activity screens live (in-app paths). */

export const ACTIVITY_LIST = "/operate/thematicActivity";

/** 专题详情 of activity `id`. */
export function activityDetailPath(id: number): string {
  return `/operate/thematicDetails?id=${id}`;
}
