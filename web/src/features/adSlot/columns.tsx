/**
 * 广告位管理's columns, declared once: the table, the CSV, the filters and 广告位详情's facts. The
 * page a slot is on is labelled by the core's `slotPage` choices, its state by the `adSlot`
 * lifecycle. The name/code filter is the list's `keyword`, the page filter its `onPage`.
 */
import { choices, formatTimestamp } from "@/lib/core";
import type { AdSlotRow } from "@/lib/generated/ops";
import type { ColumnSpec } from "@/kit/columns";
import { PageLink } from "@/kit/links";
import type { MoveSpec } from "@/kit/moves";
import { statusColumn } from "@/kit/StatusTag";

/** The storefront pages a slot can be on, as the core labels them. */
export const SLOT_PAGES = choices("slotPage");

/** What people call a slot's page (`home` → 首页); an unknown code shows as itself. */
export function slotPageLabel(code: string): string {
  return SLOT_PAGES.find((choice) => choice.value === code)?.label ?? code;
}

/**
 * A slot's moves (启用 / 停用, lifecycle `adSlot`, 停用 saying what it means in the core's words),
 * from the list and the detail page: the toast names it (`已停用广告位「首页轮播」`).
 */
export const SLOT_MOVES: MoveSpec<AdSlotRow> = {
  entity: "adSlot",
  subject: (slot) => `广告位「${slot.name}」`,
};

/** A slot's size in px: `750×320`. */
export const slotSize = (slot: AdSlotRow) => `${slot.width}×${slot.height}`;

export const AD_SLOT_COLUMNS: readonly ColumnSpec<AdSlotRow>[] = [
  { key: "id", title: "ID", sortable: true },
  {
    key: "name",
    title: "广告位名称",
    filter: { kind: "text", key: "keyword", label: "名称/编码", placeholder: "包含" },
    render: (slot) => (
      <PageLink page="adSlotDetail" query={{ id: slot.id }}>
        {slot.name}
      </PageLink>
    ),
  },
  {
    key: "code",
    title: "编码",
    sortable: true,
    render: (slot) => <code>{slot.code}</code>,
  },
  {
    key: "page",
    title: "所在页面",
    value: (slot) => slotPageLabel(slot.page),
    nowrap: true,
    filter: {
      kind: "select",
      key: "onPage",
      placeholder: "全部",
      options: SLOT_PAGES.map((choice) => ({ value: choice.value, label: choice.label })),
    },
  },
  { key: "size", title: "尺寸（宽×高）", value: slotSize, nowrap: true },
  { key: "maxAds", title: "容量", sortable: true },
  {
    key: "ads",
    title: "广告数 / 投放中",
    value: (slot) => `${slot.adCount} / ${slot.activeAdCount}`,
    nowrap: true,
  },
  statusColumn("adSlot", (slot: AdSlotRow) => slot.status),
  {
    key: "createdAt",
    title: "创建时间",
    value: (slot) => formatTimestamp(slot.createdAt),
    sortable: true,
    nowrap: true,
  },
];
