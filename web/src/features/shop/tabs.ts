/** 店铺管理's tabs: 全部 and the three states operators work in; the review queue oldest first. */
import { lifecycle } from "@/lib/core";
import { ALL_TAB, type StatusTabSpec } from "@/kit/StatusTabs";

const label = (code: string) =>
  lifecycle("shop").states.find((state) => state.code === code)?.label ?? code;

/** The review queue's state. */
export const PENDING = "pending";

/** The queue's order: who registered first waits longest. */
export const QUEUE_SORT = { field: "createdAt", order: "ascend" } as const;

export const SHOP_TABS: readonly StatusTabSpec[] = [
  { key: ALL_TAB, label: "全部" },
  { key: PENDING, label: label(PENDING), sort: QUEUE_SORT },
  { key: "active", label: label("active") },
  { key: "frozen", label: label("frozen") },
];

/** 店铺管理's review queue as a link (the home page's to-do list opens it). */
export const REVIEW_QUEUE_PATH = `/baseMgmt/shopMgmt?status=${PENDING}&sortField=${QUEUE_SORT.field}&sortOrder=${QUEUE_SORT.order}`;
