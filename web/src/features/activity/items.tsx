/**
 * An activity's items (shops and products) as rows of 专题详情's sortable table: a row id that
 * tells a shop from a product with the same number, the item's kind and state as the core labels
 * them, and the list sent back to `activity.saveItems`.
 */
import { ShopOutlined, ShoppingOutlined } from "@ant-design/icons";
import { Avatar } from "antd";
import { choices, type Entity } from "@/lib/core";
import type { ActivityItem, ItemRef } from "@/lib/generated/ops";
import type { ColumnSpec } from "@/kit/columns";
import { ProblemFlag } from "@/kit/ProblemFlag";
import { StatusTag, stateFor } from "@/kit/StatusTag";

/** The kinds an activity holds, labelled as the core labels link targets (店铺, 商品). */
export const ITEM_KINDS = choices("linkType").filter(
  (choice): choice is { value: "shop" | "product"; label: string } =>
    choice.value === "shop" || choice.value === "product",
);

/** What people call an item's kind (`shop` → 店铺). */
export function kindLabel(kind: string): string {
  return ITEM_KINDS.find((choice) => choice.value === kind)?.label ?? kind;
}

/** An item's state as its own lifecycle (`shop` or `product`) names it. */
export function itemState(item: ActivityItem) {
  return stateFor(item.kind as Entity, item.status);
}

/** An item as a row: `id` is unique across both kinds (a shop and a product may share a number). */
export type ItemRow = ActivityItem & { id: number };

export function rowId(kind: string, targetId: number): number {
  return targetId * 2 + (kind === "shop" ? 1 : 0);
}

export function itemRows(items: readonly ActivityItem[]): ItemRow[] {
  return items.map((item) => ({ ...item, id: rowId(item.kind, item.targetId) }));
}

/** What `activity.saveItems` takes for these items. */
export function refsOf(items: readonly ActivityItem[]): ItemRef[] {
  return items.map(({ kind, targetId }) => ({ kind, targetId }));
}

function ItemImage({ item }: { item: ActivityItem }) {
  return (
    <Avatar
      shape="square"
      size={40}
      src={item.imageUrl ?? undefined}
      alt={item.imageUrl ? `${item.name}的图片` : undefined}
      icon={
        item.kind === "shop" ? (
          <ShopOutlined aria-label="暂无图片" />
        ) : (
          <ShoppingOutlined aria-label="暂无图片" />
        )
      }
    />
  );
}

export const ITEM_COLUMNS: readonly ColumnSpec<ItemRow>[] = [
  { key: "imageUrl", title: "图片", render: (item) => <ItemImage item={item} /> },
  { key: "name", title: "名称" },
  { key: "kind", title: "类型", value: (item) => kindLabel(item.kind), nowrap: true },
  {
    key: "status",
    title: "状态",
    value: (item) => itemState(item).label,
    render: (item) => (
      <>
        <StatusTag state={itemState(item)} />
        <ProblemFlag problem={item.problem} />
      </>
    ),
  },
  { key: "extra", title: "说明", value: (item) => item.extra },
];
