/** 类目管理's columns, declared once. */
import { Tag } from "antd";
import type { ColumnSpec } from "@/kit/columns";

/** A category as a row of the tree table (its node without the children). */
export interface CategoryRow {
  id: number;
  parentId: number | null;
  name: string;
  sort: number;
  icon: string;
  visible: number;
  level: number;
  productCount: number;
  mayAddChild: boolean;
  version: number;
}

export const CATEGORY_COLUMNS: readonly ColumnSpec<CategoryRow>[] = [
  { key: "name", title: "类目名称" },
  { key: "level", title: "层级", value: (row) => `${row.level} 级`, nowrap: true },
  { key: "productCount", title: "商品数" },
  { key: "sort", title: "排序号" },
  {
    key: "visible",
    title: "显示",
    value: (row) => (row.visible ? "显示" : "隐藏"),
    render: (row) =>
      row.visible ? <Tag color="success">显示</Tag> : <Tag color="default">隐藏</Tag>,
  },
];
