/**
 * 类目管理: the category tree (three levels at most) with each category's product count (its
 * descendants' included); 新增一级类目, 添加子类目 where the tree's depth rule allows one
 * (`mayAddChild`), 编辑 (name, sort number, icon, shown), 隐藏 / 显示, 删除 (refused while products
 * or children use it: the gateway's message names them), and reordering among siblings by dragging
 * (mouse or keyboard), saved through `category.sort`. Each shows only to a user who may call its
 * operation (按钮权限).
 */
import { App, Button, Flex, Space, Tooltip, Typography } from "antd";
import { useMemo, useState } from "react";
import { errorInfo } from "@/lib/core";
import { ops, type CategoryNode } from "@/lib/generated/ops";
import { useMay } from "@/kit/access";
import { CATEGORY_SHAPE } from "@/kit/CategoryTreeSelect";
import { useOpQuery } from "@/kit/queries";
import { deleteAction, RowActions } from "@/kit/RowActions";
import { SortableTreeTable } from "@/kit/SortableTreeTable";
import { treeRows } from "@/kit/trees";
import { useWrite } from "@/kit/write";
import { CATEGORY_COLUMNS, type CategoryRow } from "@/features/category/columns";
import { CategoryFormModal, type CategoryDialog } from "@/features/category/CategoryFormModal";
import { CreateButton } from "@/kit/CreateButton";

const rowOf = ({ children: _children, ...row }: CategoryNode): CategoryRow => row;

export function CategoryTree() {
  const { modal } = App.useApp();
  const tree = useOpQuery(ops.category.tree, {});
  const rows = useMemo(() => treeRows(tree.data ?? [], CATEGORY_SHAPE, rowOf), [tree.data]);
  const [dialog, setDialog] = useState<CategoryDialog>();

  const save = useWrite(ops.category.save);
  const del = useWrite(ops.category.delete);
  const reorder = useWrite(ops.category.sort, "已保存新的顺序");
  const may = useMay();
  // 添加子类目 is a create (a save without an id).
  const mayAdd = may(ops.category.save, true);
  // No 操作 column for a user with none of its actions.
  const anyAction = mayAdd || may(ops.category.save) || may(ops.category.delete);

  /** 隐藏 / 显示: the catalogue toasts a refusal. */
  function setVisible(row: CategoryRow, visible: number) {
    return save.run(
      {
        id: row.id,
        version: row.version,
        ...(row.parentId !== null ? { parentId: row.parentId } : {}),
        name: row.name,
        visible,
      },
      { success: `已${visible ? "显示" : "隐藏"}类目「${row.name}」` },
    );
  }

  async function remove(row: CategoryRow) {
    try {
      await del.send(
        { id: row.id, version: row.version },
        { success: `已删除类目「${row.name}」` },
      );
    } catch (error) {
      // data_in_use names what still uses it: products, children. A dialog keeps it readable.
      modal.error({ title: `无法删除类目「${row.name}」`, content: errorInfo(error).message });
    }
  }

  /** Saves the new order; on a refusal (toasted by the catalogue) the server's order stays. */
  const sort = (parentId: number | undefined, ids: number[]) =>
    reorder.run({ ...(parentId !== undefined ? { parentId } : {}), ids });

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <CreateButton
          label="新增一级类目"
          op={ops.category.save}
          onClick={() => setDialog({ kind: "create" })}
        />
        {may(ops.category.sort) ? (
          <Typography.Text type="secondary">
            拖动「顺序」列的手柄调整同级类目的先后（键盘：聚焦手柄，空格拿起，方向键移动，空格放下）
          </Typography.Text>
        ) : null}
      </Flex>
      <SortableTreeTable<CategoryRow>
        noun="类目"
        result={tree}
        rows={rows}
        columns={CATEGORY_COLUMNS}
        name={(row) => row.name}
        op={ops.category.sort}
        onSort={sort}
        actions={
          anyAction
            ? (row) => (
                <Space size={0} wrap={false}>
                  {!mayAdd ? null : row.mayAddChild ? (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => setDialog({ kind: "create", parent: row })}
                    >
                      添加子类目
                    </Button>
                  ) : (
                    <Tooltip title="类目最多三级，不能再添加子类目">
                      <Button type="link" size="small" disabled>
                        添加子类目
                      </Button>
                    </Tooltip>
                  )}
                  <RowActions
                    actions={[
                      {
                        key: "edit",
                        label: "编辑",
                        op: ops.category.save,
                        run: () => setDialog({ kind: "edit", category: row }),
                      },
                      {
                        key: "visible",
                        label: row.visible ? "隐藏" : "显示",
                        op: ops.category.save,
                        run: () => setVisible(row, row.visible ? 0 : 1),
                      },
                      deleteAction(ops.category.delete, `类目「${row.name}」`, () => remove(row)),
                    ]}
                  />
                </Space>
              )
            : undefined
        }
      />
      {dialog ? (
        <CategoryFormModal
          dialog={dialog}
          onCancel={() => setDialog(undefined)}
          onSaved={() => setDialog(undefined)}
        />
      ) : null}
    </Flex>
  );
}
