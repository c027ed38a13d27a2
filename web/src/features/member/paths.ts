/** Where a member's screens and the records they point to live (in-app paths). */

export const MEMBER_LIST = "/baseMgmt/userMgmt";

/** 用户详情 of member `id`, on tab `tab` when given. */
export function memberDetailPath(id: number, tab?: string): string {
  return `${MEMBER_LIST}/userDetail?id=${id}${tab ? `&tab=${tab}` : ""}`;
}

/** 店铺详情 of shop `id`. */
export function shopDetailPath(id: number): string {
  return `/baseMgmt/shopMgmt/shopDetail?id=${id}`;
}

/** 邀请管理 filtered to the invitations member `id` sent. */
export function invitationsOfPath(id: number): string {
  return `/baseMgmt/invitationMgmt?inviterId=${id}`;
}
