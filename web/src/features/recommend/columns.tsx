/**
 * 首页推荐商家's columns, declared once for the table, the CSV, the filter form and the reorder
 * view: the shop (its state as the `shop` lifecycle names it, and the gateway's flag when it is
 * frozen or closed since), the reason, the period, its window state (lifecycle `adState`) and the
 * display order.
 */
import { lifecycle } from "@/lib/core";
import type { RecommendRow } from "@/lib/generated/ops";
import type { ColumnSpec } from "@/kit/columns";
import { PeriodCell, periodText } from "@/kit/period";
import { ProblemFlag } from "@/kit/ProblemFlag";
import { StatusTag, stateFor } from "@/kit/StatusTag";

/** The window states `recommend.list` filters by (a recommendation has no switch to disable). */
const WINDOW_STATES = new Set(["scheduled", "active", "expired"]);

const shopName: ColumnSpec<RecommendRow> = {
  key: "shopName",
  title: "推荐店铺",
  filter: { kind: "text", label: "店铺名称", placeholder: "包含" },
};

const shopStatus: ColumnSpec<RecommendRow> = {
  key: "shopStatus",
  title: "店铺状态",
  nowrap: true,
  value: (row) => stateFor("shop", row.shopStatus).label,
  render: (row) => <StatusTag state={stateFor("shop", row.shopStatus)} />,
};

const problem: ColumnSpec<RecommendRow> = {
  key: "problem",
  title: "提醒",
  nowrap: true,
  value: (row) => row.problem ?? "",
  render: (row) => <ProblemFlag problem={row.problem} />,
};

/** Sorted by its start. */
const period: ColumnSpec<RecommendRow> = {
  key: "startAt",
  title: "推荐时段",
  value: periodText,
  render: (row) => <PeriodCell period={row} />,
  sortable: true,
};

const windowState: ColumnSpec<RecommendRow> = {
  key: "state",
  title: "推荐状态",
  nowrap: true,
  value: (row) => stateFor("adState", row.state).label,
  render: (row) => <StatusTag state={stateFor("adState", row.state)} />,
  filter: {
    kind: "select",
    placeholder: "全部",
    options: lifecycle("adState")
      .states.filter((s) => WINDOW_STATES.has(s.code))
      .map((s) => ({ value: s.code, label: s.label })),
  },
};

/** The list's columns. */
export const RECOMMEND_COLUMNS: readonly ColumnSpec<RecommendRow>[] = [
  { key: "id", title: "ID", hideInTable: true },
  shopName,
  shopStatus,
  problem,
  { key: "reason", title: "推荐理由" },
  period,
  windowState,
  { key: "sort", title: "排序", sortable: true, nowrap: true },
];

/** The reorder view's columns: what tells the rows apart while dragging. */
export const SORT_COLUMNS: readonly ColumnSpec<RecommendRow>[] = [
  shopName,
  shopStatus,
  problem,
  { ...period, sortable: false },
  windowState,
];
