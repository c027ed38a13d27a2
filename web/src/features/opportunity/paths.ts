/** In-app links of the 采购商机 screens (string helpers: features never import each other). */

/** 商机查看. */
export const INSPECT_PATH = "/operate/business/inspect";

/** 商机回复. */
export const REPLY_PATH = "/operate/business/reply";

/** 商机回复 with opportunity `id`'s thread open. */
export function replyThreadPath(id: number): string {
  return `${REPLY_PATH}?open=${id}`;
}
