/**
 * 店铺管理's tabs, the spec's four: 全部 and the three states operators work in; the review queue
 * oldest first. The filter form's status select reaches the others (已驳回, 已关闭).
 */
import { lifecycle } from "@/lib/core";
import { ALL_TAB, type StatusTabSpec } from "@/kit/StatusTabs";
import { PENDING, QUEUE_SORT } from "@/features/shop/queue";

const label = (code: string) =>
  lifecycle("shop").states.find((state) => state.code === code)?.label ?? code;

export const SHOP_TABS: readonly StatusTabSpec[] = [
  { key: ALL_TAB, label: "全部" },
  { key: PENDING, label: label(PENDING), sort: QUEUE_SORT },
  { key: "active", label: label("active") },
  { key: "frozen", label: label("frozen") },
];
