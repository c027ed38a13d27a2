/** In-app links of 询价单 (a string helper: features never import each other). */

/** 询价单. */
export const INQUIRY_LIST_PATH = "/operate/inquiryOrders";

/** 询价单 filtered to the inquiries sent to shop `shopId`. */
export function inquiriesOfShopPath(shopId: number): string {
  return `${INQUIRY_LIST_PATH}?shopId=${shopId}`;
}
