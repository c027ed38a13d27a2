/** Where the records an invitation points to live (in-app paths). */

/** 用户详情 of member `id`. */
export function memberDetailPath(id: number): string {
  return `/baseMgmt/userMgmt/userDetail?id=${id}`;
}
