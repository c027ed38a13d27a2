/**
 * A category picker: antd TreeSelect over `category.tree` (reference data any signed-in user may
 * read), every level selectable, searchable by name, each node with its product count. What a
 * picked category means (a product filter includes its descendants) is the operation's.
 */
import { TreeSelect } from "antd";
import { useMemo } from "react";
import { ops, type CategoryNode } from "@/lib/generated/ops";
import { useOpQuery } from "@/kit/queries";
import { treeOptions, type TreeShape } from "@/kit/trees";

/** Where a category node keeps its id and children. */
export const CATEGORY_SHAPE: TreeShape<CategoryNode> = {
  id: (node) => node.id,
  children: (node) => node.children,
};

export interface CategoryTreeSelectProps {
  value?: number;
  onChange?: (value: number | undefined) => void;
  /** The control's accessible name when no label points at it. */
  "aria-label"?: string;
  id?: string;
  placeholder?: string;
  width?: number;
}

export function CategoryTreeSelect({
  value,
  onChange,
  placeholder = "全部类目",
  width = 200,
  ...rest
}: CategoryTreeSelectProps) {
  const tree = useOpQuery(ops.category.tree, {});
  const options = useMemo(
    () =>
      treeOptions(
        tree.data ?? [],
        CATEGORY_SHAPE,
        (node) => `${node.name}（${node.productCount}）`,
      ),
    [tree.data],
  );
  return (
    <TreeSelect<number>
      {...rest}
      value={value}
      onChange={(next) => onChange?.(next)}
      treeData={options}
      loading={tree.isPending}
      notFoundContent={tree.isError ? "类目加载失败" : "没有匹配的类目"}
      placeholder={placeholder}
      allowClear
      showSearch={{ treeNodeFilterProp: "title" }}
      treeDefaultExpandAll={false}
      popupMatchSelectWidth={false}
      style={{ width }}
    />
  );
}
