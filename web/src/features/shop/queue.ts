/**
 * 店铺管理's review queue: the 待审核 tab, oldest first. (首页's link to it comes from the core's
 * `dashboard::QUEUES`, which declares the same order; moving this tab's order there too is owed.)
 */

/** The review queue's state. */
export const PENDING = "pending";

/** The queue's order: who registered first waits longest. */
export const QUEUE_SORT = { field: "createdAt", order: "ascend" } as const;
