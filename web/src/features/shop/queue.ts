/**
 * 店铺管理's review queue: the 待审核 tab, oldest first. A module of its own, free of imports, so
 * that the home page's to-do link (店铺管理 at this tab, in this order) costs its chunk nothing of the shop screens.
 */

/** The review queue's state. */
export const PENDING = "pending";

/** The queue's order: who registered first waits longest. */
export const QUEUE_SORT = { field: "createdAt", order: "ascend" } as const;
