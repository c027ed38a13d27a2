/** 数据字典's columns: table, CSV, filters and the entry's drawer, declared once. */
import { formatTimestamp } from "@/lib/core";
import type { DictEntry } from "@/lib/generated/ops";
import type { ColumnSpec } from "@/kit/columns";
import { statusColumn } from "@/kit/StatusTag";

export const DICT_COLUMNS: readonly ColumnSpec<DictEntry>[] = [
  { key: "type", title: "字典类型", filter: { kind: "text" } },
  {
    key: "keyword",
    title: "关键字",
    hideInTable: true,
    csv: false,
    detail: false,
    filter: { kind: "text", placeholder: "键、标签或值", width: 180 },
  },
  { key: "key", title: "键" },
  { key: "label", title: "标签" },
  { key: "value", title: "值" },
  { key: "sort", title: "排序" },
  { key: "remark", title: "备注" },
  statusColumn("dict", (d: DictEntry) => d.status),
  {
    key: "updatedAt",
    title: "更新时间",
    value: (d) => formatTimestamp(d.updatedAt),
    hideInTable: true,
    csv: false,
  },
];
