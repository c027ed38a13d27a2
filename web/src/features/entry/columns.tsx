/**
 * 功能入口's columns, declared once: the table, the CSV, the filters (name, shown or hidden) and
 * the details modal. The icon is one of the core's menu icons (`rules("entry")`), drawn by
 * MenuIcon beside its name.
 */
import { Space, Tag, Typography } from "antd";
import { formatTimestamp } from "@/lib/core";
import type { EntryRow } from "@/lib/generated/ops";
import { MenuIcon } from "@/components/MenuIcon";
import type { ColumnSpec } from "@/kit/columns";

/** How an entry's `visible` reads (1 shown, 0 hidden). */
export const VISIBLE_OPTIONS = [
  { value: 1, label: "显示" },
  { value: 0, label: "隐藏" },
] as const;

export function visibleLabel(visible: number): string {
  return visible ? "显示" : "隐藏";
}

export function VisibleTag({ visible }: { visible: number }) {
  return <Tag color={visible ? "success" : "default"}>{visibleLabel(visible)}</Tag>;
}

/** An icon name drawn, with the name beside it. */
export function IconName({ icon }: { icon: string }) {
  return (
    <Space size={6} style={{ whiteSpace: "nowrap" }}>
      <MenuIcon name={icon} />
      <Typography.Text code>{icon}</Typography.Text>
    </Space>
  );
}

export const ENTRY_COLUMNS: readonly ColumnSpec<EntryRow>[] = [
  {
    key: "name",
    title: "入口名称",
    filter: { kind: "text", placeholder: "包含" },
    nowrap: true,
  },
  { key: "icon", title: "图标", render: (row) => <IconName icon={row.icon} /> },
  { key: "link", title: "链接", maxWidth: 260 },
  {
    key: "visible",
    title: "是否显示",
    value: (row) => visibleLabel(row.visible),
    render: (row) => <VisibleTag visible={row.visible} />,
    filter: {
      kind: "select",
      placeholder: "全部",
      options: VISIBLE_OPTIONS.map((o) => ({ value: String(o.value), label: o.label })),
    },
  },
  { key: "sort", title: "排序号", hideInTable: true },
  {
    key: "updatedAt",
    title: "更新时间",
    value: (row) => formatTimestamp(row.updatedAt),
    nowrap: true,
  },
  { key: "id", title: "ID", hideInTable: true },
];
