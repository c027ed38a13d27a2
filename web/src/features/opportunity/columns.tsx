/**
 * The opportunity columns of 商机审核, 商机查看 and 商机回复, declared once here for the tables,
 * the CSVs, the filters and the detail drawer. The review queue adds how long each has waited and
 * needs no state (all wait); 商机查看 filters by state, category and period; 商机回复 lists
 * approved ones with their reply counts. Money through the core's `formatFen`, times through
 * `formatTimestamp`, states as the `opportunity` lifecycle names them.
 */
import { formatFen, formatTimestamp } from "@/lib/core";
import type { OpportunityRow } from "@/lib/generated/ops";
import type { ColumnSpec } from "@/kit/columns";
import { statusColumn } from "@/kit/StatusTag";
import { WaitingTime } from "@/kit/WaitingTime";

type Spec = ColumnSpec<OpportunityRow>;

const ID: Spec = { key: "id", title: "编号", sortable: true, nowrap: true };
const TITLE: Spec = {
  key: "title",
  title: "商机标题",
  minWidth: 180,
  filter: { kind: "text", placeholder: "标题包含" },
};
const BUYER: Spec = { key: "buyerNickname", title: "采购商", nowrap: true };
const CATEGORY: Spec = { key: "categoryName", title: "类目", nowrap: true };
/** 商机查看's category filter (its own form shows the category tree): the key, not a cell. */
const CATEGORY_FILTER: Spec = {
  key: "categoryId",
  title: "类目ID",
  hideInTable: true,
  csv: false,
  detail: false,
  filter: { kind: "text", label: "类目" },
};
const QUANTITY: Spec = {
  key: "quantity",
  title: "采购数量",
  value: (o) => `${o.quantity} ${o.unit}`.trim(),
  nowrap: true,
};
const BUDGET: Spec = {
  key: "budget",
  title: "预算",
  sortable: true,
  value: (o) => formatFen(o.budget),
  nowrap: true,
};
const DEADLINE: Spec = {
  key: "deadline",
  title: "截止时间",
  sortable: true,
  value: (o) => formatTimestamp(o.deadline),
  nowrap: true,
};
const STATE: Spec = statusColumn("opportunity", (o: OpportunityRow) => o.state, {
  key: "state",
  nowrap: true,
});
const REPLIES: Spec = { key: "replyCount", title: "回复数", nowrap: true };
const WAITING: Spec = {
  key: "waiting",
  title: "等待时长",
  render: (o) => <WaitingTime since={o.createdAt} />,
  csv: false,
  detail: false,
};
const SUBMITTED: Spec = {
  key: "createdAt",
  title: "提交时间",
  sortable: true,
  nowrap: true,
  value: (o) => formatTimestamp(o.createdAt),
  filter: { kind: "dateRange", keys: ["from", "to"] },
};

/** The title in the wide tables: nine columns share the width, and a title squeezed to two
 *  characters a line is unreadable; the table scrolls instead. */
const WIDE_TITLE: Spec = { ...TITLE, minWidth: 180 };

/** 商机审核: the pending ones, with how long each has waited (the submission time itself is in
 *  the drawer, the CSV and the filter: beside 等待时长 it only pushed the actions out of view). */
export const QUEUE_COLUMNS: readonly Spec[] = [
  ID,
  WIDE_TITLE,
  BUYER,
  CATEGORY,
  QUANTITY,
  BUDGET,
  DEADLINE,
  WAITING,
  { ...SUBMITTED, hideInTable: true },
];

/** 商机查看: every opportunity, by state, category and period. */
export const INSPECT_COLUMNS: readonly Spec[] = [
  ID,
  WIDE_TITLE,
  BUYER,
  CATEGORY,
  CATEGORY_FILTER,
  QUANTITY,
  BUDGET,
  DEADLINE,
  STATE,
  REPLIES,
  SUBMITTED,
];

/** 商机回复: the approved ones, narrow beside their thread. */
export const REPLY_COLUMNS: readonly Spec[] = [
  { ...ID, hideInTable: true },
  TITLE,
  BUYER,
  { ...CATEGORY, hideInTable: true },
  { ...QUANTITY, hideInTable: true },
  { ...BUDGET, hideInTable: true },
  { ...DEADLINE, hideInTable: true },
  REPLIES,
  { ...SUBMITTED, hideInTable: true, filter: undefined },
];

/** The detail drawer's entries: every column a row has, in the same words. */
export const DETAIL_COLUMNS: readonly Spec[] = [
  ID,
  TITLE,
  BUYER,
  CATEGORY,
  QUANTITY,
  BUDGET,
  DEADLINE,
  STATE,
  REPLIES,
  SUBMITTED,
];
