/**
 * 商机审核's review queue: pending opportunities, oldest first. A module of its own, free of
 * imports, so that the home page's to-do link costs its chunk nothing of the opportunity screens.
 */

/** The review queue's state. */
export const PENDING = "pending";

/** The queue's order: who submitted first waits longest. */
export const QUEUE_SORT = { field: "createdAt", order: "ascend" } as const;
