/**
 * 店铺管理's review queue: the 待审核 tab, oldest first. A module of its own, free of imports, so
 * that the home page's to-do link costs its chunk nothing of the shop screens.
 */

/** The review queue's state. */
export const PENDING = "pending";

/** The queue's order: who registered first waits longest. */
export const QUEUE_SORT = { field: "createdAt", order: "ascend" } as const;

/** The review queue as a link (the home page's to-do list opens it). */
export const REVIEW_QUEUE_PATH = `/baseMgmt/shopMgmt?status=${PENDING}&sortField=${QUEUE_SORT.field}&sortOrder=${QUEUE_SORT.order}`;
