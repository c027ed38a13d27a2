/** A row's details in a drawer: antd Descriptions made from the list's own column specs. */
import { Descriptions } from "antd";
import { cellNode, type ColumnSpec } from "@/kit/columns";
import { ScrollDrawer } from "@/kit/ScrollDrawer";

export interface DetailDrawerProps<T> {
  /** The row shown; the drawer is closed without one. */
  row: T | undefined;
  title: (row: T) => string;
  columns: readonly ColumnSpec<T>[];
  onClose: () => void;
}

export function DetailDrawer<T>({ row, title, columns, onClose }: DetailDrawerProps<T>) {
  return (
    <ScrollDrawer title={row === undefined ? undefined : title(row)} onClose={onClose}>
      {row ? (
        <Descriptions
          column={1}
          bordered
          size="small"
          items={columns
            .filter((spec) => spec.detail !== false)
            .map((spec) => ({ key: spec.key, label: spec.title, children: cellNode(spec, row) }))}
        />
      ) : null}
    </ScrollDrawer>
  );
}
